// Initial conditions on an energy surface: the solved rate reproduces the energy, both roots
// bracket the others' rate, and inaccessible points are reported rather than invented.
#include <catch2/catch.hpp>
#include <random>

#include "chaoskit/models/energy_surface.hpp"
#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "support/random_states.hpp"

using namespace chaoskit;
using Catch::Matchers::WithinAbs;

TEST_CASE("energy surface: solved rates reproduce the energy", "[energy_surface]") {
  const GolfModel golf(golf_params(read_param_file("golf_manufactured")));
  const ChainModel<3> chain(chain_params(read_param_file("chain3_uniform_rods")));
  std::mt19937 rng(9);
  int accessible = 0, inaccessible = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const Vec<double, 2> q = test::random_vec<2>(rng, 3.0), qd = test::random_vec<2>(rng, 3.0);
    const double E = std::uniform_real_distribution<double>(-8.0, 15.0)(rng);
    for (int k = 0; k < 2; ++k) {
      const auto hi = rate_for_energy(golf, q, qd, k, E, +1), lo = rate_for_energy(golf, q, qd, k, E, -1);
      REQUIRE(hi.has_value() == lo.has_value());
      if (!hi) {
        ++inaccessible;
        // Inaccessible: even the rate minimising T over q̇_k leaves T + V above E.
        Vec<double, 2> best = qd;
        const auto Mq = golf.mass_matrix(q);
        Vec<double, 2> other = qd;
        other(k) = 0;
        best(k) = -Mq.row(k).dot(other) / Mq(k, k);
        CHECK(total_energy(golf, q, best) > E);
        continue;
      }
      ++accessible;
      CHECK(*hi >= *lo);
      for (double v : {*hi, *lo}) {
        Vec<double, 2> x = qd;
        x(k) = v;
        CHECK_THAT(total_energy(golf, q, x), WithinAbs(E, 1e-10 * (1 + std::abs(E))));
      }
    }
    const Vec<double, 3> q3 = test::random_vec<3>(rng, 3.0), qd3 = test::random_vec<3>(rng, 1.0);
    if (const auto v = rate_for_energy(chain, q3, qd3, 2, 40.0)) {
      Vec<double, 3> x = qd3;
      x(2) = *v;
      CHECK_THAT(total_energy(chain, q3, x), WithinAbs(40.0, 1e-10 * 40));
    }
  }
  CHECK(accessible > 50);
  CHECK(inaccessible > 20);
  // At rest in the hanging position the minimum energy is V(0) and nothing below it is reachable.
  CHECK_FALSE(rate_for_energy(golf, Vec<double, 2>(0, 0), Vec<double, 2>(0, 0), 0,
                              golf.potential_energy(Vec<double, 2>(0, 0)) - 1e-9));
  CHECK(minimum_energy_at(golf, Vec<double, 2>(0, 0)) == golf.potential_energy(Vec<double, 2>(0, 0)));
}
