// Poincaré sections: every crossing lies on the surface to 1e-10 and on the energy surface to
// the integrator's tolerance; a small-energy orbit's crossings of the first modal coordinate lie
// on the second mode's energy ellipse, as the linearisation predicts.
#include <catch2/catch.hpp>
#include <sstream>

#include "../support/integrate_fixtures.hpp"
#include "chaoskit/indicators/instances.hpp"
#include "chaoskit/indicators/poincare.hpp"
#include "chaoskit/integrate/trajectory.hpp"
#include "chaoskit/models/linear_modes.hpp"
#include "chaoskit/params/param_sets.hpp"

using namespace chaoskit;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;
using chaoskit::test::with_tolerance;

TEST_CASE("section: crossings lie on the surface and on the energy surface", "[poincare]") {
  const GolfModel golf(golf_params(read_param_file("golf_manufactured")));
  const auto names = golf.state_names();
  for (const Vec<double, 4>& x0 : {Vec<double, 4>(2.0, -1.0, 0, 0), Vec<double, 4>(0.6, 0.5, 0, 0)}) {
    for (int direction : {+1, -1, 0}) {
      INFO("x0 " << x0.transpose() << " direction " << direction);
      SectionOptions so;
      so.direction = direction;
      so.max_crossings = 200;
      so.max_time = 2000;
      const Expression surface = parse_surface("th1 = 0", names, "--plane");
      const auto r = poincare_section(golf, x0, surface, InputSchedule(2), so, with_tolerance(1e-11));
      REQUIRE(r.report.ok());
      REQUIRE(r.crossings.size() == 200);
      CHECK(r.reached_max_crossings);
      const double E0 = state_energy(golf, x0);
      double prev_t = 0;
      for (const auto& c : r.crossings) {
        CHECK(std::abs(c.x(0)) <= 1e-10);
        CHECK(std::abs(c.g) <= 1e-10);
        CHECK_THAT(state_energy(golf, c.x), WithinAbs(E0, 1e-8 * std::abs(E0)));
        if (direction > 0) CHECK(c.x(2) > 0);
        if (direction < 0) CHECK(c.x(2) < 0);
        CHECK(c.t > prev_t);
        prev_t = c.t;
      }
    }
  }
}

TEST_CASE("section: every stepper finds the same crossings", "[poincare]") {
  const LimbModel limb(limb_params(read_param_file("limb_paper_reconstructed")));
  const Expression surface = parse_surface("th1", limb.state_names(), "--plane");
  SectionOptions so;
  so.max_crossings = 20;
  std::vector<SectionResult<4>> results;
  for (auto k : {StepperKind::dopri5, StepperKind::rkf78, StepperKind::bulirsch_stoer}) {
    IntegratorOptions io = with_tolerance(1e-11);
    io.stepper = k;
    results.push_back(
        poincare_section(limb, Vec<double, 4>(0.4363, 0.4363, 0.1, 0.1), surface, InputSchedule(2), so, io));
    REQUIRE(results.back().crossings.size() == 20);
  }
  for (std::size_t i = 0; i < 20; ++i) {
    CHECK_THAT(results[1].crossings[i].t, WithinAbs(results[0].crossings[i].t, 1e-7));
    CHECK_THAT(results[2].crossings[i].t, WithinAbs(results[0].crossings[i].t, 1e-7));
    CHECK_THAT(results[1].crossings[i].x(1), WithinAbs(results[0].crossings[i].x(1), 1e-7));
  }
}

TEST_CASE("section: small oscillations cross on the linear modes' ellipse", "[poincare][modes]") {
  const LimbModel limb(limb_params(read_param_file("limb_paper_reconstructed")));
  const auto modes = linear_modes(limb);
  const Mat<double, 2, 2> V = modes.shapes, Vinv = V.inverse();
  // Both modes excited with amplitudes 1e-3 and 2e-3 rad (modal coordinates η = V⁻¹ q).
  const double a1 = 1e-3, a2 = 2e-3;
  const Vec<double, 2> q0 = V * Vec<double, 2>(0.0, a2);
  const Vec<double, 2> qd0 = V * Vec<double, 2>(a1 * modes.omega(0), 0.0);
  const Vec<double, 4> x0(q0(0), q0(1), qd0(0), qd0(1));
  // Section η1 = 0 with η̇1 > 0: the crossings' (η2, η̇2) lie on η2² ω2² + η̇2² = a2² ω2².
  std::ostringstream plane;
  plane.precision(17);
  plane << Vinv(0, 0) << " * th1 + " << Vinv(0, 1) << " * th2";
  const Expression surface = parse_surface(plane.str(), limb.state_names(), "--plane");
  SectionOptions so;
  so.max_crossings = 50;
  const auto r = poincare_section(limb, x0, surface, InputSchedule(2), so, with_tolerance(1e-11));
  REQUIRE(r.crossings.size() == 50);
  const double w2 = modes.omega(1), radius2 = a2 * a2 * w2 * w2;
  double worst = 0;
  for (const auto& c : r.crossings) {
    const Vec<double, 2> eta = Vinv * Vec<double, 2>(c.x(0), c.x(1));
    const Vec<double, 2> eta_d = Vinv * Vec<double, 2>(c.x(2), c.x(3));
    CHECK(std::abs(eta(0)) < 1e-9);
    worst = std::max(worst, std::abs(eta(1) * eta(1) * w2 * w2 + eta_d(1) * eta_d(1) - radius2) / radius2);
  }
  // Nonlinear corrections are O(amplitude²) ~ 1e-5 relative.
  CHECK(worst < 1e-4);
  // The return time is the slow mode's period.
  CHECK_THAT(r.crossings[1].t - r.crossings[0].t, WithinRel(2 * M_PI / modes.omega(0), 1e-4));
}

TEST_CASE("section: bad options are named", "[poincare][errors]") {
  const GolfModel golf(golf_params(read_param_file("golf_manufactured")));
  const Expression surface = parse_surface("th1", golf.state_names(), "--plane");
  SectionOptions so;
  so.max_crossings = 0;
  CHECK_THROWS_WITH(
      poincare_section(golf, Vec<double, 4>(1, 0, 0, 0), surface, InputSchedule(2), so, with_tolerance(1e-11)),
      Catch::Matchers::StartsWith("max_crossings: "));
}
