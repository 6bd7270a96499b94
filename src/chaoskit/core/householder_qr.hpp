#pragma once
// The thin QR of a small matrix by Householder reflections, W = Q R: Q's columns replace W's and
// R's diagonal is returned. The Lyapunov spectrum re-orthonormalises its deviation vectors with it
// (indicators/lyapunov.hpp).
//
// Written out rather than Eigen::HouseholderQR because of what it costs to compile: Eigen's class
// (and its Householder primitives, which run matrix-vector kernels on nested dynamic blocks) cost
// every model's instance file about 15 of its 80 CPU-s at -O2 for a 4 × 4 matrix (tools/bench/
// README.md, "Build costs"); these loops cost a fraction of a second. The algorithm is Eigen's and
// LAPACK's (the reflector that maps a column onto −sign(pivot)·|column|·e₁), so R's diagonal has
// the same signs as Eigen's and the values agree with it to rounding.
#include <cmath>
#include <limits>

#include "chaoskit/core/types.hpp"

namespace chaoskit {

/// Overwrites W (rows × k, k ≤ rows) with the first k columns of Q in W = Q R and returns R's
/// diagonal: R(j, j) = −sign(pivot)·|pivot column below j|, so Q's column j times R(j, j) is the
/// part of W's column j orthogonal to the columns before it.
template <int R, int C>
Vec<double, C> householder_thin_q(Mat<double, R, C>& W) {
  const int rows = static_cast<int>(W.rows());
  const int k = static_cast<int>(W.cols());
  Mat<double, R, C> V = W;  // reflector j in column j below the diagonal (its leading 1 implied)
  auto tau = sized<Vec<double, C>>(k);
  auto diagonal = sized<Vec<double, C>>(k);
  for (int j = 0; j < k; ++j) {
    const double pivot = V(j, j);
    double tail = 0.0;
    for (int i = j + 1; i < rows; ++i) tail += V(i, j) * V(i, j);
    if (tail <= std::numeric_limits<double>::min()) {  // already on e_j: no reflection
      tau(j) = 0.0;
      diagonal(j) = pivot;
      for (int i = j + 1; i < rows; ++i) V(i, j) = 0.0;
      continue;
    }
    const double norm = std::sqrt(pivot * pivot + tail);
    const double beta = pivot >= 0.0 ? -norm : norm;
    for (int i = j + 1; i < rows; ++i) V(i, j) /= pivot - beta;
    tau(j) = (beta - pivot) / beta;
    diagonal(j) = beta;
    // H_j = I − τ v vᵀ (v = [1, V(j+1.., j)]) on the columns still to be reduced.
    for (int c = j + 1; c < k; ++c) {
      double w = V(j, c);
      for (int i = j + 1; i < rows; ++i) w += V(i, j) * V(i, c);
      w *= tau(j);
      V(j, c) -= w;
      for (int i = j + 1; i < rows; ++i) V(i, c) -= w * V(i, j);
    }
  }
  // Q's first k columns: H_0 ⋯ H_{k−1} applied to I's, last reflector first. Before H_j is applied
  // the columns left of j are still e_c, zero in the rows H_j touches, so only columns j.. change.
  W.setIdentity(rows, k);
  for (int j = k - 1; j >= 0; --j) {
    if (tau(j) == 0.0) continue;
    for (int c = j; c < k; ++c) {
      double w = W(j, c);
      for (int i = j + 1; i < rows; ++i) w += V(i, j) * W(i, c);
      w *= tau(j);
      W(j, c) -= w;
      for (int i = j + 1; i < rows; ++i) W(i, c) -= w * V(i, j);
    }
  }
  return diagonal;
}

}  // namespace chaoskit
