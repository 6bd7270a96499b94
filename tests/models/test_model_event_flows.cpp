// The shipped event models (data/models: the simplest walker, the compass gait, the kneed walker,
// the limb with a knee stop) through the driver's event handling and its one saltation code
// (integrate/driver.hpp, integrate/saltation.hpp): for each, the STM across one and several events
// against central differences of the flow map; the stride map's Jacobian (indicators/event_flow.hpp)
// against central differences of the stride map; every located event on its guard to 1e-12; and
// the energy each plastic impact takes, from the event log, against the impulse's loss derived
// independently (the simplest walker's closed form, Carnot's theorem for the others).
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <string>

#include <Eigen/LU>

#include "../support/model_files.hpp"
#include "chaoskit/indicators/event_flow.hpp"
#include "chaoskit/integrate/trajectory.hpp"
#include "chaoskit/integrate/variational.hpp"
#include "support/event_models.hpp"
#include "support/walker_physics.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

namespace {

/// A shipped model, a start from which it meets its events, and the events a test should see.
template <int N>
struct Scenario {
  FileModel<N> model;
  Vec<double, N> x0;
  double t_one, t_several;   ///< a time after the first event, and one after several
  std::string stride_event;  ///< the event the stride map returns to
};

Scenario<4> simplest_walker() {
  // Garcia et al.'s (1998) period-one gait at gamma = 0.009 just after heel strike (their
  // variables, data/models/README.md): phi = 2 theta, phi' = (1 - cos 2 theta) theta'.
  const double th = 0.20031090049483, dth = -0.19983247291764;
  return {shipped_file_model<4>("simplest_walker"), Vec<double, 4>(th, 2 * th, dth, (1 - std::cos(2 * th)) * dth), 5.0,
          13.0, "heel_strike"};
}
Scenario<4> compass_gait() {
  // Just after a heel strike (stance foot ahead of the hip): heel strikes at 0.68, 1.40 and 2.15 s,
  // walking into the period-one gait of Tedrake's slope.
  return {shipped_file_model<4>("compass_gait"), Vec<double, 4>(0.2, -0.3, -1.0, 0.4), 1.0, 2.6, "heel_strike"};
}
Scenario<6> kneed_walker() {
  // Just after a heel strike: the new swing leg straight and behind, its thigh swinging forward;
  // knee strikes at 0.27 s and 0.82 s, heel strikes at 0.49 s and 1.14 s.
  return {shipped_file_model<6>("kneed_walker"), Vec<double, 6>(0.15, -0.25, -0.25, -1.0, 1.6, 1.6), 0.4, 1.2,
          "heel_strike"};
}
Scenario<4> knee_stop(double e_knee) {
  // The leg released with the knee flexed: the shank swings forward onto the stop at 0.17 s; with
  // e_knee = 0.6 it rebounds (again at 0.44 s and 0.93 s), with 0 it locks and unlocks (0.34 s).
  const std::map<std::string, double> values{{"e_knee", e_knee}};
  return {file_model_with<4>(shipped_model_file("limb_knee_stop"), values), Vec<double, 4>(0.6, -0.4, 0.0, 0.0), 0.3,
          e_knee > 0 ? 1.1 : 1.2, "knee_stop"};
}

/// Central differences with Richardson's extrapolation, (4 D(h/2) − D(h)) / 3, which removes the
/// h² term: the maps' third derivatives are large over several impacts (the simplest walker's
/// Jacobian after three steps took an error of 6e-7 from h = 1e-6 alone), and a smaller step would
/// meet the flow's rounding noise (~1e-13 / h).
template <class F>
auto richardson(F&& central, double h) {
  return ((4.0 * central(0.5 * h) - central(h)) / 3.0).eval();
}
const double kStep = 1e-5;

/// Ψ(T, 0) across the events before T against central differences of the flow map.
template <int N>
void check_stm(const Scenario<N>& s, double T, int min_events) {
  const IntegratorOptions io = tight_events();
  const VariationalResult<FileModel<N>> v = propagate_variational(s.model, s.x0, InputSchedule(), 0.0, T, io);
  REQUIRE(v.report.ok());
  REQUIRE(v.report.events >= min_events);
  Mat<double, N, N> fd;
  for (int j = 0; j < N; ++j) {
    auto central = [&](double h) {
      Vec<double, N> a = s.x0, b = s.x0;
      a(j) += h;
      b(j) -= h;
      IntegrationReport ra, rb;
      const Vec<double, N> xa = flow(s.model, a, InputSchedule(), 0.0, T, io, &ra);
      const Vec<double, N> xb = flow(s.model, b, InputSchedule(), 0.0, T, io, &rb);
      REQUIRE(ra.events == v.report.events);  // the differences do not straddle an event
      REQUIRE(rb.events == v.report.events);
      return Vec<double, N>((xa - xb) / (2 * h));
    };
    fd.col(j) = richardson(central, kStep * std::max(1.0, std::abs(s.x0(j))));
  }
  const double err = (v.stm - fd).norm() / fd.norm();
  CAPTURE(s.model.source(), T, v.report.events, v.stm, fd, err);
  CHECK(err <= 1e-7);
}

/// The map from x0 to the state just after the count-th occurrence of the stride event, and its
/// Jacobian and time gradient, against central differences of the map itself.
template <int N>
void check_stride_map(const Scenario<N>& s, int count) {
  const IntegratorOptions io = tight_events();
  const int k = event_index_named(s.model, s.stride_event, "stride_event", "the scenario");
  const EventFlow<FileModel<N>> r = flow_to_event(s.model, s.x0, 0, 0.0, k, count, InputSchedule(), 100.0, io);
  REQUIRE(r.reached);
  Mat<double, N, N> fd;
  Vec<double, N> dt;
  for (int j = 0; j < N; ++j) {
    // The map and its time as one vector of N + 1.
    auto central = [&](double h) {
      Vec<double, N> a = s.x0, b = s.x0;
      a(j) += h;
      b(j) -= h;
      const auto ra = flow_to_event(s.model, a, 0, 0.0, k, count, InputSchedule(), 100.0, io);
      const auto rb = flow_to_event(s.model, b, 0, 0.0, k, count, InputSchedule(), 100.0, io);
      REQUIRE(ra.reached);
      REQUIRE(rb.reached);
      REQUIRE(ra.events_seen == r.events_seen);
      REQUIRE(rb.events_seen == r.events_seen);
      Vec<double, N + 1> d;
      d << (ra.x - rb.x) / (2 * h), (ra.t - rb.t) / (2 * h);
      return d;
    };
    const Vec<double, N + 1> d = richardson(central, kStep * std::max(1.0, std::abs(s.x0(j))));
    fd.col(j) = d.template head<N>();
    dt(j) = d(N);
  }
  const double err = (r.map_jacobian - fd).norm() / fd.norm();
  const double err_t = (r.time_gradient - dt).norm() / dt.norm();
  CAPTURE(s.model.source(), count, r.t, r.events_seen, r.map_jacobian, fd, err, err_t);
  CHECK(err <= 1e-7);
  CHECK(err_t <= 1e-7);
  // The event is located on its guard.
  const Vec<double, N / 2> u = Vec<double, N / 2>::Zero();
  CHECK(std::abs(s.model.event_guard(k, r.last.x_minus, u, r.t)) <= 1e-12);
}

/// Every event of a trajectory sits on its guard (|g(x⁻)| ≤ 1e-12, in the guard's units).
template <int N>
Trajectory<FileModel<N>> check_guards(const Scenario<N>& s, double T, int min_events) {
  const Trajectory<FileModel<N>> tr =
      simulate(s.model, s.x0, InputSchedule(), 0.0, T, output_grid(0.0, T, 0.0), tight_events());
  REQUIRE(tr.report.ok());
  REQUIRE(static_cast<int>(tr.events.size()) >= min_events);
  const Vec<double, N / 2> u = Vec<double, N / 2>::Zero();
  for (const auto& e : tr.events) {
    const double g = s.model.event_guard(e.event, e.x_minus, u, e.t);
    CAPTURE(s.model.source(), s.model.event_info(e.event).name, e.t, g);
    CHECK(std::abs(g) <= 1e-12);
  }
  return tr;
}

}  // namespace

TEST_CASE("event flows: the STM across one and several events against central differences of the flow",
          "[model_events][event_flows]") {
  SECTION("simplest walker") {
    const auto s = simplest_walker();
    check_stm(s, s.t_one, 1);
    check_stm(s, s.t_several, 3);
  }
  SECTION("compass gait") {
    const auto s = compass_gait();
    check_stm(s, s.t_one, 1);
    check_stm(s, s.t_several, 3);
  }
  SECTION("kneed walker") {
    const auto s = kneed_walker();
    check_stm(s, s.t_one, 1);
    check_stm(s, s.t_several, 2);
  }
  SECTION("limb knee stop, rebounding") {
    const auto s = knee_stop(0.6);
    check_stm(s, s.t_one, 1);
    check_stm(s, s.t_several, 3);
  }
  SECTION("limb knee stop, locking and unlocking") {
    const auto s = knee_stop(0.0);
    check_stm(s, s.t_one, 1);
    check_stm(s, s.t_several, 2);
  }
}

TEST_CASE("event flows: the stride map's Jacobian against central differences of the stride map",
          "[model_events][event_flows]") {
  SECTION("simplest walker") {
    check_stride_map(simplest_walker(), 1);
    check_stride_map(simplest_walker(), 3);
  }
  SECTION("compass gait") {
    check_stride_map(compass_gait(), 1);
    check_stride_map(compass_gait(), 3);
  }
  SECTION("kneed walker") {
    check_stride_map(kneed_walker(), 1);
    check_stride_map(kneed_walker(), 2);
  }
  SECTION("limb knee stop") {
    check_stride_map(knee_stop(0.6), 1);
    check_stride_map(knee_stop(0.6), 3);
  }
}

TEST_CASE("event flows: the simplest walker's heel strike takes the impulse's energy", "[model_events][event_flows]") {
  const auto s = simplest_walker();
  const auto tr = check_guards(s, 20.0, 4);
  const double gamma = 0.009;
  for (const auto& e : tr.events) {
    // The hip's velocity loses its component along the new stance leg, at 2 theta from the old:
    // ½ theta'² sin² 2theta; and the energy's reference, the stance foot, moves down the slope by
    // the step 2 sin|theta| times sin gamma.
    const double th = e.x_minus(0), dth = e.x_minus(2);
    const double lost = 0.5 * dth * dth * std::pow(std::sin(2 * th), 2);
    const double drop = 2 * std::sin(-th) * std::sin(gamma);
    CAPTURE(e.t, th, dth, lost);
    CHECK(e.energy_minus - e.energy_plus + drop == Approx(lost).epsilon(1e-12));
  }
}

TEST_CASE("event flows: the compass gait's and kneed walker's plastic impacts lose Carnot's energy",
          "[model_events][event_flows]") {
  SECTION("compass gait heel strikes") {
    const auto s = compass_gait();
    const auto tr = check_guards(s, 5.0, 3);
    const double m = 5, mH = 10, a = 0.5, b = 0.5, g = 9.81, total = mH + 2 * m;
    for (const auto& e : tr.events) {
      const auto before = compass_masses(e.x_minus, m, mH, a, b);
      const auto after = compass_masses(e.x_plus, m, mH, a, b);
      const P2 foot = before[2].r + a * along(e.x_minus(1));  // the swing foot, b + a from the hip
      const Carnot c = carnot(before, after, {0, 2, 1}, foot);
      CAPTURE(e.t, c.lost_kinetic, c.position_mismatch);
      CHECK(c.position_mismatch <= 1e-12);
      // The reference of the potential moves from the old stance foot to the new one, foot(1) lower.
      CHECK(e.energy_minus - e.energy_plus - total * g * foot(1) == Approx(c.lost_kinetic).epsilon(1e-11));
    }
  }
  SECTION("kneed walker knee strikes and heel strikes") {
    const auto s = kneed_walker();
    const auto tr = check_guards(s, 2.3, 4);  // it falls after 2.5 s
    const double L1 = 0.5, L2 = 0.5, m1 = 0.5, C1 = 0.3, m2 = 0.05, C2 = 0.15, mH = 0.5, g = 9.8;
    const double total = mH + 2 * (m1 + m2);
    int knee = 0, heel = 0;
    for (const auto& e : tr.events) {
      const auto before = kneed_masses(e.x_minus, L1, L2, m1, C1, m2, C2, mH);
      const auto after = kneed_masses(e.x_plus, L1, L2, m1, C1, m2, C2, mH);
      const bool heel_strike = s.model.event_info(e.event).name == "heel_strike";
      const P2 foot = heel_strike ? P2(before[4].r + (L2 - C2) * along(e.x_minus(2))) : P2::Zero();
      // At heel strike the legs swap (stance thigh and shank <-> swing thigh and shank).
      const Carnot c =
          heel_strike ? carnot(before, after, {0, 3, 4, 1, 2}, foot) : carnot(before, after, {0, 1, 2, 3, 4}, foot);
      CAPTURE(e.t, heel_strike, c.lost_kinetic, c.position_mismatch);
      CHECK(c.position_mismatch <= 1e-12);
      CHECK(e.energy_minus - e.energy_plus - total * g * foot(1) == Approx(c.lost_kinetic).epsilon(1e-11));
      (heel_strike ? heel : knee)++;
    }
    CHECK(knee >= 2);
    CHECK(heel >= 2);
  }
}

TEST_CASE("event flows: the knee stop loses (1 - e)/(1 + e) of Carnot's energy, all of it when it locks",
          "[model_events][event_flows]") {
  for (const double e_knee : {0.0, 0.6}) {
    const auto s = knee_stop(e_knee);
    // (With rebounds the knee chatters on the stop after 1.5 s, until v_lock locks it.)
    const auto tr = check_guards(s, e_knee > 0 ? 1.45 : 4.0, 4);
    int impacts = 0;
    for (const auto& e : tr.events) {
      const std::string name = s.model.event_info(e.event).name;
      if (name == "knee_unlock") {  // no impulse: no energy changes hands
        CHECK(e.energy_plus == Approx(e.energy_minus).epsilon(1e-14));
        continue;
      }
      const double restitution = name == "knee_stop" ? e_knee : 0.0;
      const Vec<double, 2> jump = e.x_plus.tail<2>() - e.x_minus.tail<2>();
      const double carnot_loss = 0.5 * jump.dot(s.model.mass_matrix(e.x_minus.head<2>()) * jump);
      CAPTURE(e_knee, name, e.t);
      CHECK((e.x_plus.head<2>() - e.x_minus.head<2>()).norm() == 0.0);  // an impulse moves no coordinate
      CHECK(e.energy_minus - e.energy_plus ==
            Approx((1 - restitution) / (1 + restitution) * carnot_loss).epsilon(1e-12));
      ++impacts;
    }
    CHECK(impacts >= 1);
  }
}
