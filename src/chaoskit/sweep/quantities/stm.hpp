#pragma once
// stm for a model: Ψ(T, 0), row-major, from the point's one Ψ run at T (its reader, variables and
// fingerprint are in stm.cpp).
#include "chaoskit/sweep/quantities/point_evaluation.hpp"

namespace chaoskit::sweep {

/// stm's variable (n × n values).
namespace stm_slot {
inline constexpr Slot<double> matrix{0, "stm"};
}

template <Model M>
void evaluate_stm(const ComputeSpec& c, const EntryOutput& out, PointEvaluation<M>& p) {
  double* stm = out[stm_slot::matrix];
  p.with_stm(c.time, [=](const typename PointEvaluation<M>::StmResult& r) {
    if (!out.note(r.report)) return;
    const Eigen::Index n = r.stm.rows();
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) stm[i * n + j] = r.stm(i, j);
  });
}

}  // namespace chaoskit::sweep
