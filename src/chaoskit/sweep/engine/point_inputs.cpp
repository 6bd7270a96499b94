#include "chaoskit/sweep/engine/point_inputs.hpp"

#include <cmath>

namespace chaoskit::sweep {

void record_point_inputs(const Job& job, const ResultsLayout& layout, std::span<const std::size_t> index,
                         const PointContext& context, PointValues out) {
  if (job.point_source == PointSource::grid) return;
  if (job.point_source == PointSource::point_list) {
    // The `point` axis is the job's only axis: its coordinate is the row.
    const std::span<const double> row = job.points.table.row(index[0]);
    for (std::size_t c = 0; c < job.points.columns.size(); ++c)
      *out.at<double>(static_cast<std::size_t>(layout.find(job.points.columns[c].name))) = row[c];
  }
  double* x0 = out.at<double>(static_cast<std::size_t>(layout.find("initial_state")));
  for (std::size_t i = 0; i < context.x0.size(); ++i) x0[i] = context.x0[i];
  if (!context.admissible && job.energy.component >= 0) x0[job.energy.component] = NAN;
}

}  // namespace chaoskit::sweep
