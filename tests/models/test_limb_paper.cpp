// The limb paper: its printed coefficients (eqs. 34-35) from the reconstructed parameters, its
// explicit form (eqs. 30-31) against the manipulator form, and its small-angle results
// (eqs. 36-41) evaluated as printed beside the generalised eigenproblem.
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "chaoskit/models/limb_paper_formulas.hpp"
#include "chaoskit/models/linear_modes.hpp"
#include "chaoskit/params/limb_reconstruction.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "support/published.hpp"

using namespace chaoskit;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;
using chaoskit::test::check_printed;

namespace {
LimbParams reconstructed() { return limb_params(read_param_file("limb_paper_reconstructed")); }
}  // namespace

TEST_CASE("limb reconstruction: shipped set equals the fit", "[limb][reconstruction]") {
  const LimbReconstruction fit = reconstruct_limb_from_printed();
  const LimbParams p = reconstructed();
  CHECK_THAT(p.L1, WithinRel(fit.params.L1, 1e-10));
  CHECK_THAT(p.C2, WithinRel(fit.params.C2, 1e-10));
  CHECK_THAT(p.m2, WithinRel(fit.params.m2, 1e-10));
  CHECK_THAT(p.I1, WithinRel(fit.params.I1, 1e-10));
  CHECK_THAT(p.I2, WithinRel(fit.params.I2, 1e-10));
  CHECK_THAT(p.C1 * p.m1, WithinRel(fit.params.S1, 1e-10));
  CHECK(p.g == 9.8);
}

TEST_CASE("limb reconstruction: minimax optimum and its residuals", "[limb][reconstruction]") {
  const LimbReconstruction fit = reconstruct_limb_from_printed();
  const auto& printed = limb_printed_coefficients();
  REQUIRE(printed.size() == 13);
  // The printed numbers are mutually inconsistent: no parameter set reproduces all thirteen to their
  // last digit. The best possible worst residual is 2.6687 half-units (1.33 units of the last digit).
  CHECK_THAT(fit.max_abs_residual_half_units, WithinAbs(2.668722, 1e-5));
  // Chebyshev alternation: the overall mass scale moves only eq. 34's two numbers, so the binding
  // problem has 5 unknowns (L1, C2 and the mass ratios) and at least 6 residuals sit at the maximum.
  int active = 0;
  for (double r : fit.residual_half_units) active += std::abs(std::abs(r) - fit.max_abs_residual_half_units) < 1e-6;
  CHECK(active >= 6);
  // Local optimality: no small move of the six quantities lowers the worst residual.
  std::mt19937 rng(7);
  std::normal_distribution<double> n01;
  for (int trial = 0; trial < 200; ++trial) {
    IdentifiableLimb p = fit.params;
    for (double* v : {&p.L1, &p.C2, &p.m2, &p.I1, &p.I2, &p.S1}) *v *= std::exp(1e-6 * n01(rng));
    const auto pred = limb_predicted_coefficients(p);
    double worst = 0;
    for (std::size_t i = 0; i < pred.size(); ++i)
      worst = std::max(worst, std::abs(pred[i] - printed[i].printed) / printed[i].half_unit());
    CHECK(worst >= fit.max_abs_residual_half_units - 1e-9);
  }
  // The least-squares fit is worse in the worst case, as it must be.
  CHECK(reconstruct_limb_from_printed(FitCriterion::least_squares).max_abs_residual_half_units >
        fit.max_abs_residual_half_units);
}

TEST_CASE("limb: printed numbers of eqs. 34-35 and 41 from the shipped set", "[limb][published]") {
  const LimbParams p = reconstructed();
  const auto pred = limb_predicted_coefficients({p.L1, p.C2, p.m2, p.I1, p.I2, p.C1 * p.m1}, p.g);
  const auto& printed = limb_printed_coefficients();
  int exact = 0;
  for (std::size_t i = 0; i < printed.size(); ++i) {
    INFO(printed[i].name << ": printed " << printed[i].printed << ", computed " << pred[i]);
    // Every coefficient within 1.34 units of its last printed digit...
    CHECK(std::abs(pred[i] - printed[i].printed) <= 2.6688 * printed[i].half_unit());
    exact += std::abs(pred[i] - printed[i].printed) <= printed[i].half_unit();
  }
  // ...and six of the thirteen exactly to the printed digit (the others are off by one in it).
  CHECK(exact == 6);
}

TEST_CASE("limb: the paper's explicit form (eqs. 30-31) equals M^-1(-c - G)", "[limb][model]") {
  const LimbModel m(reconstructed());
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> angle(-3.0, 3.0), rate(-8.0, 8.0);
  for (int i = 0; i < 100; ++i) {
    const Vec<double, 2> q(angle(rng), angle(rng)), qd(rate(rng), rate(rng));
    const auto a = limb_paper_coefficients(m.p, q(0), q(1));
    const double th1dd = a.a1 - a.a2 * qd(0) * qd(0) - a.a3 * qd(1) * qd(1);
    const double th2dd = -a.a4 + a.a5 * qd(0) * qd(0) + a.a6 * qd(1) * qd(1);
    const auto qdd = joint_accelerations(m, q, qd, Vec<double, 2>(Vec<double, 2>::Zero()));
    CHECK_THAT(th1dd, WithinAbs(qdd(0), 1e-10 * (1 + std::abs(qdd(0)))));
    CHECK_THAT(th2dd, WithinAbs(qdd(1), 1e-10 * (1 + std::abs(qdd(1)))));
    CHECK_THAT(a.delta0, WithinRel(m.mass_matrix(q).determinant(), 1e-12));
  }
}

TEST_CASE("limb: eq. 35 with its printed numbers tracks the model to the print's precision", "[limb][published]") {
  const LimbModel m(reconstructed());
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> angle(-1.0, 1.0), rate(-4.0, 4.0);
  for (int i = 0; i < 50; ++i) {
    const double t1 = angle(rng), t2 = angle(rng), w1 = rate(rng), w2 = rate(rng);
    const double d = t1 - t2, c2 = std::cos(d) * std::cos(d);
    const double a1 = (56.522 * std::sin(t1) - 19.216 * std::cos(d) * std::sin(t2)) / (c2 - 2.147);
    const double a2 = -std::sin(2 * d) / (2 * (c2 - 2.147));
    const double a3 = -0.402 * std::sin(d) / (c2 - 2.147);
    const double a4 =
        (81.416 * std::sin(t1) * std::cos(d) + 59.036 * std::cos(t1) * std::sin(d) - 43.479 * std::sin(t2)) /
        (c2 - 2.1473);
    const double a5 = -5.335 * std::sin(d) / (c2 - 2.147);
    const auto qdd =
        joint_accelerations(m, Vec<double, 2>(t1, t2), Vec<double, 2>(w1, w2), Vec<double, 2>(Vec<double, 2>::Zero()));
    // The print's precision bounds the difference: the denominator constant 2.147 ± 0.0005 alone
    // carries up to 4.4e-4 relative error in (cos² − 2.147), the numerators ~1e-5.
    const double size1 = std::abs(a1) + std::abs(a2 * w1 * w1) + std::abs(a3 * w2 * w2);
    const double size2 = std::abs(a4) + std::abs(a5 * w1 * w1) + std::abs(a2 * w2 * w2);
    CHECK_THAT(a1 - a2 * w1 * w1 - a3 * w2 * w2, WithinAbs(qdd(0), 5e-4 * size1));
    CHECK_THAT(-a4 + a5 * w1 * w1 + a2 * w2 * w2, WithinAbs(qdd(1), 5e-4 * size2));
  }
}

TEST_CASE("limb: eqs. 39-41 as printed reproduce omega = 4.709 and r = 1.618", "[limb][published]") {
  const auto s = limb_paper_small_angle(reconstructed());
  // omega is one of the printed numbers the minimax fit can only reach to 1.1 half-units (4.70844).
  CHECK(std::abs(s.eq39_omega - 4.709) <= 2.6688 * 0.0005);
  CHECK_THAT(s.eq39_omega, WithinAbs(4.70844, 1e-5));
  check_printed({"eq. 41 r", 1.618, 3}, s.eq40_r);
  check_printed({"eq. 41 r (second form of eq. 40)", 1.618, 3}, s.eq40_r_via_omega);
  check_printed({"section 7 period T", 1.33, 2}, s.eq39_period);
  check_printed({"section 7 half period", 0.67, 2}, s.eq39_half_period);
}

TEST_CASE("limb: the generalised eigenproblem has two modes, neither at 4.709 rad/s", "[limb][modes]") {
  const LimbModel m(reconstructed());
  const auto modes = linear_modes(m);
  // det(K − ω² M0) = 0 by hand for the 2×2 case.
  const double A = m.p.I1 + m.p.m2 * m.p.L1 * m.p.L1, b = m.p.m2 * m.p.L1 * m.p.C2, I2 = m.p.I2;
  const double k1 = m.p.g * (m.p.C1 * m.p.m1 + m.p.L1 * m.p.m2), k2 = m.p.g * m.p.C2 * m.p.m2;
  const double det = A * I2 - b * b, tr = k1 * I2 + k2 * A;
  const double disc = std::sqrt(tr * tr - 4 * det * k1 * k2);
  CHECK_THAT(modes.omega(0), WithinRel(std::sqrt((tr - disc) / (2 * det)), 1e-12));
  CHECK_THAT(modes.omega(1), WithinRel(std::sqrt((tr + disc) / (2 * det)), 1e-12));
  CHECK_THAT(modes.omega(0), WithinAbs(4.4492, 1e-4));
  CHECK_THAT(modes.omega(1), WithinAbs(10.9015, 1e-4));
  // Each shape solves (K − ω² M0) v = 0; the slow mode is in phase, the fast one in antiphase.
  for (int k = 0; k < 2; ++k) {
    const Vec<double, 2> v = modes.shapes.col(k);
    CHECK((modes.stiffness - modes.omega(k) * modes.omega(k) * modes.mass).lpNorm<Eigen::Infinity>() > 0);
    CHECK(((modes.stiffness - modes.omega(k) * modes.omega(k) * modes.mass) * v).norm() <
          1e-10 * modes.stiffness.norm());
  }
  CHECK(modes.shapes(1, 0) > 0);
  CHECK(modes.shapes(1, 1) < 0);
}

TEST_CASE("limb: eq. 36 as printed differs from the linearisation by a factor m2", "[limb][published]") {
  const LimbParams p = reconstructed();
  const LimbModel m(p);
  const auto s = limb_paper_small_angle(p);
  const auto modes = linear_modes(m);
  const Mat<double, 2, 2> lambda_true = -modes.mass.inverse() * modes.stiffness;
  CHECK_THAT(s.lambda(1, 0), WithinRel(lambda_true(1, 0), 1e-12));  // eq. 37 is right
  CHECK_THAT(s.lambda(1, 1), WithinRel(lambda_true(1, 1), 1e-12));
  CHECK_THAT(s.lambda(0, 0), WithinRel(lambda_true(0, 0), 1e-12));
  CHECK_THAT(s.lambda(0, 1) * p.m2, WithinRel(lambda_true(0, 1), 1e-12));  // eq. 36's coupling lacks m2
}

TEST_CASE("de Leva legs: linear modes match the independently derived values", "[limb][modes]") {
  // reference-values.md section 3.5 [DERIVED]: male 4.4708, 9.6003 rad/s; female 4.5546, 9.7323 rad/s.
  const auto male = linear_modes(LimbModel(limb_params(read_param_file("limb_deleva_male"))));
  CHECK_THAT(male.omega(0), WithinAbs(4.4708, 5e-5));
  CHECK_THAT(male.omega(1), WithinAbs(9.6003, 5e-5));
  CHECK_THAT(male.mass(0, 0), WithinAbs(1.07186, 5e-6));
  CHECK_THAT(male.mass(0, 1), WithinAbs(0.25826, 5e-6));
  CHECK_THAT(male.mass(1, 1), WithinAbs(0.15529, 5e-6));
  CHECK_THAT(male.stiffness(0, 0), WithinAbs(30.6236, 5e-5));
  CHECK_THAT(male.stiffness(1, 1), WithinAbs(6.0008, 5e-5));
  const auto female = linear_modes(LimbModel(limb_params(read_param_file("limb_deleva_female"))));
  CHECK_THAT(female.omega(0), WithinAbs(4.5546, 5e-5));
  CHECK_THAT(female.omega(1), WithinAbs(9.7323, 5e-5));
}
