#pragma once
// What the shooting Newton (shooting.hpp) needs of a dynamical system: a PeriodicProblem, built
// from a model (flow_problem.hpp) or from a map (map_problem below), type-erased so that the
// algorithms are compiled once, not once per model.
//
//   kind               autonomous_flow: a periodic orbit x(T) = x(0) of ẋ = f(x) with the period T
//                      unknown (the time shift along the orbit is removed by a phase condition);
//                      periodic_flow: the period is fixed (k forcing periods of a time-periodic
//                      ẋ = f(x, t)): the fixed points of the stroboscopic map and its period-k orbits;
//                      map: fixed points and period-k orbits of x ↦ P(x).
//   advance            one shooting segment: the flow from t0 over h (with the state-transition
//                      matrix), or one step of the map (t0 and h unused)
//   vector_field       f(x, t) of a flow (the phase condition and ∂x(T)/∂T)
//   energy             a conserved quantity H(x): set for conservative systems, whose periodic
//                      orbits come in one-parameter families; the energy is then fixed by an extra
//                      equation H(x0) = E and an unfolding parameter β makes the system square
//                      (shooting.hpp)
//   shift              x(T) = x(0) + shift: orbits that rotate (an angle gains 2π per period, as a
//                      driven pendulum's running orbit); empty means zero
//   collapsed_direction  for a map on a section taken in the full state (a Poincaré or stride map
//                      written in all n coordinates): the direction DP sends to zero (the flow
//                      direction at the point), reported as a trivial multiplier 0
//   reset_null_directions  for a map taken at an event of a hybrid model (event_map.hpp): the other
//                      directions DP sends to zero because the event's reset has a lower rank than
//                      the state (trivial multipliers 0 of origin "impact")
#include <functional>
#include <string>
#include <vector>

#include "chaoskit/periodic/map_step.hpp"

namespace chaoskit::periodic {

enum class ProblemKind { autonomous_flow, periodic_flow, map };

/// "autonomous_flow", "periodic_flow", "map".
const char* problem_kind_name(ProblemKind k);

struct PeriodicProblem {
  ProblemKind kind = ProblemKind::map;
  int dim = 0;
  std::vector<std::string> state_names;
  /// flows: x(t0 + h) from x(t0) = x, with ∂x(t0 + h)/∂x when with_jacobian; maps: P(x).
  std::function<MapStep(const Vector& x, double t0, double h, bool with_jacobian)> advance;
  std::function<Vector(const Vector& x, double t)> vector_field;  ///< flows only
  std::function<double(const Vector& x)> energy;                  ///< empty: no conserved quantity is used
  double forcing_period = NAN;                                    ///< periodic_flow: the period of f in t [s]
  Vector shift;                                                   ///< empty: zero
  std::function<Vector(const Vector& x)> collapsed_direction;     ///< maps of a section only; may be empty
  std::function<std::vector<Vector>(const Vector& x)> reset_null_directions;  ///< maps at an event; may be empty

  bool is_flow() const { return kind != ProblemKind::map; }
  bool conservative() const { return static_cast<bool>(energy); }
  Vector shift_or_zero() const { return shift.size() ? shift : Vector::Zero(dim); }
};

/// A map problem from a MapFunction of `dim` states (names default to x1..xn).
PeriodicProblem map_problem(int dim, MapFunction map, std::vector<std::string> state_names = {});

/// ∇H at x by fourth-order central differences (steps 1e-3 · max(1, |x_i|)): about 1e-12 relative
/// for the smooth energies of chaoskit's models, enough for the unfolding and the deflation of
/// the trivial multiplier, which need no more than its direction.
Vector energy_gradient(const std::function<double(const Vector&)>& energy, const Vector& x);

}  // namespace chaoskit::periodic
