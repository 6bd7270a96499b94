#include "chaoskit/periodic/orbit.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/periodic/linear_solve.hpp"

namespace chaoskit::periodic {

namespace {

std::string sci(double v) {
  std::ostringstream s;
  s.precision(2);
  s << std::scientific << v;
  return s.str();
}

/// The unknowns z from the guess: the segments' starts, T, β = 0.
Vector initial_unknowns(const PeriodicProblem& p, const ShootingLayout& l, const OrbitGuess& g,
                        const ShootingContext& ctx, ShootingEval& spread) {
  const int n = l.n, m = l.segments;
  for (const auto& x : g.points)
    if (x.size() != n)
      throw InputError("state", "expected " + std::to_string(n) + " components, got " + std::to_string(x.size()));
  std::vector<Vector> starts;
  if (static_cast<int>(g.points.size()) == m) {
    starts = g.points;
  } else if (g.points.size() == 1) {
    const double T = p.kind == ProblemKind::autonomous_flow ? g.period : ctx.fixed_period;
    spread = spread_guess(p, g.points.front(), T, m);
    if (!spread.ok()) return Vector();
    starts = spread.segment_ends;
  } else {
    throw InputError("state", "give one state or one per segment (" + std::to_string(m) + "), got " +
                                  std::to_string(g.points.size()));
  }
  Vector z = Vector::Zero(l.size());
  for (int i = 0; i < m; ++i) z.segment(i * n, n) = starts[static_cast<std::size_t>(i)];
  if (l.free_period) z(l.period_index()) = g.period;
  return z;
}

double max_abs(const Vector& v) { return v.size() ? v.cwiseAbs().maxCoeff() : 0.0; }

}  // namespace

const char* orbit_status_name(OrbitStatus s) {
  switch (s) {
    case OrbitStatus::converged: return "converged";
    case OrbitStatus::no_convergence: return "no_convergence";
    case OrbitStatus::singular_jacobian: return "singular_jacobian";
    case OrbitStatus::step_failed: return "step_failed";
    case OrbitStatus::equilibrium: return "equilibrium";
    case OrbitStatus::unfolded: return "unfolded";
  }
  return "unknown";
}

ShootingContext make_context(const PeriodicProblem& problem, const OrbitOptions& options) {
  if (options.threads < 1) throw InputError("threads", "must be >= 1");
  if (!(options.tolerance > 0.0)) throw InputError("tolerance", "must be > 0");
  if (options.max_iterations < 1) throw InputError("max_iterations", "must be >= 1");
  ShootingContext ctx;
  ctx.problem = &problem;
  ctx.layout = shooting_layout(problem, options.segments);
  ctx.threads = options.threads;
  if (problem.kind == ProblemKind::periodic_flow) {
    if (!(problem.forcing_period > 0.0)) throw InputError("forcing_period", "must be > 0 s");
    if (options.forcing_periods < 1) throw InputError("forcing_periods", "must be a positive integer");
    ctx.fixed_period = options.forcing_periods * problem.forcing_period;
  }
  return ctx;
}

TrivialDirections trivial_directions(const PeriodicProblem& problem, const Vector& x0, const Vector& grad_h) {
  TrivialDirections t;
  if (problem.kind == ProblemKind::autonomous_flow)
    t.right.push_back({problem.vector_field(x0, 0.0), 1.0, "flow direction"});
  if (problem.collapsed_direction) t.right.push_back({problem.collapsed_direction(x0), 0.0, "section"});
  if (problem.reset_null_directions)
    for (const Vector& v : problem.reset_null_directions(x0)) t.right.push_back({v, 0.0, "impact"});
  if (problem.conservative()) t.left.push_back({grad_h, 1.0, "energy"});
  return t;
}

bool is_equilibrium(const PeriodicProblem& problem, const Vector& x0, double period) {
  if (problem.kind != ProblemKind::autonomous_flow) return false;
  return problem.vector_field(x0, 0.0).norm() * period <= 1e-8 * std::max(1.0, x0.norm());
}

void describe_orbit(PeriodicOrbit& o, const ShootingContext& ctx, const Vector& z, const ShootingEval& eval,
                    double tol) {
  const PeriodicProblem& p = *ctx.problem;
  const ShootingLayout& l = ctx.layout;
  o.kind = p.kind;
  o.state_names = p.state_names;
  o.segments = l.segments;
  o.points.clear();
  for (int i = 0; i < l.segments; ++i) o.points.push_back(shooting_point(l, z, i));
  o.period = shooting_period(ctx, z);
  o.return_time = p.is_flow() ? o.period : eval.return_time;
  o.energy = p.conservative() ? p.energy(o.points.front()) : NAN;
  o.beta = l.unfolding ? z(l.beta_index()) : 0.0;
  o.residual = max_abs(eval.residual);
  o.unknowns = z;
  o.monodromy = monodromy_of(eval);
  const Vector grad = p.conservative() ? eval.energy_gradient : Vector();
  o.floquet = floquet_analysis(o.monodromy, trivial_directions(p, o.points.front(), grad), tol);
}

PeriodicOrbit find_periodic_orbit(const PeriodicProblem& problem, const OrbitGuess& guess,
                                  const OrbitOptions& options) {
  ShootingContext ctx = make_context(problem, options);
  const ShootingLayout& l = ctx.layout;
  if (guess.points.empty()) throw InputError("state", "a guess of the orbit's state is required");
  if (l.free_period && !(guess.period > 0.0 && std::isfinite(guess.period)))
    throw InputError("period", "a guess of the period (> 0 s) is required for an autonomous flow");
  PeriodicOrbit o;
  o.kind = problem.kind;
  o.state_names = problem.state_names;
  o.segments = l.segments;
  ShootingEval spread;
  Vector z = initial_unknowns(problem, l, guess, ctx, spread);
  if (!spread.ok()) {
    o.status = OrbitStatus::step_failed;
    o.message = spread.message;
    return o;
  }
  set_phase_reference(ctx, shooting_point(l, z, 0));
  if (l.unfolding) {
    ctx.energy_level = std::isfinite(options.energy) ? options.energy : problem.energy(shooting_point(l, z, 0));
    if (!std::isfinite(ctx.energy_level)) throw InputError("orbit_energy", "the energy of the guess is not finite");
  }

  ShootingEval eval = evaluate_shooting(ctx, z, true);
  for (int it = 0;; ++it) {
    if (!eval.ok()) {
      o.status = OrbitStatus::step_failed;
      o.message = eval.message;
      o.iterations = it;
      return o;
    }
    const double r = max_abs(eval.residual);
    o.residual = r;
    o.iterations = it;
    if (r <= options.tolerance) break;
    if (it == options.max_iterations) {
      o.status = OrbitStatus::no_convergence;
      o.message = "no convergence: residual " + sci(r) + " after " + std::to_string(it) +
                  " Newton iterations (tolerance " + sci(options.tolerance) +
                  "); try a closer guess, more segments, or a looser tolerance";
      return o;
    }
    const LinearSolve step = solve_linear(eval.jacobian, -eval.residual);
    if (step.singular()) {
      o.status = OrbitStatus::singular_jacobian;
      o.message = "singular Jacobian at Newton iteration " + std::to_string(it + 1) + " (reciprocal condition " +
                  sci(step.rcond) +
                  "): the orbit is degenerate (an equilibrium, a fold, or an energy the system conserves but was "
                  "not declared conservative)";
      return o;
    }
    // Backtracking on ‖residual‖₂ (Armijo); the last trial is kept when none decreases it.
    const double r2 = eval.residual.norm();
    double lambda = 1.0;
    ShootingEval trial;
    for (int k = 0;; ++k) {
      trial = evaluate_shooting(ctx, z + lambda * step.x, true);
      if (k == 8 || (trial.ok() && trial.residual.norm() <= (1.0 - 1e-4 * lambda) * r2)) break;
      lambda *= 0.5;
    }
    z += lambda * step.x;
    eval = std::move(trial);
  }
  describe_orbit(o, ctx, z, eval, options.unit_circle_tolerance);
  if (is_equilibrium(problem, o.points.front(), o.period)) {
    o.status = OrbitStatus::equilibrium;
    o.message = "Newton reached an equilibrium (|f(x_0)| = " + sci(problem.vector_field(o.points.front(), 0.0).norm()) +
                "), not a periodic orbit: a closer guess, or the energy fixed (a conservative flow)";
    return o;
  }
  // β vanishes at a periodic orbit of a conservative flow. Elsewhere Newton has solved the unfolded
  // equations, x(T) + β ∇H(x0) = x0, whose solutions are not orbits of the flow: x(T) misses x(0)
  // by |β ∇H|, far more than the residual says.
  if (l.unfolding) {
    const double gap = std::abs(o.beta) * max_abs(eval.energy_gradient);
    if (!(gap <= 100.0 * options.tolerance)) {
      o.status = OrbitStatus::unfolded;
      o.message = "Newton solved the unfolded equations with beta = " + sci(o.beta) +
                  " (x(T) misses x(0) by |beta grad H| = " + sci(gap) +
                  "), not the flow's: a guess closer to the orbit (its period or its state)";
      return o;
    }
  }
  o.status = OrbitStatus::converged;
  std::ostringstream msg;
  msg << "converged in " << o.iterations << " Newton iterations, residual " << sci(o.residual);
  o.message = msg.str();
  return o;
}

}  // namespace chaoskit::periodic
