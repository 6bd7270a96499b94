#pragma once
// The lane engine: W trajectories integrated at once by Fehlberg 7(8), one per SIMD lane
// (lanes.hpp), each with its own step size, error norm, accept/reject decision, segment boundaries
// (input events and sample times), samples and status. There is no shared step: in every vector
// step each lane attempts the step its own controller chose; a lane whose task completes is handed
// the next one at once (LaneEngine::add), so lanes do not wait for the slowest trajectory.
//
// This file is the control: per lane it restates, decision for decision, integrate_sampled
// (indicators/tangent_flow.hpp) around run_segments (integrate/driver.hpp) with rkf78::Stepper's
// accept/reject (integrate/rkf78_stepper.hpp), including the work counts of the report. The
// arithmetic it calls is restated beside tests of its own: the rkf78 attempt, error norm and step
// rule in lane_rkf78.hpp (tests/simd/test_lane_rkf78.cpp), the compiled models' kernels in
// lane_kernels.hpp (test_lane_kernels.cpp), the model files' in lane_file_kernels.hpp (every
// instruction against the scalar program in test_lane_engine.cpp). The control is pinned end to
// end: tests/simd/test_lane_engine.cpp and test_lane_models.cpp run every indicator in every lane
// of every path against the scalar driver, bit for bit, with lanes refilled, input events, early
// stops and step budgets running out. A change to the driver's or integrate_sampled's decisions
// must be made here too; those tests fail until it is.
//
// Instantiated by the lane_models_<isa>.cpp and lane_files_<isa>.cpp that src/CMakeLists.txt writes
// from simd/instances/, one per instruction set, with a kernel: Kernel::size doubles per lane and
// Kernel::m inputs, called as kernel(X, dX, t, u) on lanes.
//
// Cost per vector step: 12 stage evaluations and one more for f at the new state (k0 of the next
// step) or, for a lane that crossed a sample time or began a run, at its restarted state (where
// the scalar driver evaluates both, and counts both in the report).
#include <cassert>
#include <cstddef>

#include "chaoskit/core/types.hpp"
#include "chaoskit/simd/lane_rkf78.hpp"
#include "chaoskit/simd/lane_task.hpp"
#include "chaoskit/simd/lanes.hpp"

namespace chaoskit::simd {
inline namespace CHAOSKIT_LANE_ISA {

template <class Kernel, int W>
class Engine final : public LaneEngine {
 public:
  static constexpr int N = Kernel::size, m = Kernel::m;
  static constexpr int S = rkf78::kStages;
  using L = Lanes<W>;
  using Mask = typename L::Mask;

  Engine(const Kernel& kernel, const IntegratorOptions& io) : kernel_(kernel), io_(io) {}
  ~Engine() override {
    for (Lane& lane : lanes_) delete lane.task;
  }

  int width() const override { return W; }
  int idle_lanes() const override { return W - busy_lanes(); }
  int busy_lanes() const override {
    int b = 0;
    for (const Lane& lane : lanes_) b += lane.task != nullptr;
    return b;
  }
  LaneUsage usage() const override { return usage_; }

  void add(LaneTask* task) override {
    assert(task != nullptr && idle_lanes() > 0);  // the caller checked idle_lanes()
    int l = 0;
    while (lanes_[l].task != nullptr) ++l;
    Lane& lane = lanes_[l];
    lane = Lane{};
    lane.task = task;
    double X[N];
    task->initial_state(X);
    for (int i = 0; i < N; ++i) x_[i].set(l, X[i]);
    // The model of this trajectory: its own constants (a sweep over parameters), or the engine's.
    // A compiled model's are its lane_constants; a model file's its program's constant registers.
    if constexpr (requires { Kernel::constant_count; }) {
      constexpr int count = Kernel::constant_count;
      double c[count > 0 ? count : 1];
      kernel_.set_constants(l, count > 0 && task->model_constants(c, count) == count ? c : nullptr);
    } else if constexpr (requires { kernel_.load_constants(l, *task); }) {
      kernel_.load_constants(l, *task);
    }
    begin_run(l);
    if (lane.task != nullptr) settle(l);
  }

  void run_until_a_lane_frees() override {
    for (;;) {
      evaluate_pending_derivatives();
      if (freed_ || busy_lanes() == 0) {
        freed_ = false;
        return;
      }
      attempt();
      decide();
    }
  }

 private:
  /// One lane's control state: the run (integrate_sampled) and the driver loop (run_segments)
  /// with rkf78's step rule, as scalars.
  struct Lane {
    LaneTask* task = nullptr;  // null: idle
    // The run.
    const LaneSegment* segs = nullptr;
    std::size_t nseg = 0, s = 0;
    double t0 = 0.0, sample_dt = 1.0, T = 0.0;
    long n_samples = 0, k = 1;
    bool stop = false;
    IntegrationReport rep;
    // The driver and the stepper.
    double t = 0.0, dt = 0.0;
    LaneStepRule rule;
    // The attempt in flight.
    double h = 0.0, target = 0.0, dt_natural = 0.0;
    bool clamped = false;
    // k0 = f(x, derivative_time) is owed (a run began, a sample time was crossed, a step accepted).
    bool derivative_due = false;
    double derivative_time = 0.0;
  };

  // ---- the per-lane control (scalar) ----

  /// The state of lane l as the task's doubles, and back.
  void read_lane(int l, double* X) const {
    for (int i = 0; i < N; ++i) X[i] = x_[i][l];
  }
  void write_lane(int l, const double* X) {
    for (int i = 0; i < N; ++i) x_[i].set(l, X[i]);
  }

  /// The input of lane l's segment, as lanes (u = u0 + slope (t − ta), InputSegment::u).
  void load_segment(int l) {
    const LaneSegment& seg = lanes_[l].segs[lanes_[l].s];
    seg_ta_.set(l, seg.ta);
    for (int i = 0; i < m; ++i) u0_[i].set(l, seg.u0[i]), slope_[i].set(l, seg.slope[i]);
  }

  /// integrate_sampled's visit_samples at time `now`; false when a sample stopped the run.
  bool visit_samples(int l, double now) {
    Lane& lane = lanes_[l];
    const double t0 = lane.t0, dt = lane.sample_dt;
    bool touched = false;
    double X[N];
    while (!lane.stop && lane.k <= lane.n_samples && now >= t0 + static_cast<double>(lane.k) * dt - 1e-9 * dt) {
      if (!touched) read_lane(l, X), touched = true;
      if (!lane.task->sample(X, t0 + static_cast<double>(lane.k) * dt, lane.k)) lane.stop = true;
      ++lane.k;
    }
    if (touched) write_lane(l, X);
    return !lane.stop;
  }

  /// stepper.start at the beginning of segment s: k0 = f(x, ta) is owed.
  void start_segment(int l) {
    Lane& lane = lanes_[l];
    load_segment(l);
    lane.t = lane.segs[lane.s].ta;
    ++lane.rep.rhs_calls;
    lane.derivative_due = true;
    lane.derivative_time = lane.t;
  }

  /// Takes the task's next run into lane l, or completes the task and frees the lane. The runs that
  /// end before their first step (a non-finite start) are finished here as well.
  void begin_run(int l) {
    Lane& lane = lanes_[l];
    for (;;) {
      LaneRun run;
      if (!lane.task->next_run(run)) {
        lane.task->complete();
        delete lane.task;
        lane = Lane{};
        for (int i = 0; i < N; ++i) x_[i].set(l, 0.0);  // keep the idle lane's arithmetic finite
        for (int j = 0; j < S; ++j)
          for (int i = 0; i < N; ++i) k_[j][i].set(l, 0.0);
        freed_ = true;
        return;
      }
      assert(run.segments != nullptr && run.segment_count >= 1 && run.dt > 0.0);  // lane_tasks.hpp tiles the run
      lane.segs = run.segments;
      lane.nseg = run.segment_count;
      lane.s = 0;
      lane.t0 = run.t0;
      lane.sample_dt = run.dt;
      lane.n_samples = run.n_samples;
      lane.T = run.t0 + static_cast<double>(run.n_samples) * run.dt;
      lane.k = 1;
      lane.stop = false;
      lane.rep = IntegrationReport{};
      lane.rep.t = lane.segs[0].ta;
      bool finite = true;
      for (int i = 0; i < N; ++i) finite = finite && __builtin_isfinite(x_[i][l]);
      if (!finite) {
        lane.rep.status = IntegrationStatus::non_finite;
        finish_run(l);
        continue;
      }
      lane.dt = io_.dt_initial;
      lane.rule = LaneStepRule{};
      start_segment(l);
      return;
    }
  }

  void finish_run(int l) {
    double X[N];
    read_lane(l, X);
    lanes_[l].task->run_finished(lanes_[l].rep, X);
  }

  /// From (x, t) in segment s, with k0 valid or owed: on to lane l's next attempt, through segment
  /// ends, sample visits, run ends and task ends (the lane may become idle).
  void settle(int l) {
    for (;;) {
      Lane& lane = lanes_[l];
      if (lane.task == nullptr) return;
      const LaneSegment& seg = lane.segs[lane.s];
      if (lane.t < seg.tb) {
        if (lane.rep.accepted + lane.rep.rejected >= io_.max_steps) {
          lane.rep.status = IntegrationStatus::max_steps;
          lane.rep.t = lane.t;
          end_run(l);
          continue;
        }
        lane.target = seg.tb;
        const double remaining = lane.target - lane.t;
        lane.clamped = lane.dt * 1.01 >= remaining;
        lane.dt_natural = lane.dt;
        lane.h = lane.clamped ? remaining : lane.dt;
        return;  // ready for the next vector step
      }
      lane.rep.t = seg.tb;
      if (lane.s + 1 < lane.nseg) {
        ++lane.s;
        // The driver's on_boundary: integrate_sampled visits the samples due at the boundary; a
        // sample that stops throws out of the driver, so the report keeps none of its work.
        if (!visit_samples(l, lane.segs[lane.s].ta)) {
          lane.rep = IntegrationReport{};
          lane.rep.t = lane.t0 + static_cast<double>(lane.k - 1) * lane.sample_dt;
          end_run(l);
          continue;
        }
        start_segment(l);
        continue;
      }
      // The run's end: the last samples; a stop there keeps the work.
      if (!visit_samples(l, lane.T)) {
        lane.rep.status = IntegrationStatus::ok;
        lane.rep.t = lane.t0 + static_cast<double>(lane.k - 1) * lane.sample_dt;
      }
      end_run(l);
    }
  }

  void end_run(int l) {
    finish_run(l);
    begin_run(l);
  }

  // ---- the vector arithmetic ----

  CHAOSKIT_LANE_INLINE Vec<L, m> inputs_at(const L& t) const {
    Vec<L, m> u;
    for (int i = 0; i < m; ++i) u(i) = u0_[i] + slope_[i] * (t - seg_ta_);
    return u;
  }

  /// One attempt of every busy lane with its own h (idle lanes compute with h = 0).
  void attempt() {
    L H(0.0), T(0.0);
    for (int l = 0; l < W; ++l)
      if (lanes_[l].task != nullptr) H.set(l, lanes_[l].h), T.set(l, lanes_[l].t);
    // The kernel at stage i's time, with the lanes' inputs at that time.
    auto f = [this](const L* xs, L* k, const L& t) __attribute__((always_inline)) { kernel_(xs, k, t, inputs_at(t)); };
    rkf78_attempt<N, W>(f, x_, k_, xs_, T, H, xnew_, err_);
    error_ = error_norm<N, W>(err_, x_, k_[0], H, io_.atol, io_.rtol);
    Mask finite = finite_mask(xnew_[0]);
    for (int i = 1; i < N; ++i) finite &= finite_mask(xnew_[i]);
    finite_ = finite;
    usage_.steps += 1;
    usage_.rhs_evaluations += S - 1;
    usage_.lane_steps += busy_lanes();
  }

  /// Each busy lane's decision on its attempt (rkf78::Stepper::attempt, then run_segments).
  void decide() {
    Mask accept{};
    for (int l = 0; l < W; ++l) {
      Lane& lane = lanes_[l];
      if (lane.task == nullptr) continue;
      const double h = lane.h, e = error_[l];
      lane.rep.rhs_calls += S - 1;
      if (e > 1.0) {  // rejected by the controller
        lane.dt = lane.rule.decrease_step(h, e);
        ++lane.rep.rejected;
        continue;
      }
      const double t_try = lane.t + h;
      const double dt_try = lane.rule.increase_step(h, e);
      ++lane.rep.rhs_calls;   // the stepper's f(x_new)
      if (finite_[l] == 0) {  // refused by the driver: a non-finite state
        ++lane.rep.rejected;
        lane.dt = 0.5 * h;
        continue;
      }
      ++lane.rep.accepted;
      lane.t = lane.clamped ? lane.target : t_try;
      lane.dt = lane.clamped ? max_of(lane.dt_natural, dt_try) : dt_try;
      lane.derivative_due = true;
      lane.derivative_time = t_try;
      accept[l] = -1;
    }
    for (int i = 0; i < N; ++i) x_[i] = select<W>(accept, xnew_[i], x_[i]);
    for (int l = 0; l < W; ++l) {
      Lane& lane = lanes_[l];
      if (lane.task == nullptr) continue;
      if (accept[l] == 0 && !(lane.dt >= io_.dt_min)) {
        lane.rep.status = error_[l] > 1.0 ? IntegrationStatus::step_underflow : IntegrationStatus::non_finite;
        lane.rep.t = lane.t;
        end_run(l);
      }
      settle(l);
    }
  }

  /// k0 = f(x, t) for the lanes that owe it: one vector evaluation for all of them.
  void evaluate_pending_derivatives() {
    Mask due{};
    L T(0.0);
    bool any = false;
    for (int l = 0; l < W; ++l)
      if (lanes_[l].task != nullptr && lanes_[l].derivative_due)
        due[l] = -1, T.set(l, lanes_[l].derivative_time), any = true;
    if (!any) return;
    kernel_(x_, f_, T, inputs_at(T));
    for (int i = 0; i < N; ++i) k_[0][i] = select<W>(due, f_[i], k_[0][i]);
    for (Lane& lane : lanes_) lane.derivative_due = false;
    usage_.rhs_evaluations += 1;
  }

  Kernel kernel_;
  IntegratorOptions io_;
  Lane lanes_[W];
  L x_[N], xs_[N], xnew_[N], err_[N], f_[N];
  L k_[S][N];
  L u0_[m > 0 ? m : 1], slope_[m > 0 ? m : 1], seg_ta_;
  L error_;
  Mask finite_{};
  bool freed_ = false;
  LaneUsage usage_;
};

}  // namespace CHAOSKIT_LANE_ISA
}  // namespace chaoskit::simd
