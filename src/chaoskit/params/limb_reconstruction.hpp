#pragma once
// Reconstruction of the limb paper's missing Table 1 from its printed numeric coefficients
// (eqs. 34–35) and its small-angle results (eq. 41), g = 9.8. With B = m2² L1² C2², A = I1 + m2 L1², S1 = C1 m1, P = S1
// + L1 m2, eq. (31) and eqs. (39)–(40) give thirteen printed numbers as functions of six identifiable quantities (L1,
// C2, m2, I1, I2, S1):
//
//   eq. 34  Δ0 = 0.168 − 0.078 cos²(θ1−θ2):   0.168 = A I2,        0.078 = B
//   eq. 35  a1 numerator:                     56.522 = g I2 P / B, 19.216 = g / L1
//           denominators of a1,a2,a3,a5,a6:   2.147 = A I2 / B     (a4 prints 2.1473)
//           a3:                               0.402 = I2 / (m2 C2 L1)
//           a4 numerator:  81.416 = g S1 / (m2 C2 L1), 59.036 = g / C2, 43.479 = g I1 / (m2 C2 L1²)
//           a5:                               5.335 = A / (m2 C2 L1)
//   eq. 41  (from eqs. 39-40)                 4.709 = ω = √(g P / (L1 m2 (C2 + L1) + I1)),
//                                             1.618 = r = P (C2 L1 m2 + I2) / (C2 m2 (L1 m2 (C2+L1) + I1))
//
// m1 and C1 enter only through S1, and L2 not at all. The thirteen numbers are not exactly
// consistent with any parameter set: the identities 2.1473 = 5.335 × 0.402… and
// 56.522 = 0.402… × (81.416 + 59.036) pull a3 apart by 2e-5 relative. We therefore take the
// Chebyshev (minimax) fit in units of each number's printed half-unit: no set reproduces every
// coefficient better, and the residual table says by how much each one is missed.
#include <string>
#include <vector>

namespace chaoskit {

struct PrintedCoefficient {
  std::string name;      // e.g. "a4: sin(th1)cos(th1-th2) coefficient"
  std::string equation;  // "34" or "35"
  double printed;        // value as printed
  int decimals;          // digits after the decimal point in the print
  double half_unit() const;
};

/// The thirteen numbers of eqs. (34)–(35) and (41), in the order documented above.
const std::vector<PrintedCoefficient>& limb_printed_coefficients();

struct IdentifiableLimb {
  double L1, C2, m2, I1, I2, S1;  // S1 = C1 m1
};

/// The printed numbers predicted by a parameter set (same order as limb_printed_coefficients()).
std::vector<double> limb_predicted_coefficients(const IdentifiableLimb& p, double g = 9.8);

struct LimbReconstruction {
  IdentifiableLimb params;
  std::vector<double> predicted;
  std::vector<double> residual_half_units;  // (predicted − printed) / half unit of the last printed digit
  double max_abs_residual_half_units;
  int iterations;
};

enum class FitCriterion { minimax, least_squares };

/// Fits the six identifiable quantities to the printed coefficients in units of their printed
/// precision, in log-parameters: Gauss–Newton for least squares; for minimax, successive
/// linearisations each solved exactly as a Chebyshev problem.
LimbReconstruction reconstruct_limb_from_printed(FitCriterion criterion = FitCriterion::minimax, double g = 9.8);

}  // namespace chaoskit
