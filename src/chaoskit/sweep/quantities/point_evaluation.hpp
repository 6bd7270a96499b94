#pragma once
// What a quantity's evaluation sees of the point being computed. Pinocchio's Model/Data split: the
// job's ComputeSpec of the entry is the model, read and checked once per job by the unit's reader;
// a PointEvaluation is the data, one per point, shared by the point's entries (the initial state,
// the integrator settings per workload, the one Ψ(T, 0) run that stm, ftle and
// endpoint_sensitivity share, and the tasks handed to the lanes). An EntryOutput is where one entry
// writes: its variables' typed slots in the point's columns, whose first index the layout resolves
// once per job.
//
// A quantity's evaluate (quantities/<name>.hpp) either computes its entry here and writes its
// values and status, or, when the lanes take the entry (to_lanes), defers a task whose writer
// stores the same values in the same slots when it completes (simd/lane_tasks.hpp).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "chaoskit/core/point_status.hpp"
#include "chaoskit/indicators/fast_indicators.hpp"
#include "chaoskit/indicators/instances.hpp"
#include "chaoskit/indicators/lyapunov.hpp"
#include "chaoskit/indicators/state_transition.hpp"
#include "chaoskit/integrate/instances.hpp"
#include "chaoskit/simd/lane_hybrid_tasks.hpp"
#include "chaoskit/simd/lane_tasks.hpp"
#include "chaoskit/sweep/job/job.hpp"
#include "chaoskit/sweep/quantities/lane_deferral.hpp"
#include "chaoskit/sweep/quantities/point_columns.hpp"

namespace chaoskit::sweep {

/// Where one entry writes: its variables in the point's columns, from the entry's first one on,
/// and its status (pre-set to ok).
struct EntryOutput {
  PointValues point;
  std::size_t first_variable;  ///< ResultsLayout::entry_first_variable of the entry
  std::int8_t* status;

  /// The values of the entry's variable `s` at this point (values_per_point of them).
  template <class T>
  T* operator[](Slot<T> s) const {
    return point.at<T>(first_variable + s.index);
  }
  /// Sets the status from an integration's; true if it succeeded.
  bool note(const IntegrationReport& r) const { return note(point_status_of(r.status)); }
  bool note(std::int8_t s) const {
    *status = s;
    return s == point_status::ok;
  }
};

template <Model M>
class PointEvaluation {
 public:
  static constexpr int n = M::state_dim;
  using StmResult = StateTransitionResult<M>;
  using StmWriter = std::function<void(const StmResult&)>;

  PointEvaluation(const M& model, const Job& job, std::span<const double> x0_values, const InputSchedule& inputs,
                  LaneDeferral* lanes)
      : model(model),
        x0(Eigen::Map<const Vec<double, n>>(x0_values.data(), static_cast<Eigen::Index>(x0_values.size()))),
        inputs(inputs),
        tangent_io(job.integrator_for(Workload::tangent_flow)),
        trajectory_io(job.integrator_for(Workload::trajectory)),
        lanes_(lanes) {}

  const M& model;
  const Vec<double, n> x0;
  const InputSchedule& inputs;
  /// Per workload, so that a job naming no stepper gets rkf78 for the tangent flow (Job::integrator_for).
  const IntegratorOptions tangent_io;
  const IntegratorOptions trajectory_io;
  /// Whether the lanes take the entry being evaluated (set before each entry).
  bool to_lanes = false;

  /// The point's model as the lanes keep it until its last task completes (the `model` above is gone
  /// by then): what a deferred task and its writer must refer to.
  const M& lane_model() const { return std::get<M>(lanes_->model()); }
  /// The model a writer may use: lane_model() for a deferred entry, `model` otherwise.
  const M* writer_model() const { return to_lanes ? &lane_model() : &model; }

  /// Defers a sampled task (indicators/) to the lanes; write(result) stores its values when it
  /// completes. The task carries the point's model constants: with parameter axes each lane has its own.
  /// A hybrid model's task finds and applies its events itself (simd/lane_hybrid_tasks.hpp).
  template <class Task, class Write>
  void defer(simd::LaneSystem system, Task task, Write write) {
    auto done = lanes_->completion();
    std::function<void(Task&)> on_complete = [write, done](Task& t) {
      write(t.result());
      done();
    };
    std::unique_ptr<simd::LaneTask> lane_task;
    if constexpr (HybridModel<M>) {
      if (model.event_count() > 0)
        lane_task = std::make_unique<simd::HybridSampledLaneTask<Task>>(
            std::move(task), inputs, input_count(model), std::move(on_complete), simd::lane_constants_of(model),
            lane_model(), tangent_io);
    }
    if (!lane_task)
      lane_task = std::make_unique<simd::SampledLaneTask<Task>>(std::move(task), inputs, input_count(model),
                                                                std::move(on_complete), simd::lane_constants_of(model));
    deferred_.emplace_back(system, std::move(lane_task));
  }

  /// Ψ(T, 0) for an entry that uses it, one run per time T: computed here (the last one kept, so
  /// entries at the same T share it), or, for the lanes, one task per T whose completion calls the
  /// writers of every entry at that T.
  /// (A writer becomes a std::function only when it goes to the lanes: computed here, nothing is
  /// allocated.)
  template <class Write>
  void with_stm(double T, Write write) {
    if (!to_lanes) {
      if (!stm_here_ || stm_here_->T != T) stm_here_ = state_transition_matrix(model, x0, inputs, T, tangent_io);
      write(*stm_here_);
      return;
    }
    for (auto& [time, writers] : stm_for_lanes_)
      if (time == T) {
        writers.emplace_back(std::move(write));
        return;
      }
    stm_for_lanes_.emplace_back(T, std::vector<StmWriter>{StmWriter(std::move(write))});
  }

  /// After every entry has been evaluated or deferred: the Ψ tasks join the deferred ones, and all
  /// are handed to the lanes. Only then, so that an exception on the way leaves nothing in the lanes.
  void hand_over() {
    for (auto& [T, writers] : stm_for_lanes_)
      defer(simd::LaneSystem::tangent_full, StateTransitionTask<M>(x0, T, tangent_io),
            [writers = std::move(writers)](const StmResult& r) {
              for (const StmWriter& write : writers) write(r);
            });
    stm_for_lanes_.clear();
    for (auto& [system, task] : deferred_) lanes_->defer(system, std::move(task));
    deferred_.clear();
  }

 private:
  LaneDeferral* lanes_;  ///< null: everything computed here
  std::vector<std::pair<simd::LaneSystem, std::unique_ptr<simd::LaneTask>>> deferred_;
  std::optional<StmResult> stm_here_;
  std::vector<std::pair<double, std::vector<StmWriter>>> stm_for_lanes_;
};

/// The options the Lyapunov quantities (lambda_max, spectrum) pass to lyapunov_exponents.
inline LyapunovOptions lyapunov_options(const ComputeSpec& c) {
  LyapunovOptions lo;
  lo.time = c.time;
  lo.transient = c.transient;
  lo.renorm = c.renorm;
  lo.blocks = c.blocks;
  lo.history_points = 1;
  return lo;
}

/// The options the fast indicators (sali, megno) pass to theirs.
inline FastIndicatorOptions fast_indicator_options(const ComputeSpec& c) {
  FastIndicatorOptions fo;
  fo.time = c.time;
  fo.renorm = c.renorm;
  fo.history_points = 1;
  return fo;
}

}  // namespace chaoskit::sweep
