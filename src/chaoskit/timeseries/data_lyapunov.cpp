#include "chaoskit/timeseries/data_lyapunov.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/timeseries/divergence.hpp"
#include "chaoskit/timeseries/mean_period.hpp"
#include "chaoskit/timeseries/mutual_information.hpp"

namespace chaoskit::timeseries {

namespace {

double mean_of(const std::vector<double>& v) {
  double s = 0.0;
  for (double x : v) s += x;
  return s / static_cast<double>(v.size());
}

}  // namespace

DataLyapunovResult data_lyapunov(const Columns& raw, const DataLyapunovOptions& o) {
  if (raw.empty()) throw InputError("column", "no column given");
  if (!(o.sample_interval > 0.0)) throw InputError("sample_interval", "must be > 0");
  if (o.period < 0.0 || !std::isfinite(o.period)) throw InputError("period", "must be > 0");
  const Columns x = standardise(raw);
  DataLyapunovResult r;
  r.samples = x.front().size();
  r.columns = x.size();
  r.sample_interval = o.sample_interval;
  r.period = o.period;
  if (r.samples < 16) throw InputError("column", "only " + std::to_string(r.samples) + " samples: far too short");

  double period_sum = 0.0;
  for (const auto& c : x) period_sum += mean_period(c);
  r.mean_period = period_sum / static_cast<double>(x.size());
  r.theiler = o.theiler ? *o.theiler : static_cast<std::size_t>(std::ceil(r.mean_period));

  r.delay_given = o.delay > 0;
  if (r.delay_given) {
    r.delay = o.delay;
  } else {
    const DelayChoice dc = choose_delay(x);
    r.delay = dc.delay;
    r.delay_first_minimum = dc.first_minimum;
    r.ami = dc.ami;
  }
  r.dim_given = o.dim > 0;
  if (r.dim_given) {
    r.dim = o.dim;
  } else {
    FnnOptions fo = o.fnn;
    fo.theiler = r.theiler;
    const DimensionChoice dc = choose_dimension(x, r.delay, fo);
    r.dim = dc.dim;
    r.dim_reached_threshold = dc.reached_threshold;
    r.fnn_fraction = dc.false_fraction;
  }
  const Embedding e = delay_embed(x, r.dim, r.delay);

  if (o.horizon > 0) {
    r.horizon = o.horizon;
  } else {
    // Long enough to see the curve level off: 10 mean periods (separations grow from the
    // neighbour distance to the attractor size, a factor of 10^2-10^4, at a rate of the order of
    // one e-fold per mean period), or the 10 strides the long-term exponent needs; at most a
    // quarter of the points, so three quarters serve as references.
    const double want = o.period > 0.0 ? std::ceil(10.0 * o.period) : std::ceil(10.0 * r.mean_period);
    r.horizon = std::min(static_cast<std::size_t>(want), e.count / 4);
  }
  const DivergenceCurve c = divergence_curve(e, r.theiler, r.horizon);
  r.curve = c.mean_log;
  r.pairs = c.reference.size();
  r.skipped = c.skipped;

  const double per_time = 1.0 / o.sample_interval;
  const std::size_t block = std::max<std::size_t>(1, r.theiler);
  auto slope_with_ci = [&](std::size_t k0, std::size_t k1) {
    CurveSlope s;
    s.k_begin = k0;
    s.k_end = k1;
    const std::vector<double> pair = pair_slopes(e, c, k0, k1);
    s.value = mean_of(pair) * per_time;
    const Interval b = block_bootstrap_mean(pair, block, o.replicates, o.seed);
    s.ci = {b.low * per_time, b.high * per_time};
    return s;
  };

  r.fit = choose_fit_range(r.curve, {.window = r.delay,
                                     .tolerance = o.tolerance,
                                     .min_length = static_cast<std::size_t>(std::ceil(0.5 * r.mean_period))});
  r.lambda.value = r.lambda.ci.low = r.lambda.ci.high = NAN;
  r.first_half = r.second_half = NAN;
  r.bootstrap = {NAN, NAN};
  if (r.fit.found) {
    r.lambda = slope_with_ci(r.fit.begin, r.fit.end);
    r.bootstrap = r.lambda.ci;
    const std::size_t mid = (r.fit.begin + r.fit.end) / 2;
    r.first_half = least_squares_slope(r.curve, r.fit.begin, mid) * per_time;
    r.second_half = least_squares_slope(r.curve, mid, r.fit.end) * per_time;
    r.lambda.ci.low = std::min({r.lambda.ci.low, r.first_half, r.second_half});
    r.lambda.ci.high = std::max({r.lambda.ci.high, r.first_half, r.second_half});
    r.confident_positive = r.lambda.ci.low > 0.0;
  }

  if (o.period > 0.0) {
    // Dingwell and Cusumano's ranges, in samples: 0-1 stride and 4-10 strides.
    const auto at = [&](double strides) { return static_cast<std::size_t>(std::lround(strides * o.period)); };
    if (at(1) >= 1 && at(1) <= r.horizon) r.short_term = slope_with_ci(0, at(1));
    if (at(10) <= r.horizon && at(10) > at(4)) r.long_term = slope_with_ci(at(4), at(10));
  }
  return r;
}

}  // namespace chaoskit::timeseries
