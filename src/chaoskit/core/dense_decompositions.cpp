#include "chaoskit/core/dense_decompositions.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/SVD>

namespace chaoskit {

Eigen::VectorXd singular_values(const Eigen::MatrixXd& A) {
  return Eigen::JacobiSVD<Eigen::MatrixXd>(A).singularValues();
}

SymmetricPencilEigen symmetric_pencil_eigen(const Eigen::MatrixXd& K, const Eigen::MatrixXd& M) {
  const Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::MatrixXd> solver(K, M);
  return {solver.eigenvalues(), solver.eigenvectors()};
}

}  // namespace chaoskit
