#include "chaoskit/periodic/shooting.hpp"

#include <cmath>
#include <exception>
#include <string>

#include "chaoskit/core/errors.hpp"

namespace chaoskit::periodic {

namespace {

/// Runs body(i) for i = 0 … count−1 on up to `threads` threads (each i writes only its own slot);
/// the first exception any of them threw is rethrown here.
template <class Body>
void for_each_segment(int count, int threads, Body&& body) {
  if (threads <= 1 || count <= 1) {
    for (int i = 0; i < count; ++i) body(i);
    return;
  }
  std::vector<std::exception_ptr> errors(static_cast<std::size_t>(count));
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
  for (int i = 0; i < count; ++i) {
    try {
      body(i);
    } catch (...) { errors[static_cast<std::size_t>(i)] = std::current_exception(); }
  }
  for (const auto& e : errors)
    if (e) std::rethrow_exception(e);
}

/// The first failed step in segment order (so the message does not depend on the thread count);
/// the segment is named only when there are several.
bool first_failure(const std::vector<MapStep>& steps, ShootingEval& out) {
  for (std::size_t i = 0; i < steps.size(); ++i) {
    if (steps[i].ok()) continue;
    out.status = steps[i].status;
    out.message = steps.size() > 1 ? "segment " + std::to_string(i) + ": " + steps[i].message : steps[i].message;
    return true;
  }
  return false;
}

}  // namespace

ShootingLayout shooting_layout(const PeriodicProblem& problem, int segments) {
  if (segments < 1) throw InputError("segments", "must be a positive integer, got " + std::to_string(segments));
  ShootingLayout l;
  l.n = problem.dim;
  l.segments = segments;
  l.free_period = problem.kind == ProblemKind::autonomous_flow;
  l.unfolding = problem.conservative();
  return l;
}

void set_phase_reference(ShootingContext& ctx, const Vector& x) {
  if (!ctx.layout.free_period) return;
  const Vector f = ctx.problem->vector_field(x, 0.0);
  const double norm = f.norm();
  if (!(norm > 0.0) || !std::isfinite(norm))
    throw InputError("state",
                     "the vector field vanishes (or is not finite) at the state: an equilibrium has no period");
  ctx.phase_point = x;
  ctx.phase_normal = f / norm;
}

double shooting_period(const ShootingContext& ctx, const Vector& z) {
  switch (ctx.problem->kind) {
    case ProblemKind::autonomous_flow: return z(ctx.layout.period_index());
    case ProblemKind::periodic_flow: return ctx.fixed_period;
    case ProblemKind::map: break;
  }
  return NAN;
}

ShootingEval evaluate_shooting(const ShootingContext& ctx, const Vector& z, bool with_jacobian) {
  const PeriodicProblem& p = *ctx.problem;
  const ShootingLayout& l = ctx.layout;
  const int n = l.n, m = l.segments, N = l.size();
  ShootingEval out;
  const double T = shooting_period(ctx, z);
  if (p.is_flow() && !(T > 0.0 && std::isfinite(T))) {
    out.status = StepStatus::invalid_state;
    out.message = "the period became " + std::to_string(T) + " (it must stay > 0)";
    return out;
  }
  const double h = p.is_flow() ? T / m : 0.0;
  std::vector<MapStep> steps(static_cast<std::size_t>(m));
  std::vector<Vector> ends_f(static_cast<std::size_t>(m));
  for_each_segment(m, ctx.threads, [&](int i) {
    const double t0 = i * h;
    MapStep s = p.advance(shooting_point(l, z, i), t0, h, with_jacobian);
    if (s.ok() && !s.x.allFinite()) s = failed_step(StepStatus::integration_failed, "the image is not finite");
    if (s.ok() && l.free_period && with_jacobian) ends_f[static_cast<std::size_t>(i)] = p.vector_field(s.x, t0 + h);
    steps[static_cast<std::size_t>(i)] = std::move(s);
  });
  if (first_failure(steps, out)) return out;

  const Vector x0 = shooting_point(l, z, 0);
  const double beta = l.unfolding ? z(l.beta_index()) : 0.0;
  if (l.unfolding) out.energy_gradient = energy_gradient(p.energy, x0);
  out.residual.resize(N);
  out.return_time = 0.0;
  bool all_dparam = true;
  for (int i = 0; i < m; ++i) {
    const MapStep& s = steps[static_cast<std::size_t>(i)];
    const int next = (i + 1) % m;
    Vector e = s.x - shooting_point(l, z, next);
    if (i == m - 1) {
      if (p.shift.size()) e -= p.shift;
      if (l.unfolding) e += beta * out.energy_gradient;
    }
    out.residual.segment(i * n, n) = e;
    out.return_time += s.time;
    out.segment_ends.push_back(s.x);
    all_dparam = all_dparam && s.d_param.size() == n;
  }
  if (all_dparam)
    for (const auto& s : steps) out.segment_dparam.push_back(s.d_param);
  if (l.free_period) out.residual(l.phase_row()) = ctx.phase_normal.dot(x0 - ctx.phase_point);
  if (l.unfolding) out.residual(l.energy_row()) = p.energy(x0) - ctx.energy_level;
  if (!out.residual.allFinite()) {
    out.status = StepStatus::invalid_state;
    out.message = "the shooting residual is not finite (the energy is undefined at the state?)";
    return out;
  }
  if (!with_jacobian) return out;

  out.jacobian = Matrix::Zero(N, N);
  for (int i = 0; i < m; ++i) {
    const MapStep& s = steps[static_cast<std::size_t>(i)];
    const int next = (i + 1) % m;
    out.jacobian.block(i * n, i * n, n, n) += s.jacobian;
    out.jacobian.block(i * n, next * n, n, n) -= Matrix::Identity(n, n);
    if (l.free_period) out.jacobian.block(i * n, l.period_index(), n, 1) = ends_f[static_cast<std::size_t>(i)] / m;
    out.segment_jacobians.push_back(s.jacobian);
  }
  if (l.unfolding) {
    // ∂/∂β of the closing equation; β ∇²H is left out of ∂/∂x_0: β vanishes at a solution, so
    // the quadratic convergence does not depend on it.
    out.jacobian.block((m - 1) * n, l.beta_index(), n, 1) = out.energy_gradient;
    out.jacobian.block(l.energy_row(), 0, 1, n) = out.energy_gradient.transpose();
  }
  if (l.free_period) out.jacobian.block(l.phase_row(), 0, 1, n) = ctx.phase_normal.transpose();
  return out;
}

ShootingEval spread_guess(const PeriodicProblem& problem, const Vector& x0, double period, int segments) {
  // Sequential by nature: each segment starts where the previous one ended.
  ShootingEval out;
  out.segment_ends.push_back(x0);
  const double h = problem.is_flow() ? period / segments : 0.0;
  for (int i = 1; i < segments; ++i) {
    const MapStep s = problem.advance(out.segment_ends.back(), (i - 1) * h, h, false);
    if (!s.ok()) {
      out.status = s.status;
      out.message = "spreading the guess over the segments, segment " + std::to_string(i - 1) + ": " + s.message;
      return out;
    }
    out.segment_ends.push_back(s.x);
  }
  return out;
}

Matrix monodromy_of(const ShootingEval& eval) {
  Matrix M = eval.segment_jacobians.front();
  for (std::size_t i = 1; i < eval.segment_jacobians.size(); ++i) M = eval.segment_jacobians[i] * M;
  return M;
}

}  // namespace chaoskit::periodic
