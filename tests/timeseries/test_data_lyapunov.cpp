// Largest Lyapunov exponents from time series (Rosenstein's method) against exponents known from
// the equations: Lorenz x(t) within 10 % of 0.9056 1/s and the Henon map within 10 % of 0.4192
// per iteration; and no confident positive exponent ("confident": a linear region by the rule of
// fit_range.hpp and an interval whose lower end is above zero) for white noise or a
// quasi-periodic signal.
#include <catch2/catch.hpp>

#include <cmath>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/timeseries/bootstrap.hpp"
#include "chaoskit/timeseries/data_lyapunov.hpp"
#include "chaoskit/timeseries/fit_range.hpp"
#include "timeseries/series_fixtures.hpp"

using namespace chaoskit::timeseries;
using Catch::Matchers::WithinRel;

namespace {
// Largest exponents from the variational equations: Lorenz (sigma 10, rho 28, beta 8/3) as
// chaoskit's own `lyapunov` test finds it (tests/indicators), Henon (a 1.4, b 0.3) from the
// literature value 0.419 (e.g. Sprott, Chaos and Time-Series Analysis, 2003, table A.1).
constexpr double kLorenz = 0.9056;
constexpr double kHenon = 0.4192;
}  // namespace

TEST_CASE("Lorenz x(t): lambda within 10 % of 0.906 with delay and dimension chosen from the data",
          "[timeseries][lyapunov]") {
  // 1000 time units sampled every 0.01 (about 600 mean periods of the signal). The same 1000
  // time units sampled every 0.05 give 0.826, 9 % low: with 5 times fewer points on the
  // attractor the nearest neighbours are farther apart and the straight part of the curve shorter.
  // Rosenstein's curve runs below the true slope (here by 5 %), and the interval, which measures
  // the spread over reference points, does not cover that bias.
  DataLyapunovOptions o;
  o.sample_interval = 0.01;
  const DataLyapunovResult r = data_lyapunov({chaoskit::test::lorenz_x(100000, 0.01)}, o);
  INFO("delay " << r.delay << ", dim " << r.dim << ", fit [" << r.fit.begin << ", " << r.fit.end << "], lambda "
                << r.lambda.value << " [" << r.lambda.ci.low << ", " << r.lambda.ci.high << "]");
  CHECK(r.dim == 3);
  REQUIRE(r.fit.found);
  CHECK_THAT(r.lambda.value, WithinRel(kLorenz, 0.10));
  CHECK(r.confident_positive);
  CHECK(r.lambda.ci.low <= r.lambda.value);
  CHECK(r.lambda.value <= r.lambda.ci.high);
}

TEST_CASE("Henon map: lambda within 10 % of 0.419 per iteration (delay 1, dimension 2)", "[timeseries][lyapunov]") {
  DataLyapunovOptions o;
  o.delay = 1;
  o.dim = 2;
  const DataLyapunovResult r = data_lyapunov({chaoskit::test::henon_x(20000)}, o);
  INFO("fit [" << r.fit.begin << ", " << r.fit.end << "], lambda " << r.lambda.value);
  REQUIRE(r.fit.found);
  CHECK_THAT(r.lambda.value, WithinRel(kHenon, 0.10));
  CHECK(r.confident_positive);
}

TEST_CASE("White noise and a quasi-periodic signal give no confident positive exponent", "[timeseries][lyapunov]") {
  SECTION("white noise") {
    for (unsigned seed : {1u, 2u, 3u}) {
      const DataLyapunovResult r = data_lyapunov({chaoskit::test::white_noise(20000, seed)});
      INFO("seed " << seed << ": fit found " << r.fit.found << ", lambda " << r.lambda.value);
      CHECK_FALSE(r.confident_positive);
    }
  }
  SECTION("two incommensurate sines") {
    const DataLyapunovResult r = data_lyapunov({chaoskit::test::two_sines(20000)});
    INFO("fit found " << r.fit.found << ", lambda " << r.lambda.value);
    CHECK_FALSE(r.confident_positive);
  }
  SECTION("two incommensurate sines, embedding given") {
    DataLyapunovOptions o;
    o.delay = 20;
    o.dim = 4;
    const DataLyapunovResult r = data_lyapunov({chaoskit::test::two_sines(20000)}, o);
    CHECK_FALSE(r.confident_positive);
  }
}

TEST_CASE("Stride exponents use Dingwell and Cusumano's 0-1 and 4-10 stride ranges", "[timeseries][lyapunov]") {
  DataLyapunovOptions o;
  o.sample_interval = 0.05;
  o.period = 16.0;  // about the Lorenz signal's mean period at this sampling
  const DataLyapunovResult r = data_lyapunov({chaoskit::test::lorenz_x(10000, 0.05)}, o);
  REQUIRE(r.short_term);
  REQUIRE(r.long_term);
  CHECK(r.horizon == 160);
  CHECK(r.short_term->k_begin == 0);
  CHECK(r.short_term->k_end == 16);
  CHECK(r.long_term->k_begin == 64);
  CHECK(r.long_term->k_end == 160);
  // Over 4-10 mean periods the separations have reached the attractor's size: the long-term slope
  // is a small fraction of the short-term one.
  CHECK(r.short_term->value > 0.5);
  CHECK(std::abs(r.long_term->value) < 0.2 * r.short_term->value);
}

TEST_CASE("The estimate is deterministic", "[timeseries][lyapunov]") {
  const auto x = chaoskit::test::henon_x(5000);
  const DataLyapunovResult a = data_lyapunov({x}), b = data_lyapunov({x});
  CHECK(a.lambda.value == b.lambda.value);
  CHECK(a.lambda.ci.low == b.lambda.ci.low);
  CHECK(a.lambda.ci.high == b.lambda.ci.high);
  CHECK(a.curve == b.curve);
}

TEST_CASE("Records too short or not finite are refused", "[timeseries][lyapunov][errors]") {
  CHECK_THROWS_AS(data_lyapunov({chaoskit::test::henon_x(10)}), chaoskit::InputError);
  DataLyapunovOptions o;
  o.dim = 50;
  o.delay = 10;
  CHECK_THROWS_AS(data_lyapunov({chaoskit::test::henon_x(400)}, o), chaoskit::InputError);
  auto x = chaoskit::test::henon_x(1000);
  x[500] = NAN;
  CHECK_THROWS_WITH(data_lyapunov({x}), Catch::Matchers::Contains("row 501"));
}

TEST_CASE("Fit-range rule on curves of known shape", "[timeseries][fitrange]") {
  SECTION("a line then a plateau: the line is found") {
    std::vector<double> y(200);
    for (std::size_t k = 0; k < y.size(); ++k)
      y[k] = std::min(-6.0 + 0.1 * static_cast<double>(k), 0.0) + 0.01 * std::sin(0.7 * static_cast<double>(k));
    const FitRange r = choose_fit_range(y, {.window = 2});
    REQUIRE(r.found);
    CHECK_THAT(r.slope, WithinRel(0.1, 0.02));
    CHECK(r.begin <= 2);
    CHECK(r.end >= 55);
    CHECK(r.end <= 62);
  }
  SECTION("a logarithm (separations growing like a power of time) has no linear region") {
    for (double p : {0.5, 1.0, 1.5}) {
      std::vector<double> y(2000);
      for (std::size_t k = 0; k < y.size(); ++k) y[k] = p * std::log(1.0 + static_cast<double>(k));
      CHECK_FALSE(choose_fit_range(y, {.window = 5}).found);
    }
  }
  SECTION("an oscillation about a level has no linear region") {
    std::vector<double> y(1000);
    for (std::size_t k = 0; k < y.size(); ++k)
      y[k] = -3.0 + 0.6 * std::sin(2.0 * M_PI * static_cast<double>(k) / 150.0);
    CHECK_FALSE(choose_fit_range(y, {.window = 10}).found);
  }
}

TEST_CASE("Block bootstrap: iid and correlated values", "[timeseries][bootstrap]") {
  const std::size_t n = 20000;
  const auto z = chaoskit::test::white_noise(n, 11);
  // iid: the interval is the mean +- 1.96 sigma / sqrt(n).
  const Interval iid = block_bootstrap_mean(z, 1, 2000, 1);
  CHECK_THAT(iid.high - iid.low, WithinRel(2.0 * 1.96 / std::sqrt(double(n)), 0.1));
  // AR(1) with phi = 0.9: the mean's standard error is larger by sqrt((1 + phi)/(1 - phi)) =
  // sqrt(19); blocks much longer than the correlation time (10 samples) recover it, single values
  // do not.
  std::vector<double> ar(n);
  double v = 0.0;
  for (std::size_t i = 0; i < n; ++i) ar[i] = v = 0.9 * v + std::sqrt(1.0 - 0.81) * z[i];
  const double expected = 2.0 * 1.96 * std::sqrt(19.0 / double(n));
  const Interval blocks = block_bootstrap_mean(ar, 200, 2000, 1);
  const Interval singles = block_bootstrap_mean(ar, 1, 2000, 1);
  CHECK_THAT(blocks.high - blocks.low, WithinRel(expected, 0.25));
  CHECK(singles.high - singles.low < 0.4 * expected);
}
