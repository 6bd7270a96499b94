#pragma once
// The shooting equations of a periodic orbit, single or multiple, for flows and maps alike.
//
// Unknowns z = (x_0, …, x_{m−1}, [T], [β]): the state at the start of each of m segments, the period
// T when it is unknown (autonomous flows), and the unfolding parameter β when the system conserves
// an energy H. Equations (as many as unknowns):
//
//   e_i     = S_i(x_i) − x_{i+1}                          i = 0 … m−2
//   e_{m−1} = S_{m−1}(x_{m−1}) − shift − x_0 + β ∇H(x_0)
//   phase   = d̂ · (x_0 − x̃)           (autonomous flows: the orbit's time shift is removed)
//   energy  = H(x_0) − E               (conservative systems)
//
// S_i is the flow over [iT/m, (i+1)T/m] (its Jacobian the state-transition matrix, ∂S_i/∂T = f/m
// for an autonomous flow) or one step of the map (m = k for a period-k orbit). The phase condition
// is Poincaré's: x_0 stays on the hyperplane through the reference x̃ normal to d̂ = f(x̃)/|f(x̃)|
// (the guess, or the previous point of a branch). The unfolding follows the standard treatment of
// Hamiltonian periodic orbits (Muñoz-Almaraz, Freire, Galán, Doedel, Vanderbauwhede 2003,
// "Continuation of periodic orbits in conservative and Hamiltonian systems", Physica D 181, 1–38),
// here written on the shooting residual instead of the vector field: since H(S(x)) = H(x), a
// solution has H(x_0 − β∇H) = H(x_0), hence β = 0, while the Jacobian, singular without it (the
// multiplier +1 of the energy is double), becomes regular for an orbit whose family is not
// degenerate; β at convergence (≈ 1e-14) is reported as a check.
//
// Segments are independent, so they run on `threads` OpenMP threads, each writing its own slot:
// the results are the same bits for any thread count.
#include <string>
#include <vector>

#include "chaoskit/periodic/periodic_problem.hpp"

namespace chaoskit::periodic {

struct ShootingLayout {
  int n = 0;
  int segments = 1;
  bool free_period = false;  ///< autonomous flows: T is an unknown, with the phase condition
  bool unfolding = false;    ///< conservative systems: β is an unknown, with the energy equation

  int size() const { return n * segments + (free_period ? 1 : 0) + (unfolding ? 1 : 0); }
  int period_index() const { return n * segments; }
  int beta_index() const { return n * segments + (free_period ? 1 : 0); }
  int phase_row() const { return n * segments; }
  int energy_row() const { return n * segments + (free_period ? 1 : 0); }
};

/// What stays fixed while Newton moves z.
struct ShootingContext {
  const PeriodicProblem* problem = nullptr;
  ShootingLayout layout;
  double fixed_period = 0.0;  ///< periodic_flow: k forcing periods [s]
  Vector phase_point;         ///< x̃ (autonomous flows)
  Vector phase_normal;        ///< d̂ = f(x̃)/|f(x̃)|
  double energy_level = 0.0;  ///< E (conservative systems)
  int threads = 1;
};

/// The layout of `problem` with m segments (a map's period k).
ShootingLayout shooting_layout(const PeriodicProblem& problem, int segments);

/// Sets the phase condition's reference to x̃ = x (autonomous flows; nothing otherwise). Throws
/// InputError("state") where f(x) = 0: an equilibrium has no phase.
void set_phase_reference(ShootingContext& ctx, const Vector& x);

struct ShootingEval {
  Vector residual;                        ///< the equations above, in that order
  Matrix jacobian;                        ///< ∂residual/∂z (when asked)
  std::vector<Matrix> segment_jacobians;  ///< DS_i(x_i) (when asked)
  std::vector<Vector> segment_ends;       ///< S_i(x_i)
  std::vector<Vector> segment_dparam;     ///< exact ∂S_i/∂p where every step knew it; empty otherwise
  Vector energy_gradient;                 ///< ∇H(x_0) (conservative systems)
  double return_time = 0.0;               ///< Σ of the steps' times (maps: NaN when the map gives none)
  StepStatus status = StepStatus::ok;
  std::string message;  ///< one line, when a step failed
  bool ok() const { return status == StepStatus::ok; }
};

/// x_i of z.
inline Vector shooting_point(const ShootingLayout& l, const Vector& z, int i) { return z.segment(i * l.n, l.n); }
/// The period of z: the unknown T, the fixed period of a periodic flow, or NaN for a map.
double shooting_period(const ShootingContext& ctx, const Vector& z);

/// Evaluates the equations at z, with their Jacobian when `with_jacobian`.
ShootingEval evaluate_shooting(const ShootingContext& ctx, const Vector& z, bool with_jacobian);

/// The starting points of m segments from one state: the flow (or the map) applied segment by
/// segment. A failed step is reported as the evaluation's status.
ShootingEval spread_guess(const PeriodicProblem& problem, const Vector& x0, double period, int segments);

/// The monodromy matrix DS_{m−1} ⋯ DS_0 at x_0 from an evaluation with Jacobians.
Matrix monodromy_of(const ShootingEval& eval);

}  // namespace chaoskit::periodic
