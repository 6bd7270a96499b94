#include "chaoskit/params/limb_reconstruction.hpp"

#include <algorithm>
#include <cmath>

#include <Eigen/Dense>

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
  };
  return table;
}

std::vector<double> limb_predicted_coefficients(const IdentifiableLimb& p, double g) {
  const double A = p.I1 + p.m2 * p.L1 * p.L1;
  const double B = p.m2 * p.m2 * p.L1 * p.L1 * p.C2 * p.C2;
  const double P = p.S1 + p.L1 * p.m2;
  const double mcl = p.m2 * p.C2 * p.L1;
  return {A * p.I2,       B,         g * p.I2 * P / B,           g / p.L1,     A * p.I2 / B, p.I2 / mcl,
          g * p.S1 / mcl, g / p.C2, g * p.I1 / (mcl * p.L1), A * p.I2 / B, A / mcl};
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

LimbReconstruction reconstruct_limb_from_printed(FitCriterion criterion, double g) {
  const auto& table = limb_printed_coefficients();
  const int n = static_cast<int>(table.size());
  // Start from the closed-form solution of the five best-conditioned numbers:
  // L1 = g/19.216, C2 = g/59.036, B = 0.078, a3 and a4's sin(th2) coefficient.
  const double L1 = g / 19.216, C2 = g / 59.036;
  const double m2 = std::sqrt(0.078) / (L1 * C2);
  const double mcl = m2 * C2 * L1;
  Vec6 y;
  y << std::log(L1), std::log(C2), std::log(m2), std::log(43.479 * mcl * L1 / g), std::log(0.402 * mcl),
      std::log(81.416 * mcl / g);

  Eigen::VectorXd w = Eigen::VectorXd::Constant(n, 1.0 / n);
  const int max_iterations = criterion == FitCriterion::minimax ? 20000 : 50;
  int it = 0;
  for (; it < max_iterations; ++it) {
    const Eigen::VectorXd r = scaled_residuals(y, g);
    // Forward-difference Jacobian in log-parameters; the map is smooth and well scaled.
    Eigen::MatrixXd J(n, 6);
    for (int k = 0; k < 6; ++k) {
      Vec6 yk = y;
      yk(k) += 1e-7;
      J.col(k) = (scaled_residuals(yk, g) - r) / 1e-7;
    }
    const Eigen::VectorXd sw = w.cwiseSqrt();
    const Vec6 step = (sw.asDiagonal() * J).colPivHouseholderQr().solve(-(sw.asDiagonal() * r));
    y += step;
    if (criterion == FitCriterion::minimax) {
      // Lawson's update: weight grows where the residual is largest, which drives the weighted
      // least-squares solution to the Chebyshev one.
      const Eigen::VectorXd rn = scaled_residuals(y, g).cwiseAbs();
      Eigen::VectorXd wn = w.cwiseProduct(rn);
      wn /= wn.sum();
      const double change = (wn - w).cwiseAbs().maxCoeff();
      w = wn;
      if (change < 1e-13 && step.cwiseAbs().maxCoeff() < 1e-14) break;
    } else if (step.cwiseAbs().maxCoeff() < 1e-15) {
      break;
    }
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
