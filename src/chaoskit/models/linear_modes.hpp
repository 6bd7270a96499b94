#pragma once
// Small oscillations about the hanging equilibrium q = 0 of any mechanical model:
// M0 δq̈ + K δq = 0 with M0 = M(0) and K = ∂G/∂q(0) (the Hessian of V), solved as the generalised
// symmetric eigenproblem det(K − ω² M0) = 0. K comes from forward-mode AutoDiff of the model's own
// gravity vector, so no model needs a hand-written stiffness matrix; a model whose gravity is not
// templated on the scalar (a model file: its G is itself a dual-mode derivative) gives K as
// stiffness(q) instead.
//
// Compiled once per registered mechanical model in the library (integrate/instances/instances.cpp.in)
// and declared `extern` below: the AutoDiff stiffness and the generalised eigensolver of every
// model cost `chaoskit inspect` and the Python module's `modes` about 50 s of compilation each.
#include <algorithm>
#include <cmath>

#include "chaoskit/core/autodiff.hpp"

#include "chaoskit/core/dense_decompositions.hpp"
#include "chaoskit/models/model_concepts.hpp"
#include "chaoskit/models/model_registry.hpp"

namespace chaoskit {

template <int N>
struct LinearModes {
  Vec<double, N> omega;         // angular frequencies, ascending [rad/s]; NaN for an unstable direction
  Mat<double, N, N> shapes;     // column k: mode shape of omega(k), scaled so its first nonzero entry is 1
  Mat<double, N, N> stiffness;  // K [N m/rad]
  Mat<double, N, N> mass;       // M0 [kg m²]
};

/// Stiffness K = ∂G/∂q at q (default the hanging equilibrium), by AutoDiff, or the model's own
/// stiffness(q) where it has one.
template <MechanicalModel M>
Mat<double, M::dof, M::dof> gravity_stiffness(const M& model, const Vec<double, M::dof>& q) {
  if constexpr (requires { model.stiffness(q); }) {
    return model.stiffness(q);
  } else {
    const int d = coordinate_count(model);
    using AD = Eigen::AutoDiffScalar<Vec<double, M::dof>>;
    auto qa = sized<Vec<AD, M::dof>>(d);
    for (int i = 0; i < d; ++i) qa(i) = AD(q(i), d, i);
    const Vec<AD, M::dof> G = model.gravity(qa);
    auto K = sized<Mat<double, M::dof, M::dof>>(d, d);
    for (int i = 0; i < d; ++i) K.row(i) = G(i).derivatives().transpose();
    return K;
  }
}

template <MechanicalModel M>
LinearModes<M::dof> linear_modes(const M& model) {
  constexpr int n = M::dof;
  const int d = coordinate_count(model);
  LinearModes<n> out;
  const Vec<double, n> zero = Vec<double, n>::Zero(d);
  out.mass = model.mass_matrix(zero);
  out.stiffness = gravity_stiffness(model, zero);
  // K is symmetric for a potential force; symmetrise away rounding before the solver assumes it.
  const Mat<double, n, n> K = 0.5 * (out.stiffness + out.stiffness.transpose());
  const SymmetricPencilEigen pencil = symmetric_pencil_eigen(K, out.mass);
  out.omega.resize(d);
  out.shapes.resize(d, d);
  for (int k = 0; k < d; ++k) {
    const double w2 = pencil.values(k);  // ascending
    out.omega(k) = w2 >= 0.0 ? std::sqrt(w2) : NAN;
    Vec<double, n> v = pencil.vectors.col(k);
    int lead = 0;
    while (lead < d - 1 && std::abs(v(lead)) < 1e-14 * v.norm()) ++lead;
    out.shapes.col(k) = v / v(lead);
  }
  return out;
}

#define CHAOSKIT_LINEAR_MODES_INSTANCES(EXTERN, M) EXTERN template LinearModes<M::dof> linear_modes<M>(const M&);
#define CHAOSKIT_EXTERN_LINEAR_MODES(M) CHAOSKIT_LINEAR_MODES_INSTANCES(extern, M)
CHAOSKIT_FOR_EACH_MECHANICAL_MODEL(CHAOSKIT_EXTERN_LINEAR_MODES)
CHAOSKIT_FOR_EACH_MECHANICAL_FILE_MODEL(CHAOSKIT_EXTERN_LINEAR_MODES)
#undef CHAOSKIT_EXTERN_LINEAR_MODES

}  // namespace chaoskit
