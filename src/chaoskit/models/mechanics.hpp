#pragma once
// Free functions over any MechanicalModel: forward dynamics, energies, power, endpoint kinematics
// and the Schur effective inertia. Models supply the manipulator-form pieces; everything derived
// from them lives here once, so the models stay small and cannot disagree with each other.
#include <cmath>

#include <Eigen/Cholesky>

#include "chaoskit/core/types.hpp"
#include "chaoskit/models/model_concepts.hpp"

namespace chaoskit {

/// Solves M a = b for a small symmetric positive-definite M. Closed forms for 1×1 and 2×2 (the
/// hot path of the two-link models), Cholesky otherwise. Works for double and AutoDiff scalars.
template <class S, int N>
Vec<S, N> solve_spd(const Mat<S, N, N>& M, const Vec<S, N>& b) {
  if constexpr (N == 1) {
    return Vec<S, 1>(b(0) / M(0, 0));
  } else if constexpr (N == 2) {
    const S det = M(0, 0) * M(1, 1) - M(0, 1) * M(1, 0);
    Vec<S, 2> a;
    a(0) = (M(1, 1) * b(0) - M(0, 1) * b(1)) / det;
    a(1) = (M(0, 0) * b(1) - M(1, 0) * b(0)) / det;
    return a;
  } else {
    return M.llt().solve(b);
  }
}

/// Generalised accelerations q̈ = M(q)⁻¹ (B u − c(q, q̇) − G(q) − D q̇)  [rad/s²].
template <MechanicalModel M, class S>
Vec<S, M::dof> joint_accelerations(const M& model, const Vec<S, M::dof>& q, const Vec<S, M::dof>& qd,
                                   const Vec<S, M::input_dim>& u) {
  const Vec<S, M::dof> forces =
      model.input_matrix().template cast<S>() * u - model.bias(q, qd) - model.gravity(q) - model.dissipation(qd);
  return solve_spd<S, M::dof>(model.mass_matrix(q), forces);
}

/// The state derivative ẋ = (q̇, q̈) of a mechanical model; models forward their rhs here.
template <MechanicalModel M, class S>
Vec<S, M::state_dim> mechanical_rhs(const M& model, const Vec<S, M::state_dim>& x, const Vec<S, M::input_dim>& u) {
  constexpr int n = M::dof;
  const int d = coordinate_count(model);
  const Vec<S, n> q = x.template head<n>(d);
  const Vec<S, n> qd = x.template segment<n>(x.size() - d, d);
  auto dx = sized<Vec<S, M::state_dim>>(2 * d);
  dx.template head<n>(d) = qd;
  dx.template segment<n>(dx.size() - d, d) = joint_accelerations(model, q, qd, u);
  return dx;
}

/// Kinetic energy ½ q̇ᵀ M(q) q̇  [J].
template <MechanicalModel M, class S>
S kinetic_energy(const M& model, const Vec<S, M::dof>& q, const Vec<S, M::dof>& qd) {
  return S(0.5) * qd.dot(model.mass_matrix(q) * qd);
}

/// Total mechanical energy T + V  [J]; V's zero is the model's pivot height.
template <MechanicalModel M, class S>
S total_energy(const M& model, const Vec<S, M::dof>& q, const Vec<S, M::dof>& qd) {
  return kinetic_energy(model, q, qd) + model.potential_energy(q);
}

/// Power delivered by the actuators, (B u)ᵀ q̇  [W]. With damping, dE/dt = this − q̇ᵀ D q̇.
template <MechanicalModel M>
double actuator_power(const M& model, const Vec<double, M::dof>& qd, const Vec<double, M::input_dim>& u) {
  return (model.input_matrix() * u).dot(qd);
}

/// Schur effective inertia of the proximal joint, M₁₁ − M₁ᵣ M_rr⁻¹ M_r₁ = 1 / (M⁻¹)₁₁  [kg m²]:
/// the inertia the first joint feels when every distal joint is free (golf chapter, eq. for δθ̈₁).
template <MechanicalModel M>
double schur_inertia(const M& model, const Vec<double, M::dof>& q) {
  const Mat<double, M::dof, M::dof> Mq = model.mass_matrix(q);
  Vec<double, M::dof> e1 = Vec<double, M::dof>::Zero(coordinate_count(model));
  e1(0) = 1.0;
  return 1.0 / solve_spd<double, M::dof>(Mq, e1)(0);
}

/// Endpoint kinematics of a planar chain whose link k has absolute angle α_k = (A q)_k from the
/// downward vertical and endpoint length ℓ_k: p = Σ ℓ_k e(α_k) with e(α) = (sin α, −cos α),
/// t(α) = (cos α, sin α), J_P = Σ ℓ_k t(α_k) A_k,:, ṗ = J_P q̇, p̈ = J_P q̈ − Σ ℓ_k α̇_k² e(α_k).
template <int N>
struct EndpointKinematics {
  Vec<double, 2> p;
  Mat<double, 2, N> J;
  Vec<double, 2> v;
  Vec<double, 2> a;
};

template <MechanicalModel M>
EndpointKinematics<M::dof> endpoint_kinematics(const M& model, const Vec<double, M::dof>& q,
                                               const Vec<double, M::dof>& qd, const Vec<double, M::dof>& qdd) {
  const Mat<double, M::dof, M::dof> A = model.angle_map();
  const Vec<double, M::dof> ell = model.endpoint_lengths();
  const Vec<double, M::dof> alpha = A * q;
  const Vec<double, M::dof> alpha_d = A * qd;
  EndpointKinematics<M::dof> k;
  const int d = coordinate_count(model);
  k.p.setZero();
  k.J.setZero(2, d);
  Vec<double, 2> normal = Vec<double, 2>::Zero();
  for (int i = 0; i < d; ++i) {
    const Vec<double, 2> e(std::sin(alpha(i)), -std::cos(alpha(i)));
    const Vec<double, 2> t(std::cos(alpha(i)), std::sin(alpha(i)));
    k.p += ell(i) * e;
    k.J += ell(i) * t * A.row(i);
    normal -= ell(i) * alpha_d(i) * alpha_d(i) * e;
  }
  k.v = k.J * qd;
  k.a = k.J * qdd + normal;
  return k;
}

}  // namespace chaoskit
