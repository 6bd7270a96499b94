// Basin entropy, boundary basin entropy and uncertainty exponent on synthetic label grids with
// known answers (straight boundary, checkerboards, noise), and the winding-label encoding.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <vector>

#include "chaoskit/basins/basin_entropy.hpp"
#include "chaoskit/basins/uncertainty_exponent.hpp"
#include "chaoskit/basins/winding_code.hpp"

using namespace chaoskit::basins;
using Catch::Matchers::WithinAbs;

namespace {
std::vector<std::int32_t> grid(std::size_t rows, std::size_t cols, auto f) {
  std::vector<std::int32_t> g(rows * cols);
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t j = 0; j < cols; ++j) g[i * cols + j] = f(i, j);
  return g;
}
}  // namespace

TEST_CASE("basin entropy: one basin has no entropy and no boundary", "[basins][entropy]") {
  const auto g = grid(40, 40, [](auto, auto) { return 7; });
  const auto e = basin_entropy(g, 40, 40, 5);
  CHECK(e.boxes == 64);
  CHECK(e.boundary_boxes == 0);
  CHECK(e.Sb == 0.0);
  CHECK(e.Sbb == 0.0);
  CHECK_FALSE(e.fractal_boundary());
}

TEST_CASE("basin entropy: a straight boundary through the boxes", "[basins][entropy]") {
  // 100 x 100, boundary between columns 51 and 52: boxes of columns 50..54 hold 2 and 3 points
  // per row of the two labels, p = 2/5 and 3/5.
  const auto g = grid(100, 100, [](auto, auto j) { return j < 52 ? 0 : 1; });
  const auto e = basin_entropy(g, 100, 100, 5);
  const double s = -(0.4 * std::log(0.4) + 0.6 * std::log(0.6));
  CHECK(e.boxes == 400);
  CHECK(e.boundary_boxes == 20);
  CHECK_THAT(e.Sbb, WithinAbs(s, 1e-14));
  CHECK_THAT(e.Sb, WithinAbs(s * 20.0 / 400.0, 1e-14));
  CHECK_FALSE(e.fractal_boundary());
  // Smooth boundary: alpha = 1 (f = 2k / (n − 2k) deviates from k-proportional by < 4% here).
  const auto big = grid(400, 400, [](auto, auto j) { return j < 201 ? 0 : 1; });
  const auto u = uncertainty_exponent(big, 400, 400);
  REQUIRE(u.eps.size() == 5);
  CHECK_THAT(u.alpha, WithinAbs(1.0, 0.05));
  CHECK_THAT(u.dimension, WithinAbs(1.0, 0.05));
}

TEST_CASE("basin entropy: checkerboards", "[basins][entropy]") {
  SECTION("two labels, box 2: every box is half and half, S_b = S_bb = log 2") {
    const auto g = grid(30, 30, [](auto i, auto j) { return static_cast<int>((i + j) % 2); });
    const auto e = basin_entropy(g, 30, 30, 2);
    CHECK(e.boxes == 225);
    CHECK(e.boundary_boxes == 225);
    CHECK_THAT(e.Sb, WithinAbs(std::log(2.0), 1e-14));
    CHECK_THAT(e.Sbb, WithinAbs(std::log(2.0), 1e-14));
    CHECK_FALSE(e.fractal_boundary());  // exactly log 2: the criterion is strict
  }
  SECTION("two labels, box 3: 5/9 and 4/9") {
    const auto g = grid(30, 30, [](auto i, auto j) { return static_cast<int>((i + j) % 2); });
    const auto e = basin_entropy(g, 30, 30, 3);
    const double s = -(5.0 / 9 * std::log(5.0 / 9) + 4.0 / 9 * std::log(4.0 / 9));
    CHECK_THAT(e.Sbb, WithinAbs(s, 1e-14));
  }
  SECTION("four labels, box 2: log 4 > log 2") {
    const auto g = grid(30, 30, [](auto i, auto j) { return static_cast<int>(2 * (i % 2) + j % 2); });
    const auto e = basin_entropy(g, 30, 30, 2);
    CHECK_THAT(e.Sb, WithinAbs(std::log(4.0), 1e-14));
    CHECK(e.fractal_boundary());
  }
  SECTION("incomplete edge boxes are dropped") {
    const auto g = grid(31, 33, [](auto i, auto j) { return static_cast<int>((i + j) % 2); });
    CHECK(basin_entropy(g, 31, 33, 2).boxes == 15 * 16);
  }
}

TEST_CASE("uncertainty exponent: a riddled (random) map has alpha near 0", "[basins][uncertainty]") {
  std::mt19937 rng(5);
  std::bernoulli_distribution coin(0.5);
  std::vector<std::int32_t> g(300 * 300);
  for (auto& v : g) v = coin(rng);
  const auto u = uncertainty_exponent(g, 300, 300);
  CHECK(std::abs(u.alpha) < 0.02);
  CHECK_THAT(u.dimension, WithinAbs(2.0, 0.02));
  for (double f : u.fraction) CHECK(f > 0.9);
}

TEST_CASE("uncertainty exponent and entropy reject malformed grids", "[basins][errors]") {
  const std::vector<std::int32_t> g(10, 0);
  CHECK_THROWS_AS(basin_entropy(g, 3, 3, 2), std::invalid_argument);
  CHECK_THROWS_AS(basin_entropy(g, 2, 5, 3), std::invalid_argument);
  CHECK_THROWS_AS(basin_entropy(g, 2, 5, 0), std::invalid_argument);
  CHECK(std::isnan(uncertainty_exponent(g, 2, 5).alpha));
}

TEST_CASE("winding labels: encode and decode round trip, 0 is no winding", "[basins][labels]") {
  CHECK(encode_windings({0, 0, 0}) == 0);
  for (const std::vector<int>& w : {std::vector<int>{1}, {-1, 2}, {3, -4, 0, 31, -31}, {0, 0, 1}}) {
    const auto label = encode_windings(w);
    CHECK(label >= 0);
    CHECK(decode_windings(label, static_cast<int>(w.size())) == w);
  }
  CHECK(encode_windings({32}) == kLabelWindingRange);
  CHECK(encode_windings({1, 2, 3, 4, 5, 6}) == kLabelWindingRange);
  CHECK(decode_windings(kLabelNotSettled, 2).empty());
  // Distinct windings give distinct labels.
  CHECK(encode_windings({1, 0}) != encode_windings({0, 1}));
  CHECK(encode_windings({-1}) != encode_windings({1}));
}
