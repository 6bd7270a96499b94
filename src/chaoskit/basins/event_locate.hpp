#pragma once
// Locating the first zero of a scalar event function h(x(t)) inside one accepted step, on the
// integrator's interpolant. Flip times, the golf task's "bottom of the swing" and similar basin
// outcomes are all "the first time h changes sign"; they share this one root finder (the Illinois
// variant of regula falsi, as the Poincaré-section finder uses) instead of each carrying a copy.
#include <cmath>

#include "chaoskit/core/types.hpp"

namespace chaoskit::basins {

/// A located event: time, interpolated state there and |h| at that state.
template <int n>
struct LocatedEvent {
  double t;
  Vec<double, n> x;
  double residual;
};

/// Given ha = h(x(a)) and hb = h(x(b)) of opposite signs (or hb == 0), returns the point where
/// h(interp(t)) = 0 to |h| ≤ tol or to a rounding-level bracket. `interp(t, out)` is the step's
/// interpolant (driver.hpp), `h(x)` the event function.
template <int n, class Interp, class H>
LocatedEvent<n> locate_event(Interp&& interp, H&& h, double a, double b, double ha, double hb, const Vec<double, n>& xb,
                             double tol) {
  Vec<double, n> xs = xb;
  double ts = b, hs = hb;
  int side = 0;
  for (int it = 0; it < 200 && std::abs(hs) > tol && b - a > 4e-16 * std::abs(b); ++it) {
    ts = (a * hb - b * ha) / (hb - ha);
    if (!(ts > a && ts < b)) ts = 0.5 * (a + b);
    interp(ts, xs);
    hs = h(xs);
    if ((hs < 0.0) == (ha < 0.0)) {
      a = ts, ha = hs;
      if (side == -1) hb *= 0.5;  // Illinois: halve the stale end's weight
      side = -1;
    } else {
      b = ts, hb = hs;
      if (side == +1) ha *= 0.5;
      side = +1;
    }
  }
  return {ts, xs, std::abs(hs)};
}

}  // namespace chaoskit::basins
