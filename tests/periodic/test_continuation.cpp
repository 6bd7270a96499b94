// Pseudo-arclength continuation: the Henon map's fold and first period doubling at their
// closed-form parameters, the switch onto the period-2 branch and its own doubling, the free
// pendulum's family in energy (every point's period against the elliptic integral), and the same
// bits for any thread count.
#include <catch2/catch.hpp>

#include <cmath>
#include <complex>
#include <numbers>

#include "chaoskit/periodic/continuation.hpp"
#include "chaoskit/periodic/explicit_maps.hpp"
#include "periodic/periodic_fixtures.hpp"

using namespace chaoskit;
using namespace chaoskit::periodic;
using chaoskit::test::vec2;

namespace {

std::vector<const BranchPoint*> points_of(const ContinuationResult& r, PointType type, int branch = -1) {
  std::vector<const BranchPoint*> out;
  for (const auto& p : r.points)
    if (p.type == type && (branch < 0 || p.branch == branch)) out.push_back(&p);
  return out;
}

}  // namespace

TEST_CASE("continuation: the Henon map's period doublings at their closed-form parameters",
          "[periodic][continuation]") {
  // Fixed point x* of x = 1 - a x^2 + b x (y = b x); its multipliers solve mu^2 + 2 a x* mu - b = 0, so
  // mu = -1 where 1 - 2 a x* - b = 0, i.e. x* = (1 - b) / (2a), which is a fixed point when
  // a = 3 (1 - b)^2 / 4. The period-2 orbit x1, x2 has x1 + x2 = (1 - b)/a and
  // x1 x2 = ((1 - b)^2 - a)/a^2; the trace of DP(x2) DP(x1) is 4 a^2 x1 x2 + 2b and its determinant
  // b^2, so a multiplier is -1 where 4 a^2 x1 x2 + 2b = -(1 + b^2), i.e. a = (1 - b)^2 + (1 + b)^2 / 4.
  const double b = 0.3;
  const double a_pd1 = 3.0 * (1.0 - b) * (1.0 - b) / 4.0;
  const double a_pd2 = (1.0 - b) * (1.0 - b) + (1.0 + b) * (1.0 + b) / 4.0;
  const ParameterFamily fam = map_family("henon", {{"a", 0.1}, {"b", b}}, "a");
  ContinuationOptions opt;
  opt.parameter_max = 1.0;
  opt.period_doubling_levels = 1;
  const ContinuationResult r = continue_orbits(fam, {{vec2(1.2, 0.36)}, NAN}, opt);
  REQUIRE(r.branches.size() == 2);
  INFO(r.branches[0].end_reason << " / " << r.branches[1].end_reason);
  const auto pd0 = points_of(r, PointType::period_doubling, 0);
  REQUIRE(pd0.size() == 1);
  CHECK(pd0.front()->located);
  CHECK(std::abs(pd0.front()->parameter - a_pd1) < 1e-9);
  CHECK(r.branches[1].parent == 0);
  CHECK(r.branches[1].segments == 2);
  const auto pd1 = points_of(r, PointType::period_doubling, 1);
  REQUIRE(pd1.size() == 1);
  CHECK(std::abs(pd1.front()->parameter - a_pd2) < 1e-9);
  // The period-2 branch is a genuine 2-cycle, stable between the two doublings.
  for (const auto& p : r.points) {
    if (p.branch != 1 || p.type != PointType::regular) continue;
    CHECK((p.unknowns.head(2) - p.unknowns.tail(2)).norm() > 1e-4);
    if (p.parameter > a_pd1 + 1e-3 && p.parameter < a_pd2 - 1e-3)
      CHECK(p.floquet.stability == Stability::asymptotically_stable);
  }
  // The fixed point is stable before its doubling and unstable after it.
  for (const auto& p : r.points) {
    if (p.branch != 0 || p.type != PointType::regular) continue;
    if (p.parameter < a_pd1 - 1e-3) CHECK(p.floquet.stability == Stability::asymptotically_stable);
    if (p.parameter > a_pd1 + 1e-3) CHECK(p.floquet.stability == Stability::unstable);
  }
}

TEST_CASE("continuation: the delayed logistic map's Neimark-Sacker point at a = 2", "[periodic][continuation]") {
  // (x, y) -> (a x (1 - y), x) has the fixed point x = y = 1 - 1/a with Jacobian [[1, 1 - a], [1, 0]]:
  // mu^2 - mu + (a - 1) = 0, a complex pair (for a > 5/4) of modulus sqrt(a - 1), through the unit
  // circle at a = 2, where mu = (1 +- i sqrt(3)) / 2.
  const ParameterFamily fam = map_family("delayed_logistic", {{"a", 1.5}}, "a");
  ContinuationOptions opt;
  opt.parameter_max = 2.5;
  const ContinuationResult r = continue_orbits(fam, {{vec2(0.3, 0.3)}, NAN}, opt);
  const auto ns = points_of(r, PointType::neimark_sacker);
  REQUIRE(ns.size() == 1);
  CHECK(ns.front()->located);
  CHECK(std::abs(ns.front()->parameter - 2.0) < 1e-9);
  CHECK(std::abs(ns.front()->state(0) - 0.5) < 1e-9);
  const auto mu = test::nontrivial(ns.front()->floquet);
  REQUIRE(mu.size() == 2);
  CHECK(std::abs(mu[0] - std::complex<double>(0.5, std::sqrt(3.0) / 2.0)) < 1e-8);
  CHECK(points_of(r, PointType::fold).empty());
  CHECK(points_of(r, PointType::period_doubling).empty());
  for (const auto& p : r.points) {
    if (p.type != PointType::regular) continue;
    CHECK(p.floquet.stability == (p.parameter < 2.0 ? Stability::asymptotically_stable : Stability::unstable));
  }
}

TEST_CASE("continuation: the Henon map's fixed points are born in a fold at a = -(1 - b)^2 / 4",
          "[periodic][continuation]") {
  // x = 1 - a x^2 + b x has a double root where (1 - b)^2 + 4a = 0.
  const double b = 0.3;
  const ParameterFamily fam = map_family("henon", {{"a", 0.1}, {"b", b}}, "a");
  ContinuationOptions opt;
  opt.direction = -1;
  opt.max_points = 60;
  const ContinuationResult r = continue_orbits(fam, {{vec2(1.2, 0.36)}, NAN}, opt);
  const auto folds = points_of(r, PointType::fold);
  REQUIRE(folds.size() == 1);
  CHECK(std::abs(folds.front()->parameter + (1.0 - b) * (1.0 - b) / 4.0) < 1e-9);
  CHECK(std::abs(folds.front()->state(0) - 2.0 / (1.0 - b)) < 1e-6);  // x = -(1 - b)/(2a) there
  // Past the fold the branch is the other fixed point, a saddle with a multiplier above +1.
  CHECK(r.points.back().floquet.stability == Stability::unstable);
}

TEST_CASE("continuation: the free pendulum's family in energy keeps the elliptic-integral period",
          "[periodic][continuation]") {
  // E = -m g r cos(a) for an oscillation of amplitude a; T = 4 K(sin(a/2)) / omega0.
  const double mgr = 9.81 * 0.5, omega0 = std::sqrt(mgr / (1.0 / 12.0 + 0.25));
  const FlowSetup setup = test::model_setup("chain", "chain1_rod");
  const Vector guess = vec2(0.5, 0.0);
  const ParameterFamily fam = flow_family(setup, "energy", guess, NAN);
  CHECK(fam.energy_level);
  CHECK(std::abs(fam.start + mgr * std::cos(0.5)) < 1e-12);
  ContinuationOptions opt;
  opt.ds = 0.2;
  opt.ds_max = 0.5;
  opt.parameter_max = 4.0;  // amplitude 2.51 rad
  opt.max_points = 100;
  const ContinuationResult r = continue_orbits(fam, {{guess}, 1.7}, opt);
  REQUIRE(r.points.size() > 5);
  CHECK(r.points.back().type == PointType::end);
  CHECK(std::abs(r.points.back().parameter - 4.0) < 1e-9);
  for (const auto& p : r.points) {
    const double a = std::acos(-p.parameter / mgr);
    CAPTURE(p.parameter);
    CHECK(std::abs(p.period * omega0 / (4.0 * test::elliptic_k(std::sin(a / 2.0))) - 1.0) < 1e-9);
    CHECK(std::abs(p.energy - p.parameter) < 1e-10);
  }
}

TEST_CASE("continuation: the same bits for any thread count", "[periodic][continuation][threads]") {
  const FlowSetup setup = test::model_setup("chain", "chain1_rod");
  const Vector guess = vec2(0.5, 0.0);
  const ParameterFamily fam = flow_family(setup, "energy", guess, NAN);
  ContinuationOptions opt;
  opt.orbit.segments = 4;
  opt.ds = 0.3;
  opt.ds_max = 0.5;
  opt.parameter_max = 3.0;
  opt.orbit.threads = 1;
  const ContinuationResult one = continue_orbits(fam, {{guess}, 1.7}, opt);
  opt.orbit.threads = 4;
  const ContinuationResult four = continue_orbits(fam, {{guess}, 1.7}, opt);
  REQUIRE(one.points.size() == four.points.size());
  for (std::size_t k = 0; k < one.points.size(); ++k) {
    CHECK(one.points[k].parameter == four.points[k].parameter);
    CHECK(one.points[k].unknowns == four.points[k].unknowns);
    CHECK(one.points[k].monodromy == four.points[k].monodromy);
  }
}

TEST_CASE("continuation: bad options are input errors naming the field", "[periodic][continuation][errors]") {
  const ParameterFamily fam = map_family("henon", {}, "a");
  ContinuationOptions opt;
  opt.ds = -1.0;
  CHECK_THROWS_WITH(continue_orbits(fam, {{vec2(0.6, 0.2)}, NAN}, opt), Catch::Matchers::StartsWith("ds: "));
  opt = {};
  opt.direction = 0;
  CHECK_THROWS_WITH(continue_orbits(fam, {{vec2(0.6, 0.2)}, NAN}, opt), Catch::Matchers::StartsWith("direction: "));
  CHECK_THROWS_WITH(map_family("henon", {}, "c"), Catch::Matchers::Contains("parameters a and b, not 'c'"));
}

TEST_CASE("continuation: a model parameter (gravity) at fixed energy keeps the pendulum's period formula",
          "[periodic][continuation]") {
  // chain1_rod's g from 9.81 to 15 at the energy of the amplitude-1 orbit: at each point the
  // amplitude is acos(-E / (m g r)) and the period 4 K(sin(a/2)) / omega0(g). Each point's model is
  // rebuilt from the parameter set with g written in, and dG/dg comes from central differences.
  const FlowSetup setup = test::model_setup("chain", "chain1_rod");
  const Vector guess = vec2(1.0, 0.0);
  const ParameterFamily fam = flow_family(setup, "g", guess, NAN);
  CHECK(fam.start == 9.81);
  CHECK(fam.units == "m/s^2");
  ContinuationOptions opt;
  opt.ds = 0.5;
  opt.ds_max = 1.0;
  opt.parameter_max = 15.0;
  const ContinuationResult r = continue_orbits(fam, {{guess}, 2.0}, opt);
  REQUIRE(r.points.size() > 3);
  CHECK(std::abs(r.points.back().parameter - 15.0) < 1e-9);
  const double E = -9.81 * 0.5 * std::cos(1.0);
  for (const auto& p : r.points) {
    CAPTURE(p.parameter);
    const double mgr = p.parameter * 0.5, omega0 = std::sqrt(mgr / (1.0 / 12.0 + 0.25));
    const double a = std::acos(-E / mgr);
    CHECK(std::abs(p.energy - E) < 1e-10);
    CHECK(std::abs(p.period * omega0 / (4.0 * test::elliptic_k(std::sin(a / 2.0))) - 1.0) < 1e-9);
  }
}

TEST_CASE("continuation: an input's constant moment drives a damped chain's rotating orbit",
          "[periodic][continuation]") {
  // chain2_damped_rods turned by tau1 at the base: the running orbit (winding 1, 0) from tau1 = 1 to
  // 1.5, with dx/dtau1 from the variational equations' amplitude column. The end of the branch is
  // the orbit found directly at tau1 = 1.5, and the rotation speeds up along the way.
  FlowSetup setup = test::model_setup("chain", "chain2_damped_rods");
  setup.flow.inputs = InputSchedule::constant({1.0, 0.0});
  setup.flow.shift = Vector::Zero(4);
  setup.flow.shift(0) = 2.0 * std::numbers::pi;
  Vector guess(4);
  guess << 0.0, 0.0, 20.0, 0.0;
  const ParameterFamily fam = flow_family(setup, "tau1", guess, NAN);
  CHECK(fam.start == 1.0);
  ContinuationOptions opt;
  opt.ds = 0.1;
  opt.parameter_max = 1.5;
  const ContinuationResult r = continue_orbits(fam, {{guess}, 0.31}, opt);
  REQUIRE(r.points.size() > 3);
  for (std::size_t k = 1; k < r.points.size(); ++k) CHECK(r.points[k].period < r.points[k - 1].period);
  FlowSetup end = setup;
  end.flow.inputs = InputSchedule::constant({1.5, 0.0});
  const PeriodicOrbit direct =
      find_periodic_orbit(flow_problem(end, guess), {{r.points.back().state}, 1.01 * r.points.back().period}, {});
  REQUIRE(direct.converged());
  CHECK(std::abs(direct.period - r.points.back().period) < 1e-9);
}

TEST_CASE("continuation: a parameter at its bound is differenced on one side", "[periodic][continuation]") {
  // The driven chain's running orbit with the damping of joint 2 (the set's array element b2) taken
  // from 0.05 down to its bound 0, which the set's range check refuses below: the last point is on
  // the bound, and its orbit is the one found directly there. (Joint 1's damping is what holds the
  // rotation's speed, about tau1 / b1: it must stay.)
  FlowSetup setup = test::model_setup("chain", "chain2_damped_rods");
  setup.flow.inputs = InputSchedule::constant({1.0, 0.0});
  setup.flow.shift = Vector::Zero(4);
  setup.flow.shift(0) = 2.0 * std::numbers::pi;
  Vector guess(4);
  guess << 0.0, 0.0, 20.0, 0.0;
  const ParameterFamily fam = flow_family(setup, "b2", guess, NAN);
  CHECK(fam.start == 0.05);
  CHECK(fam.units == "N m s/rad");
  ContinuationOptions opt;
  opt.direction = -1;
  opt.ds = 0.01;
  opt.parameter_min = 0.0;
  const ContinuationResult r = continue_orbits(fam, {{guess}, 0.31}, opt);
  INFO(r.branches.front().end_reason);
  REQUIRE(r.points.back().type == PointType::end);
  CHECK(std::abs(r.points.back().parameter) < 1e-12);
  const PeriodicOrbit direct =
      find_periodic_orbit(fam.at(0.0), {{r.points.back().state}, 1.01 * r.points.back().period}, {});
  REQUIRE(direct.converged());
  CHECK(std::abs(direct.period - r.points.back().period) < 1e-9);
}
