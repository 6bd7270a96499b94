#pragma once
// The range of the divergence curve y(k) that the exponent is fitted to, chosen by a stated rule
// instead of by eye:
//
//  1. Local slopes s(k) = (y(k+h) - y(k-h)) / 2h, centred differences over a window of about
//     w = 2h samples, h = ceil(w/2), w the embedding delay (the time over which the signal
//     decorrelates, so the slopes are not dominated by the sampling).
//  2. The saturation level y_sat is the mean of y over the last quarter of the horizon, and
//     k_mid the first k where y reaches halfway from y(0) to y_sat. The linear region of a
//     chaotic signal begins in the lower half of the rise; ranges must start at or before k_mid,
//     which keeps the plateau out.
//  3. The ripple is the peak-to-peak size of y's residuals about its least-squares line over the
//     last quarter: how much the curve oscillates where it has levelled off (or, if it has not,
//     how far it strays from a line there).
//  4. Among ranges [a, b] with h <= a <= k_mid, b <= K - h and b - a >= max(2w, 3, min_length)
//     (min_length: half the signal's mean period, set by data_lyapunov.hpp), the longest
//     one in which the local slope at every k of [a, b] lies within +-tolerance (25 %) of the
//     range's least-squares slope S, with S > 0, and whose rise S (b - a) is at least one e-fold
//     (1) and at least twice the ripple. Ties go to the earliest start.
//
// A range exists only when the curve rises along a line: white noise (a jump at k = 1, then flat)
// does not give one, nor does a regular signal whose curve
//  - stays flat but oscillates (quasi-periodic): a stretch of an oscillation climbs at most one
//    peak-to-peak, so a range must climb twice the ripple to count;
//  - rises ever more slowly, as ln k or p ln k, which is what separations growing like a power of
//    time give (the phase drift between neighbouring orbits of a regular, non-isochronous
//    oscillator): its local slope p/k stays within +-25 % of a common value only while k grows by
//    at most (1 + 0.25)/(1 - 0.25) = 5/3, a rise of p ln(5/3) = 0.51 p, short of one e-fold for
//    p < 1.9 (slightly less: a centred difference over a window is not exactly the derivative).
//  - rises fast for a few samples and then slows (neighbours that an embedding too short for the
//    signal does not separate drift apart ballistically, d = sqrt(d0^2 + v^2 k^2)): the local
//    slope peaks, and around the peak it can pass the tolerance and the e-fold over a few samples.
//    Exponential growth is a property of the dynamics, so it must last half an oscillation of the
//    signal (min_length) to count.
// The tolerance trades length against straightness: +-25 % admits the wiggle that an average over
// finitely many pairs leaves on a chaotic curve and rejects a rise whose slope halves.
#include <cstddef>
#include <vector>

namespace chaoskit::timeseries {

struct FitRangeOptions {
  std::size_t window = 1;      ///< w [samples]
  double tolerance = 0.25;     ///< allowed relative deviation of the local slopes from the fitted slope
  std::size_t min_length = 0;  ///< shortest range [samples], besides max(2w, 3); data_lyapunov: half a mean period
};

struct FitRange {
  bool found = false;
  std::size_t begin = 0, end = 0;          ///< inclusive k range
  double slope = 0.0;                      ///< least-squares slope of y over the range [per sample]
  std::size_t k_mid = 0;                   ///< latest allowed start (rule 2)
  double saturation = 0.0;                 ///< y_sat
  double ripple = 0.0;                     ///< rule 3
  static constexpr double min_rise = 1.0;  ///< rule 4: one e-fold of separation
};

/// Least-squares slope of y(k) over k = k0..k1 inclusive (k1 > k0).
double least_squares_slope(const std::vector<double>& y, std::size_t k0, std::size_t k1);

FitRange choose_fit_range(const std::vector<double>& y, const FitRangeOptions& options = {});

}  // namespace chaoskit::timeseries
