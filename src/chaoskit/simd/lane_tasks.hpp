#pragma once
// A sampled task of indicators/ (LyapunovTask, OrbitClassTask, StateTransitionTask, …:
// tangent_flow.hpp's SampledTask) as a LaneTask for the lane engine: the same task object, fed one
// lane's state as doubles. Compiled in the baseline translation units only (lane_task.hpp says
// why), so its arithmetic between steps is the scalar path's, to the bit.
#include <algorithm>
#include <cassert>
#include <functional>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "chaoskit/indicators/tangent_flow.hpp"
#include "chaoskit/simd/lane_task.hpp"

namespace chaoskit::simd {

static_assert(LaneSegment::kMaxInputs == kMaxInputs, "LaneSegment mirrors InputSegment");

template <SampledTask Task>
class SampledLaneTask : public LaneTask {
 public:
  using State = typename Task::State;

  /// on_complete receives the finished task (its result()). model_constants: the trajectory's
  /// model's (lane_constants_of), or none for the engine's model's.
  SampledLaneTask(Task task, InputSchedule inputs, int input_dim, std::function<void(Task&)> on_complete,
                  std::vector<double> model_constants = {})
      : task_(std::move(task)),
        inputs_(std::move(inputs)),
        input_dim_(input_dim),
        on_complete_(std::move(on_complete)),
        constants_(std::move(model_constants)) {
    if constexpr (State::SizeAtCompileTime == Eigen::Dynamic) {  // never on lanes today; the shape kept generic
      const State X = task_.initial_state();
      rows_ = X.rows(), cols_ = X.cols();
    }
  }

  void initial_state(double* X) const override {
    Eigen::Map<State> out(X, rows_, cols_);
    out = task_.initial_state();
  }

  int model_constants(double* c, int count) const override {
    if (static_cast<int>(constants_.size()) != count) return 0;
    for (int i = 0; i < count; ++i) c[i] = constants_[static_cast<std::size_t>(i)];
    return count;
  }

  bool next_run(LaneRun& run) override {
    SampledRun r;
    if (!task_.next_run(r)) return false;
    input_segments_ = sampled_segments(inputs_, input_dim_, r.t0, r.dt, r.n_samples);
    const std::vector<InputSegment>& segs = input_segments_;
    segments_.resize(segs.size());
    for (std::size_t i = 0; i < segs.size(); ++i) {
      LaneSegment& s = segments_[i];
      s.ta = segs[i].ta, s.tb = segs[i].tb;
      for (int j = 0; j < kMaxInputs; ++j) s.u0[j] = segs[i].u0[j], s.slope[j] = segs[i].slope[j];
    }
    // The engine walks the segments from t0 to the run's end: they must tile the run, in order.
    assert(!segments_.empty() && segments_.front().ta == r.t0 && r.dt > 0.0 && r.n_samples >= 1);
    assert(std::adjacent_find(segments_.begin(), segments_.end(), [](const LaneSegment& a, const LaneSegment& b) {
             return !(a.ta <= a.tb && a.tb == b.ta);
           }) == segments_.end());
    run = LaneRun{segments_.data(), segments_.size(), r.t0, r.dt, r.n_samples, TaskRestartingRuns<Task>};
    return true;
  }

  void start_run(double* X) override {
    if constexpr (TaskRestartingRuns<Task>) {
      State Xs = Eigen::Map<const State>(X, rows_, cols_);
      task_.start_run(Xs);
      Eigen::Map<State>(X, rows_, cols_) = Xs;
    }
  }

  bool sample(double* X, double t, long k) override {
    State Xs = Eigen::Map<const State>(X, rows_, cols_);
    const bool go_on = task_.sample(Xs, t, k);
    Eigen::Map<State> out(X, rows_, cols_);
    out = Xs;
    return go_on;
  }

  void run_finished(const IntegrationReport& report, const double* X) override {
    const State Xs = Eigen::Map<const State>(X, rows_, cols_);
    task_.run_finished(report, Xs);
  }

  void complete() override { on_complete_(task_); }

 protected:
  Task task_;
  InputSchedule inputs_;
  int input_dim_;
  std::function<void(Task&)> on_complete_;
  std::vector<InputSegment> input_segments_;  // the current run's, as the driver has them
  std::vector<LaneSegment> segments_;         // the same as plain arrays, for the engine
  std::vector<double> constants_;
  /// The state's shape (a lane holds it as plain doubles): compile-time for a fixed-size state.
  Eigen::Index rows_ = State::RowsAtCompileTime, cols_ = State::ColsAtCompileTime;
};

/// The parameter-only constants a lane needs for `model`: a compiled model's M::lane_constants; a
/// model file's program's constants (ModelProgram::constant_values), which a lane engine of a
/// program with the same code (ModelProgram::same_code_as) loads into that lane's registers.
template <class M>
std::vector<double> lane_constants_of(const M& model) {
  if constexpr (requires { M::lane_constant_count; }) {
    std::vector<double> c(M::lane_constant_count);
    model.lane_constants(c.data());
    return c;
  } else if constexpr (requires { model.program->constant_values(); }) {
    return model.program->constant_values();
  } else {
    return {};
  }
}

}  // namespace chaoskit::simd
