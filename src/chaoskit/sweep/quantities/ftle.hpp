#pragma once
// ftle: its own options, its variable and its evaluation for a model: the largest finite-time
// Lyapunov exponent in the chosen metric, from the point's one Ψ run at T (its reader, the
// description of its variable and its fingerprint are in ftle.cpp).
#include "chaoskit/integrate/sensitivity.hpp"
#include "chaoskit/sweep/quantities/point_evaluation.hpp"

namespace chaoskit::sweep {

/// ftle's own options, read by ftle.cpp.
struct FtleEntry : QuantityOptions {
  FtleMetric metric = FtleMetric::euclidean;
};

/// ftle's variable.
namespace ftle_slot {
inline constexpr Slot<double> value{0, "ftle"};
}

template <Model M>
void evaluate_ftle(const ComputeSpec& c, const EntryOutput& out, PointEvaluation<M>& p) {
  double* value = out[ftle_slot::value];
  const M* model = p.writer_model();
  p.with_stm(c.time, [=, x0 = p.x0, time = c.time,
                      metric = c.options_as<FtleEntry>().metric](const typename PointEvaluation<M>::StmResult& r) {
    if (out.note(r.report)) *value = ftle(*model, x0, r.xT, r.stm, time, metric)(0);
  });
}

}  // namespace chaoskit::sweep
