#include "chaoskit/params/limb_reconstruction.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <Eigen/Dense>
#include <Eigen/LU>

namespace chaoskit {

double PrintedCoefficient::half_unit() const { return 0.5 * std::pow(10.0, -decimals); }

const std::vector<PrintedCoefficient>& limb_printed_coefficients() {
  static const std::vector<PrintedCoefficient> table = {
      {"Delta0 constant term = (I1 + m2 L1^2) I2", "34", 0.168, 3},
      {"Delta0 cos^2 coefficient = m2^2 L1^2 C2^2", "34", 0.078, 3},
      {"a1: sin(th1) coefficient = g I2 (C1 m1 + L1 m2) / B", "35", 56.522, 3},
      {"a1: cos(th1-th2) sin(th2) coefficient = g / L1", "35", 19.216, 3},
      {"denominator constant of a1,a2,a3,a5,a6 = (I1 + m2 L1^2) I2 / B", "35", 2.147, 3},
      {"a3: coefficient = I2 / (m2 C2 L1)", "35", 0.402, 3},
      {"a4: sin(th1) cos(th1-th2) coefficient = g C1 m1 / (m2 C2 L1)", "35", 81.416, 3},
      {"a4: cos(th1) sin(th1-th2) coefficient = g / C2", "35", 59.036, 3},
      {"a4: sin(th2) coefficient = g I1 / (m2 C2 L1^2)", "35", 43.479, 3},
      {"denominator constant of a4 = (I1 + m2 L1^2) I2 / B", "35", 2.1473, 4},
      {"a5: coefficient = (I1 + m2 L1^2) / (m2 C2 L1)", "35", 5.335, 3},
      {"omega = sqrt(g (C1 m1 + L1 m2) / (L1 m2 (C2 + L1) + I1))", "39, 41", 4.709, 3},
      {"r = (C1 m1 + L1 m2)(C2 L1 m2 + I2) / (C2 m2 (L1 m2 (C2 + L1) + I1))", "40, 41", 1.618, 3},
  };
  return table;
}

std::vector<double> limb_predicted_coefficients(const IdentifiableLimb& p, double g) {
  const double A = p.I1 + p.m2 * p.L1 * p.L1;
  const double B = p.m2 * p.m2 * p.L1 * p.L1 * p.C2 * p.C2;
  const double P = p.S1 + p.L1 * p.m2;
  const double mcl = p.m2 * p.C2 * p.L1;
  const double D39 = p.L1 * p.m2 * (p.C2 + p.L1) + p.I1;
  return {A * p.I2,
          B,
          g * p.I2 * P / B,
          g / p.L1,
          A * p.I2 / B,
          p.I2 / mcl,
          g * p.S1 / mcl,
          g / p.C2,
          g * p.I1 / (mcl * p.L1),
          A * p.I2 / B,
          A / mcl,
          std::sqrt(g * P / D39),
          P * (p.C2 * p.L1 * p.m2 + p.I2) / (p.C2 * p.m2 * D39)};
}

namespace {

using Vec6 = Eigen::Matrix<double, 6, 1>;

IdentifiableLimb from_log(const Vec6& y) {
  return {std::exp(y(0)), std::exp(y(1)), std::exp(y(2)), std::exp(y(3)), std::exp(y(4)), std::exp(y(5))};
}

Eigen::VectorXd scaled_residuals(const Vec6& y, double g) {
  const auto& table = limb_printed_coefficients();
  const std::vector<double> pred = limb_predicted_coefficients(from_log(y), g);
  Eigen::VectorXd r(table.size());
  for (std::size_t i = 0; i < table.size(); ++i) r(i) = (pred[i] - table[i].printed) / table[i].half_unit();
  return r;
}

}  // namespace

namespace {

/// Exact Chebyshev solution of the overdetermined linear system J d ≈ −r (m residuals, 6 unknowns):
/// minimise t subject to |J d + r| ≤ t. The optimum is a vertex of that linear programme, where
/// 7 residuals are active with equal magnitude; with m = 13 there are C(13,7)·2⁷ = 219 648
/// candidate vertices, few enough to enumerate, which avoids an LP solver and any tuning.
Vec6 chebyshev_step(const Eigen::MatrixXd& J, const Eigen::VectorXd& r) {
  const int m = static_cast<int>(J.rows());
  constexpr int k = 7;
  double best_t = std::numeric_limits<double>::infinity();
  Vec6 best = Vec6::Zero();
  std::vector<int> subset(k);
  std::vector<bool> pick(m, false);
  std::fill(pick.begin(), pick.begin() + k, true);
  do {
    int c = 0;
    for (int i = 0; i < m; ++i)
      if (pick[i]) subset[c++] = i;
    for (int signs = 0; signs < (1 << k); ++signs) {
      Eigen::Matrix<double, k, k> A;
      Eigen::Matrix<double, k, 1> b;
      for (int row = 0; row < k; ++row) {
        const double s = (signs >> row) & 1 ? 1.0 : -1.0;
        A.row(row).head<6>() = J.row(subset[row]);
        A(row, 6) = -s;  // J d + r = s t
        b(row) = -r(subset[row]);
      }
      Eigen::FullPivLU<Eigen::Matrix<double, k, k>> lu(A);
      if (lu.rank() < k) continue;
      const Eigen::Matrix<double, k, 1> z = lu.solve(b);
      const double t = z(6);
      if (!(t >= 0.0) || t >= best_t) continue;
      const Vec6 d = z.head<6>();
      if (((J * d + r).cwiseAbs().array() <= t * (1.0 + 1e-12) + 1e-12).all()) {
        best_t = t;
        best = d;
      }
    }
  } while (std::prev_permutation(pick.begin(), pick.end()));
  return best;
}

}  // namespace

LimbReconstruction reconstruct_limb_from_printed(FitCriterion criterion, double g) {
  const auto& table = limb_printed_coefficients();
  const int n = static_cast<int>(table.size());
  // Start from the closed-form solution of five well-conditioned numbers:
  // L1 = g/19.216, C2 = g/59.036, B = 0.078, a3 and a4's sin(th2) coefficient.
  const double L1 = g / 19.216, C2 = g / 59.036;
  const double m2 = std::sqrt(0.078) / (L1 * C2);
  const double mcl = m2 * C2 * L1;
  Vec6 y;
  y << std::log(L1), std::log(C2), std::log(m2), std::log(43.479 * mcl * L1 / g), std::log(0.402 * mcl),
      std::log(81.416 * mcl / g);

  int it = 0;
  for (; it < 50; ++it) {
    const Eigen::VectorXd r = scaled_residuals(y, g);
    // Central-difference Jacobian in log-parameters; the map is smooth and well scaled.
    Eigen::MatrixXd J(n, 6);
    for (int k = 0; k < 6; ++k) {
      Vec6 yp = y, ym = y;
      yp(k) += 1e-6;
      ym(k) -= 1e-6;
      J.col(k) = (scaled_residuals(yp, g) - scaled_residuals(ym, g)) / 2e-6;
    }
    const Vec6 step =
        criterion == FitCriterion::minimax ? chebyshev_step(J, r) : Vec6(J.colPivHouseholderQr().solve(-r));
    y += step;
    if (step.cwiseAbs().maxCoeff() < 1e-13) break;
  }

  if (criterion == FitCriterion::minimax) {
    // The minimax leaves the overall mass scale free within a band: m2, I1, I2 and S1 scaled by
    // one factor x change only the two Δ0 numbers, both ∝ x. Choose x to balance those two
    // residuals (their own Chebyshev optimum); the other nine residuals are untouched.
    const std::vector<double> pred = limb_predicted_coefficients(from_log(y), g);
    const double h0 = table[0].half_unit(), h1 = table[1].half_unit();
    const double x = (table[0].printed / h0 + table[1].printed / h1) / (pred[0] / h0 + pred[1] / h1);
    for (int k = 2; k < 6; ++k) y(k) += 0.5 * std::log(x);
  }

  LimbReconstruction out;
  out.params = from_log(y);
  out.predicted = limb_predicted_coefficients(out.params, g);
  const Eigen::VectorXd r = scaled_residuals(y, g);
  out.residual_half_units.assign(r.data(), r.data() + r.size());
  out.max_abs_residual_half_units = r.cwiseAbs().maxCoeff();
  out.iterations = it;
  return out;
}

}  // namespace chaoskit
