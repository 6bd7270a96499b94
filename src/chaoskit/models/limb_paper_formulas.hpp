#pragma once
// The limb paper's closed-form results, evaluated exactly as printed so that chaoskit can set them
// beside its own computation without silently "fixing" either:
//   eqs. (30)–(31)  the explicit accelerations θ̈1 = a1 − a2 θ̇1² − a3 θ̇2², θ̈2 = −a4 + a5 θ̇1² + a6 θ̇2²
//   eqs. (36)–(37)  the small-angle equations θ̈ = Λ θ
//   eqs. (39)–(40)  the single frequency ω and amplitude ratio r the paper derives from them
// Note: eq. (36) as printed has C2² L1 m2 in its coupling term where the linearisation of eq. (29)
// gives m2² C2² L1 (one factor m2 short; dimensionally inconsistent). Λ below keeps the print.
#include <cmath>
#include <complex>
#include <numbers>

#include <Eigen/Eigenvalues>

#include "chaoskit/models/limb.hpp"

namespace chaoskit {

struct LimbPaperCoefficients {
  double a1, a2, a3, a4, a5, a6, delta0;
};

/// Eq. (31) at the angles (θ1, θ2).
inline LimbPaperCoefficients limb_paper_coefficients(const LimbParams& p, double th1, double th2) {
  const double d = th1 - th2;
  const double cd = std::cos(d), sd = std::sin(d);
  const double m2 = p.m2, C2 = p.C2, L1 = p.L1, C1m1 = p.C1 * p.m1;
  const double delta0 = p.I1 * p.I2 + m2 * L1 * L1 * (p.I2 - m2 * C2 * C2 * cd * cd);
  LimbPaperCoefficients a{};
  a.delta0 = delta0;
  a.a1 = p.g / delta0 * (m2 * m2 * C2 * C2 * L1 * cd * std::sin(th2) - p.I2 * (C1m1 + L1 * m2) * std::sin(th1));
  a.a2 = 0.5 * m2 * m2 * C2 * C2 * L1 * L1 * std::sin(2 * d) / delta0;
  a.a3 = m2 * C2 * p.I2 * L1 * sd / delta0;
  a.a4 = -p.g * C2 * m2 / delta0 *
         (L1 * (C1m1 * std::sin(th1) * cd + L1 * m2 * std::cos(th1) * sd) - p.I1 * std::sin(th2));
  a.a5 = m2 * C2 * L1 * sd * (L1 * L1 * m2 + p.I1) / delta0;
  a.a6 = a.a2;
  return a;
}

struct LimbPaperSmallAngle {
  Mat<double, 2, 2> lambda;            // eqs. (36)–(37) as printed: θ̈ = Λ θ  [1/s²]
  std::complex<double> eq36_omega[2];  // √(−eig Λ), ascending by real part [rad/s]
  double eq39_omega;                   // eq. (39) [rad/s]
  double eq40_r;                       // eq. (40), first expression
  double eq40_r_via_omega;             // eq. (40), second expression ω²/g (C2 L1 m2 + I2)/(C2 m2)
  double eq39_period;                  // T = 2π/ω [s]
  double eq39_half_period;             // T/2 [s], the paper's "one forward swing"
};

inline LimbPaperSmallAngle limb_paper_small_angle(const LimbParams& p) {
  const double P = p.C1 * p.m1 + p.L1 * p.m2;
  const double A11 = p.I1 + p.L1 * p.L1 * p.m2;
  const double D = p.L1 * p.L1 * p.m2 * (p.C2 * p.C2 * p.m2 - p.I2) - p.I1 * p.I2;
  LimbPaperSmallAngle s{};
  s.lambda << p.g * p.I2 * P / D, -p.g * p.C2 * p.C2 * p.L1 * p.m2 / D,  //
      -p.g * p.m2 * p.C2 * p.L1 * P / D, p.g * p.m2 * p.C2 * A11 / D;
  Eigen::EigenSolver<Mat<double, 2, 2>> es(s.lambda);
  std::complex<double> w0 = std::sqrt(-es.eigenvalues()(0)), w1 = std::sqrt(-es.eigenvalues()(1));
  if (w1.real() < w0.real()) std::swap(w0, w1);
  s.eq36_omega[0] = w0;
  s.eq36_omega[1] = w1;
  const double denom = p.L1 * p.m2 * (p.C2 + p.L1) + p.I1;
  s.eq39_omega = std::sqrt(p.g) * std::sqrt(P) / std::sqrt(denom);
  s.eq40_r = P * (p.C2 * p.L1 * p.m2 + p.I2) / (p.C2 * p.m2 * denom);
  s.eq40_r_via_omega = s.eq39_omega * s.eq39_omega / p.g * (p.C2 * p.L1 * p.m2 + p.I2) / (p.C2 * p.m2);
  s.eq39_period = 2.0 * std::numbers::pi / s.eq39_omega;
  s.eq39_half_period = 0.5 * s.eq39_period;
  return s;
}

}  // namespace chaoskit
