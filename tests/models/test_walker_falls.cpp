// A walker that falls: the shipped walkers declare the hip reaching the slope as a terminal event
// (terminal = true), so the orbit ends there with status terminal_event instead of going on
// through the ground, where the equations would make a free double pendulum of the fallen legs
// and every quantity over the whole time (λ, SALI, ...) a number about that.
#include <catch2/catch.hpp>

#include <cmath>

#include "../support/integrate_fixtures.hpp"
#include "chaoskit/core/point_status.hpp"
#include "chaoskit/indicators/event_flow.hpp"
#include "chaoskit/indicators/lyapunov.hpp"
#include "chaoskit/integrate/trajectory.hpp"
#include "chaoskit/integrate/variational.hpp"
#include "support/event_models.hpp"

using namespace chaoskit;
using chaoskit::test::shipped_file_model;
using chaoskit::test::tight;

namespace {

/// The simplest walker just after a heel strike, too slow to carry the hip over the stance foot:
/// it falls back (theta grows to pi/2) before any heel strike.
Vec<double, 4> too_slow() {
  const double theta = 0.2, dtheta = -0.02;
  return Vec<double, 4>(theta, 2 * theta, dtheta, (1 - std::cos(2 * theta)) * dtheta);
}

}  // namespace

TEST_CASE("walker falls: the simplest walker's fall ends the orbit where the hip reaches the slope",
          "[model_events][walkers][falls]") {
  const FileModel<4> w = shipped_file_model<4>("simplest_walker");
  const auto tr = simulate(w, too_slow(), InputSchedule(), 0.0, 100.0, output_grid(0.0, 100.0, 0.5),
                           tight(StepperKind::dopri5, 1e-12));
  CHECK(tr.report.status == IntegrationStatus::terminal_event);
  CHECK(tr.report.t < 100.0);
  CHECK(tr.events.empty());  // no heel strike on the way
  // Stopped on the guard: the last sample is before the fall, the located state on it.
  const auto v = propagate_variational(w, too_slow(), InputSchedule(), 0.0, 100.0, tight(StepperKind::dopri5, 1e-12));
  REQUIRE(v.report.status == IntegrationStatus::terminal_event);
  CHECK_THAT(v.report.t, Catch::Matchers::WithinAbs(tr.report.t, 1e-9));  // located on each run's own steps
  CHECK(std::abs(std::cos(v.xT(0))) <= 1e-12);
  CHECK(v.xT(0) > 0.0);  // backwards
  // The time of the fall: theta'' = sin(theta - gamma) is a pendulum's, so its energy is conserved
  // and theta reaches pi/2 with theta'^2 = theta0'^2 + 2 (cos(theta0 - gamma) - cos(pi/2 - gamma)).
  const double gamma = 0.009, e = 0.5 * 0.02 * 0.02 + std::cos(0.2 - gamma);
  CHECK_THAT(0.5 * v.xT(2) * v.xT(2) + std::cos(v.xT(0) - gamma), Catch::Matchers::WithinRel(e, 1e-9));
}

TEST_CASE("walker falls: λ of a fallen walker is no number but the status, and the stride map says it fell",
          "[model_events][walkers][falls]") {
  const FileModel<4> w = shipped_file_model<4>("simplest_walker");
  LyapunovOptions lo;
  lo.time = 200.0;
  const LyapunovResult l = lyapunov_exponents<1>(w, too_slow(), InputSchedule(), lo, tight(StepperKind::dopri5, 1e-12));
  CHECK(l.report.status == IntegrationStatus::terminal_event);
  CHECK(point_status_of(l.report.status) == point_status::terminal_event);
  // The map to the next heel strike meets the fall first: not reached, with the status.
  const EventFlow<FileModel<4>> r =
      flow_to_event(w, too_slow(), 0, 0.0, 0, 1, InputSchedule(), 100.0, tight(StepperKind::dopri5, 1e-12));
  CHECK_FALSE(r.reached);
  CHECK(r.report.status == IntegrationStatus::terminal_event);
}

TEST_CASE("walker falls: the compass gait and the kneed walker fall too, and walk when they should",
          "[model_events][walkers][falls]") {
  // The compass gait's gait state at Tedrake's slope walks 20 s without falling ...
  const FileModel<4> c = shipped_file_model<4>("compass_gait");
  const Vec<double, 4> gait(0.21877461798064055, -0.32377461798066287, -1.0928668105845611, -0.37613459352843526);
  const auto walks =
      simulate(c, gait, InputSchedule(), 0.0, 20.0, output_grid(0.0, 20.0, 1.0), tight(StepperKind::dopri5, 1e-12));
  CHECK(walks.report.status == IntegrationStatus::ok);
  CHECK(walks.events.size() > 20);
  // ... and pushed backwards it falls, on its hip's height above the slope, l cos(th_st + gamma).
  Vec<double, 4> back = gait;
  back(2) = +0.5;
  const auto v = propagate_variational(c, back, InputSchedule(), 0.0, 20.0, tight(StepperKind::dopri5, 1e-12));
  REQUIRE(v.report.status == IntegrationStatus::terminal_event);
  CHECK(std::abs(std::cos(v.xT(0) + 0.0525)) <= 1e-12);
}
