// Events of hybrid models in the driver (integrate/event_tracker.hpp, integrate/driver.hpp) and the
// saltation matrix (integrate/saltation.hpp), on small models with closed forms
// (tests/support/hybrid_fixtures.hpp).
#include <catch2/catch.hpp>

#include <cmath>

#include "chaoskit/indicators/event_flow.hpp"
#include "chaoskit/indicators/poincare.hpp"
#include "chaoskit/indicators/tangent_flow.hpp"
#include "chaoskit/integrate/saltation.hpp"
#include "chaoskit/integrate/trajectory.hpp"
#include "chaoskit/integrate/variational.hpp"
#include "support/hybrid_fixtures.hpp"
#include "support/integrate_fixtures.hpp"

using namespace chaoskit;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;
using chaoskit::test::tight;
using test::BouncingBall;

namespace {

/// The ball's state at time t after a drop from rest at height h0, bounce by bounce (closed form).
Vec<double, 2> ball_exact(const BouncingBall& b, double h0, double t, int* bounces = nullptr) {
  double tau = std::sqrt(2.0 * h0 / b.g), v = -b.g * tau;  // first impact: time, velocity
  double t_impact = tau;
  int k = 0;
  if (t < tau) return Vec<double, 2>(h0 - 0.5 * b.g * t * t, -b.g * t);
  for (;;) {
    ++k;
    const double v_up = -b.e * v;
    const double flight = 2.0 * v_up / b.g;
    if (t < t_impact + flight) {
      const double s = t - t_impact;
      if (bounces) *bounces = k;
      return Vec<double, 2>(v_up * s - 0.5 * b.g * s * s, v_up - b.g * s);
    }
    t_impact += flight;
    v = -v_up;
  }
}

}  // namespace

TEST_CASE("events: the bouncing ball's flight and impacts match the closed form", "[integrate][events]") {
  const BouncingBall ball;
  const StepperKind stepper = GENERATE(StepperKind::dopri5, StepperKind::rkf78, StepperKind::bulirsch_stoer);
  CAPTURE(stepper_name(stepper));
  const Vec<double, 2> x0(1.0, 0.0);
  const std::vector<double> outputs = output_grid(0.0, 3.0, 0.05);
  const Trajectory<BouncingBall> tr = simulate(ball, x0, InputSchedule(), 0.0, 3.0, outputs, tight(stepper));
  REQUIRE(tr.report.ok());
  int bounces = 0;
  ball_exact(ball, 1.0, 3.0, &bounces);
  CHECK(static_cast<int>(tr.events.size()) == bounces);
  CHECK(tr.report.events == bounces);
  for (std::size_t i = 0; i < tr.t.size(); ++i) {
    CAPTURE(tr.t[i]);
    const Vec<double, 2> exact = ball_exact(ball, 1.0, tr.t[i]);
    CHECK_THAT(tr.x[i](0), WithinAbs(exact(0), 1e-10));
    CHECK_THAT(tr.x[i](1), WithinAbs(exact(1), 1e-10));
  }
  // Each impact: located to rounding on the guard, velocity reversed and scaled by e, the energy
  // lost (1 − e²) v²/2.
  double t_impact = std::sqrt(2.0 / ball.g);
  for (const auto& e : tr.events) {
    CHECK_THAT(e.t, WithinAbs(t_impact, 1e-11));
    CHECK(std::abs(e.x_minus(0)) <= 1e-12);
    CHECK_THAT(e.x_plus(1), WithinRel(-ball.e * e.x_minus(1), 1e-15));
    CHECK_THAT(e.energy_minus - e.energy_plus,
               WithinRel(0.5 * (1 - ball.e * ball.e) * e.x_minus(1) * e.x_minus(1), 1e-12));
    t_impact += 2.0 * ball.e * std::abs(e.x_minus(1)) / ball.g;
  }
}

TEST_CASE("events: the saltation matrix of the bouncing ball is the closed form", "[integrate][events][saltation]") {
  const BouncingBall ball{9.81, GENERATE(0.0, 0.5, 1.0)};
  const double v = -3.7;
  const auto e = event_jump(ball, 0, Vec<double, 2>(0.0, v), Vec<double, 0>(), 1.25, 0);
  Mat<double, 2, 2> S;
  S << -ball.e, 0.0, -(1.0 + ball.e) * ball.g / v, -ball.e;
  CHECK((e.S - S).norm() <= 1e-15);
  CHECK_THAT(e.g_rate, WithinAbs(v, 1e-15));
  // The map taken at the impact itself (height 0 stays 0): ∂v⁺/∂v⁻ = −e, ∂(·)/∂h⁻ through the impact time.
  const Mat<double, 2, 2> P = e.map_jacobian();
  CHECK_THAT(P(0, 0), WithinAbs(0.0, 1e-15));
  CHECK_THAT(P(0, 1), WithinAbs(0.0, 1e-15));
  CHECK_THAT(P(1, 1), WithinAbs(-ball.e, 1e-15));
}

TEST_CASE("events: the STM across several impacts agrees with central differences of the flow map",
          "[integrate][events][saltation]") {
  const BouncingBall ball{9.81, 0.7};
  const Vec<double, 2> x0(1.3, 0.4);
  const double T = 2.2;  // four impacts, the last at 2.14 s
  const IntegratorOptions io = tight();
  const VariationalResult<BouncingBall> v = propagate_variational(ball, x0, InputSchedule(), 0.0, T, io);
  REQUIRE(v.report.ok());
  REQUIRE(v.report.events == 4);
  Mat<double, 2, 2> fd;
  for (int j = 0; j < 2; ++j) {
    const double h = 1e-6;
    Vec<double, 2> a = x0, b = x0;
    a(j) += h;
    b(j) -= h;
    fd.col(j) = (flow(ball, a, InputSchedule(), 0.0, T, io) - flow(ball, b, InputSchedule(), 0.0, T, io)) / (2 * h);
  }
  CAPTURE(v.stm, fd);
  CHECK((v.stm - fd).norm() <= 1e-7 * fd.norm());
  // Liouville across impacts: det S = e² per impact.
  CHECK_THAT(v.stm.determinant(), WithinRel(std::pow(ball.e, 8), 1e-9));
}

TEST_CASE("events: a Zeno cascade ends the orbit with its own status, never a hang", "[integrate][events]") {
  const BouncingBall ball{9.81, 0.5};
  const Trajectory<BouncingBall> tr =
      simulate(ball, Vec<double, 2>(1.0, 0.0), InputSchedule(), 0.0, 10.0, {0.0, 10.0}, tight());
  CHECK(tr.report.status == IntegrationStatus::event_cascade);
  // The ball comes to rest at the sum of its flight times, 3 sqrt(2 h0 / g) for e = 1/2; the cascade
  // is called once its impacts come within 1e-6 s of each other, or graze, some 1e-5 s before.
  CHECK(tr.report.t < 3.0 * std::sqrt(2.0 / ball.g));
  CHECK(tr.report.t > 3.0 * std::sqrt(2.0 / ball.g) - 1e-4);
}

TEST_CASE("events: a guard crossed tangentially stops the orbit as grazing", "[integrate][events]") {
  const test::InflectionCrossing model;
  const StepperKind stepper = GENERATE(StepperKind::dopri5, StepperKind::rkf78);
  const Trajectory<test::InflectionCrossing> tr =
      simulate(model, Vec<double, 2>(0.0, -1.0 / 3.0), InputSchedule(), 0.0, 2.0, {0.0, 2.0}, tight(stepper));
  CHECK(tr.report.status == IntegrationStatus::grazing_event);
  CHECK_THAT(tr.report.t, WithinAbs(1.0, 1e-4));  // a triple root: located to |g| ~ 1e-16, |t − 1| ~ 1e-5
  CHECK(tr.events.empty());                       // the reset was not applied
}

TEST_CASE("events: two events at one instant stop the orbit with their status", "[integrate][events]") {
  const test::TwinWalls ball;
  const Trajectory<test::TwinWalls> tr =
      simulate(ball, Vec<double, 2>(1.0, 0.0), InputSchedule(), 0.0, 2.0, {0.0, 2.0}, tight());
  CHECK(tr.report.status == IntegrationStatus::simultaneous_events);
  CHECK_THAT(tr.report.t, WithinAbs(std::sqrt(2.0 / ball.g), 1e-12));
}

TEST_CASE("events: the elastic wedge billiard keeps its energy and phase volume across reflections",
          "[integrate][events]") {
  const test::WedgeBilliard wedge;
  const Vec<double, 4> x0(0.1, 1.0, 0.3, 0.0);
  const IntegratorOptions io = tight();
  const VariationalResult<test::WedgeBilliard> v = propagate_variational(wedge, x0, InputSchedule(), 0.0, 20.0, io);
  REQUIRE(v.report.ok());
  CHECK(v.report.events > 10);
  CHECK_THAT(wedge.energy(v.xT), WithinAbs(wedge.energy(x0), 1e-11));
  // det Ψ = 1 (Liouville, and |det S| = 1 at each reflection); Ψ's entries have grown to ~1e3 by
  // then, so its determinant is only known to about 1e-6 in double precision.
  CAPTURE(v.stm);
  CHECK_THAT(v.stm.determinant(), WithinRel(1.0, 1e-5));
}

TEST_CASE("events: the return map to an event and its Jacobian against central differences",
          "[integrate][events][saltation]") {
  const test::WedgeBilliard wedge;
  const Vec<double, 4> x0(0.1, 1.0, 0.3, 0.0);
  const IntegratorOptions io = tight();
  const int n_events = 5;
  const EventFlow<test::WedgeBilliard> r = flow_to_event(wedge, x0, 0, 0.0, -1, n_events, InputSchedule(), 100.0, io);
  REQUIRE(r.reached);
  Mat<double, 4, 4> fd;
  Vec<double, 4> dt;
  for (int j = 0; j < 4; ++j) {
    const double h = 1e-6;
    Vec<double, 4> a = x0, b = x0;
    a(j) += h;
    b(j) -= h;
    const auto ra = flow_to_event(wedge, a, 0, 0.0, -1, n_events, InputSchedule(), 100.0, io);
    const auto rb = flow_to_event(wedge, b, 0, 0.0, -1, n_events, InputSchedule(), 100.0, io);
    REQUIRE(ra.last.event == r.last.event);
    REQUIRE(rb.last.event == r.last.event);
    fd.col(j) = (ra.x - rb.x) / (2 * h);
    dt(j) = (ra.t - rb.t) / (2 * h);
  }
  CAPTURE(r.map_jacobian, fd);
  CHECK((r.map_jacobian - fd).norm() <= 1e-7 * fd.norm());
  CHECK((r.time_gradient - dt).norm() <= 1e-7 * dt.norm());
  // The map keeps the state on the wall it ends at: the wall's normal annihilates the position rows.
  const Vec<double, 2> nk = wedge.normal(r.last.event);
  CHECK((nk.transpose() * r.map_jacobian.topRows<2>()).norm() <= 1e-9 * r.map_jacobian.norm());
}

TEST_CASE("events: a section at an event records the state just after each occurrence", "[integrate][events]") {
  const test::WedgeBilliard wedge;
  const Vec<double, 4> x0(0.1, 1.0, 0.3, 0.0);
  SectionOptions so;
  so.at_event = 1;  // the left wall
  so.max_crossings = 4;
  so.max_time = 1000.0;
  const Expression unused = parse_surface("x = 0", wedge.state_names(), "plane");
  const SectionResult<4> s = poincare_section(wedge, x0, unused, InputSchedule(), so, tight());
  REQUIRE(s.crossings.size() == 4);
  CHECK(s.reached_max_crossings);
  for (int k = 0; k < 4; ++k) {
    CAPTURE(k);
    const auto r = flow_to_event(wedge, x0, 0, 0.0, 1, k + 1, InputSchedule(), 1000.0, tight());
    REQUIRE(r.reached);
    CHECK_THAT(s.crossings[static_cast<std::size_t>(k)].t, WithinAbs(r.t, 1e-9));
    CHECK((s.crossings[static_cast<std::size_t>(k)].x - r.x).norm() <= 1e-9);
    CHECK(std::abs(wedge.event_guard(1, r.x, Vec<double, 0>(), r.t)) <= 1e-12);
  }
}

TEST_CASE("events: the elastic wedge billiard runs backwards to its start (time reversal across reflections)",
          "[integrate][events]") {
  const test::WedgeBilliard wedge;
  const Vec<double, 4> x0(0.1, 1.0, 0.3, 0.0);
  const IntegratorOptions io = tight();
  IntegrationReport rep;
  Vec<double, 4> xT = flow(wedge, x0, InputSchedule(), 0.0, 6.0, io, &rep);
  REQUIRE(rep.ok());
  REQUIRE(rep.events >= 3);
  xT.tail<2>() *= -1.0;  // reverse the velocities
  Vec<double, 4> back = flow(wedge, xT, InputSchedule(), 0.0, 6.0, io, &rep);
  REQUIRE(rep.ok());
  back.tail<2>() *= -1.0;
  CHECK((back - x0).norm() <= 1e-9);
}
