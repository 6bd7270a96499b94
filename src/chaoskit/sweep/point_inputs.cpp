#include "chaoskit/sweep/point_inputs.hpp"

#include <cmath>
#include <string>
#include <variant>

namespace chaoskit::sweep {

namespace {

/// Where a job's initial states come from, for initial_state's long name.
std::string initial_state_origin(const Job& job) {
  if (job.point_source == PointSource::energy_sample)
    return "drawn on its energy level by the sampler under the root attributes sample_measure and sample_seed, a pure "
           "function of them and of the energy and sample indices";
  std::string solved;
  if (job.energy.component >= 0) {
    const auto names = std::visit([](const auto& m) { return m.state_names(); }, job.base_model);
    solved = ", " + names[static_cast<std::size_t>(job.energy.component)] + " solved from the energy";
  }
  return "the row's values, [grid] fixed values, 0 elsewhere" + solved;
}

}  // namespace

std::vector<io::Variable> point_input_variables(const Job& job, std::size_t state_dim) {
  std::vector<io::Variable> v;
  if (job.point_source == PointSource::grid) return v;
  for (const GridEntry& c : job.points.columns)
    v.push_back({c.name, io::ElementType::float64, {}, c.units, c.long_name, NAN});
  v.push_back({"initial_state",
               io::ElementType::float64,
               {{"component", state_dim}},
               "SI",
               "initial state integrated (" + initial_state_origin(job) + ")",
               NAN});
  return v;
}

void record_point_inputs(const Job& job, const ResultLayout& layout, std::span<const std::size_t> index,
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
