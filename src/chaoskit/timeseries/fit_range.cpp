#include "chaoskit/timeseries/fit_range.hpp"

#include <algorithm>
#include <cmath>

namespace chaoskit::timeseries {

double least_squares_slope(const std::vector<double>& y, std::size_t k0, std::size_t k1) {
  const double kbar = 0.5 * static_cast<double>(k0 + k1);
  double sxx = 0.0, sxy = 0.0;
  for (std::size_t k = k0; k <= k1; ++k) {
    const double dk = static_cast<double>(k) - kbar;
    sxx += dk * dk;
    sxy += dk * y[k];
  }
  return sxy / sxx;
}

FitRange choose_fit_range(const std::vector<double>& y, const FitRangeOptions& o) {
  FitRange r;
  const std::size_t K = y.size() - 1;
  const std::size_t w = std::max<std::size_t>(1, o.window);
  const std::size_t min_len = std::max({std::size_t{3}, 2 * w, o.min_length});
  if (y.size() < 4 || K < min_len + w + 1) return r;
  const std::size_t q = K - K / 4;
  double sat = 0.0;
  for (std::size_t k = q; k <= K; ++k) sat += y[k];
  r.saturation = sat / static_cast<double>(K - q + 1);
  const double rise = r.saturation - y[0];
  if (!(rise > 0.0)) return r;
  {
    const double s_tail = least_squares_slope(y, q, K);
    const double qbar = 0.5 * static_cast<double>(q + K);
    double lo = 0.0, hi = 0.0;
    for (std::size_t k = q; k <= K; ++k) {
      const double res = y[k] - r.saturation - s_tail * (static_cast<double>(k) - qbar);
      lo = std::min(lo, res);
      hi = std::max(hi, res);
    }
    r.ripple = hi - lo;
  }
  r.k_mid = 0;
  while (r.k_mid < K && y[r.k_mid] < y[0] + 0.5 * rise) ++r.k_mid;

  // Centred local slopes s(k) = (y(k+h) - y(k-h)) / 2h, h = ceil(w/2), for h <= k <= K - h: a
  // range [a, b] is checked at every k inside it, its ends included.
  const std::size_t h = (w + 1) / 2;
  std::vector<double> s(K + 1, 0.0);
  for (std::size_t k = h; k + h <= K; ++k) s[k] = (y[k + h] - y[k - h]) / static_cast<double>(2 * h);

  for (std::size_t a = h; a <= r.k_mid && a + min_len + h <= K; ++a) {
    double lo = s[a], hi = s[a];
    // Sums over k' = k - a (shifted to keep them small), for the least-squares slope in O(1).
    double n = 0.0, sk = 0.0, sy = 0.0, sky = 0.0, skk = 0.0;
    auto add = [&](std::size_t k) {
      const double kk = static_cast<double>(k - a);
      n += 1.0;
      sk += kk;
      sy += y[k];
      sky += kk * y[k];
      skk += kk * kk;
      lo = std::min(lo, s[k]);
      hi = std::max(hi, s[k]);
    };
    for (std::size_t k = a; k < a + min_len; ++k) add(k);
    for (std::size_t b = a + min_len; b + h <= K; ++b) {
      add(b);
      // No slope S can hold local slopes spread wider than 2 * tolerance * S <= 2 * tolerance * hi,
      // and the spread only grows with b.
      if (hi <= 0.0 || hi - lo > 2.0 * o.tolerance * hi) break;
      const double S = (n * sky - sk * sy) / (n * skk - sk * sk);
      if (S > 0.0 && lo >= S * (1.0 - o.tolerance) && hi <= S * (1.0 + o.tolerance) &&
          S * static_cast<double>(b - a) >= std::max(FitRange::min_rise, 2.0 * r.ripple) &&
          (!r.found || b - a > r.end - r.begin)) {
        r.found = true;
        r.begin = a;
        r.end = b;
        r.slope = S;
      }
    }
  }
  return r;
}

}  // namespace chaoskit::timeseries
