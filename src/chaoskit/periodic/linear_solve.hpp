#pragma once
// The Newton steps' linear solves, with the one test that tells a singular Jacobian from a
// merely ill-conditioned one: LU with partial pivoting and its reciprocal condition estimate.
#include "chaoskit/periodic/map_step.hpp"

namespace chaoskit::periodic {

/// Below this reciprocal condition number (1-norm estimate) a Jacobian counts as singular: its
/// entries come from integrations accurate to about 1e-12, so a smaller one is singular up to the
/// integrator's errors (a conservative flow not declared so has an exact double multiplier +1, which
/// the numerical monodromy matrix resolves only to those errors), and a Newton step through it
/// would amplify them beyond the orbit's own scale.
inline constexpr double kSingularRcond = 1e-11;

struct LinearSolve {
  Vector x;
  double rcond = 0.0;
  double threshold = kSingularRcond;
  bool singular() const { return !(rcond >= threshold) || !x.allFinite(); }
};

/// Solves A x = b; singular() below `threshold`. The continuation's bordered systems pass 0 (only
/// a non-finite solution counts): they are singular exactly at a branch point and nearly so beside
/// it, where the corrector must still converge for the point to be located, and a step that is not
/// meaningful makes the corrector fail anyway.
LinearSolve solve_linear(const Matrix& A, const Vector& b, double threshold = kSingularRcond);

}  // namespace chaoskit::periodic
