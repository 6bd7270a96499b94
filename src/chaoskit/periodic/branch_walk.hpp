#pragma once
// The inner pieces of continue_orbits (continuation.hpp): one branch walked from a corrected point (predictor,
// corrector, step control, detection), and the location of a zero of a test function between two
// points of it. Used by continuation.cpp only.
#include <cmath>
#include <functional>

#include "chaoskit/periodic/arclength.hpp"
#include "chaoskit/periodic/branch.hpp"
#include "chaoskit/periodic/continuation_options.hpp"

namespace chaoskit::periodic::detail {

/// The branch point described by a corrected solution (orbit, multipliers, test functions).
BranchPoint describe_point(const ArcSystem& sys, const Corrected& c, const Vector& tangent, int branch);

/// Where a scalar function of the branch crosses zero between the point a (s = 0, tangent tau_a,
/// value fa) and the point at s = s_b (parameter p_b, value fb of the opposite sign): Illinois
/// regula falsi on s, each trial a corrected point. `ok`: converged (successive trials within
/// `tolerance`); otherwise the corrector failed near the zero (beside a branch point it cannot
/// converge) and `point` is the best trial (point.ok false if there was none). `error` estimates
/// |p − p*|: the last secant step, or the distance to the bracket's linear zero.
struct Located {
  bool ok = false;
  Corrected point;
  double s = 0.0;
  double error = NAN;
};
Located locate_zero(const ArcSystem& sys, const Corrected& a, const Vector& tau_a, double s_b, double p_b, double fa,
                    double fb, const std::function<double(const Corrected&)>& f, double tolerance);

/// Walks one branch from the corrected start `c0` with tangent `tau0`, appending its points to
/// `out.points` (the first as `start`) and its BranchInfo to `out.branches`. Returns the indices
/// (in out.points) of the period doublings it located.
std::vector<int> walk_branch(ArcSystem& sys, const Corrected& c0, const Vector& tau0, const ContinuationOptions& opt,
                             BranchInfo info, ContinuationResult& out);

}  // namespace chaoskit::periodic::detail
