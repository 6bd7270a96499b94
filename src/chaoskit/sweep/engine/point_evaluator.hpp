#pragma once
// The computations of one grid point: each [compute] entry of the job, integrated from the point's
// initial state, written into the point's values (its row of the batch's columns, point_columns.hpp). A point's values
// depend on nothing but its own context, so a sweep gives the same bits whatever the thread count,
// rank count or order of evaluation. Each entry is evaluated by its quantity's unit
// (quantities/<name>.hpp, through the table of quantities/quantity_evaluators.hpp), all of them
// sharing the point's PointEvaluation (quantities/point_evaluation.hpp): entries needing Ψ at the
// same time (stm, ftle, endpoint_sensitivity) share one tangent-flow run there.
//
// A failed integration leaves that entry's values at their fill value (NaN) and makes the point's
// status the first failure in the order of the entries; the other entries are still computed.
//
// With a LaneDeferral, the entries it takes (λ_max, spectrum, SALI, MEGNO, orbit_class, and stm,
// ftle, endpoint_sensitivity: one Ψ task per time) are handed to the lanes as tasks
// (simd/lane_tasks.hpp) instead of being computed here; each task writes the same values into the
// same slots when it completes, and its entries' statuses into entry_status.
#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <span>

#include "chaoskit/sweep/engine/evaluate.hpp"
#include "chaoskit/sweep/job/job.hpp"
#include "chaoskit/sweep/quantities/lane_deferral.hpp"
#include "chaoskit/sweep/quantities/quantity_evaluators.hpp"
#include "chaoskit/sweep/quantities/results_layout.hpp"

namespace chaoskit::sweep {

/// The point's entries: each computed into `out`, its status in entry_status[e] (pre-set to ok), or
/// deferred to `lanes` (may be null: everything computed here).
template <Model M>
void evaluate_point_entries(const M& model, const Job& job, const ResultsLayout& layout,
                            std::span<const double> x0_values, const InputSchedule& inputs, PointValues out,
                            std::span<std::int8_t> entry_status, LaneDeferral* lanes) {
  PointEvaluation<M> point(model, job, x0_values, inputs, lanes);
  for (std::size_t e = 0; e < job.compute.size(); ++e) {
    const ComputeSpec& c = job.compute[e];
    point.to_lanes = lanes != nullptr && lanes->takes(c);
    const EntryOutput entry{out, layout.entry_first_variable[e], &entry_status[e]};
    quantity_evaluators<M>[static_cast<std::size_t>(c.quantity)](c, entry, point);
  }
  if constexpr (MechanicalModel<M>) {  // the layout's test (results_layout.cpp): a model file only if mechanical
    if (is_mechanical_model(model)) {
      assert(layout.initial_energy >= 0);
      *out.at<double>(static_cast<std::size_t>(layout.initial_energy)) = state_energy(model, point.x0);
    }
  }
  point.hand_over();
}

/// Every entry of the point computed here; returns the point's status code.
template <Model M>
std::int8_t evaluate_point(const M& model, const Job& job, const ResultsLayout& layout,
                           std::span<const double> x0_values, const InputSchedule& inputs, PointValues out) {
  // The job reader (job_reader.cpp, the only place a Job's entries come from) takes them from the
  // [compute] table's keys, one per quantity at most: the buffer holds them without an allocation
  // per point.
  assert(job.compute.size() <= quantity_count);
  std::array<std::int8_t, quantity_count> status_buffer;
  const std::span<std::int8_t> entry_status(status_buffer.data(), job.compute.size());
  std::fill(entry_status.begin(), entry_status.end(), point_status::ok);
  evaluate_point_entries(model, job, layout, x0_values, inputs, out, entry_status, nullptr);
  return first_failure(entry_status);
}

}  // namespace chaoskit::sweep
