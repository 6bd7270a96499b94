#include "chaoskit/timeseries/bootstrap.hpp"

#include <algorithm>
#include <cmath>
#include <random>

namespace chaoskit::timeseries {

Interval block_bootstrap_mean(const std::vector<double>& values, std::size_t block, std::size_t replicates,
                              std::uint64_t seed, double level) {
  const std::size_t n = values.size();
  if (n == 0 || replicates == 0) return {NAN, NAN};
  block = std::clamp<std::size_t>(block, 1, n);
  // Prefix sums make each block's sum O(1), so a replicate costs n / block operations.
  std::vector<double> prefix(n + 1, 0.0);
  for (std::size_t i = 0; i < n; ++i) prefix[i + 1] = prefix[i] + values[i];
  const std::size_t starts = n - block + 1;
  const std::size_t blocks = (n + block - 1) / block;
  std::mt19937_64 rng(seed);
  std::vector<double> means(replicates);
  for (std::size_t r = 0; r < replicates; ++r) {
    double sum = 0.0;
    for (std::size_t b = 0; b < blocks; ++b) {
      const std::size_t s = static_cast<std::size_t>(rng() % starts);
      sum += prefix[s + block] - prefix[s];
    }
    means[r] = sum / static_cast<double>(blocks * block);
  }
  std::sort(means.begin(), means.end());
  auto quantile = [&](double p) {
    const double pos = p * static_cast<double>(replicates - 1);
    const auto lo = static_cast<std::size_t>(std::floor(pos));
    const std::size_t hi = std::min(lo + 1, replicates - 1);
    return means[lo] + (pos - static_cast<double>(lo)) * (means[hi] - means[lo]);
  };
  const double tail = 0.5 * (1.0 - level);
  return {quantile(tail), quantile(1.0 - tail)};
}

}  // namespace chaoskit::timeseries
