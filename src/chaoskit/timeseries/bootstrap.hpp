#pragma once
// Confidence interval of a mean by the moving-block bootstrap (Kuensch, Ann. Stat. 17, 1217,
// 1989). The values here are the divergence slopes of reference points taken in time order;
// neighbouring reference points lie on the same stretch of orbit and their slopes are strongly
// correlated, so resampling single values would treat them as independent and give an interval
// far too narrow. Blocks of `block` consecutive values keep that correlation inside a replicate.
//
// Deterministic: a fixed seed drives std::mt19937_64, whose output sequence the C++ standard
// fixes, and block starts are drawn as (draw mod count) rather than through a distribution whose
// algorithm the standard leaves to the library.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace chaoskit::timeseries {

struct Interval {
  double low = 0.0, high = 0.0;
};

/// Percentile interval (level 0.95: the 2.5 % and 97.5 % quantiles) of the mean over `replicates`
/// resamples, each built of ceil(n / block) blocks of `block` consecutive values.
Interval block_bootstrap_mean(const std::vector<double>& values, std::size_t block, std::size_t replicates,
                              std::uint64_t seed, double level = 0.95);

}  // namespace chaoskit::timeseries
