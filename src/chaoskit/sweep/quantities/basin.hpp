#pragma once
// basin: its own options, its variables and its evaluation for a mechanical model: the point's
// label, time (and, for kind task, endpoint speed) by basins::basin_point (its reader, the
// description of its variables, its job check and its fingerprint are in basin.cpp; the reader
// refuses other models).
#include <cmath>

#include "chaoskit/basins/basin_kind.hpp"
#include "chaoskit/basins/instances.hpp"
#include "chaoskit/sweep/quantities/point_evaluation.hpp"

namespace chaoskit::sweep {

/// basin's own options, read by basin.cpp.
struct BasinEntry : QuantityOptions {
  basins::BasinKind kind = basins::BasinKind::rest;  ///< rest (damped: winding label) | flip | task
  double threshold = NAN;                            ///< task: endpoint speed counted as success [m/s]
};

/// basin's variables (speed: kind task only; described in basin.cpp).
namespace basin_slot {
inline constexpr Slot<std::int32_t> label{0, "basin_label"};
inline constexpr Slot<double> time{1, "basin_time"}, speed{2, "basin_speed"};
}  // namespace basin_slot

template <Model M>
void evaluate_basin(const ComputeSpec& c, const EntryOutput& out, PointEvaluation<M>& p) {
  if constexpr (MechanicalModel<M>) {
    basins::BasinOptions bo;
    const BasinEntry& own = c.options_as<BasinEntry>();
    bo.kind = own.kind;
    bo.rest.max_time = bo.flip.max_time = bo.task.max_time = c.time;
    bo.task.threshold = own.threshold;
    const basins::PointOutcome r = basins::basin_point(p.model, p.x0, p.inputs, bo, p.trajectory_io);
    if (!out.note(r.status)) return;
    *out[basin_slot::label] = r.label;
    *out[basin_slot::time] = r.time;
    if (bo.kind == basins::BasinKind::task) *out[basin_slot::speed] = r.value;
  }
}

}  // namespace chaoskit::sweep
