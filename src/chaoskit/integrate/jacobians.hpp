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
  constexpr int K = n + m;
  using AD = Eigen::AutoDiffScalar<Vec<double, K>>;
  Vec<AD, n> xa;
  Vec<AD, m> ua;
  for (int i = 0; i < n; ++i) xa(i) = AD(x(i), K, i);
  for (int j = 0; j < m; ++j) ua(j) = AD(u(j), K, n + j);
  const Vec<AD, n> fa = model_rhs(model, xa, ua, AD(t), mode);
  for (int i = 0; i < n; ++i) {
    out.f(i) = fa(i).value();
    out.fx.row(i) = fa(i).derivatives().template head<n>().transpose();
    if constexpr (m > 0) out.fu.row(i) = fa(i).derivatives().template tail<m>().transpose();
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
