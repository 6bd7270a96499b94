#pragma once
// What a chaoskit model is. There is no base class: a model is a small value type holding its
// parameters, with a right-hand side templated on the scalar type so that the same code runs on
// double and on Eigen's AutoDiffScalar (which gives the Jacobians ∂f/∂x and ∂f/∂u).
//
//   Model:            state_dim, input_dim, rhs<S>(x, u, t), state_names()
//   MechanicalModel:  a Model with q = x[0:dof], q̇ = x[dof:2dof] and the manipulator form
//                     M(q) q̈ + c(q, q̇) + G(q) + D q̇ = B u
//                     exposed piece by piece (mass_matrix, bias, gravity, dissipation,
//                     input_matrix, potential_energy) plus the kinematic data the endpoint needs
//                     (angle_map: absolute link angles α = A q; endpoint_lengths).
#include <concepts>
#include <string>
#include <vector>

#include "chaoskit/core/types.hpp"

namespace chaoskit {

template <class M>
concept Model = requires(const M& m, const Vec<double, M::state_dim>& x, const Vec<double, M::input_dim>& u) {
  { M::state_dim } -> std::convertible_to<int>;
  { M::input_dim } -> std::convertible_to<int>;
  { m.rhs(x, u, 0.0) } -> std::convertible_to<Vec<double, M::state_dim>>;
  { m.state_names() } -> std::convertible_to<std::vector<std::string>>;
};

template <class M>
concept MechanicalModel = Model<M> && requires(const M& m, const Vec<double, M::dof>& q) {
  { M::dof } -> std::convertible_to<int>;
  { m.mass_matrix(q) } -> std::convertible_to<Mat<double, M::dof, M::dof>>;
  { m.bias(q, q) } -> std::convertible_to<Vec<double, M::dof>>;
  { m.gravity(q) } -> std::convertible_to<Vec<double, M::dof>>;
  { m.dissipation(q) } -> std::convertible_to<Vec<double, M::dof>>;
  { m.potential_energy(q) } -> std::convertible_to<double>;
  { m.input_matrix() } -> std::convertible_to<Mat<double, M::dof, M::input_dim>>;
  { m.angle_map() } -> std::convertible_to<Mat<double, M::dof, M::dof>>;
  { m.endpoint_lengths() } -> std::convertible_to<Vec<double, M::dof>>;
};

/// The state size at run time: M::state_dim, or a run-time-sized model's own (core/types.hpp). Every
/// algorithm sizes its vectors by these, so that one text serves both kinds.
template <class M>
int state_count(const M& model) {
  if constexpr (is_fixed_extent(M::state_dim))
    return M::state_dim;
  else
    return model.states();
}
/// The input slots at run time (M::input_dim for a fixed size).
template <class M>
int input_count(const M& model) {
  if constexpr (is_fixed_extent(M::input_dim))
    return M::input_dim;
  else
    return model.inputs();
}
/// A mechanical model's coordinates at run time (M::dof for a fixed size).
template <class M>
int coordinate_count(const M& model) {
  if constexpr (is_fixed_extent(M::dof))
    return M::dof;
  else
    return model.coordinates();
}

}  // namespace chaoskit
