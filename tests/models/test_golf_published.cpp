// Every number of the golf chapter's numerical example and exercises, computed from the `golf`
// model with the shipped manufactured parameters, to the printed precision.
#include <catch2/catch.hpp>
#include <numbers>

#include "chaoskit/core/units.hpp"
#include "chaoskit/models/linear_modes.hpp"
#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "support/published.hpp"

using namespace chaoskit;
using chaoskit::test::check_printed;

namespace {
GolfModel manufactured() { return GolfModel(golf_params(read_param_file("golf_manufactured"))); }
const Vec<double, 2> q_example(0.0, -5.0 * kDegree);
const Vec<double, 2> qd_example(10.0, 9.0);
}  // namespace

TEST_CASE("golf: hinge inertias of the parameter table", "[golf][published]") {
  const GolfModel m = manufactured();
  check_printed({"K1", 0.1015625, 7}, m.K1());
  check_printed({"K2", 0.13, 2}, m.K2());
}

TEST_CASE("golf: M, c, G at q = (0, -5 deg), qd = (10, 9)", "[golf][published]") {
  const GolfModel m = manufactured();
  const auto M = m.mass_matrix(q_example);
  check_printed({"M11", 0.420029758, 9}, M(0, 0));
  check_printed({"M12", 0.199733629, 9}, M(0, 1));
  check_printed({"M21", 0.199733629, 9}, M(1, 0));
  check_printed({"M22", 0.130000000, 9}, M(1, 1));
  const auto c = m.bias(q_example, qd_example);
  check_printed({"c1", 1.592335420, 9}, c(0));
  check_printed({"c2", -0.610090199, 9}, c(1));
  const auto G = m.gravity(q_example);
  check_printed({"g1", -0.170999567, 9}, G(0));
  check_printed({"g2", -0.170999567, 9}, G(1));
}

TEST_CASE("golf: accelerations for tau = 0 and tau = (5, 0)", "[golf][published]") {
  const GolfModel m = manufactured();
  const auto a0 = joint_accelerations(m, q_example, qd_example, Vec<double, 2>(0, 0));
  check_printed({"qdd1, tau=0", -23.166250085, 9}, a0(0));
  check_printed({"qdd2, tau=0", 41.601299717, 9}, a0(1));
  const auto a5 = joint_accelerations(m, q_example, qd_example, Vec<double, 2>(5, 0));
  check_printed({"qdd1, tau=(5,0)", 21.020338033, 9}, a5(0));
  check_printed({"qdd2, tau=(5,0)", -26.287527914, 9}, a5(1));
  check_printed({"power of 5 N m at 10 rad/s", 50.0, 6}, actuator_power(m, qd_example, Vec<double, 2>(5, 0)));
}

TEST_CASE("golf: Schur inertia and kinetic energy", "[golf][published]") {
  const GolfModel m = manufactured();
  check_printed({"Schur effective inertia", 0.113156508, 9}, schur_inertia(m, q_example));
  check_printed({"kinetic energy", 44.242514485, 9}, kinetic_energy(m, q_example, qd_example));
  // The Schur complement is also the response δθ̈1 to δτ1 with the distal joint free.
  const double d = 1e-3;
  const auto a0 = joint_accelerations(m, q_example, qd_example, Vec<double, 2>(0, 0));
  const auto a1 = joint_accelerations(m, q_example, qd_example, Vec<double, 2>(d, 0));
  CHECK_THAT(d / (a1(0) - a0(0)), Catch::Matchers::WithinRel(schur_inertia(m, q_example), 1e-9));
}

TEST_CASE("golf: endpoint velocity and acceleration", "[golf][published]") {
  const GolfModel m = manufactured();
  const auto qdd = joint_accelerations(m, q_example, qd_example, Vec<double, 2>(0, 0));
  const auto k = endpoint_kinematics(m, q_example, qd_example, qdd);
  check_printed({"endpoint vx", 22.427699264, 9}, k.v(0));
  check_printed({"endpoint vy", -1.655959112, 9}, k.v(1));
  check_printed({"endpoint ax", 41.719934305, 9}, k.a(0));
  check_printed({"endpoint ay", 393.019565568, 9}, k.a(1));
  CHECK_THAT(k.J.determinant(), Catch::Matchers::WithinAbs(0.35 * 1.0 * std::sin(q_example(1)), 1e-15));
}

TEST_CASE("golf: small-oscillation mode frequencies", "[golf][published]") {
  const auto modes = linear_modes(manufactured());
  check_printed({"omega 1", 3.644068205, 9}, modes.omega(0));
  check_printed({"omega 2", 7.552873204, 9}, modes.omega(1));
  // K_g of the chapter: g [[M1 r1 + M2 L1 + M2 r2, M2 r2], [M2 r2, M2 r2]].
  const double g = 9.81;
  CHECK_THAT(modes.stiffness(0, 0), Catch::Matchers::WithinRel(g * (2.5 * 0.175 + 0.4 * 0.35 + 0.4 * 0.5), 1e-14));
  CHECK_THAT(modes.stiffness(0, 1), Catch::Matchers::WithinRel(g * 0.4 * 0.5, 1e-14));
  CHECK_THAT(modes.stiffness(1, 1), Catch::Matchers::WithinRel(g * 0.4 * 0.5, 1e-14));
}

TEST_CASE("golf exercise 2: potential drop from (150, -70) deg to (0, 0)", "[golf][published]") {
  const GolfModel m = manufactured();
  const double drop =
      m.potential_energy(Vec<double, 2>(150 * kDegree, -70 * kDegree)) - m.potential_energy(Vec<double, 2>(0, 0));
  check_printed({"potential drop", 12.192849345, 9}, drop);
}

TEST_CASE("golf exercise 3: normal acceleration of the aligned pair", "[golf][published]") {
  const GolfModel m = manufactured();
  const double w = 10.47;
  // Any orientation with aligned links (θ2 = 0), no angular acceleration.
  for (double th : {0.0, 0.7, -2.0}) {
    const auto k = endpoint_kinematics(m, Vec<double, 2>(th, 0), Vec<double, 2>(w, 0), Vec<double, 2>(0, 0));
    check_printed({"inward normal acceleration", 147.988215, 6}, k.a.norm());
    check_printed({"in g", 15.085444954, 9}, k.a.norm() / 9.81);
    // It points from the endpoint toward the pivot.
    CHECK_THAT(k.a.normalized().dot(-k.p.normalized()), Catch::Matchers::WithinAbs(1.0, 1e-14));
  }
}

TEST_CASE("golf exercise 4: underdetermined task request at (0, 0)", "[golf][published]") {
  const GolfModel m = manufactured();
  const Vec<double, 2> q(0, 0), qd(10, 9);
  for (const auto& qdd : {Vec<double, 2>(0, 50), Vec<double, 2>(20, 23), Vec<double, 2>(37.037037037, 0)}) {
    const auto k = endpoint_kinematics(m, q, qd, qdd);
    check_printed({"horizontal tangential endpoint acceleration", 50.0, 8}, k.a(0));
    check_printed({"upward normal acceleration", 396.0, 8}, k.a(1));
  }
}

TEST_CASE("golf exercise 5: gravity moments at (150, -70) deg", "[golf][published]") {
  const GolfModel m = manufactured();
  const auto G = m.gravity(Vec<double, 2>(150 * kDegree, -70 * kDegree));
  check_printed({"-g1", -4.764830311, 9}, -G(0));
  check_printed({"-g2", -1.932192811, 9}, -G(1));
}
