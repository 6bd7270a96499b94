#pragma once
// What the tests of the shipped event models (tests/models/test_model_event_flows.cpp,
// test_walkers.cpp) need beyond the files themselves: tight integrator options, starting states
// from which each model meets its events, and the point masses of the walkers, from which the
// energy an impact takes follows by Carnot's theorem independently of the files' impulse formula.
//
// Carnot's theorem: in a perfectly plastic impact whose contacts are at rest afterwards (the new
// stance foot, a latched knee), and whose other constraints do no work, the kinetic energy lost is
// the kinetic energy of the lost velocities, ½ Σ m |v⁺ − v⁻|² (with restitution e, (1 − e)/(1 + e)
// times that); e.g. Brach, Mechanical Impact Dynamics (1991), or Routh's Dynamics (1905), §§ 182–183.
#include <cmath>
#include <vector>

#include "chaoskit/core/types.hpp"
#include "chaoskit/integrate/integrator_options.hpp"

namespace chaoskit::test {

inline IntegratorOptions tight_events(double tol = 1e-13) {
  IntegratorOptions o;
  o.stepper = StepperKind::rkf78;
  o.rtol = o.atol = tol;
  return o;
}

using P2 = Vec<double, 2>;

/// A point mass's position relative to the stance foot and its velocity [m, m/s].
struct PointMass {
  double m;
  P2 r, v;
};

/// The unit vector from a joint along a segment at absolute angle a (from the downward vertical,
/// counterclockwise; data/models/README.md, "Walkers") and its rate for an angle rate da.
inline P2 along(double a) { return P2(std::sin(a), -std::cos(a)); }
inline P2 along_rate(double a, double da) { return P2(std::cos(a) * da, std::sin(a) * da); }

/// compass_gait.toml's point masses (hip, stance leg at a from its foot, swing leg at b from the
/// hip) with the stance foot at the origin; in this order so that after the swap the old stance
/// leg's mass is the new swing leg's (and the reverse): index 1 and 2 exchange.
inline std::vector<PointMass> compass_masses(const Vec<double, 4>& x, double m, double mH, double a, double b) {
  const double l = a + b;
  const P2 hip = -l * along(x(0)), dhip = -l * along_rate(x(0), x(2));
  return {{mH, hip, dhip},
          {m, -a * along(x(0)), -a * along_rate(x(0), x(2))},
          {m, hip + b * along(x(1)), dhip + b * along_rate(x(1), x(3))}};
}

/// kneed_walker.toml's point masses with the default point-mass legs (I = m C²): hip, stance thigh,
/// stance shank, swing thigh, swing shank, stance foot at the origin.
inline std::vector<PointMass> kneed_masses(const Vec<double, 6>& x, double L1, double L2, double m1, double C1,
                                           double m2, double C2, double mH) {
  const double l = L1 + L2;
  const P2 hip = -l * along(x(0)), dhip = -l * along_rate(x(0), x(3));
  const P2 knee = hip + L1 * along(x(1)), dknee = dhip + L1 * along_rate(x(1), x(4));
  return {{mH, hip, dhip},
          {m1, hip + C1 * along(x(0)), dhip + C1 * along_rate(x(0), x(3))},
          {m2, hip + (L1 + C2) * along(x(0)), dhip + (L1 + C2) * along_rate(x(0), x(3))},
          {m1, hip + C1 * along(x(1)), dhip + C1 * along_rate(x(1), x(4))},
          {m2, knee + C2 * along(x(2)), dknee + C2 * along_rate(x(2), x(5))}};
}

/// ½ Σ m |v_after[pair(i)] − v_before[i]|² and the largest position mismatch of the pairs (the
/// bodies do not move in an impact), with the "after" masses shifted by the new foot's position.
struct Carnot {
  double lost_kinetic = 0.0, position_mismatch = 0.0;
};
inline Carnot carnot(const std::vector<PointMass>& before, const std::vector<PointMass>& after,
                     const std::vector<int>& pair, const P2& new_foot) {
  Carnot c;
  for (std::size_t i = 0; i < before.size(); ++i) {
    const PointMass& a = after[static_cast<std::size_t>(pair[i])];
    c.lost_kinetic += 0.5 * before[i].m * (a.v - before[i].v).squaredNorm();
    c.position_mismatch = std::max(c.position_mismatch, (new_foot + a.r - before[i].r).norm());
  }
  return c;
}

}  // namespace chaoskit::test
