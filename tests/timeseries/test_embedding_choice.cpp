// Delay and dimension choices on cases with a known answer: the mutual information of a Gaussian
// process follows from its autocorrelation; white noise has none beyond the estimator's bias. False nearest neighbours
// find the Henon map's dimension 2 and the Lorenz attractor's 3 (Kennel et al. 1992, their figures), and never settle
// for white noise.
#include <catch2/catch.hpp>

#include <cmath>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/timeseries/embedding.hpp"
#include "chaoskit/timeseries/false_neighbours.hpp"
#include "chaoskit/timeseries/mutual_information.hpp"
#include "timeseries/series_fixtures.hpp"

using namespace chaoskit::timeseries;
using chaoskit::InputError;

TEST_CASE("delay embedding layout", "[timeseries][embedding]") {
  const Columns cols = {{0, 1, 2, 3, 4, 5, 6}, {10, 11, 12, 13, 14, 15, 16}};
  const Embedding e = delay_embed(cols, 3, 2);
  REQUIRE(e.count == 3);
  REQUIRE(e.dim == 6);
  const std::vector<double> first(e.point(0), e.point(0) + 6), last(e.point(2), e.point(2) + 6);
  CHECK(first == std::vector<double>{0, 2, 4, 10, 12, 14});
  CHECK(last == std::vector<double>{2, 4, 6, 12, 14, 16});
  CHECK_THROWS_AS(delay_embed(cols, 4, 2), InputError);  // needs 7 + 1 samples
  CHECK_THROWS_AS(standardise({{1, 2, NAN, 4}}), InputError);
  CHECK_THROWS_AS(standardise({{3, 3, 3, 3}}), InputError);
}

TEST_CASE("mutual information: first minimum where a Gaussian process decorrelates", "[timeseries][ami]") {
  // For a Gaussian process the mutual information is exact: I(tau) = -ln(1 - rho(tau)^2) / 2, so
  // its first minimum is the lag where |rho| is smallest around the autocorrelation's first zero.
  // An AR(2) process x_t = 2r cos(w) x_{t-1} - r^2 x_{t-2} + e_t has the oscillating
  // autocorrelation rho(k) = 2r cos(w) rho(k-1) - r^2 rho(k-2), rho(1) = 2r cos(w) / (1 + r^2).
  // (A pure sine is no test for a histogram estimator: its binned values repeat exactly and the
  // estimate has dips that are artefacts of the bin edges.)
  for (double period : {20.0, 40.0, 80.0}) {
    const double r = 0.98, phi1 = 2.0 * r * std::cos(2.0 * M_PI / period), phi2 = -r * r;
    const auto e = chaoskit::test::white_noise(21000, static_cast<unsigned>(period));
    std::vector<double> x;
    double a = 0.0, b = 0.0;
    for (std::size_t t = 0; t < e.size(); ++t) {
      const double next = phi1 * a + phi2 * b + e[t];
      b = a;
      a = next;
      if (t >= 1000) x.push_back(next);
    }
    std::vector<double> rho = {1.0, phi1 / (1.0 - phi2)};
    while (rho.back() > 0.0) rho.push_back(phi1 * rho[rho.size() - 1] + phi2 * rho[rho.size() - 2]);
    const std::size_t zero = rho.size() - 1;  // first negative
    const std::size_t expected = std::abs(rho[zero]) < std::abs(rho[zero - 1]) ? zero : zero - 1;
    const DelayChoice c = choose_delay({x});
    INFO("period " << period << ": expected " << expected << ", chosen " << c.delay);
    CHECK(c.first_minimum);
    CHECK(std::abs(static_cast<double>(c.delay) - static_cast<double>(expected)) <= 1.0);
  }
}

TEST_CASE("mutual information of white noise is the estimator's bias alone", "[timeseries][ami]") {
  const auto x = chaoskit::test::white_noise(20000, 3);
  const std::vector<double> mi = mutual_information(x, 20);
  const double bins = static_cast<double>(mutual_information_bins(x.size()));
  const double bias = (bins - 1) * (bins - 1) / (2.0 * static_cast<double>(x.size()));
  CHECK(mi[0] > 1.0);  // the entropy of the binned series
  for (std::size_t k = 1; k <= 20; ++k) CHECK(mi[k] < 2.0 * bias);
  // No resolved minimum: the delay falls back to the first lag below I(0)/e, which is lag 1.
  const DelayChoice c = choose_delay({x});
  CHECK_FALSE(c.first_minimum);
  CHECK(c.delay == 1);
}

TEST_CASE("false nearest neighbours: Henon needs 2 dimensions, Lorenz 3, noise never settles", "[timeseries][fnn]") {
  {
    const Columns h = standardise({chaoskit::test::henon_x(10000)});
    const DimensionChoice c = choose_dimension(h, 1);
    CHECK(c.reached_threshold);
    CHECK(c.dim == 2);
  }
  {
    const Columns l = standardise({chaoskit::test::lorenz_x(20000, 0.05)});
    const DelayChoice d = choose_delay(l);
    const DimensionChoice c = choose_dimension(l, d.delay, {.theiler = 20});
    INFO("delay " << d.delay);
    CHECK(c.reached_threshold);
    CHECK(c.dim == 3);
  }
  {
    const Columns w = standardise({chaoskit::test::white_noise(10000, 4)});
    const DimensionChoice c = choose_dimension(w, 1);
    CHECK_FALSE(c.reached_threshold);
    for (double f : c.false_fraction) CHECK(f > 0.05);
  }
}
