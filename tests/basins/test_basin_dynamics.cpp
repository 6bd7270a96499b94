// Per-point basin outcomes against direct simulation: rest labels equal the windings a long
// damped run ends in; flip times are located where |alpha| = pi and no earlier; the golf swing's
// outcome is at th1 = 0 with the endpoint speed simulate() gives there; inputs are validated.
#include <catch2/catch.hpp>

#include <cmath>

#include "../support/integrate_fixtures.hpp"
#include "chaoskit/basins/instances.hpp"
#include "chaoskit/integrate/instances.hpp"
#include "chaoskit/params/param_sets.hpp"

using namespace chaoskit;
using chaoskit::test::with_tolerance;
using namespace chaoskit::basins;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {
template <int N>
ChainModel<N> chain(const char* set) {
  return ChainModel<N>(chain_params(read_param_file(set)));
}
}  // namespace

TEST_CASE("rest label: the lowest barrier of a chain is one link upright", "[basins][rest]") {
  const auto p1 = chain<1>("chain1_damped_rod");
  const auto [eb1, v1] = barrier_energy(p1);
  CHECK_THAT(eb1, WithinRel(9.81 * 0.5, 1e-14));  // V(pi) = +g m r
  CHECK_THAT(v1, WithinRel(-9.81 * 0.5, 1e-14));
  const auto p2 = chain<2>("chain2_damped_rods");
  const auto [eb2, v2] = barrier_energy(p2);
  // beta = (m1 r1 + L1 m2, m2 r2) = (1.5, 0.5): flipping link 2 is the lower barrier, V = -g (1.5 - 0.5).
  CHECK_THAT(eb2, WithinRel(-9.81 * 1.0, 1e-14));
  CHECK_THAT(v2, WithinRel(-9.81 * 2.0, 1e-14));
  CHECK(has_damping(p2));
  CHECK_FALSE(has_damping(chain<3>("chain3_uniform_rods")));
}

TEST_CASE("rest label: equals the windings of a long damped simulation", "[basins][rest]") {
  const auto m1 = chain<1>("chain1_damped_rod");
  const auto m2 = chain<2>("chain2_damped_rods");
  const IntegratorOptions io = with_tolerance(1e-10);
  RestOptions ro;
  ro.max_time = 300;
  // Single pendulum: below the barrier → label 0 at once; fast spins → positive / negative windings.
  CHECK(rest_label(m1, Vec<double, 2>(0.5, 1.0), ro, io).label == 0);
  CHECK(rest_label(m1, Vec<double, 2>(0.5, 1.0), ro, io).time == 0.0);
  for (const Vec<double, 2>& x0 : {Vec<double, 2>(0.0, 12.0), Vec<double, 2>(1.0, -14.0), Vec<double, 2>(-3.0, 9.0)}) {
    INFO("x0 " << x0.transpose());
    const auto r = rest_label(m1, x0, ro, io);
    REQUIRE(r.label >= 0);
    const auto tr = simulate(m1, x0, InputSchedule(1), 0.0, 300.0, {300.0}, io);
    REQUIRE(tr.report.ok());
    const int expect = static_cast<int>(std::lround(tr.x.back()(0) / (2 * M_PI)));
    CHECK(decode_windings(r.label, 1) == std::vector<int>{expect});
    CHECK(r.time > 0.0);
  }
  // Double pendulum from rest high up: relative windings n = A^-1 m.
  for (const Vec<double, 4>& x0 : {Vec<double, 4>(2.5, 1.0, 0, 0), Vec<double, 4>(-2.8, 2.0, 0, 0),
                                   Vec<double, 4>(3.0, -3.0, 0, 0), Vec<double, 4>(0.3, 0.2, 0, 0)}) {
    INFO("x0 " << x0.transpose());
    const auto r = rest_label(m2, x0, ro, io);
    REQUIRE(r.label >= 0);
    const auto tr = simulate(m2, x0, InputSchedule(2), 0.0, 300.0, {300.0}, io);
    REQUIRE(tr.report.ok());
    const std::vector<int> expect{static_cast<int>(std::lround(tr.x.back()(0) / (2 * M_PI))),
                                  static_cast<int>(std::lround(tr.x.back()(1) / (2 * M_PI)))};
    CHECK(decode_windings(r.label, 2) == expect);
    // Nearly at rest after 300 s (the slow mode decays slowly), close to a multiple of 2 pi.
    CHECK(std::abs(tr.x.back()(0) - 2 * M_PI * expect[0]) < 0.05);
  }
  // Not settled: a horizon too short for the energy to drop below the barrier.
  RestOptions shortly;
  shortly.max_time = 0.5;
  CHECK(rest_label(m2, Vec<double, 4>(3.0, -3.0, 0, 0), shortly, io).label == kLabelNotSettled);
}

TEST_CASE("flip time: located where a link is upright, and never below the barrier", "[basins][flip]") {
  const auto m2 = chain<2>("chain2_damped_rods");
  ChainParams p = m2.p;
  p.b = {0.0, 0.0};
  const ChainModel<2> cons(p);
  const IntegratorOptions io = with_tolerance(1e-11);
  FlipOptions fo;
  fo.max_time = 50;
  int flipped = 0;
  // Starts with every |alpha_i| < pi: the first flip is at |alpha_i| = pi.
  for (const Vec<double, 4>& x0 :
       {Vec<double, 4>(2.0, 0.8, 0, 0), Vec<double, 4>(-2.5, 0.5, 0, 0), Vec<double, 4>(1.0, 2.0, 0, 0)}) {
    INFO("x0 " << x0.transpose());
    const auto r = flip_time(cons, x0, InputSchedule(2), fo, io);
    REQUIRE(r.report.ok());
    if (!std::isfinite(r.time)) continue;
    ++flipped;
    const Vec<double, 2> alpha = cons.angle_map() * r.state.head<2>();
    CHECK_THAT(std::abs(alpha(r.link)), WithinAbs(M_PI, 1e-10));
    // Dense samples before the flip: every |alpha_i| < pi.
    std::vector<double> ts;
    for (int k = 1; k < 400; ++k) ts.push_back(r.time * k / 400.0);
    const auto tr = simulate(cons, x0, InputSchedule(2), 0.0, r.time, ts, io);
    for (const auto& x : tr.x) CHECK((cons.angle_map() * x.head<2>()).cwiseAbs().maxCoeff() < M_PI);
    // The simulated state at the flip time agrees with the located one.
    const auto at = simulate(cons, x0, InputSchedule(2), 0.0, r.time, {r.time}, io);
    CHECK((at.x.back() - r.state).cwiseAbs().maxCoeff() < 1e-7);
  }
  CHECK(flipped >= 2);
  // Energy below the barrier: no flip, ever.
  const auto low = flip_time(cons, Vec<double, 4>(0.5, 0.3, 0, 0), InputSchedule(2), fo, io);
  CHECK(std::isnan(low.time));
  CHECK(low.link == -1);
  // Starting upright counts as flipped at t = 0.
  CHECK(flip_time(cons, Vec<double, 4>(M_PI, 0, 0, 0), InputSchedule(2), fo, io).time == 0.0);
  // Link 2 pointing at alpha2 = 3.5 rad (= -2.78 rad, below the top) has not flipped yet: it flips
  // when alpha2 crosses pi or 3 pi, located there.
  const auto beyond = flip_time(cons, Vec<double, 4>(2.0, 1.5, 0, 0), InputSchedule(2), fo, io);
  REQUIRE(beyond.report.ok());
  CHECK(beyond.time > 0.0);
  if (std::isfinite(beyond.time))
    CHECK(std::abs(std::cos(0.5 * (cons.angle_map() * beyond.state.head<2>())(beyond.link))) < 1e-10);
}

TEST_CASE("task outcome: endpoint speed at the first th1 = 0 of a golf swing", "[basins][task]") {
  const GolfModel golf(golf_params(read_param_file("golf_manufactured")));
  const InputSchedule torque = InputSchedule::constant({-15.0, -3.0});
  const IntegratorOptions io = with_tolerance(1e-11);
  TaskOptions to;
  to.max_time = 2.0;
  to.threshold = 20.0;
  const Vec<double, 4> x0(150 * M_PI / 180, -70 * M_PI / 180, 0, 0);
  const auto r = swing_outcome(golf, x0, torque, to, io);
  REQUIRE(r.reached());
  CHECK(std::abs(r.state(0)) <= 1e-10);
  const auto tr = simulate(golf, x0, torque, 0.0, r.time, {r.time}, io);
  const Vec<double, 2> q = tr.x.back().head<2>(), qd = tr.x.back().tail<2>();
  const double v = endpoint_kinematics(golf, q, qd, Vec<double, 2>::Zero()).v.norm();
  CHECK_THAT(r.speed, WithinRel(v, 1e-7));
  CHECK(task_label(r, 0.5 * r.speed) == 1);
  CHECK(task_label(r, 2.0 * r.speed) == 0);
  // A swing cut off before it reaches the bottom: label -1.
  const auto still =
      swing_outcome(golf, Vec<double, 4>(0.2, 0, 0, 0), InputSchedule(2), TaskOptions{0.05, 1.0, 1e-10}, io);
  CHECK_FALSE(still.reached());
  CHECK(task_label(still, 1.0) == -1);
}

TEST_CASE("basin point: a failed integration gets label -2 whatever the kind", "[basins][errors]") {
  const GolfModel golf(golf_params(read_param_file("golf_manufactured")));
  IntegratorOptions starved = with_tolerance(1e-10);
  starved.max_steps = 3;  // far too few to reach any outcome
  const Vec<double, 4> x0(2.0, -1.0, 0.0, 0.0);
  for (const BasinKind kind : {BasinKind::flip, BasinKind::task}) {
    BasinOptions bo;
    bo.kind = kind;
    bo.flip.max_time = bo.task.max_time = 50.0;
    bo.task.threshold = 1.0;
    const PointOutcome p = basin_point(golf, x0, InputSchedule(2), bo, starved);
    CHECK(p.status == point_status::max_steps);
    CHECK(p.label == kLabelFailed);  // not 0 (no flip, below threshold) or -1 (bottom not reached)
    // The same point with enough steps has a real outcome.
    CHECK(basin_point(golf, x0, InputSchedule(2), bo, with_tolerance(1e-10)).label != kLabelFailed);
  }
}

TEST_CASE("basin map: bad options are named", "[basins][errors]") {
  const auto m3 = chain<3>("chain3_uniform_rods");
  BasinOptions bo;
  GridAxis x{"th1", 0, {0.0, 1.0}}, y{"dth1", 3, {0.0, 1.0}};
  CHECK_THROWS_WITH(compute_basin_map(m3, Vec<double, 6>::Zero(), x, y, InputSchedule(3), bo, with_tolerance(1e-8)),
                    Catch::Matchers::StartsWith("damping: "));
  bo.kind = BasinKind::task;
  CHECK_THROWS_WITH(compute_basin_map(m3, Vec<double, 6>::Zero(), x, y, InputSchedule(3), bo, with_tolerance(1e-8)),
                    Catch::Matchers::StartsWith("threshold: "));
  bo.kind = BasinKind::flip;
  bo.flip.max_time = -1;
  CHECK_THROWS_WITH(compute_basin_map(m3, Vec<double, 6>::Zero(), x, y, InputSchedule(3), bo, with_tolerance(1e-8)),
                    Catch::Matchers::StartsWith("max_time: "));
  bo.flip.max_time = 1;
  CHECK_THROWS_WITH(compute_basin_map(m3, Vec<double, 6>::Zero(), x, x, InputSchedule(3), bo, with_tolerance(1e-8)),
                    Catch::Matchers::StartsWith("y: "));
}
