#pragma once
// ∂f/∂x and ∂f/∂u of any Model by forward-mode automatic differentiation (Eigen's AutoDiffScalar
// with a fixed-size derivative vector of width n + m, so no heap allocation): one evaluation of the
// model's templated rhs gives f, f_x and f_u together. Time enters as a constant, so the Jacobians
// are those of f(·, ·, t) at the given t, whatever the input history u(t) is: callers evaluate u at
// the same t (the variational system does this at every stage time).
#include "chaoskit/core/autodiff.hpp"

#include "chaoskit/core/types.hpp"
#include "chaoskit/models/hybrid_model.hpp"
#include "chaoskit/models/model_concepts.hpp"

namespace chaoskit {

template <Model M>
struct RhsJacobians {
  static constexpr int n = M::state_dim;
  static constexpr int m = M::input_dim;
  Vec<double, n> f;
  Mat<double, n, n> fx;  ///< ∂f/∂x
  Mat<double, n, m> fu;  ///< ∂f/∂u
};

/// f(x, u, t), ∂f/∂x and ∂f/∂u at one point (in `mode` for a hybrid model).
template <Model M>
void rhs_jacobians(const M& model, const Vec<double, M::state_dim>& x, const Vec<double, M::input_dim>& u, double t,
                   RhsJacobians<M>& out, int mode = 0) {
  constexpr int n = M::state_dim;
  constexpr int m = M::input_dim;
  constexpr int K = extent_sum(n, m);
  const int ns = state_count(model), ms = input_count(model), k = ns + ms;
  using AD = Eigen::AutoDiffScalar<Vec<double, K>>;
  auto xa = sized<Vec<AD, n>>(ns);
  auto ua = sized<Vec<AD, m>>(ms);
  for (int i = 0; i < ns; ++i) xa(i) = AD(x(i), k, i);
  for (int j = 0; j < ms; ++j) ua(j) = AD(u(j), k, ns + j);
  const Vec<AD, n> fa = model_rhs(model, xa, ua, AD(t), mode);
  out.f.resize(ns);
  out.fx.resize(ns, ns);
  out.fu.resize(ns, ms);
  for (int i = 0; i < ns; ++i) {
    out.f(i) = fa(i).value();
    out.fx.row(i) = fa(i).derivatives().template head<n>(ns).transpose();
    if constexpr (m != 0) out.fu.row(i) = fa(i).derivatives().template segment<m>(ns, ms).transpose();
  }
}

template <Model M>
RhsJacobians<M> rhs_jacobians(const M& model, const Vec<double, M::state_dim>& x, const Vec<double, M::input_dim>& u,
                              double t) {
  RhsJacobians<M> out;
  rhs_jacobians(model, x, u, t, out);
  return out;
}

}  // namespace chaoskit
