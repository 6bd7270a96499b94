#include "chaoskit/indicators/generic_deviation_vectors.hpp"

#include <cmath>

#include <Eigen/QR>

namespace chaoskit {

Eigen::MatrixXd generic_orthonormal_columns(int rows, int cols) {
  Eigen::MatrixXd A(rows, cols);
  for (int j = 0; j < cols; ++j)
    for (int i = 0; i < rows; ++i)
      A(i, j) = std::fmod(0.6180339887498949 * (i + 1) + 0.7548776662466927 * (j + 1), 1.0) - 0.5;
  const Eigen::HouseholderQR<Eigen::MatrixXd> qr(A);
  return qr.householderQ() * Eigen::MatrixXd::Identity(rows, cols);
}

}  // namespace chaoskit
