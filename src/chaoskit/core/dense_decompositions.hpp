#pragma once
// Eigen's SVD and generalized symmetric eigensolver on run-time-sized matrices, compiled once
// (dense_decompositions.cpp) for every model instead of once per model and matrix shape: the
// endpoint's 2 × n SVDs (Eigen's QR preconditioner of a wide matrix) and the modes' eigensolver
// cost a model's instance file about 20 of its 80 CPU-s at -O2 (tools/bench/README.md, "Build
// costs"). They run once per point, per sample or per command, never inside an integration, so
// the heap they use costs nothing measurable. On a square matrix the run-time-sized SVD gives the
// fixed-size one's bits (tests/core/test_dense_decompositions.cpp), so the FTLE maps made before
// the move reproduce; the eigensolver's 3 × 3 case differs from the fixed-size one in the last bits.
#include <Eigen/Core>

namespace chaoskit {

/// The singular values of A, largest first (Eigen's JacobiSVD, no vectors).
Eigen::VectorXd singular_values(const Eigen::MatrixXd& A);

/// The pencil K v = λ M v for symmetric K and symmetric positive definite M: eigenvalues
/// ascending, the eigenvectors as columns normalised to vᵀ M v = 1.
struct SymmetricPencilEigen {
  Eigen::VectorXd values;
  Eigen::MatrixXd vectors;
};
SymmetricPencilEigen symmetric_pencil_eigen(const Eigen::MatrixXd& K, const Eigen::MatrixXd& M);

}  // namespace chaoskit
