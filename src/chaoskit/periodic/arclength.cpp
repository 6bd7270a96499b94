#include "chaoskit/periodic/arclength.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
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

double max_abs(const Vector& v) { return v.size() ? v.cwiseAbs().maxCoeff() : 0.0; }

/// The bordered matrix [G_z G_p; rowᵀ].
Matrix bordered(const ArcEval& e, const Vector& row) {
  const Eigen::Index N = e.shooting.jacobian.rows();
  Matrix A(N + 1, N + 1);
  A.topLeftCorner(N, N) = e.shooting.jacobian;
  A.topRightCorner(N, 1) = e.g_p;
  A.bottomRows(1) = row.transpose();
  return A;
}

}  // namespace

ArcSystem::ArcSystem(const ParameterFamily& family, const OrbitOptions& options) : family_(family), options_(options) {
  const PeriodicProblem p0 = problem(family.start);
  layout_ = make_context(p0, options).layout;
}

PeriodicProblem ArcSystem::problem(double p) const { return family_.energy_level ? family_.fixed : family_.at(p); }

void ArcSystem::set_reference(const Vector& x0, double p) {
  const PeriodicProblem prob = problem(p);
  ShootingContext ctx = make_context(prob, options_);
  set_phase_reference(ctx, x0);
  phase_point_ = ctx.phase_point;
  phase_normal_ = ctx.phase_normal;
}

ShootingContext ArcSystem::context(const PeriodicProblem& prob, double p) const {
  ShootingContext ctx = make_context(prob, options_);
  ctx.phase_point = phase_point_;
  ctx.phase_normal = phase_normal_;
  ctx.energy_level = family_.energy_level ? p : energy_level_;
  return ctx;
}

ArcEval ArcSystem::evaluate(const Vector& z, double p, bool with_jacobian) const {
  ArcEval out;
  PeriodicProblem prob;
  try {
    prob = problem(p);
  } catch (const InputError& e) {
    out.shooting.status = StepStatus::invalid_state;
    out.shooting.message = "the model refuses " + family_.name + " = " + sci(p) + ": " + e.what();
    return out;
  }
  const ShootingContext ctx = context(prob, p);
  out.shooting = evaluate_shooting(ctx, z, with_jacobian);
  if (!out.ok() || !with_jacobian) return out;
  const int N = layout_.size();
  out.g_p = Vector::Zero(N);
  if (family_.energy_level) {
    out.g_p(layout_.energy_row()) = -1.0;
    return out;
  }
  const double h = 1e-5 * std::max(1.0, std::abs(p));
  // A side the model refuses (a parameter at its bound, b = 0) is replaced by p itself: a one-sided
  // difference, O(h) instead of O(h²), which only the corrector's speed notices.
  const auto side = [&](double q) -> std::optional<PeriodicProblem> {
    try {
      return problem(q);
    } catch (const InputError&) { return std::nullopt; }
  };
  std::optional<PeriodicProblem> pp = side(p + h), pm = side(p - h);
  double hp = h, hm = h;
  if (!pp) pp = prob, hp = 0.0;
  if (!pm) pm = prob, hm = 0.0;
  if (hp + hm == 0.0) {
    out.shooting.status = StepStatus::invalid_state;
    out.shooting.message = "the model refuses " + family_.name + " on both sides of " + sci(p);
    return out;
  }
  if (!out.shooting.segment_dparam.empty()) {
    // Exact segment derivatives; the energy row (H may depend on p, e.g. −(B u)ᵀq) by differences of H.
    for (int i = 0; i < layout_.segments; ++i)
      out.g_p.segment(i * layout_.n, layout_.n) = out.shooting.segment_dparam[static_cast<std::size_t>(i)];
    if (layout_.unfolding) {
      const Vector x0 = shooting_point(layout_, z, 0);
      out.g_p(layout_.energy_row()) = (pp->energy(x0) - pm->energy(x0)) / (hp + hm);
    }
    return out;
  }
  const ShootingEval ep = evaluate_shooting(context(*pp, p + hp), z, false);
  const ShootingEval em = evaluate_shooting(context(*pm, p - hm), z, false);
  if (!ep.ok() || !em.ok()) {
    out.shooting.status = ep.ok() ? em.status : ep.status;
    out.shooting.message = "differencing in " + family_.name + ": " + (ep.ok() ? em.message : ep.message);
    return out;
  }
  out.g_p = (ep.residual - em.residual) / (hp + hm);
  return out;
}

Vector ArcSystem::weighted(const Vector& a) const {
  Vector w = a;
  const int nm = layout_.n * layout_.segments;
  w.head(nm) /= layout_.segments;
  return w;
}

double ArcSystem::dot(const Vector& a, const Vector& b) const { return a.dot(weighted(b)); }

Corrected correct(const ArcSystem& sys, const Vector& z_pred, double p_pred, const Vector& tangent) {
  Corrected c;
  const int N = sys.layout().size();
  Vector u(N + 1);
  u << z_pred, p_pred;
  const Vector u_pred = u;
  const Vector row = sys.weighted(tangent);
  const double tol = sys.options().tolerance;
  const int max_it = std::max(1, sys.options().max_iterations);
  double first = INFINITY;
  for (int it = 0;; ++it) {
    c.eval = sys.evaluate(u.head(N), u(N), true);
    c.iterations = it;
    if (!c.eval.ok()) {
      c.message = c.eval.shooting.message;
      return c;
    }
    const double r = max_abs(c.eval.shooting.residual);
    if (r <= tol) break;
    if (it == max_it) {
      c.message = "corrector: residual " + sci(r) + " after " + std::to_string(it) + " iterations";
      return c;
    }
    // Beside a branch point the bordered Jacobian is nearly singular and the residual may grow for an
    // iteration or two before it converges; only a residual far above the first one is divergence.
    if (it == 0) first = r;
    if (r > 1e3 * first) {
      c.message = "corrector diverging: residual " + sci(r);
      return c;
    }
    Vector rhs(N + 1);
    rhs << -c.eval.shooting.residual, -row.dot(u - u_pred);
    const LinearSolve s = solve_linear(bordered(c.eval, row), rhs, 0.0);
    if (s.singular()) {
      c.message = "corrector: singular bordered Jacobian (reciprocal condition " + sci(s.rcond) + ")";
      return c;
    }
    u += s.x;
  }
  c.ok = true;
  c.z = u.head(N);
  c.p = u(N);
  return c;
}

Vector arc_tangent(const ArcSystem& sys, const ArcEval& eval, const Vector& previous) {
  const int N = sys.layout().size();
  Vector rhs = Vector::Zero(N + 1);
  rhs(N) = 1.0;
  const LinearSolve s = solve_linear(bordered(eval, sys.weighted(previous)), rhs, 0.0);
  if (s.singular()) return Vector();
  return sys.normalized(s.x);
}

Vector start_tangent(const ArcSystem& sys, const ArcEval& eval, int direction) {
  const int N = sys.layout().size();
  const LinearSolve s = solve_linear(eval.shooting.jacobian, -eval.g_p);
  if (s.singular()) return Vector();
  Vector t(N + 1);
  t << s.x, 1.0;
  return sys.normalized(direction < 0 ? Vector(-t) : t);
}

}  // namespace chaoskit::periodic
