// The generic start vectors of SALI, GALI and the orbit classifier: orthonormal, and the same bits
// as the fixed-size Eigen QR each model's code computed them with before (the committed analyses'
// SALI and orbit-class datasets were made from those).
#include <bit>
#include <cmath>
#include <cstdint>

#include <Eigen/QR>
#include <catch2/catch.hpp>

#include "chaoskit/core/types.hpp"
#include "chaoskit/indicators/generic_deviation_vectors.hpp"

using namespace chaoskit;

namespace {

template <int n, int K>
Mat<double, n, K> fixed_size_reference(int rows, int cols) {
  auto A = sized<Mat<double, n, K>>(rows, cols);
  for (int j = 0; j < cols; ++j)
    for (int i = 0; i < rows; ++i)
      A(i, j) = std::fmod(0.6180339887498949 * (i + 1) + 0.7548776662466927 * (j + 1), 1.0) - 0.5;
  Eigen::HouseholderQR<Mat<double, n, K>> qr(A);
  return qr.householderQ() * Mat<double, n, K>::Identity(rows, cols);
}

template <int n, int K>
void check_same_bits(int rows, int cols) {
  INFO(rows << " x " << cols);
  const Mat<double, n, K> reference = fixed_size_reference<n, K>(rows, cols);
  const Eigen::MatrixXd columns = generic_orthonormal_columns(rows, cols);
  REQUIRE(columns.rows() == rows);
  REQUIRE(columns.cols() == cols);
  for (int j = 0; j < cols; ++j)
    for (int i = 0; i < rows; ++i)
      CHECK(std::bit_cast<std::uint64_t>(columns(i, j)) == std::bit_cast<std::uint64_t>(reference(i, j)));
  CHECK((columns.transpose() * columns - Eigen::MatrixXd::Identity(cols, cols)).cwiseAbs().maxCoeff() < 1e-15);
}

}  // namespace

TEST_CASE("generic deviation vectors: orthonormal, the fixed-size QR's bits", "[indicators][sali]") {
  check_same_bits<2, 2>(2, 2);  // the one-link chain
  check_same_bits<4, 2>(4, 2);  // SALI and the classifier's pair, 4-state models
  check_same_bits<6, 2>(6, 2);
  check_same_bits<4, 4>(4, 4);               // GALI_4
  check_same_bits<Eigen::Dynamic, 2>(5, 2);  // the run-time-sized model file
}
