#include "chaoskit/timeseries/false_neighbours.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/timeseries/kd_tree.hpp"

namespace chaoskit::timeseries {

DimensionChoice choose_dimension(const Columns& columns, std::size_t delay, const FnnOptions& o) {
  if (columns.empty()) throw InputError("column", "no column");
  const std::size_t n = columns.front().size();
  const std::size_t m = columns.size();
  double var_sum = 0.0;  // R_A^2: the summed variances of the columns
  for (const auto& x : columns) {
    double mean = 0.0, var = 0.0;
    for (double v : x) mean += v;
    mean /= static_cast<double>(n);
    for (double v : x) var += (v - mean) * (v - mean);
    var_sum += var / static_cast<double>(n);
  }
  const double r_a = std::sqrt(var_sum);

  DimensionChoice choice;
  for (std::size_t d = 1; d <= o.max_dim; ++d) {
    // Points that have a (d+1)-th coordinate: t + d*tau < n.
    if (n <= d * delay + 2 * o.theiler + 2) break;
    const std::size_t usable = n - d * delay;
    const Embedding e = delay_embed(columns, d, delay, usable + (d - 1) * delay);
    const KdTree tree(e.points.data(), e.count, e.dim);
    const std::size_t refs = std::min(o.max_references, e.count);
    std::size_t tested = 0, false_count = 0;
    for (std::size_t r = 0; r < refs; ++r) {
      const std::size_t i = r * e.count / refs;
      const auto nb = tree.nearest(e.point(i), i, o.theiler, true);
      if (!nb.found()) continue;
      const std::size_t j = nb.index;
      double extra2 = 0.0;
      for (std::size_t c = 0; c < m; ++c) {
        const double diff = columns[c][i + d * delay] - columns[c][j + d * delay];
        extra2 += diff * diff;
      }
      const double r_d = nb.distance;
      const double r_next = std::sqrt(r_d * r_d + extra2);
      ++tested;
      if (std::sqrt(extra2) > o.r_tol * r_d || r_next > o.a_tol * r_a) ++false_count;
    }
    if (tested == 0) break;
    choice.false_fraction.push_back(static_cast<double>(false_count) / static_cast<double>(tested));
    if (choice.false_fraction.back() <= o.threshold) {
      choice.dim = d;
      choice.reached_threshold = true;
      return choice;
    }
    // With a sufficient dimension the false fraction of a deterministic signal only falls; once it
    // rises, the neighbours are set by noise (criterion 2 grows with d for noise, Kennel et al.)
    // and higher dimensions cannot help: stop, which also spares the searches in high dimension,
    // the slowest ones.
    const std::size_t tried = choice.false_fraction.size();
    if (tried >= 2 && choice.false_fraction[tried - 1] > choice.false_fraction[tried - 2]) break;
  }
  if (choice.false_fraction.size() < 2)
    throw InputError("dim", "a record of " + std::to_string(n) +
                                " samples is too short to choose the embedding "
                                "dimension at delay " +
                                std::to_string(delay) + "; give the dimension");
  const auto best = std::min_element(choice.false_fraction.begin(), choice.false_fraction.end());
  choice.dim = static_cast<std::size_t>(best - choice.false_fraction.begin()) + 1;
  return choice;
}

}  // namespace chaoskit::timeseries
