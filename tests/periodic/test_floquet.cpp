// Floquet multipliers: the deflation that identifies the trivial ones (on matrices with a known
// spectrum), the Hamiltonian pairing (mu and 1/mu, two at +1) on the conservative double pendulums'
// normal-mode orbits, Liouville's formula on a damped chain's rotating orbit, and a map's
// multipliers against central differences of the map.
#include <catch2/catch.hpp>

#include <cmath>
#include <complex>
#include <numbers>
#include <variant>

#include "chaoskit/integrate/instances.hpp"
#include "chaoskit/models/linear_modes.hpp"
#include "chaoskit/periodic/explicit_maps.hpp"
#include "chaoskit/periodic/orbit.hpp"
#include "periodic/periodic_fixtures.hpp"

using namespace chaoskit;
using namespace chaoskit::periodic;

TEST_CASE("floquet: deflation separates the trivial multipliers from a known spectrum", "[periodic][floquet]") {
  // M = V diag(1, 1, 3, 0.2) V^-1 with a right eigenvector r (multiplier 1) and a left one l
  // (multiplier 1, lᵀ r = 0): what a conservative flow's monodromy matrix has.
  Matrix V(4, 4);
  V << 1.0, 0.2, 0.3, -0.1, 0.0, 1.0, 0.5, 0.2, 0.4, -0.3, 1.0, 0.1, 0.2, 0.1, -0.2, 1.0;
  Vector d(4);
  d << 1.0, 1.0, 3.0, 0.2;
  const Matrix Vinv = V.inverse();
  const Matrix M = V * d.asDiagonal() * Vinv;
  TrivialDirections t;
  t.right.push_back({V.col(0), 1.0, "flow direction"});
  t.left.push_back({Vinv.row(1).transpose(), 1.0, "energy"});
  REQUIRE(std::abs(Vinv.row(1).dot(V.col(0))) < 1e-14);
  const FloquetAnalysis a = floquet_analysis(M, t);
  REQUIRE(a.multipliers.size() == 4);
  CHECK(a.multipliers[0].trivial);
  CHECK(a.multipliers[0].origin == "flow direction");
  CHECK(a.multipliers[1].trivial);
  CHECK(a.multipliers[1].origin == "energy");
  CHECK(std::abs(a.multipliers[0].value - 1.0) < 1e-12);
  CHECK(std::abs(a.multipliers[1].value - 1.0) < 1e-12);
  CHECK(std::abs(a.multipliers[2].value - 3.0) < 1e-12);  // nontrivial, by decreasing modulus
  CHECK(std::abs(a.multipliers[3].value - 0.2) < 1e-12);
  CHECK(a.stability == Stability::unstable);
  CHECK(a.unstable_count == 1);
  CHECK(std::abs(a.max_modulus - 3.0) < 1e-12);
  // A nontrivial multiplier next to the trivial +1 (a fold) stays nontrivial.
  Vector d2 = d;
  d2(2) = 1.0 + 1e-7;
  const FloquetAnalysis near = floquet_analysis(V * d2.asDiagonal() * Vinv, t);
  CHECK(std::abs(near.multipliers[2].value - (1.0 + 1e-7)) < 1e-12);
  CHECK_FALSE(near.multipliers[2].trivial);
  // Test functions: the fold's changes sign as the multiplier passes +1.
  d2(2) = 1.0 - 1e-7;
  const FloquetAnalysis below = floquet_analysis(V * d2.asDiagonal() * Vinv, t);
  CHECK(test_functions(near).fold * test_functions(below).fold < 0.0);
  CHECK(test_functions(near).period_doubling * test_functions(below).period_doubling > 0.0);
}

TEST_CASE("floquet: the double pendulums' normal-mode orbits have Hamiltonian multipliers", "[periodic][floquet]") {
  // The conservative limb (limb paper's reconstructed set) and golf (manufactured set) models: the
  // orbits continuing each linear mode at 0.25 rad. A symplectic monodromy matrix has its
  // multipliers in pairs mu, 1/mu; the flow direction and the energy give the two at +1; and
  // det M = 1 (Liouville: det M(q0) / det M(q(T)) = 1 on a closed orbit).
  for (const std::string model : {"limb", "golf"}) {
    const FlowSetup setup = test::model_setup(model);
    const AnyModel any = setup_model(setup);
    const auto modes = std::visit(
        [](const auto& m) -> std::pair<Vec<double, 2>, Mat<double, 2, 2>> {
          if constexpr (std::is_same_v<std::decay_t<decltype(m)>, LimbModel> ||
                        std::is_same_v<std::decay_t<decltype(m)>, GolfModel>) {
            const auto lm = linear_modes(m);
            return {lm.omega, lm.shapes};
          } else {
            return {};
          }
        },
        any);
    for (int k = 0; k < 2; ++k) {
      CAPTURE(model, k);
      const Vec<double, 2> shape = modes.second.col(k) / modes.second.col(k).cwiseAbs().maxCoeff();
      Vector guess = Vector::Zero(4);
      guess.head(2) = 0.25 * shape;
      const PeriodicProblem problem = flow_problem(setup, guess);
      REQUIRE(problem.conservative());
      OrbitOptions opt;
      opt.segments = 2;
      const PeriodicOrbit o = find_periodic_orbit(problem, {{guess}, 2.0 * std::numbers::pi / modes.first(k)}, opt);
      REQUIRE(o.converged());
      CHECK(o.iterations <= 10);
      REQUIRE(test::trivial_count(o.floquet) == 2);
      for (const auto& m : o.floquet.multipliers)
        if (m.trivial) CHECK(std::abs(m.value - 1.0) < 1e-7);
      const auto mu = test::nontrivial(o.floquet);
      REQUIRE(mu.size() == 2);
      CHECK(std::abs(mu[0] * mu[1] - 1.0) < 1e-8);
      const bool elliptic = std::abs(mu[0].imag()) > 1e-8;
      if (elliptic) {
        CHECK(std::abs(std::abs(mu[0]) - 1.0) < 1e-8);
        CHECK(o.floquet.stability == Stability::linearly_stable);
      } else {
        CHECK(std::abs(mu[1].imag()) < 1e-12);
      }
      CHECK(std::abs(o.monodromy.determinant() - 1.0) < 1e-8);
      // The period stays near the linear one at this amplitude (the backbone bends slowly).
      CHECK(std::abs(o.period * modes.first(k) / (2.0 * std::numbers::pi) - 1.0) < 0.05);
    }
  }
}

TEST_CASE("floquet: a damped chain's multipliers multiply to Liouville's determinant", "[periodic][floquet]") {
  // chain2_damped_rods driven by a constant moment at the base rotates: a running orbit with winding
  // (1, 0). In (q, qd) coordinates det Psi(T) = det M(q0) / det M(q(T)) exp(-int tr(M(q)^-1 D) dt), and
  // on the closed orbit the first factor is 1; the integral is taken here from the trajectory
  // sampled at 4001 points (Simpson's rule), independently of the variational equations.
  FlowSetup setup = test::model_setup("chain", "chain2_damped_rods");
  setup.flow.inputs = InputSchedule::constant({1.0, 0.0});
  setup.flow.shift = Vector::Zero(4);
  setup.flow.shift(0) = 2.0 * std::numbers::pi;
  Vector guess(4);
  guess << 0.0, 0.0, 20.0, 0.0;
  const PeriodicProblem problem = flow_problem(setup, guess);
  REQUIRE_FALSE(problem.conservative());
  const PeriodicOrbit o = find_periodic_orbit(problem, {{guess}, 0.31}, {});
  REQUIRE(o.converged());
  const AnyModel any = setup_model(setup);
  const auto& chain = std::get<ChainModel<2>>(any);
  const Mat<double, 2, 2> D = Vec<double, 2>(0.05, 0.05).asDiagonal();
  const int samples = 4001;
  std::vector<double> times;
  for (int i = 0; i < samples; ++i) times.push_back(o.period * i / (samples - 1));
  const auto tr =
      simulate(chain, Vec<double, 4>(o.points.front()), setup.flow.inputs, 0.0, o.period, times, setup.flow.integrator);
  REQUIRE(tr.x.size() == static_cast<std::size_t>(samples));
  double integral = 0.0;
  for (int i = 0; i < samples; ++i) {
    const Vec<double, 2> q = tr.x[static_cast<std::size_t>(i)].head<2>();
    const double trace = (chain.mass_matrix(q).inverse() * D).trace();
    const double w = (i == 0 || i == samples - 1) ? 1.0 : (i % 2 ? 4.0 : 2.0);
    integral += w * trace;
  }
  integral *= o.period / (samples - 1) / 3.0;
  std::complex<double> product = 1.0;
  for (const auto& m : o.floquet.multipliers) product *= m.value;
  CHECK(std::abs(product.imag()) < 1e-12);
  CHECK(std::abs(product.real() / std::exp(-integral) - 1.0) < 1e-8);
  CHECK(o.floquet.stability == Stability::asymptotically_stable);
}

TEST_CASE("floquet: a map's multipliers agree with central differences of the map", "[periodic][floquet]") {
  // The Henon map's period-2 orbit at a = 1.2 (b = 0.3): the multipliers of P o P at x_0 against the
  // eigenvalues of a central-difference Jacobian of P o P.
  const HenonParameters hp{1.2, 0.3};
  const PeriodicProblem problem = henon_problem(hp);
  OrbitOptions opt;
  opt.segments = 2;
  Vector guess(2);
  guess << 1.0, -0.2;
  const PeriodicOrbit o = find_periodic_orbit(problem, {{guess}, NAN}, opt);
  REQUIRE(o.converged());
  REQUIRE((o.points[0] - o.points[1]).norm() > 0.1);  // a genuine period-2 orbit
  auto P2 = [&](const Vector& x) { return henon_step(hp, henon_step(hp, x, false).x, false).x; };
  Matrix J(2, 2);
  const double h = 1e-6;
  for (int j = 0; j < 2; ++j) {
    Vector e = Vector::Zero(2);
    e(j) = h;
    J.col(j) = (P2(o.points[0] + e) - P2(o.points[0] - e)) / (2.0 * h);
  }
  Eigen::EigenSolver<Matrix> es(J);
  const auto mu = test::nontrivial(o.floquet);
  REQUIRE(mu.size() == 2);
  CHECK(test::trivial_count(o.floquet) == 0);
  for (const auto& m : mu) {
    double best = INFINITY;
    for (int k = 0; k < 2; ++k) best = std::min(best, std::abs(m - std::complex<double>(es.eigenvalues()(k))));
    CHECK(best < 1e-8);
  }
  CHECK(std::abs(mu[0] * mu[1] - hp.b * hp.b) < 1e-12);  // det DP = -b at every point
}

TEST_CASE("floquet: a section map's collapsed direction is its trivial multiplier 0", "[periodic][floquet]") {
  // A map written in all n coordinates of a section (a Poincare or stride map) sends the flow
  // direction c at its fixed point to 0; declared as collapsed_direction, that 0 is reported as
  // trivial ("section") and the verdict rests on the other multipliers. Here P(x) = x* + A (x - x*),
  // A = V diag(0, 0.5, -1.5) V^-1 with c = V e_1.
  Matrix V(3, 3);
  V << 1.0, 0.3, -0.2, 0.2, 1.0, 0.4, -0.1, 0.5, 1.0;
  Vector d(3);
  d << 0.0, 0.5, -1.5;
  const Matrix A = V * d.asDiagonal() * V.inverse();
  Vector fixed(3);
  fixed << 0.3, -0.2, 0.1;
  PeriodicProblem p = map_problem(3, [A, fixed](const Vector& x, bool with_jacobian) {
    MapStep s;
    s.x = fixed + A * (x - fixed);
    if (with_jacobian) s.jacobian = A;
    s.time = 1.25;
    return s;
  });
  p.collapsed_direction = [V](const Vector&) { return Vector(V.col(0)); };
  const PeriodicOrbit o = find_periodic_orbit(p, {{Vector::Zero(3)}, NAN}, {});
  REQUIRE(o.converged());
  CHECK((o.points.front() - fixed).norm() < 1e-12);
  CHECK(o.return_time == 1.25);
  REQUIRE(o.floquet.multipliers.size() == 3);
  CHECK(o.floquet.multipliers[0].trivial);
  CHECK(o.floquet.multipliers[0].origin == "section");
  CHECK(std::abs(o.floquet.multipliers[0].value) < 1e-12);
  CHECK(std::abs(o.floquet.multipliers[1].value - (-1.5)) < 1e-12);
  CHECK(std::abs(o.floquet.multipliers[2].value - 0.5) < 1e-12);
  CHECK(o.floquet.stability == Stability::unstable);
}
