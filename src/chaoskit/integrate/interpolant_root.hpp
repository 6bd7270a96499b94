#pragma once
// The one root finder behind every "where in this step did g change sign" question: Poincaré
// crossings (indicators/poincare.hpp), basin outcomes such as flip times (basins/event_locate.hpp)
// and the guards of hybrid models (event_tracker.hpp). It is the Illinois variant of regula falsi
// on g(t) over one accepted step, where evaluating g means interpolating the step's state at t
// (the driver's dense output). Illinois keeps regula falsi's bracket and removes its one-sided
// stall by halving the weight of an end that has stayed put twice, so it converges superlinearly
// and never leaves the bracket.
#include <algorithm>
#include <cmath>

namespace chaoskit {

/// The bracket a search ended with. `before` lies on the side the crossing starts from, `after`
/// has reached zero or passed it; `last_t`, `last_g` is the last point evaluated (b, g(b) when the
/// search ran no iteration) and `last_after` says on which end it lies.
struct RootBracket {
  double before, after;
  double last_t, last_g;
  bool last_after = true;
};

/// Refines the crossing bracketed by g(a) = ga (nonzero, on the start side; it may be a tiny mark
/// of that side) and g(b) = gb (zero or past it) until |g| ≤ tol at the last point, or the bracket
/// is at rounding level, or 200 iterations. g(t) evaluates the function at t; it usually leaves the
/// interpolated state in a buffer of the caller's, which then holds the state at `last_t`.
template <class G>
RootBracket illinois_root(G&& g, double a, double ga, double b, double gb, double tol) {
  const double past = gb != 0.0 ? (gb > 0.0 ? 1.0 : -1.0) : (ga < 0.0 ? 1.0 : -1.0);
  RootBracket r{a, b, b, gb, true};
  int side = 0;
  for (int it = 0; it < 200 && std::abs(r.last_g) > tol && b - a > 4e-16 * std::max(std::abs(a), std::abs(b)); ++it) {
    double ts = (a * gb - b * ga) / (gb - ga);
    if (!(ts > a && ts < b)) ts = 0.5 * (a + b);
    const double gs = g(ts);
    r.last_t = ts, r.last_g = gs;
    if (gs * past < 0.0) {
      a = ts, ga = gs;
      if (side == -1) gb *= 0.5;  // Illinois: halve the stale end's weight
      side = -1;
    } else {
      b = ts, gb = gs;
      if (side == +1) ga *= 0.5;
      side = +1;
    }
  }
  r.before = a, r.after = b;
  r.last_after = side != -1;
  return r;
}

}  // namespace chaoskit
