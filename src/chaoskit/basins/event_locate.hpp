#pragma once
// Locating the first zero of a scalar event function h(x(t)) inside one accepted step, on the
// integrator's interpolant. Flip times, the golf task's "bottom of the swing" and similar basin
// outcomes are all "the first time h changes sign"; they share the library's one root finder
// (integrate/interpolant_root.hpp: the Illinois variant of regula falsi, as Poincaré sections and
// the events of hybrid models use).
#include <cmath>

#include "chaoskit/core/types.hpp"
#include "chaoskit/integrate/interpolant_root.hpp"

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
  const RootBracket r = illinois_root(
      [&](double t) {
        interp(t, xs);
        return h(xs);
      },
      a, ha, b, hb, tol);
  return {r.last_t, xs, std::abs(r.last_g)};
}

}  // namespace chaoskit::basins
