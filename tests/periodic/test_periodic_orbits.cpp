// Periodic orbits with known answers: a linear oscillator (period and multipliers in closed form),
// the free pendulum (period 4 K(k) / omega0 from the complete elliptic integral, computed here by
// the arithmetic-geometric mean), the Lorenz system's shortest unstable orbit (published period),
// the Newton iteration count, the one-line failures, and the same bits for any thread count.
#include <catch2/catch.hpp>

#include <cmath>
#include <complex>
#include <numbers>

#include <Eigen/LU>

#include "chaoskit/periodic/orbit.hpp"
#include "periodic/periodic_fixtures.hpp"
#include "support/build_paths.hpp"

using namespace chaoskit;
using namespace chaoskit::periodic;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

const std::string kTwoOscillators = std::string(chaoskit::test::test_dir()) + "/periodic/two_oscillators.toml";

Vector vec(std::initializer_list<double> v) {
  Vector x(static_cast<Eigen::Index>(v.size()));
  Eigen::Index i = 0;
  for (double a : v) x(i++) = a;
  return x;
}

}  // namespace

TEST_CASE("periodic: a linear oscillator's mode has period 2 pi / w1 and multipliers exp(+-i w2 T)",
          "[periodic][orbit]") {
  const double w1 = 2.0, w2 = std::sqrt(10.0);
  const FlowSetup setup = test::model_setup(kTwoOscillators);
  const Vector guess = vec({1.02, 0.01, 0.03, -0.02});
  const PeriodicProblem problem = flow_problem(setup, guess);
  REQUIRE(problem.conservative());  // the file's energy is conserved: detected
  for (int segments : {1, 3}) {
    CAPTURE(segments);
    OrbitOptions opt;
    opt.segments = segments;
    const PeriodicOrbit o = find_periodic_orbit(problem, {{guess}, 3.3}, opt);
    REQUIRE(o.converged());
    CHECK(o.residual <= 1e-10);
    CHECK(o.iterations <= 10);
    CHECK(std::abs(o.period - 2.0 * std::numbers::pi / w1) < 1e-10);
    CHECK(std::abs(o.beta) < 1e-10);
    // The second mode is not excited on this orbit.
    CHECK(std::abs(o.points.front()(1)) < 1e-10);
    CHECK(std::abs(o.points.front()(3)) < 1e-10);
    REQUIRE(test::trivial_count(o.floquet) == 2);
    for (const auto& m : o.floquet.multipliers)
      if (m.trivial) CHECK(std::abs(m.value - 1.0) < 1e-8);
    const auto mu = test::nontrivial(o.floquet);
    REQUIRE(mu.size() == 2);
    // The pair exp(+-i w2 T), in either order (the one with Im > 0 is listed first).
    const std::complex<double> exact = std::polar(1.0, w2 * o.period);
    const std::complex<double> upper = exact.imag() > 0 ? exact : std::conj(exact);
    CHECK(std::abs(mu[0] - upper) < 1e-9);
    CHECK(std::abs(mu[1] - std::conj(upper)) < 1e-9);
    CHECK(o.floquet.stability == Stability::linearly_stable);
  }
}

TEST_CASE("periodic: the free pendulum's period is 4 K(sin(a/2)) / omega0 at every amplitude", "[periodic][orbit]") {
  // chain1_rod: a uniform rod, omega0^2 = m g r / (I + m r^2) = 9.81 * 0.5 / (1/12 + 1/4).
  const double omega0 = std::sqrt(9.81 * 0.5 / (1.0 / 12.0 + 0.25));
  const FlowSetup setup = test::model_setup("chain", "chain1_rod");
  for (double amplitude : {0.3, 1.5, 2.8}) {
    CAPTURE(amplitude);
    const PeriodicProblem problem = flow_problem(setup, vec({amplitude, 0.0}));
    REQUIRE(problem.conservative());
    OrbitOptions opt;
    opt.energy = problem.energy(vec({amplitude, 0.0}));
    // A guess off the orbit in both the state and the period.
    const double T = 4.0 * test::elliptic_k(std::sin(amplitude / 2.0)) / omega0;
    const PeriodicOrbit o = find_periodic_orbit(problem, {{vec({0.97 * amplitude, 0.1})}, 1.05 * T}, opt);
    REQUIRE(o.converged());
    CHECK(o.iterations <= 10);
    CHECK(std::abs(o.period - T) < 1e-9 * T);
    CHECK(std::abs(o.energy - opt.energy) < 1e-10);
    // One degree of freedom: both multipliers are trivial (the flow direction and the energy).
    REQUIRE(test::trivial_count(o.floquet) == 2);
    CHECK(o.floquet.multipliers.size() == 2);
  }
}

TEST_CASE("periodic: the Lorenz system's unstable orbit AB by multiple shooting (Viswanath 2003)",
          "[periodic][orbit]") {
  // D. Viswanath, "Symbolic dynamics and periodic orbits of the Lorenz attractor", Nonlinearity 16
  // (2003) 1035: orbit AB through (x, y, z) = (-13.763610682134, -19.578751942452, 27) with period
  // T = 1.5586522107162 (as tabulated in A. P. Willis's Newton-hookstep notes, arXiv:1908.06730, sec. 4).
  const double T_published = 1.5586522107162;
  const FlowSetup setup = test::model_setup("lorenz");
  const Vector guess = vec({-13.76, -19.58, 27.0});
  const PeriodicProblem problem = flow_problem(setup, guess);
  CHECK_FALSE(problem.conservative());
  for (int segments : {1, 4}) {
    CAPTURE(segments);
    OrbitOptions opt;
    opt.segments = segments;
    const PeriodicOrbit o = find_periodic_orbit(problem, {{guess}, 1.56}, opt);
    REQUIRE(o.converged());
    CHECK(o.iterations <= 10);
    CHECK(std::abs(o.period - T_published) < 1e-10);
    CHECK(o.floquet.stability == Stability::unstable);
    CHECK(o.floquet.unstable_count == 1);
    // Liouville: the Lorenz flow's divergence is -(sigma + 1 + beta) everywhere, so det M = exp(-(sigma + 1 + beta) T)
    // = 5.6e-10, a determinant formed from entries up to 19 that the integration (tolerance 1e-12) gives
    // to about 1e-12 each: its relative accuracy is about 1e-5.
    const double det = o.monodromy.determinant();
    CHECK(std::abs(det / std::exp(-(10.0 + 1.0 + 8.0 / 3.0) * o.period) - 1.0) < 1e-5);
    REQUIRE(test::trivial_count(o.floquet) == 1);
    CHECK(std::abs(o.floquet.multipliers.front().value - 1.0) < 1e-8);
  }
}

TEST_CASE("periodic: multiple shooting gives the same bits for any thread count", "[periodic][orbit][threads]") {
  const FlowSetup setup = test::model_setup("lorenz");
  const Vector guess = vec({-13.76, -19.58, 27.0});
  const PeriodicProblem problem = flow_problem(setup, guess);
  OrbitOptions opt;
  opt.segments = 6;
  opt.threads = 1;
  const PeriodicOrbit one = find_periodic_orbit(problem, {{guess}, 1.56}, opt);
  opt.threads = 3;
  const PeriodicOrbit three = find_periodic_orbit(problem, {{guess}, 1.56}, opt);
  REQUIRE(one.converged());
  REQUIRE(three.converged());
  CHECK(one.iterations == three.iterations);
  CHECK(one.unknowns == three.unknowns);  // exact equality: the same bits
  CHECK(one.monodromy == three.monodromy);
}

TEST_CASE("periodic: failures say why in one line", "[periodic][orbit][errors]") {
  const FlowSetup setup = test::model_setup("lorenz");
  const Vector guess = vec({-13.76, -19.58, 27.0});
  const PeriodicProblem problem = flow_problem(setup, guess);
  SECTION("no convergence within the iterations allowed") {
    OrbitOptions opt;
    opt.max_iterations = 1;
    const PeriodicOrbit o = find_periodic_orbit(problem, {{vec({-10.0, -10.0, 25.0})}, 1.2}, opt);
    CHECK(o.status == OrbitStatus::no_convergence);
    CHECK_THAT(o.message, StartsWith("no convergence: residual "));
    CHECK(o.message.find('\n') == std::string::npos);
  }
  SECTION("a conservative flow declared dissipative has a singular Jacobian") {
    // The linear oscillators' first mode has the same period pi at every amplitude: without the
    // energy equation the orbits are not isolated, and at T = pi the Jacobian is singular.
    FlowSetup s = test::model_setup(kTwoOscillators);
    s.flow.conservation = Conservation::dissipative;
    const Vector x = vec({1.0, 0.01, 0.0, 0.0});
    const PeriodicOrbit o = find_periodic_orbit(flow_problem(s, x), {{x}, std::numbers::pi}, {});
    CHECK(o.status == OrbitStatus::singular_jacobian);
    CHECK_THAT(o.message, StartsWith("singular Jacobian at Newton iteration 1"));
  }
  SECTION("Newton drawn onto an equilibrium reports it") {
    // The free pendulum declared dissipative: its orbits are not isolated either, and Newton slides
    // down the family to the rest state, where x(T) = x(0) holds for every T.
    FlowSetup s = test::model_setup("chain", "chain1_rod");
    s.flow.conservation = Conservation::dissipative;
    const PeriodicOrbit o = find_periodic_orbit(flow_problem(s, vec({1.0, 0.0})), {{vec({1.0, 0.0})}, 1.7}, {});
    CHECK(o.status == OrbitStatus::equilibrium);
    CHECK_THAT(o.message, StartsWith("Newton reached an equilibrium"));
  }
  SECTION("Newton drawn onto a solution of the unfolded equations reports it") {
    // The free rod from 1 rad at rest swings with period 1.75 s; from the guess T = 2.2 s Newton
    // converges (residual 1e-15) on x(T) + beta grad H(x0) = x0 with beta = 0.48: x(T) is the far
    // turning point, not x(0).
    FlowSetup s = test::model_setup("chain", "chain1_rod");
    const PeriodicOrbit o = find_periodic_orbit(flow_problem(s, vec({1.0, 0.0})), {{vec({1.0, 0.0})}, 2.2}, {});
    CHECK(o.status == OrbitStatus::unfolded);
    CHECK(std::abs(o.beta) > 0.1);
    CHECK_THAT(o.message, StartsWith("Newton solved the unfolded equations with beta = "));
    // The documented guess converges on the orbit itself, with beta at rounding level.
    const PeriodicOrbit good = find_periodic_orbit(flow_problem(s, vec({2.0, 0.0})), {{vec({2.0, 0.0})}, 2.0}, {});
    CHECK(good.status == OrbitStatus::converged);
    CHECK(std::abs(good.beta) < 1e-9);
  }
  SECTION("a failed integration") {
    FlowSetup s = setup;
    s.flow.integrator.max_steps = 5;
    const PeriodicOrbit o = find_periodic_orbit(flow_problem(s, guess), {{guess}, 1.56}, {});
    CHECK(o.status == OrbitStatus::step_failed);
    CHECK_THAT(o.message, StartsWith("integration failed: status max_steps"));
  }
  SECTION("a map whose return is not reached") {
    const PeriodicProblem p = map_problem(1, [](const Vector&, bool) {
      return failed_step(StepStatus::return_not_reached, "no heel strike within 10 s");
    });
    const PeriodicOrbit o = find_periodic_orbit(p, {{vec({0.1})}, NAN}, {});
    CHECK(o.status == OrbitStatus::step_failed);
    CHECK(o.message == "no heel strike within 10 s");  // one segment: not named
  }
  SECTION("bad guesses are input errors naming the field") {
    CHECK_THROWS_WITH(find_periodic_orbit(problem, {{vec({1.0, 2.0})}, 1.5}, {}),
                      Contains("expected 3 components, got 2"));
    CHECK_THROWS_WITH(find_periodic_orbit(problem, {{guess}, -1.0}, {}), StartsWith("period: "));
    OrbitOptions opt;
    opt.segments = 0;
    CHECK_THROWS_WITH(find_periodic_orbit(problem, {{guess}, 1.5}, opt), StartsWith("segments: "));
  }
}
