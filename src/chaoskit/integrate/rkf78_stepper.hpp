#pragma once
// rkf78: Fehlberg's 7(8) pair (rkf78_tableau.hpp) with the 8th-order solution propagated. No dense
// output: the driver shortens steps to land on output times.
//
// Boost.Odeint's runge_kutta_fehlberg78 in a controlled_runge_kutta with its default error
// checker, restated on explicit_rk.hpp's loops so that the stage sums skip the tableau's zeros (55
// of the 78 stage coefficients are nonzero, and the error estimate uses 4 of 13 stages): the same
// arithmetic in the same order, so the same steps and values bit for bit while every stage is
// finite (tests/integrate/test_explicit_rk.cpp compares the two).
// Step rule: h ← h · clamp(0.9 err^(−1/8), 1/5, 5) after every attempt (err is the error of the
// 7th-order solution, O(h^8)), with no growth on the step after a rejection (Hairer, Nørsett &
// Wanner, Solving ODEs I, II.4). odeint's default rule grows a step only when err < 0.5 and then by
// up to 0.9 err^(−1/8); on the chaotic pendulums at 1e-9 it had 22 % of rkf78's attempts rejected
// (tools/bench), each costing 12 rhs. About 19 % are still rejected: a smaller safety factor trades
// rejections for more steps, and no single value pays on every system (rhs per λ_max run, relative
// to 0.9, measured on golf, two limbs, Hénon–Heiles and Lorenz: 0.8 gives −4 %, −4 %, −2 %, +6.5 %;
// 0.85 −3 %, −3 %, −3 %, +1.4 %), so the textbook 0.9 stays.
// f(x) is kept across rejected attempts (12 rhs per retry, not 13); f(x_new) is evaluated on
// acceptance into a separate slot, so a step the driver refuses as non-finite is retried from the
// old f.
#include <algorithm>
#include <array>
#include <cmath>

#include "chaoskit/integrate/explicit_rk.hpp"
#include "chaoskit/integrate/integrator_options.hpp"
#include "chaoskit/integrate/rkf78_tableau.hpp"

namespace chaoskit::rkf78 {

/// err^(1/8) as three square roots: sqrt is one instruction, std::pow a libm call that was 4 % of
/// a golf λ_max integration (perf); the two differ by a few ulp, which no step size notices.
inline double eighth_root(double err) { return std::sqrt(std::sqrt(std::sqrt(err))); }

/// The step-size rule (see the file comment).
struct StepRule {
  bool after_reject = false;
  double decrease_step(double h, double err) {
    after_reject = true;
    return h * std::max(0.9 / eighth_root(err), 0.2);
  }
  double increase_step(double h, double err) {
    const double fac = err > 0 ? std::min(0.9 / eighth_root(err), 5.0) : 5.0;
    const double grown = h * (after_reject ? std::min(fac, 1.0) : fac);
    after_reject = false;
    return grown;
  }
};

template <class State>
struct Stepper {
  static constexpr bool dense = false;
  std::array<State, kStages> k;  // k[0] = f(t, x)
  State err, dxdt_new;
  double atol, rtol;
  StepRule rule;

  explicit Stepper(const IntegratorOptions& o) : atol(o.atol), rtol(o.rtol) {}

  template <class Sys>
  void start(Sys& sys, const State& x, double t) {
    rk::size_like(x, k, err, dxdt_new);
    sys(x, k[0], t);
  }

  /// One attempt of size dt from (x, t). Accepted: t advanced, x_new set and f(x_new) evaluated,
  /// dt the next step's size. Rejected: dt reduced, t unchanged.
  template <class Sys>
  rk::StepResult attempt(Sys& sys, const State& x, double& t, State& x_new, double& dt) {
    const double h = dt;
    rk::run_stages<1, kStages - 1, a, c>(sys, x_new, x, k, t, h);  // stage states in x_new, overwritten below
    rk::advance<kStages, b>(x_new, x, k, h);
    rk::weighted<kStages, db>(err, k, h);
    const double e = rk::error_norm(err, x, k[0], h, atol, rtol);
    if (e > 1.0) {
      dt = rule.decrease_step(h, e);
      return rk::StepResult::rejected;
    }
    t += h;
    dt = rule.increase_step(h, e);
    sys(x_new, dxdt_new, t);
    return rk::StepResult::accepted;
  }

  void accept() { k[0] = dxdt_new; }
  void interpolate(double, State&, const State&, double, const State&, double) const {}

  /// The state at t_q inside the step just accepted from (x_old, t_old), before accept(): one step
  /// of the same method of the shortened size, with no error control (shorter than a step the
  /// control accepted). The driver locates events with it (8th order, where a polynomial
  /// interpolant of the step would be 3rd); it reuses the stage slots k[1..12], which the accepted
  /// step no longer needs.
  template <class Sys>
  void state_in_step(Sys& sys, double t_q, State& out, const State& x_old, double t_old, const State&, double) {
    const double h = t_q - t_old;
    rk::run_stages<1, kStages - 1, a, c>(sys, out, x_old, k, t_old, h);
    rk::advance<kStages, b>(out, x_old, k, h);
  }
};

/// Stepper::state_in_step on the model's own components (a state's leading block, the part the
/// model's vector field moves): the same stages and sums restricted to them, with `field` the
/// model's vector field. Each stage's sum is formed component by component, and a system's leading
/// components evolve by the model's field, so the model state this gives has the bits of the model
/// state state_in_step gives, without the tangent columns and quadratures (three quarters of the
/// work of a classifier's state). Event location narrows a crossing with it: the guard reads the
/// model state only (integrate/event_tracker.hpp).
template <class ModelState>
struct ModelStages {
  std::array<ModelState, kStages> k;

  /// The model state at t_q of the step from (x_old, t_old) with f(x_old) = f_old.
  template <class Field>
  void state_in_step(Field& field, double t_q, ModelState& out, const ModelState& x_old, const ModelState& f_old,
                     double t_old) {
    rk::size_like(x_old, k);
    k[0] = f_old;
    const double h = t_q - t_old;
    rk::run_stages<1, kStages - 1, a, c>(field, out, x_old, k, t_old, h);
    rk::advance<kStages, b>(out, x_old, k, h);
  }
};

}  // namespace chaoskit::rkf78
