#pragma once
// Rosenstein's mean logarithmic divergence (Rosenstein, Collins and De Luca, Physica D 65, 117,
// 1993). Each embedded point y_i is paired with its nearest neighbour y_j outside the Theiler
// window |i - j| > w, and the pair is followed for k = 0..K samples:
//   y(k) = < ln || y_{i+k} - y_{j+k} || >_i .
// On a chaotic attractor y(k) rises along a line of slope lambda_max (per sample) from the
// neighbour distance towards the attractor size, where it levels off. Only points with i + K and
// j + K inside the record are used, so every pair contributes to every k and y(k) is an average
// over the same pairs at each k (and equals the mean of the pairs' own curves, which is what the
// bootstrap over reference points relies on).
#include <cstddef>
#include <vector>

#include "chaoskit/timeseries/embedding.hpp"

namespace chaoskit::timeseries {

struct DivergenceCurve {
  std::vector<double> mean_log;        ///< y(k), k = 0..horizon [ln of standardised units]
  std::vector<std::size_t> reference;  ///< i of each pair used, ascending
  std::vector<std::size_t> neighbour;  ///< its j
  std::size_t skipped =
      0;  ///< reference points left out: no neighbour outside the window, or a zero distance at some k
};

/// Throws InputError("horizon") when fewer than 2 * theiler + 2 points leave room for the
/// horizon, and InputError("column") when no pair is usable.
DivergenceCurve divergence_curve(const Embedding& e, std::size_t theiler, std::size_t horizon);

/// Each pair's least-squares slope of ln d(k) over k = k0..k1 (inclusive, k1 > k0). The slope is
/// linear in the curve, so the mean of these equals the slope of y(k) over the same range.
std::vector<double> pair_slopes(const Embedding& e, const DivergenceCurve& c, std::size_t k0, std::size_t k1);

}  // namespace chaoskit::timeseries
