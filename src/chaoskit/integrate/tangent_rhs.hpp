#pragma once
// The tangent right-hand side of any Model: f(x, u, t) and ∂f/∂x · W for K deviation vectors
// W (n × K). This is all the tangent flow needs (Lyapunov exponents, SALI/GALI, MEGNO); the
// Jacobian itself is never needed there, so it is not formed.
//
// Two ways, chosen at compile time:
//   - a model may supply a member `tangent_rhs(x, u, t, W, f, JW)` with hand-derived formulas
//     (GolfModel and LimbModel do: they share their sin/cos between f and J·W; golf's costs about
//     a fifth of the AutoDiff path, the limb's orbit_class runs at about half the AutoDiff time;
//     Lorenz and Hénon–Heiles have one so that the SIMD lanes, which need plain arithmetic, and
//     this scalar path perform the same operations, simd/README.md);
//   - otherwise forward-mode AutoDiff seeded with W (a Jacobian–vector product): every scalar
//     carries K derivatives, one per tangent direction, instead of the n + m of the full Jacobian
//     in jacobians.hpp, and there is no n × n product afterwards. For λ_max (K = 1) that is one
//     derivative per operation instead of six on the two-link models.
// The inputs u are not perturbed (their derivative seeds are zero), as in Ẇ = ∂f/∂x W.
// A hybrid model's vector field depends on its mode (models/hybrid_model.hpp): its own tangent_rhs
// then takes the mode as a last argument, or the AutoDiff path differentiates rhs(x, u, t, mode).
// f and JW may be plain vectors/matrices or writable blocks of a larger one (the tangent flow writes
// straight into the columns of its derivative: no temporaries, and no packed reload of values just
// stored one by one, which stalls store forwarding on the hot path).
// tests/integrate/test_tangent_rhs.cpp checks both against rhs_jacobians' f_x · W.
#include "chaoskit/core/autodiff.hpp"

#include "chaoskit/core/types.hpp"
#include "chaoskit/models/hybrid_model.hpp"
#include "chaoskit/models/model_concepts.hpp"

namespace chaoskit {

/// A model with its own (hand-derived) tangent right-hand side for K directions.
template <class M, int K>
concept HasTangentRhs = Model<M> &&
    requires(const M& m, const Vec<double, M::state_dim>& x, const Vec<double, M::input_dim>& u, double t,
             const Mat<double, M::state_dim, K>& W, Vec<double, M::state_dim>& f, Mat<double, M::state_dim, K>& JW) {
  m.tangent_rhs(x, u, t, W, f, JW);
};

/// A hybrid model with its own tangent right-hand side in each mode.
template <class M, int K>
concept HasModeTangentRhs = HybridModel<M> &&
    requires(const M& m, const Vec<double, M::state_dim>& x, const Vec<double, M::input_dim>& u, double t,
             const Mat<double, M::state_dim, K>& W, Vec<double, M::state_dim>& f, Mat<double, M::state_dim, K>& JW) {
  m.tangent_rhs(x, u, t, W, f, JW, 0);
};

/// f and ∂f/∂x · W by AutoDiff directional derivatives (the generic path; see the file comment).
template <int K, Model M, class FOut, class JWOut>
void tangent_rhs_autodiff(const M& model, const Vec<double, M::state_dim>& x, const Vec<double, M::input_dim>& u,
                          double t, const Mat<double, M::state_dim, K>& W, FOut&& f, JWOut&& JW, int mode = 0) {
  constexpr int n = M::state_dim;
  constexpr int m = M::input_dim;
  using AD = Eigen::AutoDiffScalar<Vec<double, K>>;
  const int ns = state_count(model), ms = input_count(model);
  auto xa = sized<Vec<AD, n>>(ns);
  auto ua = sized<Vec<AD, m>>(ms);
  for (int i = 0; i < ns; ++i) xa(i) = AD(x(i), W.row(i).transpose());
  for (int j = 0; j < ms; ++j) ua(j) = AD(u(j));  // constant: zero derivatives
  const Vec<AD, n> fa = model_rhs(model, xa, ua, AD(t), mode);
  for (int i = 0; i < ns; ++i) {
    f(i) = fa(i).value();
    JW.row(i) = fa(i).derivatives().transpose();
  }
}

/// f and ∂f/∂x · W in `mode` (0 for a model without events): the model's own formulas when it has
/// them, AutoDiff otherwise. f: n × 1 and JW: n × K, writable (see the file comment).
template <int K, Model M, class FOut, class JWOut>
void tangent_rhs(const M& model, const Vec<double, M::state_dim>& x, const Vec<double, M::input_dim>& u, double t,
                 const Mat<double, M::state_dim, K>& W, FOut&& f, JWOut&& JW, int mode = 0) {
  if constexpr (HasModeTangentRhs<M, K>) {
    model.tangent_rhs(x, u, t, W, f, JW, mode);
  } else if constexpr (HasTangentRhs<M, K>) {
    if (mode == 0)  // rhs(x, u, t) is mode 0's (hybrid_model.hpp)
      model.tangent_rhs(x, u, t, W, f, JW);
    else
      tangent_rhs_autodiff<K>(model, x, u, t, W, f, JW, mode);
  } else {
    tangent_rhs_autodiff<K>(model, x, u, t, W, f, JW, mode);
  }
}

}  // namespace chaoskit
