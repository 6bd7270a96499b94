// Stride maps (periodic/event_map.hpp): the map of a walker from just after one heel strike to just
// after the next, its Jacobian against central differences of the map, the simplest walker's
// period-one gaits at Garcia et al.'s published states, the trivial multipliers (section, impact),
// the compass gait and the kneed walker, and the one-line failures.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <complex>
#include <vector>

#include <Eigen/Eigenvalues>

#include "../support/model_files.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "chaoskit/periodic/orbit.hpp"
#include "periodic/periodic_fixtures.hpp"
#include "support/event_models.hpp"

using namespace chaoskit;
using namespace chaoskit::periodic;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

/// A walker's stride map at heel strike, with [values] overrides (the slope).
PeriodicProblem stride_map(const std::string& name, std::vector<std::pair<std::string, double>> values = {}) {
  FlowSetup s = test::model_setup(test::shipped_model_file(name));
  ParamFile f = read_param_file(s.model);
  for (const auto& [k, v] : values) (*f.table["values"].as_table()).insert_or_assign(k, v);
  s.file = f;
  s.section.event = "heel_strike";
  s.section.max_time = 50.0;
  return flow_problem(s, Vector());
}

/// The simplest walker's state just after heel strike from (theta, theta'), as its reset leaves it:
/// phi = 2 theta, phi' = (1 - cos 2 theta) theta' (Garcia et al. 1998, the jump with beta = 0).
Vector simplest_state(double theta, double dtheta) {
  Vector x(4);
  x << theta, 2.0 * theta, dtheta, (1.0 - std::cos(2.0 * theta)) * dtheta;
  return x;
}

/// Central differences of the map (step h in every coordinate).
Matrix map_differences(const PeriodicProblem& p, const Vector& x, double h) {
  Matrix J(p.dim, p.dim);
  for (int j = 0; j < p.dim; ++j) {
    Vector a = x, b = x;
    a(j) += h;
    b(j) -= h;
    const MapStep sa = p.advance(a, 0.0, 0.0, false), sb = p.advance(b, 0.0, 0.0, false);
    REQUIRE(sa.ok());
    REQUIRE(sb.ok());
    J.col(j) = (sa.x - sb.x) / (2.0 * h);
  }
  return J;
}

std::vector<std::complex<double>> eigenvalues_by_modulus(const Matrix& A) {
  Eigen::EigenSolver<Matrix> es(A, false);
  std::vector<std::complex<double>> mu(es.eigenvalues().data(), es.eigenvalues().data() + A.rows());
  std::sort(mu.begin(), mu.end(), [](auto a, auto b) {
    return std::abs(a) != std::abs(b) ? std::abs(a) > std::abs(b) : a.imag() > b.imag();
  });
  return mu;
}

/// The walker's period-one gait from a guess: the map iterated `settle` times, then Newton.
PeriodicOrbit settled_gait(const PeriodicProblem& p, Vector x, int settle) {
  for (int k = 0; k < settle; ++k) {
    const MapStep s = p.advance(x, 0.0, 0.0, false);
    REQUIRE(s.ok());
    x = s.x;
  }
  return find_periodic_orbit(p, {{x}, NAN}, OrbitOptions{});
}

}  // namespace

TEST_CASE("stride map: the simplest walker's Jacobian agrees with central differences of the map",
          "[periodic][stride]") {
  const PeriodicProblem p = stride_map("simplest_walker");
  REQUIRE(p.kind == ProblemKind::map);
  // Off the gait, so that nothing is special about the point.
  const Vector x = simplest_state(0.21, -0.205);
  const MapStep s = p.advance(x, 0.0, 0.0, true);
  REQUIRE(s.ok());
  CHECK(s.time > 3.0);  // one step takes about 3.8 (time in sqrt(l/g))
  const Matrix fd = map_differences(p, x, 1e-6);
  CAPTURE(s.jacobian, fd);
  CHECK((s.jacobian - fd).norm() <= 1e-7 * fd.norm());
  // The image is a state just after heel strike: phi = 2 theta and phi' = (1 - cos 2 theta) theta'.
  CHECK(std::abs(s.x(1) - 2.0 * s.x(0)) <= 1e-12);
  CHECK(std::abs(s.x(3) - (1.0 - std::cos(2.0 * s.x(0))) * s.x(2)) <= 1e-12);
}

TEST_CASE("stride map: Garcia's simplest walker at slope 0.009 converges to the published gaits",
          "[periodic][stride]") {
  // Garcia et al. (1998) and Garcia's MATLAB code: at gamma = 0.009 the long (stable) period-one
  // gait starts at theta = 0.20031090049483, theta' = -0.19983247291764 and the short (unstable)
  // one at theta = 0.19393736960624, theta' = -0.20386692731962. Guesses a little off each.
  const PeriodicProblem p = stride_map("simplest_walker", {{"gamma", 0.009}});
  struct Gait {
    double theta, dtheta;
    bool stable;
  };
  for (const Gait g :
       {Gait{0.20031090049483, -0.19983247291764, true}, Gait{0.19393736960624, -0.20386692731962, false}}) {
    CAPTURE(g.theta, g.stable);
    const Vector guess = simplest_state(g.theta + 2e-3, g.dtheta - 2e-3);
    const PeriodicOrbit o = find_periodic_orbit(p, {{guess}, NAN}, OrbitOptions{});
    INFO(o.message);
    REQUIRE(o.converged());
    CHECK(o.residual <= 1e-10);
    CHECK(o.iterations <= 10);
    const Vector& x = o.points.front();
    CHECK(std::abs(x(0) - g.theta) <= 1e-9);
    CHECK(std::abs(x(2) - g.dtheta) <= 1e-9);
    CHECK(std::abs(x(1) - 2.0 * x(0)) <= 1e-10);
    // The step time is the time of the stride: the map's step from the converged state.
    const MapStep again = p.advance(x, 0.0, 0.0, false);
    REQUIRE(again.ok());
    CHECK(o.return_time == again.time);
    // Two trivial zeros: the section (flow direction) and the impact's lost rank (m/M -> 0).
    REQUIRE(test::trivial_count(o.floquet) == 2);
    CHECK(o.floquet.multipliers[0].origin == "section");
    CHECK(o.floquet.multipliers[1].origin == "impact");
    for (int k = 0; k < 2; ++k) CHECK(std::abs(o.floquet.multipliers[static_cast<std::size_t>(k)].value) <= 1e-8);
    // The two nontrivial multipliers against the eigenvalues of the reduced 2-D map on
    // (theta, theta') (the paper's own formulation), by central differences through simplest_state.
    const auto mu = test::nontrivial(o.floquet);
    REQUIRE(mu.size() == 2);
    Matrix J2(2, 2);
    for (int j = 0; j < 2; ++j) {
      const double h = 1e-6;
      const Vector a = simplest_state(x(0) + (j == 0 ? h : 0.0), x(2) + (j == 1 ? h : 0.0));
      const Vector b = simplest_state(x(0) - (j == 0 ? h : 0.0), x(2) - (j == 1 ? h : 0.0));
      const MapStep sa = p.advance(a, 0.0, 0.0, false), sb = p.advance(b, 0.0, 0.0, false);
      REQUIRE(sa.ok());
      REQUIRE(sb.ok());
      J2(0, j) = (sa.x(0) - sb.x(0)) / (2.0 * h);
      J2(1, j) = (sa.x(2) - sb.x(2)) / (2.0 * h);
    }
    const auto reduced = eigenvalues_by_modulus(J2);
    CAPTURE(mu[0], mu[1], reduced[0], reduced[1]);
    CHECK(std::abs(mu[0] - reduced[0]) <= 1e-6);
    CHECK(std::abs(mu[1] - reduced[1]) <= 1e-6);
    CHECK(o.floquet.stability == (g.stable ? Stability::asymptotically_stable : Stability::unstable));
    CHECK(o.floquet.unstable_count == (g.stable ? 0 : 1));
  }
}

TEST_CASE("stride map: the multipliers agree with the eigenvalues of the map's central differences",
          "[periodic][stride]") {
  // Starts from which each walker settles on its gait in 40 steps (the kneed walker: Hsu Chen's).
  struct Walker {
    const char* name;
    std::vector<double> start;
    int trivial;
  };
  for (const Walker& w :
       {Walker{"simplest_walker", {0.2, 0.4, -0.2, -0.0158}, 2}, Walker{"compass_gait", {0.2, -0.305, -0.9, 1.0}, 1},
        Walker{"kneed_walker", {0.2, -0.3007, -0.3007, -1.1, 0.0, 0.0}, 3}}) {
    const std::string name = w.name;
    CAPTURE(name);
    const PeriodicProblem p = stride_map(name);
    const Vector start = Eigen::Map<const Vector>(w.start.data(), static_cast<Eigen::Index>(w.start.size()));
    const PeriodicOrbit o = settled_gait(p, start, 40);
    INFO(o.message);
    REQUIRE(o.converged());
    CHECK(o.residual <= 1e-10);
    const Matrix fd = map_differences(p, o.points.front(), 1e-6);
    CHECK((o.monodromy - fd).norm() <= 1e-7 * fd.norm());
    const auto mu = test::nontrivial(o.floquet);
    const auto all = eigenvalues_by_modulus(fd);
    REQUIRE(mu.size() + static_cast<std::size_t>(test::trivial_count(o.floquet)) == all.size());
    // Trivial zeros: the section's, and those of an impact of lower rank (the simplest walker's
    // massless feet; the kneed walker's swing leg, straight and rigid after the strike).
    CHECK(test::trivial_count(o.floquet) == w.trivial);
    for (std::size_t k = 0; k < mu.size(); ++k) {
      CAPTURE(k, mu[k], all[k]);
      CHECK(std::abs(mu[k] - all[k]) <= 1e-6);
    }
    // Every trivial multiplier is a zero of the map's collapse.
    for (const auto& m : o.floquet.multipliers)
      if (m.trivial) CHECK(std::abs(m.value) <= 1e-8);
  }
}

namespace {

/// The simplest walker's period-one gait at slope 0.017 (Newton from a guess near it), and the state
/// after `steps` steps of the map from 1e-4 beside it.
std::pair<PeriodicOrbit, Vector> beyond_the_doubling(const PeriodicProblem& p, int steps) {
  const PeriodicOrbit one = find_periodic_orbit(p, {{simplest_state(0.246, -0.24)}, NAN}, OrbitOptions{});
  REQUIRE(one.converged());
  Vector x = one.points.front();
  x(0) += 1e-4;
  for (int k = 0; k < steps; ++k) {
    const MapStep s = p.advance(x, 0.0, 0.0, false);
    REQUIRE(s.ok());
    x = s.x;
  }
  return {one, x};
}

}  // namespace

TEST_CASE("stride map: period-2 gaits of the simplest walker beyond its period doubling", "[periodic][stride]") {
  // Garcia et al. (1998): at gamma = 0.017 the stable gait is period two ("limping").
  const PeriodicProblem p = stride_map("simplest_walker", {{"gamma", 0.017}});
  const auto [one, settled] = beyond_the_doubling(p, 300);
  // The period-one gait at this slope is unstable, with a real multiplier beyond -1.
  CHECK(one.floquet.stability == Stability::unstable);
  const auto mu = test::nontrivial(one.floquet);
  CHECK(mu.front().real() < -1.0);
  CHECK(std::abs(mu.front().imag()) < 1e-12);
  // Steps from beside it settle on a period-two gait, which Newton on the twice-iterated map holds.
  OrbitOptions two;
  two.segments = 2;
  const PeriodicOrbit o = find_periodic_orbit(p, {{settled}, NAN}, two);
  INFO(o.message);
  REQUIRE(o.converged());
  CHECK(o.iterations <= 10);
  CHECK(o.floquet.stability == Stability::asymptotically_stable);
  CHECK(test::trivial_count(o.floquet) == 2);
  // A true period two: the two steps differ, and neither is the period-one gait.
  CHECK((o.points[0] - o.points[1]).norm() > 1e-3);
  CHECK((o.points[0] - one.points[0]).norm() > 1e-3);
}

TEST_CASE("stride map: failures say why in one line", "[periodic][stride][errors]") {
  const PeriodicProblem p = stride_map("simplest_walker");
  // Too slow to pass over the stance foot: the walker falls back, and its terminal event (the hip
  // on the slope) ends the step before any heel strike.
  const MapStep s = p.advance(simplest_state(0.2, -0.02), 0.0, 0.0, true);
  CHECK(s.status == StepStatus::return_not_reached);
  CHECK_THAT(s.message, StartsWith("guard not reached: the model's terminal event ended the step at t = "));
  CHECK_THAT(s.message, Contains("before any heel_strike (the walker fell)"));
  CHECK(s.message.find('\n') == std::string::npos);
  const PeriodicOrbit o = find_periodic_orbit(p, {{simplest_state(0.2, -0.02)}, NAN}, OrbitOptions{});
  CHECK(o.status == OrbitStatus::step_failed);
  CHECK_THAT(o.message, Contains("guard not reached"));
  // A model without events, an unknown event, a bad time limit.
  FlowSetup limb = test::model_setup("limb");
  limb.section.event = "heel_strike";
  CHECK_THROWS_WITH(flow_problem(limb, Vector()), "event: limb has no events");
  FlowSetup walker = test::model_setup(test::shipped_model_file("simplest_walker"));
  walker.section.event = "toe_off";
  CHECK_THROWS_WITH(flow_problem(walker, Vector()), Contains("unknown event 'toe_off'") && Contains("heel_strike"));
  walker.section.event = "heel_strike";
  walker.section.max_time = 0.0;
  CHECK_THROWS_WITH(flow_problem(walker, Vector()), StartsWith("max_time: must be > 0"));
}

TEST_CASE("stride map: a period-2 gait is the same bits for any thread count", "[periodic][stride][threads]") {
  const PeriodicProblem p = stride_map("simplest_walker", {{"gamma", 0.017}});
  const Vector guess = beyond_the_doubling(p, 300).second;
  OrbitOptions one, two;
  one.segments = two.segments = 2;
  two.threads = 2;
  const PeriodicOrbit a = find_periodic_orbit(p, {{guess}, NAN}, one);
  const PeriodicOrbit b = find_periodic_orbit(p, {{guess}, NAN}, two);
  REQUIRE(a.converged());
  REQUIRE(b.converged());
  CHECK(a.iterations == b.iterations);
  for (int k = 0; k < 2; ++k) CHECK((a.points[k].array() == b.points[k].array()).all());
  CHECK((a.monodromy.array() == b.monodromy.array()).all());
  CHECK(a.return_time == b.return_time);
}
