#pragma once
// What happens to a trajectory and to every perturbation of it at an event of a hybrid model
// (models/hybrid_model.hpp): the one place where chaoskit crosses an event. The state jumps by the
// reset, x⁺ = R(x⁻, u, t); a perturbation δx⁻ carried by the flow jumps by the saltation matrix
//
//   S = R_x + (f⁺ − R_x f⁻ − R_t) g_xᵀ / ġ,     ġ = g_x · f⁻ + g_t   (the guard's rate at the event)
//
// (Aizerman & Gantmacher 1958; Müller 1995, Chaos Solitons Fractals 5:1671; Leine & Nijmeijer 2004),
// because the perturbed trajectory meets the guard δτ = −g_x δx⁻ / ġ later and flows by f⁻ before
// its jump and by f⁺ after it. Every tangent quantity (STM, λ, spectra, SALI/GALI, MEGNO,
// orbit_class, FTLE) multiplies its deviation vectors by S at the event: integrate/driver.hpp calls
// event_jump() and the system's apply_event().
//
// Inputs enter the guard and the reset too (a constraint force depends on the joint moments), so a
// sensitivity to an input amplitude p, with ∂u/∂p = e, jumps by S s⁻ + S_u e with
//   S_u = R_u − (f⁺ − R_x f⁻ − R_t) g_uᵀ / ġ.
// A return map taken at the event (the stride map: the state just after each heel strike) is
// differentiated at the perturbed event time rather than at a fixed time: its Jacobian is
// (S − f⁺ g_xᵀ / ġ) Φ = R_x (I − f⁻ g_xᵀ / ġ) Φ with Φ the STM up to the event (map_jacobian()).
//
// All derivatives come from one AutoDiff evaluation of the model's templated guard and reset with
// n + m + 1 directions (state, inputs, time): exact, no differences.
#include <cmath>

#include "chaoskit/core/autodiff.hpp"
#include "chaoskit/core/types.hpp"
#include "chaoskit/models/hybrid_model.hpp"

namespace chaoskit {

/// One event as it happened, with everything a sensitivity needs to cross it.
template <int n, int m>
struct EventRecord {
  int event = -1;  ///< the model's event index
  double t = 0.0;  ///< when [s]
  int mode_before = 0, mode_after = 0;
  Vec<double, n> x_minus, x_plus;  ///< the state just before and just after
  Vec<double, n> f_minus, f_plus;  ///< the vector field there (in the modes before and after)
  Vec<double, n> g_x;              ///< ∂g/∂x at x⁻
  double g_rate = NAN;             ///< ġ = g_x · f⁻ + g_t: how fast the guard was crossed
  Mat<double, n, n> S;             ///< the saltation matrix: δx⁺ = S δx⁻ at a fixed time after the event
  Mat<double, n, m> S_u;           ///< δx⁺ = S δx⁻ + S_u δu for a perturbation δu of the inputs

  /// ∂x⁺/∂x⁻ of the map taken at the event itself (not at a fixed time): S − f⁺ g_xᵀ / ġ.
  Mat<double, n, n> map_jacobian() const { return S - f_plus * g_x.transpose() / g_rate; }
  /// How much the guard's crossing is a graze: |ġ| relative to |g_x| |f⁻| (0 is tangential).
  double crossing_angle() const {
    const double scale = g_x.norm() * f_minus.norm();
    return scale > 0.0 ? std::abs(g_rate) / scale : 0.0;
  }
};

/// The jump at event k of `model`, which happened in `mode` at time t in state x⁻ under inputs u:
/// x⁺, S, S_u and the rest of the record (see the file comment).
template <HybridModel M>
EventRecord<M::state_dim, M::input_dim> event_jump(const M& model, int k, const Vec<double, M::state_dim>& x_minus,
                                                   const Vec<double, M::input_dim>& u, double t, int mode) {
  constexpr int n = M::state_dim;
  constexpr int m = M::input_dim;
  constexpr int K = extent_sum(extent_sum(n, m), 1);  // directions: the state, the inputs, time
  const int ns = state_count(model), ms = input_count(model), k_dirs = ns + ms + 1;
  using AD = Eigen::AutoDiffScalar<Vec<double, K>>;
  auto xa = sized<Vec<AD, n>>(ns);
  auto ua = sized<Vec<AD, m>>(ms);
  for (int i = 0; i < ns; ++i) xa(i) = AD(x_minus(i), k_dirs, i);
  for (int j = 0; j < ms; ++j) ua(j) = AD(u(j), k_dirs, ns + j);
  const AD ta(t, k_dirs, ns + ms);
  const AD g = model.template event_guard<AD>(k, xa, ua, ta);
  const Vec<AD, n> R = model.template event_reset<AD>(k, xa, ua, ta);

  EventRecord<n, m> e;
  e.event = k;
  e.t = t;
  e.mode_before = mode;
  e.mode_after = mode_after_event(model, k, mode);
  e.x_minus = x_minus;
  auto R_x = sized<Mat<double, n, n>>(ns, ns);
  auto R_u = sized<Mat<double, n, m>>(ns, ms);
  auto R_t = sized<Vec<double, n>>(ns);
  e.x_plus.resize(ns);
  for (int i = 0; i < ns; ++i) {
    e.x_plus(i) = R(i).value();
    R_x.row(i) = R(i).derivatives().template head<n>(ns).transpose();
    if constexpr (m != 0) R_u.row(i) = R(i).derivatives().template segment<m>(ns, ms).transpose();
    R_t(i) = R(i).derivatives()(ns + ms);
  }
  e.g_x = g.derivatives().template head<n>(ns);
  const Vec<double, m> g_u = g.derivatives().template segment<m>(ns, ms);
  const double g_t = g.derivatives()(ns + ms);
  e.f_minus = model.rhs(x_minus, u, t, e.mode_before);
  e.f_plus = model.rhs(e.x_plus, u, t, e.mode_after);
  e.g_rate = e.g_x.dot(e.f_minus) + g_t;
  const Vec<double, n> jump_rate = e.f_plus - R_x * e.f_minus - R_t;
  e.S = R_x + jump_rate * e.g_x.transpose() / e.g_rate;
  if constexpr (m != 0)
    e.S_u = R_u - jump_rate * g_u.transpose() / e.g_rate;
  else
    e.S_u.setZero(ns, ms);
  return e;
}

/// The guard of event k at (x, u, t) with what arming it needs (integrate/event_tracker.hpp): its
/// value, its rate ġ = g_x · f + g_t along the flow of `mode`, and the scales that say when each is
/// zero to rounding: |g_x| |x| + |g_t| |t| for g, |g_x| |f| + |g_t| for ġ.
struct GuardRate {
  double g = NAN, rate = NAN, g_scale = NAN, rate_scale = NAN;
};
template <HybridModel M>
GuardRate guard_rate(const M& model, int k, const Vec<double, M::state_dim>& x, const Vec<double, M::input_dim>& u,
                     double t, int mode) {
  constexpr int n = M::state_dim;
  const int ns = state_count(model), ms = input_count(model);
  using AD = Eigen::AutoDiffScalar<Vec<double, extent_sum(n, 1)>>;
  auto xa = sized<Vec<AD, n>>(ns);
  for (int i = 0; i < ns; ++i) xa(i) = AD(x(i), ns + 1, i);
  auto ua = sized<Vec<AD, M::input_dim>>(ms);
  for (int j = 0; j < ms; ++j) ua(j) = AD(u(j));
  const AD g = model.template event_guard<AD>(k, xa, ua, AD(t, ns + 1, ns));
  const Vec<double, n> g_x = g.derivatives().template head<n>(ns);
  const double g_t = g.derivatives()(ns);
  const Vec<double, n> f = model.rhs(x, u, t, mode);
  return {g.value(), g_x.dot(f) + g_t, g_x.norm() * x.norm() + std::abs(g_t * t),
          g_x.norm() * f.norm() + std::abs(g_t)};
}

}  // namespace chaoskit
