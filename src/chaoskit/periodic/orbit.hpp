#pragma once
// find_periodic_orbit: Newton on the shooting equations (shooting.hpp) with the state-transition
// matrices (or the map's Jacobians) as the Jacobian, from a guess of one state (spread over the
// segments by the flow or the map) or of every segment's start. The result carries the orbit, its
// residual, the monodromy matrix and the Floquet multipliers with the trivial ones identified
// (floquet.hpp), the stability verdict, and when Newton failed, the reason in one line.
//
// Newton is globalised by halving the step (at most 8 times) until ‖residual‖₂ decreases by the
// Armijo factor (1 − 1e-4 λ); close to the orbit every full step is taken and convergence is
// quadratic. Converged means max_i |residual_i| ≤ tolerance (1e-10 by default): the residual of the
// numerical flow map, whose own error is set by the integrator's tolerances (the CLI defaults them to
// 1e-12 for this reason).
#include <string>
#include <vector>

#include "chaoskit/periodic/floquet.hpp"
#include "chaoskit/periodic/shooting.hpp"

namespace chaoskit::periodic {

struct OrbitGuess {
  std::vector<Vector> points;  ///< one state, or the start of every segment
  double period = NAN;         ///< autonomous flows: the guess of T [s]
};

struct OrbitOptions {
  int segments = 1;                     ///< flows: shooting segments; maps: the period k of the orbit
  int forcing_periods = 1;              ///< periodic flows: the orbit's period in forcing periods
  double tolerance = 1e-10;             ///< on max |residual|
  int max_iterations = 20;              ///< Newton iterations
  double energy = NAN;                  ///< conservative systems: E (NaN: the energy of the guess)
  double unit_circle_tolerance = 1e-6;  ///< the stability verdict's margin (floquet.hpp)
  int threads = 1;                      ///< segments integrated in parallel (same bits for any count)
};

enum class OrbitStatus { converged, no_convergence, singular_jacobian, step_failed, equilibrium, unfolded };

/// "converged", "no_convergence", "singular_jacobian", "step_failed", "equilibrium", "unfolded" (Newton
/// solved the unfolded equations with β ≠ 0: not a periodic orbit of the conservative flow).
const char* orbit_status_name(OrbitStatus s);

struct PeriodicOrbit {
  OrbitStatus status = OrbitStatus::no_convergence;
  std::string message;  ///< one line: what converged, or why not
  ProblemKind kind = ProblemKind::map;
  std::vector<std::string> state_names;
  int segments = 1;
  std::vector<Vector> points;  ///< x_0 … x_{m−1}; the orbit's state is points[0]
  double period = NAN;         ///< T [s] for flows; NaN for maps
  double return_time = NAN;    ///< maps: the sum of the steps' times (a return map's step time); flows: T
  double energy = NAN;         ///< conservative systems: H(x_0)
  double beta = 0.0;           ///< the unfolding parameter at the solution (≈ 0: a check)
  double residual = NAN;       ///< max |residual|
  int iterations = 0;          ///< Newton iterations taken
  Matrix monodromy;
  FloquetAnalysis floquet;
  Vector unknowns;  ///< z, for continuation
  bool converged() const { return status == OrbitStatus::converged; }
};

PeriodicOrbit find_periodic_orbit(const PeriodicProblem& problem, const OrbitGuess& guess, const OrbitOptions& options);

// ---- pieces shared with continuation ---------------------------------------------------------

/// The context of `problem` for `options` (layout, fixed period, threads); the phase reference and
/// the energy level are set by the caller.
ShootingContext make_context(const PeriodicProblem& problem, const OrbitOptions& options);

/// The trivial directions of the orbit through x_0 (flow direction, energy, section).
TrivialDirections trivial_directions(const PeriodicProblem& problem, const Vector& x0, const Vector& energy_gradient);

/// Whether the orbit through x_0 with period T is an equilibrium of an autonomous flow (Newton can
/// slide onto one, where x(T) = x(0) for every T): |f(x_0)| T ≤ 1e-8 max(1, |x_0|).
bool is_equilibrium(const PeriodicProblem& problem, const Vector& x0, double period);

/// Fills the orbit's description (points, period, energy, monodromy, multipliers) from a converged z
/// and its evaluation with Jacobians.
void describe_orbit(PeriodicOrbit& orbit, const ShootingContext& ctx, const Vector& z, const ShootingEval& eval,
                    double unit_circle_tolerance);

}  // namespace chaoskit::periodic
