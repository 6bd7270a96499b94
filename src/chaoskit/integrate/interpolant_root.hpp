#pragma once
// The one root finder behind every "where in this step did g change sign" question: Poincaré
// crossings (indicators/poincare.hpp), basin outcomes such as flip times (basins/event_locate.hpp)
// and the guards of hybrid models (event_tracker.hpp). It is the Illinois variant of regula falsi
// on g(t) over one accepted step, where evaluating g means interpolating the step's state at t
// (the driver's dense output). Illinois keeps regula falsi's bracket and removes its one-sided
// stall by halving the weight of an end that has stayed put twice, so it converges superlinearly
// and never leaves the bracket.
#include <algorithm>
#include <cmath>

namespace chaoskit {

/// The bracket a search ended with. `before` lies on the side the crossing starts from, `after`
/// has reached zero or passed it; `last_t`, `last_g` is the last point evaluated (b, g(b) when the
/// search ran no iteration) and `last_after` says on which end it lies.
struct RootBracket {
  double before, after;
  double last_t, last_g;
  bool last_after = true;
};

/// illinois_root (below) one evaluation at a time, for a caller that evaluates g for many searches
/// at once (the SIMD lanes locate the events of W trajectories with one vector step per round,
/// simd/lane_hybrid_tasks.hpp): while wants(t), evaluate g(t) and feed it; then result(). The same
/// arithmetic as illinois_root, which is this loop.
class IllinoisSearch {
 public:
  IllinoisSearch() = default;
  IllinoisSearch(double a, double ga, double b, double gb, double tol)
      : a_(a),
        ga_(ga),
        b_(b),
        gb_(gb),
        tol_(tol),
        past_(gb != 0.0 ? (gb > 0.0 ? 1.0 : -1.0) : (ga < 0.0 ? 1.0 : -1.0)) {
    r_ = RootBracket{a, b, b, gb, true};
  }

  /// Whether the search wants g at another point; t is that point.
  bool wants(double& t) {
    if (!(it_ < 200 && std::abs(r_.last_g) > tol_ && b_ - a_ > 4e-16 * std::max(std::abs(a_), std::abs(b_))))
      return false;
    double ts = (a_ * gb_ - b_ * ga_) / (gb_ - ga_);
    if (!(ts > a_ && ts < b_)) ts = 0.5 * (a_ + b_);
    t = ts_ = ts;
    return true;
  }

  /// g at the point wants() gave.
  void feed(double gs) {
    r_.last_t = ts_, r_.last_g = gs;
    if (gs * past_ < 0.0) {
      a_ = ts_, ga_ = gs;
      if (side_ == -1) gb_ *= 0.5;  // Illinois: halve the stale end's weight
      side_ = -1;
    } else {
      b_ = ts_, gb_ = gs;
      if (side_ == +1) ga_ *= 0.5;
      side_ = +1;
    }
    ++it_;
  }

  RootBracket result() const {
    RootBracket r = r_;
    r.before = a_, r.after = b_;
    r.last_after = side_ != -1;
    return r;
  }

 private:
  double a_ = 0.0, ga_ = 0.0, b_ = 0.0, gb_ = 0.0, tol_ = 0.0, past_ = 1.0, ts_ = 0.0;
  RootBracket r_{0.0, 0.0, 0.0, 0.0, true};
  int side_ = 0, it_ = 0;
};

/// Refines the crossing bracketed by g(a) = ga (nonzero, on the start side; it may be a tiny mark
/// of that side) and g(b) = gb (zero or past it) until |g| ≤ tol at the last point, or the bracket
/// is at rounding level, or 200 iterations. g(t) evaluates the function at t; it usually leaves the
/// interpolated state in a buffer of the caller's, which then holds the state at `last_t`.
template <class G>
RootBracket illinois_root(G&& g, double a, double ga, double b, double gb, double tol) {
  IllinoisSearch search(a, ga, b, gb, tol);
  double t;
  while (search.wants(t)) search.feed(g(t));
  return search.result();
}

}  // namespace chaoskit
