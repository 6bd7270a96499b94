#include "chaoskit/query/statistics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "chaoskit/core/errors.hpp"

namespace chaoskit::query {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// numpy's _lerp: a + (b-a) t, evaluated from b's side when t ≥ 0.5 (as numpy does).
double lerp(double a, double b, double t) {
  const double d = b - a;
  return t >= 0.5 ? b - d * (1.0 - t) : a + d * t;
}

/// numpy.quantile(x, q) with the default "linear" method, x sorted and non-empty.
double quantile_sorted(const std::vector<double>& x, double q) {
  const std::size_t n = x.size();
  const double h = static_cast<double>(n - 1) * q;
  const double lo = std::floor(h);
  const auto i = std::min(static_cast<std::size_t>(lo), n - 1);
  const std::size_t k = std::min(i + 1, n - 1);
  return lerp(x[i], x[k], h - lo);
}

/// numpy.histogram(x, bins) edges: linspace(min, max, bins + 1) with the last edge exactly max.
std::vector<double> histogram_edges(double lo, double hi, std::size_t bins) {
  if (lo == hi) lo -= 0.5, hi += 0.5;
  std::vector<double> e(bins + 1);
  const double delta = hi - lo;
  const double step = delta / static_cast<double>(bins);
  for (std::size_t i = 0; i <= bins; ++i)
    e[i] =
        (step == 0 ? static_cast<double>(i) / static_cast<double>(bins) * delta : static_cast<double>(i) * step) + lo;
  e[bins] = hi;
  return e;
}

}  // namespace

void check_stats_options(const StatsOptions& options) {
  for (double q : options.quantiles)
    if (!(q >= 0.0 && q <= 1.0))
      throw InputError("quantiles", "quantile level " + std::to_string(q) + " is outside [0, 1]");
  if (options.bins == 0) throw InputError("bins", "need at least 1 bin");
  if (options.above && !std::isfinite(*options.above)) throw InputError("above", "threshold must be finite");
}

Statistics compute_statistics(std::span<const double> values, const StatsOptions& options) {
  check_stats_options(options);
  Statistics s;
  s.points = values.size();
  s.above = options.above;
  std::vector<double> x;
  x.reserve(values.size());
  for (double v : values) {
    if (std::isnan(v))
      ++s.nan;
    else if (std::isinf(v))
      ++s.infinite;
    else
      x.push_back(v);
  }
  s.count = x.size();
  s.quantile_levels = options.quantiles;
  if (x.empty()) {
    s.min = s.max = s.mean = s.std = kNaN;
    s.quantiles.assign(options.quantiles.size(), kNaN);
    s.above_fraction = kNaN;
    return s;
  }
  double sum = 0;
  for (double v : x) sum += v;
  s.mean = sum / static_cast<double>(x.size());
  double ss = 0;
  for (double v : x) ss += (v - s.mean) * (v - s.mean);
  s.std = std::sqrt(ss / static_cast<double>(x.size()));

  std::sort(x.begin(), x.end());
  s.min = x.front();
  s.max = x.back();
  for (double q : options.quantiles) s.quantiles.push_back(quantile_sorted(x, q));

  s.histogram.edges = histogram_edges(s.min, s.max, options.bins);
  s.histogram.counts.assign(options.bins, 0);
  const auto& e = s.histogram.edges;
  for (double v : x) {
    // Bin i holds e[i] <= v < e[i+1]; the last bin also holds v == max.
    const auto it = std::upper_bound(e.begin(), e.end(), v);
    const auto i = static_cast<std::size_t>(std::max<std::ptrdiff_t>(it - e.begin() - 1, 0));
    ++s.histogram.counts[std::min(i, options.bins - 1)];
  }
  if (options.above) {
    s.above_count = static_cast<std::size_t>(x.end() - std::upper_bound(x.begin(), x.end(), *options.above));
    s.above_fraction = static_cast<double>(s.above_count) / static_cast<double>(x.size());
  }
  return s;
}

Statistics variable_statistics(const io::ResultsStore& store, const std::string& variable, const PointFilter& filter,
                               const StatsOptions& options) {
  check_stats_options(options);
  check_variable_names(store, {variable}, "variable", false);
  const Selection selection(store, filter);
  std::vector<double> values;
  selection.for_each({variable}, [&](const BlockReader& r, std::size_t j) {
    values.push_back(*r.values(0, j));
    return true;
  });
  return compute_statistics(values, options);
}

}  // namespace chaoskit::query
