#pragma once
// The variational equations of any Model, integrated together with the state:
//
//   X = [x | Φ | S_a | S_r]   (n × (1 + n + 2m), fixed size, or sized at run time: core/types.hpp)
//   ẋ   = f(x, u(t), t)
//   Φ̇   = A(t) Φ,                      Φ(t0) = I            → Ψ(T, t0) = Φ(T)
//   Ṡ_a = A(t) S_a + B(t) diag(on(t)),  S_a(t0) = 0          → ∂x(T)/∂a_i (amplitude of channel i)
//   Ṡ_r = A(t) S_r,                     S_r(t0) = 0, and at a release r_i
//         S_r,i(r_i⁺) = S_r,i(r_i⁻) + f(x, u⁺ + (u⁻_i − u⁺_i) e_i) − f(x, u⁺)   → ∂x(T)/∂r_i
//
// with A = ∂f/∂x and B = ∂f/∂u from automatic differentiation (jacobians.hpp), evaluated at every
// stage time with the input of that time, so time-dependent inputs are handled exactly. The
// release column is the forward-sensitivity form of Ψ(T, r_i)[f(x(r_i), u⁻) − f(x(r_i), u⁺)]: a
// later release keeps channel i on for dr longer. The amplitude column is ∫ Ψ(T,s) B(s) e_i on_i(s) ds.
// All columns share the error control of the state (infinity norm over X).
#include <vector>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/integrate/driver.hpp"
#include "chaoskit/integrate/jacobians.hpp"
#include "chaoskit/integrate/trajectory.hpp"
#include "chaoskit/models/model_concepts.hpp"

namespace chaoskit {

template <Model M>
struct VariationalSystem {
  using ModelType = M;
  static constexpr int n = M::state_dim;
  static constexpr int m = M::input_dim;
  static constexpr int cols = extent_sum(1, extent_sum(n, extent_product(2, m)));
  using State = Mat<double, n, cols>;

  const M& model;
  InputSegment seg{};
  mutable RhsJacobians<M> jac{};
  int mode = 0;  ///< a hybrid model's mode (integrate/driver.hpp keeps it)

  void set_segment(const InputSegment& s) { seg = s; }

  void operator()(const State& X, State& dX, double t) const {
    const int ns = state_count(model), ms = input_count(model);
    const Vec<double, n> x = X.col(0);
    const Vec<double, m> u = seg.template u<m>(t);
    rhs_jacobians(model, x, u, t, jac, mode);
    dX.col(0) = jac.f;
    dX.template middleCols<n>(1, ns).noalias() = jac.fx * X.template middleCols<n>(1, ns);
    if constexpr (m != 0) {
      if (ms > 0) {
        dX.template middleCols<m>(1 + ns, ms).noalias() = jac.fx * X.template middleCols<m>(1 + ns, ms);
        dX.template middleCols<m>(1 + ns, ms) += jac.fu * seg.template active_mask<m>().asDiagonal();
        dX.template middleCols<m>(1 + ns + ms, ms).noalias() = jac.fx * X.template middleCols<m>(1 + ns + ms, ms);
      }
    }
  }

  static Vec<double, n> model_state(const State& X) { return X.col(0); }

  /// At an event (saltation.hpp): Φ and the sensitivities jump by S; an amplitude column also by
  /// S_u e_i while its channel is on (the guard and the reset may depend on the inputs).
  template <class Record>
  void apply_event(State& X, const Record& e) const {
    const int ns = state_count(model), ms = input_count(model);
    constexpr int tangent_cols = extent_sum(cols, -1);
    X.col(0) = e.x_plus;
    X.template rightCols<tangent_cols>(X.cols() - 1) = (e.S * X.template rightCols<tangent_cols>(X.cols() - 1)).eval();
    if constexpr (m != 0)
      if (ms > 0) X.template middleCols<m>(1 + ns, ms) += e.S_u * seg.template active_mask<m>().asDiagonal();
  }

  /// Jump of the release columns at a boundary where channels switch off.
  void apply_release_jumps(State& X, double t, const InputSegment& before, const InputSegment& after) const {
    if constexpr (m != 0) {
      const int ns = state_count(model), ms = input_count(model);
      const Vec<double, n> x = X.col(0);
      const Vec<double, m> u_minus = before.template u<m>(t);
      const Vec<double, m> u_plus = after.template u<m>(t);
      const Vec<double, n> f_plus = model_rhs(model, x, u_plus, t, mode);
      for (int i = 0; i < ms; ++i) {
        if (!(before.active[i] && !after.active[i])) continue;
        Vec<double, m> u_late = u_plus;
        u_late(i) = u_minus(i);
        X.col(1 + ns + ms + i) += model_rhs(model, x, u_late, t, mode) - f_plus;
      }
    }
  }
};

template <Model M>
struct VariationalResult {
  static constexpr int n = M::state_dim;
  static constexpr int m = M::input_dim;
  IntegrationReport report;
  double t0 = 0.0, T = 0.0;
  Vec<double, n> x0, xT;
  Mat<double, n, n> stm;          ///< Ψ(T, t0) = ∂x(T)/∂x(t0)
  Mat<double, n, m> d_amplitude;  ///< ∂x(T)/∂a_i: unit moment added to channel i while it is on
  Mat<double, n, m> d_release;    ///< ∂x(T)/∂r_i (zero for channels not released inside (t0, T))
};

/// Integrates x and its variational equations from t0 to T under `inputs` (see the file comment).
/// A failure is reported in report.status (the matrices then hold the values at report.t).
template <Model M>
VariationalResult<M> propagate_variational(const M& model, const Vec<double, M::state_dim>& x0,
                                           const InputSchedule& inputs, double t0, double T,
                                           const IntegratorOptions& opt) {
  constexpr int n = M::state_dim;
  constexpr int m = M::input_dim;
  const int ns = state_count(model), ms = input_count(model);
  if (inputs.dim() != ms && inputs.dim() != 0)
    throw InputError("inputs",
                     "model has " + std::to_string(ms) + " inputs, schedule has " + std::to_string(inputs.dim()));
  if (!(T >= t0)) throw InputError("t_end", "final time must be >= the initial time");
  const InputSchedule sched = inputs.dim() == ms ? inputs : InputSchedule(ms);
  using Sys = VariationalSystem<M>;
  Sys sys{model};
  typename Sys::State X = Sys::State::Zero(ns, 1 + ns + 2 * ms);
  X.col(0) = x0;
  X.template middleCols<n>(1, ns).setIdentity();
  auto jumps = [&sys](typename Sys::State& Xs, double t, const InputSegment& a, const InputSegment& b) {
    sys.apply_release_jumps(Xs, t, a, b);
  };
  VariationalResult<M> r;
  r.report = integrate_piecewise(sys, X, sched.segments(t0, T), {}, opt, jumps, NoObserver{});
  r.t0 = t0;
  r.T = r.report.t;
  r.x0 = x0;
  r.xT = X.col(0);
  r.stm = X.template middleCols<n>(1, ns);
  r.d_amplitude = X.template middleCols<m>(1 + ns, ms);
  r.d_release = X.template middleCols<m>(1 + ns + ms, ms);
  return r;
}

/// The flow map alone: x(T) from x(t0) (no outputs), for finite-difference checks and shooting.
template <Model M>
Vec<double, M::state_dim> flow(const M& model, const Vec<double, M::state_dim>& x0, const InputSchedule& inputs,
                               double t0, double T, const IntegratorOptions& opt, IntegrationReport* report = nullptr) {
  const std::vector<double> outputs{T};
  Vec<double, M::state_dim> xT = Vec<double, M::state_dim>::Constant(state_count(model), NAN);
  auto tr = simulate(model, x0, inputs, t0, T, outputs, opt);
  if (report) *report = tr.report;
  if (!tr.x.empty()) xT = tr.x.back();
  return xT;
}

}  // namespace chaoskit
