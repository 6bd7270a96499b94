// illinois_root (integrate/interpolant_root.hpp): the root finder of sections, basin outcomes and
// event guards. Pinned here on functions whose roots are known, including the cases its callers
// rely on: a start value that is only a side mark, a crossing already reached at b, and the
// bracket end "after" never lying before the root.
#include <catch2/catch.hpp>
#include <cmath>

#include "chaoskit/integrate/interpolant_root.hpp"

using chaoskit::illinois_root;

TEST_CASE("illinois_root finds a transcendental root to rounding and keeps the bracket", "[root]") {
  const double root = std::acos(0.3);  // cos t - 0.3 = 0 on [0, 2]
  int evaluations = 0;
  const auto g = [&](double t) {
    ++evaluations;
    return std::cos(t) - 0.3;
  };
  const auto r = illinois_root(g, 0.0, g(0.0), 2.0, g(2.0), 0.0);
  CHECK(std::abs(r.after - root) <= 4e-16 * 2.0);
  CHECK(r.before <= root);
  CHECK(r.after >= root);
  CHECK(g(r.after) <= 0.0);  // the end past the crossing has reached or passed zero
  CHECK(evaluations < 30);   // superlinear, where plain regula falsi stalls on a convex function
}

TEST_CASE("illinois_root stops at the tolerance and reports the last point", "[root]") {
  const auto g = [](double t) { return t * t * t - 0.125; };  // root 0.5, decreasing-slope start
  const auto r = illinois_root(g, 0.0, g(0.0), 1.0, g(1.0), 1e-10);
  CHECK(std::abs(r.last_g) <= 1e-10);
  CHECK(std::abs(r.last_t - 0.5) <= 1e-9);
  CHECK(r.last_g == g(r.last_t));
}

TEST_CASE("illinois_root with a side mark at a and a zero at b", "[root]") {
  // A guard zero at the start of a step is marked -1e-300 (event_tracker.hpp): the search must still
  // converge to the true crossing, and a crossing already exact at b needs no evaluation.
  int evaluations = 0;
  const auto g = [&](double t) {
    ++evaluations;
    return t - 0.25;
  };
  const auto r = illinois_root(g, 0.0, -1e-300, 1.0, g(1.0), 0.0);
  CHECK(std::abs(r.after - 0.25) <= 1e-15);
  evaluations = 0;
  const auto exact = illinois_root(g, 0.0, -0.25, 0.25, 0.0, 0.0);
  CHECK(evaluations == 0);
  CHECK(exact.after == 0.25);
  CHECK(exact.last_after);
}

TEST_CASE("illinois_root for a decreasing crossing", "[root]") {
  const auto g = [](double t) { return std::exp(-t) - 0.5; };  // root ln 2, g from + to -
  const auto r = illinois_root(g, 0.0, g(0.0), 3.0, g(3.0), 0.0);
  CHECK(std::abs(r.after - std::log(2.0)) <= 1e-15);
  CHECK(g(r.after) <= 0.0);
  CHECK(g(r.before) > 0.0);
}
