// householder_thin_q is a QR: orthonormal columns, Qᵀ W upper triangular with the returned diagonal
// on it, signs as Eigen's (and LAPACK's) HouseholderQR, and Eigen's values to rounding on
// well-conditioned matrices; degenerate columns (zero, already on e_j) pass through.
#include <cmath>
#include <random>

#include <Eigen/QR>
#include <catch2/catch.hpp>

#include "chaoskit/core/householder_qr.hpp"

using namespace chaoskit;

namespace {

// Random columns; kind 1 makes a pair nearly dependent, kind 2 scales them over 20 orders,
// kind 3 gives a negative first pivot.
template <int R, int C>
Mat<double, R, C> test_matrix(std::mt19937_64& rng, int rows, int cols, int kind) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  auto W = sized<Mat<double, R, C>>(rows, cols);
  for (int j = 0; j < cols; ++j)
    for (int i = 0; i < rows; ++i) W(i, j) = u(rng);
  if (kind == 1 && cols > 1) W.col(1) = W.col(0) + 1e-9 * W.col(1);
  if (kind == 2)
    for (int j = 0; j < cols; ++j) W.col(j) *= std::pow(10.0, 6 * j - 9);
  if (kind == 3) W(0, 0) = -std::abs(W(0, 0)) - 1.0;
  return W;
}

template <int R, int C>
void check_shape(int rows, int cols) {
  INFO(rows << " x " << cols);
  std::mt19937_64 rng(20261207u + 100u * static_cast<unsigned>(rows) + static_cast<unsigned>(cols));
  for (int trial = 0; trial < 40; ++trial) {
    const int kind = trial % 4;
    INFO("trial " << trial);
    const Mat<double, R, C> W = test_matrix<R, C>(rng, rows, cols, kind);
    Mat<double, R, C> Q = W;
    const Vec<double, C> r = householder_thin_q(Q);
    REQUIRE(Q.rows() == rows);
    REQUIRE(Q.cols() == cols);
    const Eigen::MatrixXd gram = Q.transpose() * Q;
    CHECK((gram - Eigen::MatrixXd::Identity(cols, cols)).cwiseAbs().maxCoeff() < 1e-14);
    // Qᵀ W = R: upper triangular, each column relative to its own size.
    const Eigen::MatrixXd upper = Q.transpose() * W;
    for (int j = 0; j < cols; ++j) {
      const double scale = W.col(j).norm();
      CHECK(std::abs(upper(j, j) - r(j)) <= 1e-14 * scale);
      for (int i = j + 1; i < cols; ++i) CHECK(std::abs(upper(i, j)) <= 1e-14 * scale);
    }
    Eigen::HouseholderQR<Eigen::MatrixXd> eigen_qr{Eigen::MatrixXd(W)};
    const Eigen::MatrixXd eigen_q = eigen_qr.householderQ() * Eigen::MatrixXd::Identity(rows, cols);
    for (int j = 0; j < cols; ++j) {
      const double eigen_r = eigen_qr.matrixQR()(j, j);
      CHECK(std::signbit(r(j)) == std::signbit(eigen_r));
      if (kind == 1) continue;  // the nearly dependent pair: Q's second column is ill-conditioned
      CHECK(r(j) == Approx(eigen_r).epsilon(1e-13));
      CHECK((Q.col(j) - eigen_q.col(j)).cwiseAbs().maxCoeff() < 1e-13);
    }
  }
}

}  // namespace

TEST_CASE("householder_thin_q: a QR with Eigen's signs and values on the shapes chaoskit uses", "[core][qr]") {
  check_shape<2, 2>(2, 2);
  check_shape<4, 2>(4, 2);
  check_shape<4, 4>(4, 4);  // the 4-state models' Lyapunov spectrum
  check_shape<6, 3>(6, 3);  // a partial spectrum
  check_shape<10, 10>(10, 10);
  check_shape<Eigen::Dynamic, Eigen::Dynamic>(5, 2);  // the run-time-sized model file
  check_shape<Eigen::Dynamic, Eigen::Dynamic>(12, 12);
}

TEST_CASE("householder_thin_q: columns already reduced or zero pass through", "[core][qr]") {
  Mat<double, 3, 1> w(3.0, 0.0, 4.0);
  Vec<double, 1> r = householder_thin_q(w);
  CHECK(r(0) == Approx(-5.0));  // −sign(pivot)·|w|, as Eigen and LAPACK
  CHECK(w(0) == Approx(-0.6));
  CHECK(w(2) == Approx(-0.8));
  CHECK(w(1) == 0.0);

  Mat<double, 3, 2> e;
  e << 2.0, 0.0, 0.0, -3.0, 0.0, 0.0;  // e₁ scaled, then −3 e₂: nothing to reflect
  const Vec<double, 2> d = householder_thin_q(e);
  CHECK(d(0) == 2.0);
  CHECK(d(1) == -3.0);
  CHECK(e == Mat<double, 3, 2>::Identity());

  Mat<double, 3, 2> z = Mat<double, 3, 2>::Zero();  // a zero column: R(0, 0) = 0, Q still orthonormal
  z(1, 1) = 1.0;
  const Vec<double, 2> dz = householder_thin_q(z);
  CHECK(dz(0) == 0.0);
  CHECK((z.transpose() * z - Eigen::Matrix2d::Identity()).cwiseAbs().maxCoeff() < 1e-15);
}
