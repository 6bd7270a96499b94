#pragma once
// Shared pieces of the integration tests: models from the shipped parameter sets, parameter files
// written on the fly, central finite differences of the flow, and column-wise relative errors.
#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <string>

#include "chaoskit/integrate/instances.hpp"
#include "chaoskit/integrate/sensitivity.hpp"
#include "chaoskit/models/model_registry.hpp"

namespace chaoskit::test {

/// One degree in radians.
inline constexpr double deg = 0.017453292519943295;

template <class M>
M shipped_model(const std::string& name, const std::string& params = "") {
  return std::get<M>(make_model(name, params));
}

/// Writes `text` to a fresh file in the temp directory and returns its path.
inline std::string temp_file(const std::string& stem, const std::string& text) {
  static int counter = 0;
  const auto p = std::filesystem::temp_directory_path() /
                 ("chaoskit_" + stem + "_" + std::to_string(::getpid()) + "_" + std::to_string(counter++) +
                  std::filesystem::path(stem).extension().string());
  std::ofstream(p) << text;
  return p.string();
}

/// Tight options for reference runs.
inline IntegratorOptions tight(StepperKind k = StepperKind::rkf78, double tol = 1e-13) {
  IntegratorOptions o;
  o.stepper = k;
  o.rtol = tol;
  o.atol = tol;
  return o;
}

/// The default stepper (dopri5 where a caller names none) at rtol = atol = tol.
inline IntegratorOptions with_tolerance(double tol) {
  IntegratorOptions o;
  o.rtol = tol;
  o.atol = tol;
  return o;
}

/// Central differences of the flow x0 ↦ x(T): column j uses the step h max(1, |x0_j|).
template <Model M>
Mat<double, M::state_dim, M::state_dim> central_stm(const M& model, const Vec<double, M::state_dim>& x0,
                                                    const InputSchedule& in, double T, const IntegratorOptions& opt,
                                                    double h) {
  constexpr int n = M::state_dim;
  Mat<double, n, n> P;
  for (int j = 0; j < n; ++j) {
    const double hj = h * std::max(1.0, std::abs(x0(j)));
    Vec<double, n> xp = x0, xm = x0;
    xp(j) += hj;
    xm(j) -= hj;
    P.col(j) = (flow(model, xp, in, 0.0, T, opt) - flow(model, xm, in, 0.0, T, opt)) / (2.0 * hj);
  }
  return P;
}

/// Richardson-extrapolated central differences, (4 D(h/2) − D(h)) / 3, truncation error O(h⁴).
/// Plain central differences are not enough on chaotic states: the third derivatives of the flow
/// grow faster than Ψ, and at h = 1e-5 they alone exceed 1e-6 relative after 2–3 s.
template <Model M>
Mat<double, M::state_dim, M::state_dim> fd_stm(const M& model, const Vec<double, M::state_dim>& x0,
                                               const InputSchedule& in, double T, const IntegratorOptions& opt,
                                               double h = 1e-5) {
  return (4.0 * central_stm(model, x0, in, T, opt, 0.5 * h) - central_stm(model, x0, in, T, opt, h)) / 3.0;
}

/// max_j |A_j − B_j| / |B_j| over columns (B the reference).
template <class DA, class DB>
double max_column_rel_error(const Eigen::MatrixBase<DA>& A, const Eigen::MatrixBase<DB>& B) {
  double e = 0.0;
  for (Eigen::Index j = 0; j < B.cols(); ++j) e = std::max(e, (A.col(j) - B.col(j)).norm() / B.col(j).norm());
  return e;
}

}  // namespace chaoskit::test
