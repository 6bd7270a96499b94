#pragma once
// A k-d tree for nearest-neighbour search in delay-embedded time series (Friedman, Bentley and
// Finkel, ACM TOMS 3, 209, 1977): median splits along the coordinate of largest spread, buckets of
// a few points at the leaves, and a depth-first search that visits the far side of a split only
// when the splitting plane is closer than the best distance found so far. Building is
// O(N log N) and a query O(log N) on average in low dimension, which is what makes 10^5-sample
// records affordable where an all-pairs search (O(N^2)) is not.
//
// Queries carry a Theiler window (Theiler, Phys. Rev. A 34, 2427, 1986): points whose index lies
// within `exclusion` of a given centre index are skipped, because in a sampled flow they are
// neighbours only by being a few samples apart on the same stretch of orbit, and following them
// measures the sampling, not the divergence of nearby orbits.
#include <cstddef>
#include <limits>
#include <vector>

namespace chaoskit::timeseries {

class KdTree {
 public:
  /// Indexes `n` points of `dim` coordinates each, stored row-major in `points` (point i at
  /// points[i*dim .. i*dim + dim)). The tree keeps its own reordered copy.
  KdTree(const double* points, std::size_t n, std::size_t dim);

  struct Neighbour {
    std::size_t index = std::numeric_limits<std::size_t>::max();  ///< max() when no point qualified
    double distance = std::numeric_limits<double>::infinity();    ///< Euclidean
    bool found() const { return index != std::numeric_limits<std::size_t>::max(); }
  };

  /// The point nearest to `query` among those whose index j satisfies |j - centre| > exclusion
  /// and, when `skip_identical`, whose distance is not exactly 0 (duplicates in quantised data
  /// would make log distances -inf).
  Neighbour nearest(const double* query, std::size_t centre, std::size_t exclusion, bool skip_identical = false) const;

  std::size_t size() const { return n_; }
  std::size_t dim() const { return dim_; }

 private:
  struct Node {
    std::size_t begin, end;           // range of reordered points (leaves) or of the subtree
    std::size_t left = 0, right = 0;  // child node indices; 0 for a leaf (the root is never a child)
    std::size_t axis = 0;
    double split = 0.0;
  };
  std::size_t build(std::size_t begin, std::size_t end);
  void search(std::size_t node, const double* q, std::size_t centre, std::size_t exclusion, bool skip_identical,
              Neighbour& best, double& best_d2) const;

  std::size_t n_, dim_;
  std::vector<double> pts_;         // reordered copy, row-major
  std::vector<std::size_t> index_;  // original index of each reordered point
  std::vector<Node> nodes_;
};

}  // namespace chaoskit::timeseries
