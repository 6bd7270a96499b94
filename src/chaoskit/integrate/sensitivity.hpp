#pragma once
// What Ψ(T, t0) and the input sensitivities mean for a task, and finite-time Lyapunov exponents.
//
// Endpoint task (mechanical models). With p(q) the endpoint (mechanics.hpp, endpoint_kinematics)
// and v = J_P(q) q̇ its velocity, the task map y(x) = (p, v) has the 4 × 2n Jacobian
//   ∂y/∂x = [[J_P, 0], [∂(J_P q̇)/∂q, J_P]]
// (by automatic differentiation). Its product with Ψ maps an initial-state perturbation to the
// endpoint at T; the position rows alone are J_P Ψ_q (the "J_P Ψ" of the golf chapter). Singular
// values give the largest and smallest gains. Units are mixed (m, m/s per rad, rad/s): compare
// rows of like units, or scale first, as the chapter insists.
//
// FTLE. λ_i = log σ_i(G_T Ψ G_0⁻¹) / (T − t0), in one of two metrics chosen by the user:
//   euclidean : G = I, the plain state norm |δx|² = δqᵀδq + δq̇ᵀδq̇.
//   kinetic   : |δx|²_x = δqᵀ M(q) δq + δq̇ᵀ M(q) δq̇, the kinetic-energy (mass-matrix) metric applied
//               to both the configuration and the rate block, G(x) = blockdiag(Lᵀ, Lᵀ) with M(q) = L Lᵀ
//               (Cholesky). It is invariant under a change of joint-angle convention (absolute vs
//               relative angles) and, for a conservative system, Σλ_i = 0 exactly (Liouville:
//               det Ψ = det M(q0) / det M(q(T)) in (q, q̇)), which the Euclidean metric does not give.
#include <string>

#include <Eigen/Cholesky>
#include "chaoskit/core/autodiff.hpp"

#include "chaoskit/core/dense_decompositions.hpp"
#include "chaoskit/core/errors.hpp"
#include "chaoskit/models/mechanical_form.hpp"
#include "chaoskit/models/mechanics.hpp"
#include "chaoskit/models/model_concepts.hpp"

namespace chaoskit {

enum class FtleMetric { euclidean, kinetic };

/// "euclidean" | "kinetic" (also "mass"); InputError("metric") otherwise.
inline FtleMetric parse_ftle_metric(const std::string& s) {
  if (s == "euclidean") return FtleMetric::euclidean;
  if (s == "kinetic" || s == "mass") return FtleMetric::kinetic;
  throw InputError("metric", "unknown metric '" + s + "' (known: euclidean, kinetic)");
}
inline std::string metric_name(FtleMetric m) { return m == FtleMetric::euclidean ? "euclidean" : "kinetic"; }

/// Endpoint position and velocity y = (p, v) of a mechanical model, templated on the scalar.
template <MechanicalModel M, class S>
Vec<S, 4> endpoint_task(const M& model, const Vec<S, M::state_dim>& x) {
  using std::cos;
  using std::sin;
  constexpr int d = M::dof;
  const int ds = coordinate_count(model);
  const Mat<double, d, d> A = model.angle_map();
  const Vec<double, d> ell = model.endpoint_lengths();
  const Vec<S, d> alpha = A.template cast<S>() * x.template head<d>(ds);
  const Vec<S, d> alpha_d = A.template cast<S>() * x.template segment<d>(x.size() - ds, ds);
  Vec<S, 4> y = Vec<S, 4>::Zero();
  for (int k = 0; k < ds; ++k) {
    y(0) += ell(k) * sin(alpha(k));
    y(1) -= ell(k) * cos(alpha(k));
    y(2) += ell(k) * alpha_d(k) * cos(alpha(k));
    y(3) += ell(k) * alpha_d(k) * sin(alpha(k));
  }
  return y;
}

/// ∂(p, v)/∂x, 4 × 2n, by automatic differentiation.
template <MechanicalModel M>
Mat<double, 4, M::state_dim> endpoint_task_jacobian(const M& model, const Vec<double, M::state_dim>& x) {
  constexpr int n = M::state_dim;
  const int ns = state_count(model);
  using AD = Eigen::AutoDiffScalar<Vec<double, n>>;
  auto xa = sized<Vec<AD, n>>(ns);
  for (int i = 0; i < ns; ++i) xa(i) = AD(x(i), ns, i);
  const Vec<AD, 4> y = endpoint_task(model, xa);
  auto J = sized<Mat<double, 4, n>>(4, ns);
  for (int r = 0; r < 4; ++r) J.row(r) = y(r).derivatives().transpose();
  return J;
}

template <int n>
struct EndpointSensitivity {
  Vec<double, 4> y;               ///< (p, v) at T
  Mat<double, 4, n> task_stm;     ///< ∂(p, v)(T)/∂x(t0) = ∂y/∂x(x_T) Ψ
  Vec<double, 2> sigma_position;  ///< singular values of the position rows J_P Ψ_q... (2 × n block)
  Vec<double, 2> sigma_velocity;  ///< singular values of the velocity rows
};

template <MechanicalModel M>
EndpointSensitivity<M::state_dim> endpoint_sensitivity(const M& model, const Vec<double, M::state_dim>& xT,
                                                       const Mat<double, M::state_dim, M::state_dim>& stm) {
  constexpr int n = M::state_dim;
  EndpointSensitivity<n> e;
  e.y = endpoint_task(model, xT);
  e.task_stm = endpoint_task_jacobian(model, xT) * stm;
  const Mat<double, 2, n> P = e.task_stm.template topRows<2>();
  const Mat<double, 2, n> V = e.task_stm.template bottomRows<2>();
  e.sigma_position = singular_values(P);
  e.sigma_velocity = singular_values(V);
  return e;
}

/// Lower-triangular G with |δx|²_metric = |Gᵀ δx|², at state x (identity for euclidean).
template <Model M>
Mat<double, M::state_dim, M::state_dim> metric_factor(const M& model, const Vec<double, M::state_dim>& x,
                                                      FtleMetric metric) {
  constexpr int n = M::state_dim;
  const int ns = state_count(model);
  Mat<double, n, n> G = Mat<double, n, n>::Identity(ns, ns);
  if (metric == FtleMetric::euclidean) return G;
  require_mechanics(model, "FTLEs in the kinetic-energy metric");  // a model file: mechanical?
  if constexpr (MechanicalModel<M>) {
    constexpr int d = M::dof;
    const int ds = coordinate_count(model);
    const Mat<double, d, d> Mq = model.mass_matrix(Vec<double, d>(x.template head<d>(ds)));
    const Mat<double, d, d> L = Mq.llt().matrixL();
    G.setZero();
    G.template topLeftCorner<d, d>(ds, ds) = L;
    G.template bottomRightCorner<d, d>(ds, ds) = L;
    return G;
  } else {
    throw InputError("metric", "the kinetic-energy metric needs a mechanical model (one with a mass matrix M(q))");
  }
}

/// Ψ expressed in the metric: G(x_T)ᵀ Ψ G(x_0)⁻ᵀ.
template <Model M>
Mat<double, M::state_dim, M::state_dim> stm_in_metric(const M& model, const Vec<double, M::state_dim>& x0,
                                                      const Vec<double, M::state_dim>& xT,
                                                      const Mat<double, M::state_dim, M::state_dim>& stm,
                                                      FtleMetric metric) {
  constexpr int n = M::state_dim;
  if (metric == FtleMetric::euclidean) return stm;
  const Mat<double, n, n> G0 = metric_factor(model, x0, metric);
  const Mat<double, n, n> GT = metric_factor(model, xT, metric);
  // Z = Ψ G0⁻ᵀ: each row z of Z solves G0 zᵀ = ψᵀ (ψ the row of Ψ) by forward substitution, G0
  // being lower triangular. Written out: Eigen's triangular solve with a matrix right-hand side
  // compiles its blocked matrix-product kernels into every model's instance file.
  const int ns = state_count(model);
  auto Z = sized<Mat<double, n, n>>(ns, ns);
  for (int r = 0; r < ns; ++r)
    for (int i = 0; i < ns; ++i) {
      double sum = stm(r, i);
      for (int k = 0; k < i; ++k) sum -= G0(i, k) * Z(r, k);
      Z(r, i) = sum / G0(i, i);
    }
  return GT.transpose() * Z;
}

/// Finite-time Lyapunov exponents λ_i = log σ_i / (T − t0), largest first.
template <Model M>
Vec<double, M::state_dim> ftle(const M& model, const Vec<double, M::state_dim>& x0, const Vec<double, M::state_dim>& xT,
                               const Mat<double, M::state_dim, M::state_dim>& stm, double duration, FtleMetric metric) {
  constexpr int n = M::state_dim;
  const Mat<double, n, n> P = stm_in_metric(model, x0, xT, stm, metric);
  const Vec<double, n> sigma = singular_values(P);  // a square SVD: the fixed-size SVD's bits
  return sigma.array().log() / duration;
}

}  // namespace chaoskit
