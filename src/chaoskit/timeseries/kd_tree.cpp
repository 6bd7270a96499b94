#include "chaoskit/timeseries/kd_tree.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace chaoskit::timeseries {

namespace {
// Buckets of this many points: below it, scanning a leaf is cheaper than descending further.
constexpr std::size_t kLeafSize = 8;
}  // namespace

KdTree::KdTree(const double* points, std::size_t n, std::size_t dim) : n_(n), dim_(dim) {
  index_.resize(n);
  std::iota(index_.begin(), index_.end(), std::size_t{0});
  if (n == 0) return;
  // Build on the index permutation, then copy the coordinates in tree order so that a leaf's
  // points are contiguous in memory.
  pts_.assign(points, points + n * dim);
  nodes_.reserve(2 * n / kLeafSize + 2);
  build(0, n);
  std::vector<double> ordered(n * dim);
  for (std::size_t r = 0; r < n; ++r)
    std::copy_n(points + index_[r] * dim, dim, ordered.begin() + static_cast<std::ptrdiff_t>(r * dim));
  pts_ = std::move(ordered);
}

std::size_t KdTree::build(std::size_t begin, std::size_t end) {
  const std::size_t id = nodes_.size();
  nodes_.push_back(Node{begin, end});
  if (end - begin <= kLeafSize) return id;
  // Split along the coordinate of largest spread, so cells stay compact in every direction.
  std::size_t axis = 0;
  double widest = -1.0;
  for (std::size_t a = 0; a < dim_; ++a) {
    double lo = pts_[index_[begin] * dim_ + a], hi = lo;
    for (std::size_t r = begin + 1; r < end; ++r) {
      const double v = pts_[index_[r] * dim_ + a];
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
    if (hi - lo > widest) {
      widest = hi - lo;
      axis = a;
    }
  }
  if (widest <= 0.0) return id;  // all points identical: keep them in one bucket
  const std::size_t mid = begin + (end - begin) / 2;
  auto first = index_.begin() + static_cast<std::ptrdiff_t>(begin);
  std::nth_element(first, index_.begin() + static_cast<std::ptrdiff_t>(mid),
                   index_.begin() + static_cast<std::ptrdiff_t>(end),
                   [&](std::size_t a, std::size_t b) { return pts_[a * dim_ + axis] < pts_[b * dim_ + axis]; });
  const double split = pts_[index_[mid] * dim_ + axis];
  const std::size_t left = build(begin, mid);
  const std::size_t right = build(mid, end);
  nodes_[id].left = left;
  nodes_[id].right = right;
  nodes_[id].axis = axis;
  nodes_[id].split = split;
  return id;
}

KdTree::Neighbour KdTree::nearest(const double* query, std::size_t centre, std::size_t exclusion,
                                  bool skip_identical) const {
  Neighbour best;
  double best_d2 = std::numeric_limits<double>::infinity();
  if (n_ > 0) search(0, query, centre, exclusion, skip_identical, best, best_d2);
  if (best.found()) best.distance = std::sqrt(best_d2);
  return best;
}

void KdTree::search(std::size_t node_id, const double* q, std::size_t centre, std::size_t exclusion,
                    bool skip_identical, Neighbour& best, double& best_d2) const {
  const Node& node = nodes_[node_id];
  if (node.left == 0) {
    for (std::size_t r = node.begin; r < node.end; ++r) {
      const std::size_t j = index_[r];
      if ((j > centre ? j - centre : centre - j) <= exclusion) continue;
      const double* p = pts_.data() + r * dim_;
      double d2 = 0.0;
      for (std::size_t a = 0; a < dim_ && d2 < best_d2; ++a) {
        const double diff = p[a] - q[a];
        d2 += diff * diff;
      }
      if (d2 < best_d2 && !(skip_identical && d2 == 0.0)) {
        best_d2 = d2;
        best.index = j;
      }
    }
    return;
  }
  const double off = q[node.axis] - node.split;
  const std::size_t near = off < 0.0 ? node.left : node.right;
  const std::size_t far = off < 0.0 ? node.right : node.left;
  search(near, q, centre, exclusion, skip_identical, best, best_d2);
  // The far cell can hold a closer point only if the splitting plane is closer than the best.
  if (off * off < best_d2) search(far, q, centre, exclusion, skip_identical, best, best_d2);
}

}  // namespace chaoskit::timeseries
