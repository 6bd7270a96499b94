// singular_values and symmetric_pencil_eigen: known answers, the invariants that define them, and,
// for square matrices, the fixed-size JacobiSVD's bits (the committed FTLE maps were made with it).
#include <bit>
#include <cmath>
#include <cstdint>
#include <random>

#include <Eigen/SVD>
#include <catch2/catch.hpp>

#include "chaoskit/core/dense_decompositions.hpp"

using namespace chaoskit;

TEST_CASE("singular_values: known values, largest first, wide and square", "[core][svd]") {
  Eigen::MatrixXd A(2, 4);
  A << 3, 0, 0, 0, 0, 0, -4, 0;
  const Eigen::VectorXd s = singular_values(A);
  REQUIRE(s.size() == 2);
  CHECK(s(0) == Approx(4.0));
  CHECK(s(1) == Approx(3.0));
  // A rotation times diag(2, 1/2): singular values 2 and 1/2 whatever the angle.
  const double c = std::cos(0.3), n = std::sin(0.3);
  Eigen::Matrix2d R;
  R << c, -n, n, c;
  const Eigen::VectorXd r = singular_values(R * Eigen::Vector2d(2.0, 0.5).asDiagonal());
  CHECK(r(0) == Approx(2.0));
  CHECK(r(1) == Approx(0.5));
}

TEST_CASE("singular_values: a square matrix gives the fixed-size JacobiSVD's bits", "[core][svd]") {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int trial = 0; trial < 50; ++trial) {
    Eigen::Matrix4d A;
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j) A(i, j) = u(rng) * std::exp(3.0 * u(rng));
    const Eigen::Vector4d fixed = Eigen::JacobiSVD<Eigen::Matrix4d>(A).singularValues();
    const Eigen::VectorXd run_time = singular_values(A);
    for (int i = 0; i < 4; ++i)
      CHECK(std::bit_cast<std::uint64_t>(run_time(i)) == std::bit_cast<std::uint64_t>(fixed(i)));
  }
}

TEST_CASE("symmetric_pencil_eigen: K v = lambda M v, ascending, M-normalised", "[core][eigen]") {
  Eigen::Matrix3d M;
  M << 4, 1, 0, 1, 3, 0.5, 0, 0.5, 2;
  Eigen::Matrix3d K;
  K << 2, -1, 0, -1, 2, -1, 0, -1, 2;
  const SymmetricPencilEigen e = symmetric_pencil_eigen(K, M);
  REQUIRE(e.values.size() == 3);
  CHECK(e.values(0) <= e.values(1));
  CHECK(e.values(1) <= e.values(2));
  for (int k = 0; k < 3; ++k) {
    const Eigen::Vector3d v = e.vectors.col(k);
    CHECK((K * v - e.values(k) * M * v).norm() < 1e-13);
    CHECK(v.dot(M * v) == Approx(1.0));
  }
  // M = I: the ordinary eigenvalues of the path Laplacian, 2 − √2, 2, 2 + √2.
  const SymmetricPencilEigen plain = symmetric_pencil_eigen(K, Eigen::Matrix3d::Identity());
  CHECK(plain.values(0) == Approx(2.0 - std::sqrt(2.0)));
  CHECK(plain.values(1) == Approx(2.0));
  CHECK(plain.values(2) == Approx(2.0 + std::sqrt(2.0)));
}
