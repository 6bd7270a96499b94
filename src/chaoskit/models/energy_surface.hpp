#pragma once
// Initial conditions on a fixed energy surface: given the angles q and every rate but q̇_k, solve
// T(q, q̇) + V(q) = E for q̇_k. T is quadratic in q̇_k:
//   ½ M_kk v² + (Σ_{j≠k} M_kj q̇_j) v + (½ Σ_{i,j≠k} q̇_i M_ij q̇_j + V(q) − E) = 0,
// so a real solution exists iff the discriminant is ≥ 0; otherwise the point is in the
// energetically inaccessible region (reported, not an error). `sign` picks the root: +1 the larger
// (q̇_k ≥ the other root), −1 the smaller.
#include <cmath>
#include <optional>

#include "chaoskit/models/mechanics.hpp"

namespace chaoskit {

template <MechanicalModel M>
std::optional<double> rate_for_energy(const M& model, const Vec<double, M::dof>& q, Vec<double, M::dof> qd, int k,
                                      double energy, int sign = +1) {
  const Mat<double, M::dof, M::dof> Mq = model.mass_matrix(q);
  qd(k) = 0.0;
  const double a = 0.5 * Mq(k, k);
  const double b = Mq.row(k).dot(qd);
  const double c = 0.5 * qd.dot(Mq * qd) + model.potential_energy(q) - energy;
  const double disc = b * b - 4.0 * a * c;
  if (!(disc >= 0.0)) return std::nullopt;
  const double root = std::sqrt(disc);
  // Numerically stable pair of roots (no cancellation between −b and √disc).
  const double qv = -0.5 * (b + std::copysign(root, b));
  double r1 = qv / a, r2 = qv != 0.0 ? c / qv : -r1;
  if (r1 < r2) std::swap(r1, r2);
  return sign >= 0 ? r1 : r2;
}

/// The minimum energy reachable at angles q (all rates zero): V(q). Points with E < V(q) are
/// inaccessible whatever the rates.
template <MechanicalModel M>
double minimum_energy_at(const M& model, const Vec<double, M::dof>& q) {
  return model.potential_energy(q);
}

}  // namespace chaoskit
