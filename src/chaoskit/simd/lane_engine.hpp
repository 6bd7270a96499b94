#pragma once
// The lane engine: W trajectories integrated at once by Fehlberg 7(8), one per SIMD lane
// (lanes.hpp), each with its own step size, error norm, accept/reject decision, segment boundaries
// (input events and sample times), samples and status. There is no shared step: in every vector
// step each lane attempts the step its own controller chose; a lane whose task completes is handed
// the next one at once (LaneEngine::add), so lanes do not wait for the slowest trajectory.
//
// This file is the control: per lane it restates, decision for decision, integrate_sampled
// (indicators/tangent_flow.hpp) around run_segments (integrate/driver.hpp) with rkf78::Stepper's
// accept/reject (integrate/rkf78_stepper.hpp), including the work counts of the report. What every
// step does (the error norm, accept or reject, the next step size, the clamp to the segment's end,
// the counts, the step budget) is computed on lanes, for all lanes at once, and the state stays in
// the engine's vectors; scalar code per lane runs only where a lane reaches a segment's end (a
// sample time: the task's sample()), its run's end, the step budget or dt_min. Measured on golf's
// λ_max (tools/bench/README.md), the per-lane scalar loops it replaced cost about 14 % of the
// AVX-512 path's time. The arithmetic it calls is restated beside tests of its own: the rkf78
// attempt, error norm and step rule in lane_rkf78.hpp (tests/simd/test_lane_rkf78.cpp), the compiled
// models' kernels in lane_kernels.hpp (test_lane_kernels.cpp), the model files' in
// lane_file_kernels.hpp (every instruction against the scalar program in test_lane_engine.cpp). The control is pinned
// end to end: tests/simd/test_lane_engine.cpp and test_lane_models.cpp run every indicator in every lane of every path
// against the scalar driver, bit for bit, with lanes refilled, input events, early stops and step budgets running out.
// A change to the driver's or integrate_sampled's decisions must be made here too; those tests fail until it is.
//
// Instantiated by the lane_models_<isa>.cpp and lane_files_<isa>.cpp that src/CMakeLists.txt writes
// from simd/instances/, one per instruction set, with a kernel: Kernel::size doubles per lane and
// Kernel::m inputs, called as kernel(X, dX, t, u) on lanes.
//
// A model with events (a model file's [[events]]): after each accepted step, each lane's task checks
// its guards and, where one changed side, its search asks for states inside the step, which
// locate_crossings computes for every searching lane at once (lane_hybrid_tasks.hpp says the rest);
// an event moves the lane to the state after its reset, at the event's time.
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
  int idle_lanes() const override { return W - busy_count_; }
  int busy_lanes() const override { return busy_count_; }
  LaneUsage usage() const override { return usage_; }

  void add(LaneTask* task) override {
    assert(task != nullptr && idle_lanes() > 0);  // the caller checked idle_lanes()
    int l = 0;
    while (lanes_[l].task != nullptr) ++l;
    Lane& lane = lanes_[l];
    lane = Lane{};
    lane.task = task;
    busy_[l] = -1;
    events_[l] = task->has_events() ? -1 : 0;
    ++busy_count_;
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
      if (freed_ || busy_count_ == 0) {
        freed_ = false;
        return;
      }
      attempt();
      decide();
    }
  }

 private:
  /// One lane's run (integrate_sampled) and its report, as scalars. The driver's and the
  /// stepper's state, which every vector step reads and writes, is held as lanes (below).
  struct Lane {
    LaneTask* task = nullptr;  // null: idle
    const LaneSegment* segs = nullptr;
    std::size_t nseg = 0, s = 0;
    double t0 = 0.0, sample_dt = 1.0, T = 0.0;
    long n_samples = 0, k = 1;
    bool stop = false;
    /// The report, up to the steps still counted in the lanes' counters (flush adds them).
    IntegrationReport rep;
  };

  // ---- the per-lane control (scalar), for what happens at most once per segment ----

  /// The state of lane l as the task's doubles, and back.
  void read_lane(int l, double* X) const {
    for (int i = 0; i < N; ++i) X[i] = x_[i][l];
  }
  void write_lane(int l, const double* X) {
    for (int i = 0; i < N; ++i) x_[i].set(l, X[i]);
  }

  /// The vector steps' counts of lane l into its report: an attempt is 12 evaluations, and one
  /// more for the stepper's f(x_new) when the controller did not reject it (rkf78::Stepper::attempt;
  /// the driver may still refuse a non-finite state).
  void flush(int l) {
    IntegrationReport& rep = lanes_[l].rep;
    const long accepted = accepted_[l], rejected = rejected_[l], evaluated = f_new_[l];
    rep.accepted += accepted;
    rep.rejected += rejected;
    rep.rhs_calls += (S - 1) * (accepted + rejected) + evaluated;
    accepted_[l] = 0, rejected_[l] = 0, f_new_[l] = 0;
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
    const double ta = lane.segs[lane.s].ta;
    t_.set(l, ta);
    ++lane.rep.rhs_calls;
    due_[l] = -1;
    derivative_time_.set(l, ta);
    if (events_[l] != 0) {
      double X[N];
      read_lane(l, X);
      lane.task->start_segment(lane.s, X, ta);
    }
  }

  /// Lane l idle: no task, and finite values in every vector it computes with.
  void clear_lane(int l) {
    lanes_[l] = Lane{};
    busy_[l] = 0, due_[l] = 0, clamped_[l] = 0, events_[l] = 0, rule_.after_reject[l] = 0;
    accepted_[l] = 0, rejected_[l] = 0, f_new_[l] = 0, steps_left_[l] = 0;
    t_.set(l, 0.0), dt_.set(l, 0.0), h_.set(l, 0.0), target_.set(l, 0.0), dt_natural_.set(l, 0.0);
    derivative_time_.set(l, 0.0);
    for (int i = 0; i < N; ++i) x_[i].set(l, 0.0);
    for (int j = 0; j < S; ++j)
      for (int i = 0; i < N; ++i) k_[j][i].set(l, 0.0);
  }

  /// Takes the task's next run into lane l, or completes the task and frees the lane. The runs that
  /// end before their first step (a non-finite start) are finished here as well.
  void begin_run(int l) {
    Lane& lane = lanes_[l];
    for (;;) {
      LaneRun run;
      if (!lane.task->next_run(run)) {
        retire(l);
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
      double X[N];  // a task that rewrites its state at each run's start (a map's steps, each from Φ = I)
      if (run.restarts_state) read_lane(l, X), lane.task->start_run(X), write_lane(l, X);
      bool finite = true;
      for (int i = 0; i < N; ++i) finite = finite && __builtin_isfinite(x_[i][l]);
      if (!finite) {
        lane.rep.status = IntegrationStatus::non_finite;
        finish_run(l);
        continue;
      }
      dt_.set(l, io_.dt_initial);
      rule_.after_reject[l] = 0;
      start_segment(l);
      return;
    }
  }

  /// The task in lane l is complete: its result reported, the lane idle.
  void retire(int l) {
    lanes_[l].task->complete();
    delete lanes_[l].task;
    clear_lane(l);
    --busy_count_;
    freed_ = true;
  }

  void finish_run(int l) {
    flush(l);
    double X[N];
    read_lane(l, X);
    lanes_[l].task->run_finished(lanes_[l].rep, X);
  }

  /// From (x, t) in segment s, with k0 valid or owed: on to lane l's next attempt, through segment
  /// ends, sample visits, run ends and task ends (the lane may become idle).
  void settle(int l) {
    flush(l);
    for (;;) {
      Lane& lane = lanes_[l];
      if (lane.task == nullptr) return;
      const LaneSegment& seg = lane.segs[lane.s];
      const double t = t_[l];
      if (t < seg.tb) {
        const long steps = lane.rep.accepted + lane.rep.rejected;
        if (steps >= io_.max_steps) {
          lane.rep.status = IntegrationStatus::max_steps;
          lane.rep.t = t;
          end_run(l);
          continue;
        }
        steps_left_[l] = io_.max_steps - steps;
        target_.set(l, seg.tb);
        prepare_attempts();  // (the other lanes' attempts stay as they were)
        return;              // ready for the next vector step
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

  // ---- the vector arithmetic and the control of every step ----

  CHAOSKIT_LANE_INLINE Vec<L, m> inputs_at(const L& t) const {
    Vec<L, m> u;
    for (int i = 0; i < m; ++i) u(i) = u0_[i] + slope_[i] * (t - seg_ta_);
    return u;
  }

  /// One attempt of every busy lane with its own h (idle lanes compute with t = h = 0).
  void attempt() {
    // The kernel at stage i's time, with the lanes' inputs at that time.
    auto f = [this](const L* xs, L* k, const L& t) __attribute__((always_inline)) { kernel_(xs, k, t, inputs_at(t)); };
    rkf78_attempt<N, W>(f, x_, k_, xs_, t_, h_, xnew_, err_);
    error_ = error_norm<N, W>(err_, x_, k_[0], h_, io_.atol, io_.rtol);
    Mask finite = finite_mask(xnew_[0]);
    for (int i = 1; i < N; ++i) finite &= finite_mask(xnew_[i]);
    finite_ = finite;
    usage_.steps += 1;
    usage_.rhs_evaluations += S - 1;
    usage_.lane_steps += busy_count_;
  }

  /// Every busy lane's decision on its attempt at once (rkf78::Stepper::attempt, then
  /// run_segments): rejection by the controller, refusal of a non-finite state, or acceptance;
  /// the next step size; the counts. Then the next attempt of each lane, where nothing but a step
  /// happened; the lanes that reached their segment's end, ran out of steps or of step size go
  /// through the scalar control (settle), which runs at most once per segment.
  void decide() {
    const L e = error_;
    const Mask rejected = busy_ & (e.v > 1.0);  // by the controller
    const Mask tried = busy_ & ~rejected;       // the stepper evaluated f(x_new) (NaN norms too)
    const Mask accepted = tried & finite_;
    const Mask refused = tried & ~finite_;  // by the driver: a non-finite state
    const L fac = LaneStepRule<W>::factor(e);
    const L decreased = rule_.decrease_step(rejected, h_, fac, dt_);
    const L grown = rule_.increase_step(tried, h_, e, fac);
    const L t_try = t_ + h_;
    dt_ = select<W>(refused, 0.5 * h_, decreased);
    dt_ = select<W>(accepted, select<W>(clamped_, max(dt_natural_, grown), grown), dt_);
    L t_new = select<W>(accepted, select<W>(clamped_, target_, t_try), t_);
    L derivative_time = select<W>(accepted, t_try, derivative_time_);
    // A hybrid model's events in the accepted steps (the task's scalar code, lane_hybrid_tasks.hpp):
    // an event moves the lane to the state after its reset at the event's time, where k0 is owed.
    Mask ended{}, left{};
    if (!all_lanes<W>(~(accepted & events_))) [[unlikely]]
      find_events(accepted, t_new, derivative_time, ended, left);
    t_ = t_new;
    derivative_time_ = derivative_time;
    due_ |= accepted;
    for (int i = 0; i < N; ++i) x_[i] = select<W>(accepted, xnew_[i], x_[i]);
    // Counts: a mask is −1 where set (so steps_left_ += busy_ counts one attempt down).
    accepted_ -= accepted;
    rejected_ -= rejected | refused;
    f_new_ -= tried;
    steps_left_ += busy_;
    // The lanes for the scalar control: a step size below dt_min after a rejection or refusal, a
    // segment's end reached (a clamped step accepted, t = its end), the step budget spent.
    const Mask too_small = (rejected | refused) & ~(dt_.v >= io_.dt_min);
    const Mask attend = too_small | ended | left | (busy_ & ~(t_.v < target_.v)) | (busy_ & (steps_left_ <= 0));
    prepare_attempts();
    if (all_lanes<W>(~attend)) [[likely]]
      return;
    for (int l = 0; l < W; ++l) {
      if (attend[l] == 0) continue;
      if (left[l] != 0) {
        retire(l);
        continue;
      }
      if (ended[l] != 0) end_run(l);
      if (too_small[l] != 0) {
        lanes_[l].rep.status = rejected[l] != 0 ? IntegrationStatus::step_underflow : IntegrationStatus::non_finite;
        lanes_[l].rep.t = t_[l];
        end_run(l);
      }
      settle(l);
    }
  }

  /// The events in the accepted steps of the lanes whose task has any (LaneTask's event calls):
  /// x_new of an evented lane becomes the state after the reset and t_new the event's time (k0 owed
  /// there); a run that an event ends (`ended`: the report's status and t set) and a task that left
  /// the lanes (`left`) go to the scalar control.
  void find_events(const Mask& accepted, L& t_new, L& derivative_time, Mask& ended, Mask& left) {
    Mask crossed{};
    double X_old[N], k0[N], X_new[N];
    for (int l = 0; l < W; ++l) {
      if ((accepted[l] & events_[l]) == 0) continue;
      for (int i = 0; i < N; ++i) X_old[i] = x_[i][l], k0[i] = k_[0][i][l], X_new[i] = xnew_[i][l];
      if (lanes_[l].task->step_crossings(X_old, k0, t_[l], X_new, t_new[l])) crossed[l] = -1;
    }
    if (all_lanes<W>(~crossed)) [[likely]]
      return;
    locate_crossings(crossed);
    for (int l = 0; l < W; ++l) {
      if (crossed[l] == 0) continue;
      for (int i = 0; i < N; ++i) X_new[i] = xnew_[i][l];
      const LaneStepEvents ev = lanes_[l].task->step_events(X_new);
      IntegrationReport& rep = lanes_[l].rep;
      rep.rhs_calls += ev.rhs_calls;
      rep.events += ev.events;
      switch (ev.outcome) {
        case LaneStepEvents::Outcome::none: continue;
        case LaneStepEvents::Outcome::event:
          t_new.set(l, ev.t);
          derivative_time.set(l, ev.t);
          break;
        case LaneStepEvents::Outcome::run_ended:
          rep.status = ev.status;
          rep.t = ev.t;
          rep.stopped_by_observer = ev.status == IntegrationStatus::ok;  // the task's on_event, as the driver says
          ended[l] = -1;
          break;
        case LaneStepEvents::Outcome::left_lanes:
          left[l] = -1;
          ++usage_.tasks_left;
          continue;
      }
      for (int i = 0; i < N; ++i) xnew_[i].set(l, X_new[i]);
    }
  }

  /// The searches of the lanes whose step crossed a guard, in rounds: each round, the lanes whose
  /// search wants the state at a time t of its step get it from one vector evaluation of
  /// rkf78::Stepper::state_in_step, the step's stages with h = t − t_old from the step's start (x_
  /// and k_[0] still hold the state and f there; the accepted step's other stages are no longer
  /// needed; lanes without a request compute with h = 0). A lane asking alone computes its state in
  /// its task's scalar code instead: a vector evaluation of a model file's flow costs more than one
  /// scalar evaluation (measured on the knee stop, tools/bench/README.md), and events are rare
  /// enough that most rounds have one lane asking.
  void locate_crossings(Mask searching) {
    auto f = [this](const L* xs, L* k, const L& t) __attribute__((always_inline)) { kernel_(xs, k, t, inputs_at(t)); };
    double X[N];
    for (;;) {
      Mask wanting{};
      L tq = t_;
      for (int l = 0; l < W; ++l) {
        if (searching[l] == 0) continue;
        double t;
        if (lanes_[l].task->wants_state(t))
          wanting[l] = -1, tq.set(l, t);
        else
          searching[l] = 0;
      }
      if (all_lanes<W>(~wanting)) return;
      int asking = 0, alone = 0;
      for (int l = 0; l < W; ++l)
        if (wanting[l] != 0) ++asking, alone = l;
      if (asking == 1) {
        lanes_[alone].task->take_own_state();
        continue;
      }
      const L h = select<W>(wanting, tq - t_, L(0.0));
      rkf78_stages<N, W>(f, x_, k_, xs_, t_, h, std::make_integer_sequence<int, S - 1>{});
      advance_row<rkf78::b, N, W>(xq_, x_, k_, h);
      usage_.rhs_evaluations += S - 1;
      for (int l = 0; l < W; ++l) {
        if (wanting[l] == 0) continue;
        for (int i = 0; i < N; ++i) X[i] = xq_[i][l];
        lanes_[l].task->take_state(X);
      }
    }
  }

  /// run_segments' choice of the next attempt in every lane: h = dt, or the rest of the segment
  /// where dt · 1.01 reaches its end. It depends on t, dt and the segment's end alone, so computing
  /// it again for a lane whose state did not change gives the same values.
  void prepare_attempts() {
    const L remaining = target_ - t_;
    clamped_ = (dt_ * 1.01).v >= remaining.v;
    dt_natural_ = dt_;
    h_ = select<W>(clamped_ & busy_, remaining, select<W>(busy_, dt_, L(0.0)));
  }

  /// k0 = f(x, t) for the lanes that owe it: one vector evaluation for all of them.
  void evaluate_pending_derivatives() {
    const Mask due = due_ & busy_;
    if (all_lanes<W>(~due)) return;
    kernel_(x_, f_, derivative_time_, inputs_at(derivative_time_));
    for (int i = 0; i < N; ++i) k_[0][i] = select<W>(due, f_[i], k_[0][i]);
    due_ = Mask{};
    usage_.rhs_evaluations += 1;
  }

  Kernel kernel_;
  IntegratorOptions io_;
  Lane lanes_[W];
  int busy_count_ = 0;
  // The driver's and the stepper's state per lane: t, the step size the controller chose (dt), the
  // attempt's h, the segment's end, and dt before a clamp to that end (run_segments' dt_natural).
  L t_, dt_, h_, target_, dt_natural_;
  L derivative_time_;  // where k0 is owed (a run began, a sample time was crossed, a step accepted)
  Mask busy_{}, due_{}, clamped_{};
  Mask events_{};  // lanes whose task has events (a hybrid model's)
  LaneStepRule<W> rule_;
  // Counts since the last flush, and the attempts left before the step budget (io.max_steps).
  Mask accepted_{}, rejected_{}, f_new_{}, steps_left_{};
  L x_[N], xs_[N], xnew_[N], err_[N], f_[N];
  L xq_[N];  // a state inside an accepted step, for the event searches (locate_crossings)
  L k_[S][N];
  L u0_[m > 0 ? m : 1], slope_[m > 0 ? m : 1], seg_ta_;
  L error_;
  Mask finite_{};
  bool freed_ = false;
  LaneUsage usage_;
};

}  // namespace CHAOSKIT_LANE_ISA
}  // namespace chaoskit::simd
