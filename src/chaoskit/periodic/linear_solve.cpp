#include "chaoskit/periodic/linear_solve.hpp"

#include <Eigen/LU>

namespace chaoskit::periodic {

LinearSolve solve_linear(const Matrix& A, const Vector& b, double threshold) {
  LinearSolve out;
  out.threshold = threshold;
  if (!A.allFinite() || !b.allFinite()) return out;
  Eigen::PartialPivLU<Matrix> lu(A);
  out.rcond = lu.rcond();
  out.x = lu.solve(b);
  return out;
}

}  // namespace chaoskit::periodic
