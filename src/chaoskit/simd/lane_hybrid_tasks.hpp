#pragma once
// A sampled task of a hybrid model (a model file with [[events]]) in a lane: lane_tasks.hpp's
// SampledLaneTask, and the events. The engine integrates the lane's flow; after every accepted step
// the task does, in its scalar code and with the scalar driver's own objects, what run_segments
// (integrate/driver.hpp) does after an accepted step: the EventTracker looks for guard crossings and
// locates them: the search's model states by the task's own rkf78::ModelStages (as run_segments
// computes them), the whole state at each located time by the engine for all lanes asking at once as
// rkf78::Stepper::state_in_step does (the same stages from the same x_old and f(x_old);
// lane_engine.hpp's locate_crossings), or by the task itself when its lane is the only one asking;
// the status checks (terminal, simultaneous, cascade, graze) end the run where the driver ends it, and the system's
// apply_event applies the reset and the saltation matrix to the tangent columns (integrate/saltation.hpp), and a task
// that watches events (its on_event, indicators/tangent_flow.hpp: a map's step) may end the run there, as the
// driver's observer does. So a hybrid trajectory in a lane has the scalar driver's bits, its event count and its work
// counts. The task starts in its initial_mode, as run_sampled_task starts it.
//
// The lane kernel integrates the smooth vector field: a mode without constraints (every mode of
// compass_gait.toml and simplest_walker.toml; the knee stop's and the kneed walker's unlocked one;
// models/file_model.hpp's rhs in such a mode is the mode-less one). When an event switches into a
// mode with constraints (a knee that locks), the lane cannot go on: the task is run again from its
// start on the scalar driver (run_sampled_task), which gives the bits it always gives, and leaves the
// lanes complete. The lane's work for it up to there is lost; with a perfectly elastic stop
// (analyses/walking's onset runs) that is an orbit whose knee meets the stop at under v_lock.
#include <algorithm>
#include <optional>
#include <type_traits>
#include <utility>

#include "chaoskit/integrate/driver.hpp"
#include "chaoskit/integrate/event_tracker.hpp"
#include "chaoskit/integrate/rkf78_stepper.hpp"
#include "chaoskit/simd/lane_tasks.hpp"

namespace chaoskit::simd {

/// Whether the lane kernel integrates `model` in `mode` (see the file comment).
template <class M>
bool lanes_integrate_mode(const M& model, int mode) {
  if constexpr (requires { model.program->constraint_count(mode); })
    return model.program->constraint_count(mode) == 0;
  else
    return mode == 0;
}

/// Whether the lane kernel integrates every mode of `model`: a task that may enter any of them (the
/// orbit diagram's stride map) then stays in its lane.
template <class M>
bool lanes_integrate_every_mode(const M& model) {
  const int modes = static_cast<int>(model.mode_names().size());
  for (int mode = 0; mode < std::max(modes, 1); ++mode)
    if (!lanes_integrate_mode(model, mode)) return false;
  return true;
}

template <SampledTask Task>
class HybridSampledLaneTask final : public SampledLaneTask<Task> {
  using Base = SampledLaneTask<Task>;

 public:
  using System = typename Task::System;
  using Model = typename System::ModelType;
  using State = typename Task::State;
  using ModelVec = Vec<double, Model::state_dim>;
  static constexpr int m = Model::input_dim;
  // (run_segments searches on the model's components when the state carries more: a lane's always does.)
  static_assert(!std::is_same_v<State, ModelVec>, "a lane task's state carries tangent vectors");

  /// As SampledLaneTask, with the trajectory's model (which must outlive the task: the events, and
  /// a run on the scalar driver, use it) and the integrator's options (the cascade limits).
  HybridSampledLaneTask(Task task, InputSchedule inputs, int input_dim, std::function<void(Task&)> on_complete,
                        std::vector<double> model_constants, const Model& model, const IntegratorOptions& io)
      : Base(task, std::move(inputs), input_dim, std::move(on_complete), std::move(model_constants)),
        model_(model),
        io_(io),
        start_(std::move(task)),
        sys_{model},
        stepper_(io) {
    set_initial_mode(sys_, start_);
  }

  bool has_events() const override { return model_.event_count() > 0; }

  void complete() override { this->on_complete_(scalar_run_ ? *scalar_run_ : this->task_); }

  bool next_run(LaneRun& run) override {
    // A task that starts in a mode the lane kernel cannot integrate (its initial_mode) runs on the
    // scalar driver at once: the lane completes it without a step.
    if (!scalar_run_ && !lanes_integrate_mode(model_, sys_.mode)) {
      run_on_scalar_driver();
      return false;
    }
    if (!Base::next_run(run)) return false;
    events_.emplace(sys_, io_);  // run_segments keeps one tracker per integration
    return true;
  }

  void start_segment(std::size_t segment, const double* X, double ta) override {
    sys_.set_segment(this->input_segments_[segment]);
    events_->arm(sys_, state_of(X), ta);
  }

  bool step_crossings(const double* X_old, const double* k0, double t_old, const double* X_new, double t_new) override {
    location_calls_ = 0;
    if (!events_->detect(sys_, t_old, state_of(X_new), t_new)) return false;
    x_old_ = state_of(X_old), t_old_ = t_old;
    stepper_.k[0] = state_of(k0);
    return true;
  }

  /// The search's model states come from the task's own ModelStages, as in run_segments; only the
  /// whole state at a located time goes to the engine.
  bool wants_state(double& t) override {
    bool full = false;
    while (events_->wants_state(sys_, t, full)) {
      if (full) {
        wanted_ = t;
        return true;
      }
      ModelField<System> field{sys_, location_calls_};
      model_stages_.state_in_step(field, t, xq_, System::model_state(x_old_), System::model_state(stepper_.k[0]),
                                  t_old_);
      events_->take_model_state(sys_, xq_);
    }
    return false;
  }

  void take_state(const double* X) override {
    location_calls_ += rkf78::kStages - 1;  // the driver's state_in_step: stages 1 to 12
    events_->take_state(sys_, state_of(X));
  }

  void take_own_state() override {
    long uncounted = 0;  // (counted as the driver counts, below)
    detail::CountedSystem<System> counted{sys_, uncounted};
    stepper_.state_in_step(counted, wanted_, Xq_, x_old_, t_old_, x_old_, t_old_);
    location_calls_ += rkf78::kStages - 1;
    events_->take_state(sys_, Xq_);
  }

  LaneStepEvents step_events(double* X_new) override {
    LaneStepEvents out;
    out.rhs_calls = location_calls_;
    const LocatedEvent<State> hit = events_->located();
    if (hit.event < 0) return out;  // (crossings whose condition failed cost evaluations all the same)
    out.t = hit.t;
    write(hit.X, X_new);
    auto end = [&out](IntegrationStatus status) {
      out.outcome = LaneStepEvents::Outcome::run_ended;
      out.status = status;
      return out;
    };
    // run_segments' checks, in its order.
    if (model_.event_info(hit.event).terminal) return end(IntegrationStatus::terminal_event);
    const auto e =
        event_jump(model_, hit.event, System::model_state(hit.X), sys_.seg.template u<m>(hit.t), hit.t, sys_.mode);
    if (hit.simultaneous) return end(IntegrationStatus::simultaneous_events);
    const int quick = events_->quick_run(hit.t);
    const bool grazing = !(e.crossing_angle() > detail::kGrazingAngle);
    if (quick >= io_.event_cascade_events || (grazing && quick >= 3)) return end(IntegrationStatus::event_cascade);
    if (grazing) return end(IntegrationStatus::grazing_event);
    State X = hit.X;
    sys_.apply_event(X, e);
    sys_.mode = e.mode_after;
    if (!lanes_integrate_mode(model_, sys_.mode)) {
      run_on_scalar_driver();
      out.outcome = LaneStepEvents::Outcome::left_lanes;
      return out;
    }
    out.events = 1;
    if constexpr (TaskWatchingEvents<Task>) {
      // The driver's on_event: a task that ends its run here (a map's step) ends it at X⁺, without
      // the restart below.
      if (!this->task_.on_event(e, hit.X, X)) {
        write(X, X_new);
        out.outcome = LaneStepEvents::Outcome::run_ended;
        out.status = IntegrationStatus::ok;
        return out;
      }
    }
    ++out.rhs_calls;  // the driver's stepper.start at X⁺ (the engine evaluates it with the other lanes')
    events_->arm(sys_, X, hit.t, hit.event);
    write(X, X_new);
    out.outcome = LaneStepEvents::Outcome::event;
    return out;
  }

 private:
  State state_of(const double* X) const { return Eigen::Map<const State>(X, this->rows_, this->cols_); }
  void write(const State& X, double* out) const { Eigen::Map<State>(out, this->rows_, this->cols_) = X; }

  /// The whole task again, from its start, on the scalar driver; complete() then reports its result.
  void run_on_scalar_driver() {
    scalar_run_.emplace(start_);
    System sys{model_};  // (its mode the task's: run_sampled_task)
    run_sampled_task(sys, this->input_dim_, this->inputs_, io_, *scalar_run_);
  }

  const Model& model_;
  IntegratorOptions io_;
  Task start_;                      ///< the task as it began
  std::optional<Task> scalar_run_;  ///< the task run on the scalar driver, once it left the lanes
  System sys_;  ///< the driver's system: its mode and segment persist across the task's runs, as there
  std::optional<EventTracker<System, State>> events_;
  long location_calls_ = 0;  ///< the current step's evaluations, as the driver counts them
  // The step being searched, for take_own_state: its start, f there (in the stepper's k[0]), the
  // time asked for; the stepper's stage slots and the state computed.
  State x_old_, Xq_;
  double t_old_ = 0.0, wanted_ = 0.0;
  rkf78::Stepper<State> stepper_;
  rkf78::ModelStages<ModelVec> model_stages_;  ///< the search's model-only stages
  ModelVec xq_;
};

}  // namespace chaoskit::simd
