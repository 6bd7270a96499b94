#pragma once
// The Kepler problem, a nonlinear system with a known solution, for measuring the order of the
// Runge–Kutta steppers: q̈ = −q/|q|³ in the plane, started at pericentre of the orbit with
// eccentricity 0.5, semi-major axis 1 and period 2π. State (q1, q2, q̇1, q̇2).
#include <cmath>

#include "chaoskit/core/types.hpp"
#include "chaoskit/integrate/input_schedule.hpp"

namespace chaoskit::test {

inline constexpr double kKeplerEccentricity = 0.5;

/// A driver System (sys(x, dxdt, t) and set_segment) for the Kepler problem.
struct Kepler {
  void operator()(const Vec<double, 4>& x, Vec<double, 4>& dx, double) const {
    const double r2 = x(0) * x(0) + x(1) * x(1);
    const double r3 = r2 * std::sqrt(r2);
    dx << x(2), x(3), -x(0) / r3, -x(1) / r3;
  }
  void set_segment(const InputSegment&) {}
};

/// The exact orbit at time t: Kepler's equation E − e sin E = t by Newton's method.
inline Vec<double, 4> kepler_exact(double t) {
  const double e = kKeplerEccentricity;
  double E = t;
  for (int i = 0; i < 50; ++i) E -= (E - e * std::sin(E) - t) / (1.0 - e * std::cos(E));
  const double b = std::sqrt(1.0 - e * e), den = 1.0 - e * std::cos(E);
  return Vec<double, 4>(std::cos(E) - e, b * std::sin(E), -std::sin(E) / den, b * std::cos(E) / den);
}

}  // namespace chaoskit::test
