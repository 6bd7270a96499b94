// Issue 5's claim, at test resolution: the winding-number basins of the damped single pendulum
// (chain N = 1, th1 x dth1, 300 x 300) have a smooth boundary, S_bb < log 2 and alpha near 1, while those of
// the damped double pendulum released from rest (chain N = 2, th1 x th2, 80 x 80) have a fractal one,
// S_bb > log 2 and alpha < 1 (about 2 s and 3 s on one core). The full-resolution numbers and figures are in
// analyses/basins/RESULTS.md (produced by analyses/basins/run).
#include <catch2/catch.hpp>

#include <cmath>

#include "../support/integrate_fixtures.hpp"
#include "chaoskit/basins/basin_entropy.hpp"
#include "chaoskit/basins/instances.hpp"
#include "chaoskit/basins/uncertainty_exponent.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "chaoskit/sections/axis_spec.hpp"

using namespace chaoskit;
using chaoskit::test::with_tolerance;
using namespace chaoskit::basins;

TEST_CASE("basins: the damped single pendulum has a smooth winding boundary (S_bb < log 2)",
          "[basins][entropy][slow]") {
  const ChainModel<1> m(chain_params(read_param_file("chain1_damped_rod")));
  BasinOptions bo;
  bo.threads = 1;
  bo.rest.max_time = 200;
  const GridAxis x{"th1", 0, linspace(-M_PI, M_PI, 300)}, y{"dth1", 1, linspace(-10, 10, 300)};
  const BasinMap map = compute_basin_map(m, Vec<double, 2>::Zero(), x, y, InputSchedule(1), bo, with_tolerance(1e-9));
  for (auto s : map.status) REQUIRE(s == point_status::ok);
  for (auto l : map.label) REQUIRE(l >= 0);  // every orbit settled
  const auto e = basin_entropy(map.label, map.nx, map.ny, 5);
  const auto u = uncertainty_exponent(map.label, map.nx, map.ny);
  INFO("S_b " << e.Sb << " S_bb " << e.Sbb << " alpha " << u.alpha << " +- " << u.alpha_error);
  CHECK(e.boundary_boxes > 0);
  CHECK(e.Sbb < std::log(2.0));
  CHECK_FALSE(e.fractal_boundary());
  CHECK(std::abs(u.alpha - 1.0) < 0.15);
}

TEST_CASE("basins: the damped double pendulum has a fractal winding boundary (S_bb > log 2)",
          "[basins][entropy][slow]") {
  const ChainModel<2> m(chain_params(read_param_file("chain2_damped_rods")));
  BasinOptions bo;
  bo.threads = 1;
  bo.rest.max_time = 200;
  const GridAxis x{"th1", 0, linspace(-M_PI, M_PI, 80)}, y{"th2", 1, linspace(-M_PI, M_PI, 80)};
  const BasinMap map = compute_basin_map(m, Vec<double, 4>::Zero(), x, y, InputSchedule(2), bo, with_tolerance(1e-8));
  for (auto s : map.status) REQUIRE(s == point_status::ok);
  const auto e = basin_entropy(map.label, map.nx, map.ny, 5);
  const auto u = uncertainty_exponent(map.label, map.nx, map.ny);
  INFO("S_b " << e.Sb << " S_bb " << e.Sbb << " alpha " << u.alpha << " +- " << u.alpha_error);
  CHECK(e.Sbb > std::log(2.0));
  CHECK(e.fractal_boundary());
  CHECK(u.alpha < 0.9);
}
