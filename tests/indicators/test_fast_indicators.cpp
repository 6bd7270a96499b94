// SALI, GALI and MEGNO agree with the converged largest Lyapunov exponent on a systematic grid of
// 20 golf states released from rest, and each behaves as theory says on clear cases.
#include <catch2/catch.hpp>

#include "../support/integrate_fixtures.hpp"
#include "chaoskit/indicators/fast_indicators.hpp"
#include "chaoskit/indicators/instances.hpp"
#include "chaoskit/params/param_sets.hpp"

using namespace chaoskit;
using chaoskit::test::with_tolerance;

TEST_CASE("fast indicators classify 20 golf states as the converged lambda_max does", "[indicators][golf]") {
  const GolfModel golf(golf_params(read_param_file("golf_manufactured")));
  int regular = 0, chaotic = 0;
  for (double th1 : {0.3, 0.6, 1.0, 1.5, 2.0}) {
    for (double th2 : {-1.0, -0.5, 0.5, 1.0}) {
      const Vec<double, 4> x0(th1, th2, 0, 0);
      INFO("state from rest at th1 = " << th1 << ", th2 = " << th2);
      LyapunovOptions lo;
      lo.time = 2000;
      lo.renorm = 1;
      const auto lyap = lyapunov_exponents<1>(golf, x0, InputSchedule(2), lo, with_tolerance(1e-10));
      FastIndicatorOptions fo;
      fo.time = 1000;
      const auto align = alignment_indices<4>(golf, x0, InputSchedule(2), fo, with_tolerance(1e-10));
      const auto meg = megno(golf, x0, InputSchedule(2), fo, with_tolerance(1e-10));
      const OrbitClass c = classify_lyapunov(lyap);
      INFO("lambda " << lyap.exponents[0] << " +- " << lyap.errors[0] << ", SALI " << align.sali << ", MEGNO "
                     << meg.megno);
      REQUIRE(c != OrbitClass::undecided);
      CHECK(align.sali_class == c);
      CHECK(align.gali_class == c);
      CHECK(meg.megno_class == c);
      (c == OrbitClass::regular ? regular : chaotic)++;
      if (c == OrbitClass::regular) {
        CHECK(std::abs(meg.megno - 2.0) < 0.7);  // quasi-periodic: <Y> → 2
      } else {
        // Chaotic: <Y> ≈ λ1 t / 2, so 2<Y>/T estimates λ1 (to tens of percent at this T).
        CHECK(meg.lambda_estimate > 0.3 * lyap.exponents[0]);
        CHECK(meg.lambda_estimate < 3.0 * lyap.exponents[0]);
      }
    }
  }
  // Both regimes are present: low-energy releases are regular, high-energy ones chaotic.
  CHECK(regular >= 5);
  CHECK(chaotic >= 5);
}

TEST_CASE("GALI_k of a regular orbit: GALI_2 stays positive while GALI_3 and GALI_4 decay", "[indicators]") {
  const GolfModel golf(golf_params(read_param_file("golf_manufactured")));
  FastIndicatorOptions fo;
  fo.time = 200;
  const auto a =
      alignment_indices<4>(golf, Vec<double, 4>(0.6, 0.5, 0, 0), InputSchedule(2), fo, with_tolerance(1e-10));
  fo.time = 800;
  const auto b =
      alignment_indices<4>(golf, Vec<double, 4>(0.6, 0.5, 0, 0), InputSchedule(2), fo, with_tolerance(1e-10));
  REQUIRE(b.gali.size() == 3);
  CHECK(b.gali[0] > 1e-3);
  // Power laws t^-2 and t^-4 for 2 degrees of freedom: a 4x longer run lowers them by ~16x and ~256x.
  CHECK(b.gali[1] < a.gali[1] / 4);
  CHECK(b.gali[2] < a.gali[2] / 16);
}

TEST_CASE("MEGNO of the small-oscillation limb orbit tends to 2", "[indicators][limb]") {
  const LimbModel limb(limb_params(read_param_file("limb_paper_reconstructed")));
  FastIndicatorOptions fo;
  fo.time = 2000;
  const auto m = megno(limb, Vec<double, 4>(0.157, 0.157, 0.1, 0.1), InputSchedule(2), fo, with_tolerance(1e-10));
  REQUIRE(m.report.ok());
  CHECK(std::abs(m.megno - 2.0) < 0.2);
  CHECK(m.megno_class == OrbitClass::regular);
}

// rkf78, the tangent flow's default and the lanes' method, cannot see the error of a quadrature row
// (megno_quadratures.hpp). With the textbook rows ȧ = t h, ḃ = 2a/t this orbit read ⟨Y⟩(2000 s) =
// −0.83 at 1e-8 and 2.71 at 1e-10 (dopri5: 1.87); integrated by parts, with the log-stretch reset
// at every sample, it must not depend on the stepper, the tolerance or the sampling interval beyond
// the L row's own error between two samples (measured 6 Dec: 2e-4, 3e-3, 1.4e-2 off dopri5 at 1e-8
// and renorm 0.25, 1, 2 s; at most 5e-4 at 1e-10), far from the textbook rows' 0.8 and 2.7.
TEST_CASE("MEGNO of the small-oscillation limb orbit is the same with rkf78 and dopri5, any tolerance and renorm",
          "[indicators][limb]") {
  const LimbModel limb(limb_params(read_param_file("limb_paper_reconstructed")));
  const Vec<double, 4> x0(0.157, 0.157, 0.1, 0.1);
  FastIndicatorOptions fo;
  fo.time = 2000;
  IntegratorOptions io = with_tolerance(1e-10);
  io.stepper = StepperKind::dopri5;
  const double reference = megno(limb, x0, InputSchedule(2), fo, io).megno;
  CHECK(std::abs(reference - 2.0) < 0.2);
  io.stepper = StepperKind::rkf78;
  for (double tol : {1e-8, 1e-10}) {
    for (double renorm : {0.25, 1.0, 2.0}) {
      io.rtol = io.atol = tol;
      fo.renorm = renorm;
      const auto m = megno(limb, x0, InputSchedule(2), fo, io);
      INFO("rkf78 at " << tol << ", renorm " << renorm << " s: " << m.megno << ", dopri5 " << reference);
      REQUIRE(m.report.ok());
      CHECK(std::abs(m.megno - reference) < 0.02);
    }
  }
}
