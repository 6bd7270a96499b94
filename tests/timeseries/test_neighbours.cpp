// The k-d tree against an all-pairs search: the same nearest neighbour (index and distance) for
// every point of random sets, in 1 to 7 dimensions, with and without a Theiler window, and with
// duplicate points skipped on request.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <random>

#include "chaoskit/timeseries/kd_tree.hpp"

using chaoskit::timeseries::KdTree;

namespace {

KdTree::Neighbour brute_force(const std::vector<double>& pts, std::size_t n, std::size_t dim, std::size_t i,
                              std::size_t exclusion, bool skip_identical) {
  KdTree::Neighbour best;
  double best_d2 = std::numeric_limits<double>::infinity();
  for (std::size_t j = 0; j < n; ++j) {
    if ((j > i ? j - i : i - j) <= exclusion) continue;
    double d2 = 0.0;
    for (std::size_t a = 0; a < dim; ++a)
      d2 += (pts[i * dim + a] - pts[j * dim + a]) * (pts[i * dim + a] - pts[j * dim + a]);
    if (skip_identical && d2 == 0.0) continue;
    if (d2 < best_d2) {
      best_d2 = d2;
      best.index = j;
    }
  }
  if (best.found()) best.distance = std::sqrt(best_d2);
  return best;
}

}  // namespace

TEST_CASE("k-d tree nearest neighbours equal an all-pairs search", "[timeseries][kdtree]") {
  const std::size_t n = 1500;
  for (std::size_t dim : {1, 2, 3, 6, 7}) {
    for (std::size_t exclusion : {0, 3, 40}) {
      std::mt19937_64 rng(100 * dim + exclusion);
      std::uniform_real_distribution<double> u(-1.0, 1.0);
      std::vector<double> pts(n * dim);
      for (double& v : pts) v = u(rng);
      const KdTree tree(pts.data(), n, dim);
      INFO("dim " << dim << ", exclusion " << exclusion);
      std::size_t mismatches = 0;
      for (std::size_t i = 0; i < n; ++i) {
        const auto a = tree.nearest(pts.data() + i * dim, i, exclusion);
        const auto b = brute_force(pts, n, dim, i, exclusion, false);
        if (a.index != b.index || a.distance != b.distance) ++mismatches;
      }
      CHECK(mismatches == 0);
    }
  }
}

TEST_CASE("k-d tree skips identical points on request and reports when nothing qualifies", "[timeseries][kdtree]") {
  // A quantised series: many exact duplicates, as integer-coded motion capture gives.
  const std::size_t n = 600, dim = 2;
  std::mt19937_64 rng(5);
  std::vector<double> pts(n * dim);
  for (double& v : pts) v = static_cast<double>(rng() % 7);
  const KdTree tree(pts.data(), n, dim);
  for (std::size_t i = 0; i < n; ++i) {
    const auto a = tree.nearest(pts.data() + i * dim, i, 2, true);
    const auto b = brute_force(pts, n, dim, i, 2, true);
    REQUIRE(a.found());
    CHECK(a.distance == b.distance);
    CHECK(a.distance > 0.0);
  }
  // Every point inside the window: no neighbour.
  const auto none = tree.nearest(pts.data(), 0, n);
  CHECK_FALSE(none.found());
}
