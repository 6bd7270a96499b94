#pragma once
// Summary statistics of one variable over the selected points of a results store, defined so that
// numpy computes the same numbers from the same values:
//   - NaN and ±inf values are counted separately and left out of everything else;
//   - mean = sum / n, std = population standard deviation (numpy's default ddof = 0);
//   - quantile q = numpy.quantile's default ("linear", type 7 of Hyndman & Fan): with the finite
//     values sorted x[0..n-1], h = (n-1) q, x[floor h] + (h - floor h)(x[floor h + 1] - x[floor h]);
//   - histogram = numpy.histogram(x, bins): `bins` equal bins from min to max (min ± 0.5 when all
//     values are equal), each [lo, hi) except the last, which is closed;
//   - fraction above X = (finite values > X) / (finite values).
// Sums are plain left-to-right sums; numpy's pairwise summation may differ in the last bits.
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "chaoskit/io/results_store.hpp"
#include "chaoskit/query/selection.hpp"

namespace chaoskit::query {

struct StatsOptions {
  std::vector<double> quantiles{0.05, 0.25, 0.5, 0.75, 0.95};  ///< each in [0, 1]
  std::size_t bins = 10;                                       ///< ≥ 1
  std::optional<double> above;                                 ///< threshold for the fraction above
};

struct Histogram {
  std::vector<double> edges;        ///< bins + 1 edges
  std::vector<std::size_t> counts;  ///< bins counts
};

struct Statistics {
  std::size_t points = 0;                      ///< selected points (finite + nan + infinite)
  std::size_t count = 0;                       ///< finite values
  std::size_t nan = 0;                         ///< NaN values (e.g. the fill value of a point that produced none)
  std::size_t infinite = 0;                    ///< ±inf values
  double min = 0, max = 0, mean = 0, std = 0;  ///< NaN when count == 0
  std::vector<double> quantile_levels, quantiles;
  Histogram histogram;          ///< empty when count == 0
  std::optional<double> above;  ///< the threshold, if asked
  std::size_t above_count = 0;  ///< finite values > above
  double above_fraction = 0;    ///< above_count / count (NaN when count == 0)
};

/// InputError("quantiles" / "bins") for a level outside [0, 1] or zero bins.
void check_stats_options(const StatsOptions& options);

/// Statistics of the values (any order).
Statistics compute_statistics(std::span<const double> values, const StatsOptions& options);

/// Statistics of a variable without trailing dimensions over the points a filter selects;
/// InputError("variable") for an unknown variable or one with trailing dimensions.
Statistics variable_statistics(const io::ResultsStore& store, const std::string& variable, const PointFilter& filter,
                               const StatsOptions& options);

}  // namespace chaoskit::query
