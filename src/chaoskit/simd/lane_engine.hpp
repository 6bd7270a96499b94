// lane_engine.hpp is over 500 lines because the compiled models' kernels (LaneConstants, the
// tangent, MEGNO and classifier kernels, make_model_engine) live beside the engine they are
// instantiated into; they could move to a header of their own (a split left for a quiet machine:
// it recompiles every instruction set's engine files).
#pragma once
// The lane engine: W trajectories integrated at once by Fehlberg 7(8), one per SIMD lane
// (lanes.hpp), each with its own step size, error norm, accept/reject decision, segment boundaries
// (input events and sample times), samples and status. There is no shared step: in every vector
// step each lane attempts the step its own controller chose; a lane whose task completes is handed
// the next one at once (LaneEngine::add), so lanes do not wait for the slowest trajectory.
//
// Included only by the lane_models_<isa>.cpp written from simd/instances/lane_models.cpp.in.
// Per lane, the control flow restates, decision for decision, the scalar path it replaces:
// integrate_sampled (indicators/tangent_flow.hpp) around run_segments (integrate/driver.hpp)
// with rkf78::Stepper (integrate/rkf78_stepper.hpp), and the arithmetic is the same operations in
// the same order (integrate/explicit_rk.hpp's row sums and error norm, the model's tangent_rhs,
// MEGNO's quadrature rates), so a trajectory's bits do not depend on the vector width or on its
// neighbours in the batch (tests/simd/ compares them). A
// change to any of those files must be made here too; the tests fail otherwise.
//
// Cost per vector step: 12 stage evaluations and one more for f at the new state (k0 of the next
// step) or, for a lane that crossed a sample time or began a run, at its restarted state (where
// the scalar driver evaluates both, and counts both in the report).
#include <cassert>
#include <cstddef>
#include <utility>

#include "chaoskit/core/types.hpp"
#include "chaoskit/integrate/rkf78_tableau.hpp"
#include "chaoskit/simd/lane_task.hpp"
#include "chaoskit/simd/lanes.hpp"

namespace chaoskit::simd {
inline namespace CHAOSKIT_LANE_ISA {

// Nothing here calls an inline function that the rest of chaoskit also uses (std::min, std::max,
// std::array's operator[], std::isfinite, …): at -O1 (the sanitizer build) such a call can stay
// out of line, and the linker would keep one copy for every instruction set (lanes.hpp). So the
// few scalar helpers are restated here, and the tableau is read from plain arrays.
CHAOSKIT_LANE_INLINE double max_of(double a, double b) { return a < b ? b : a; }  // std::max
CHAOSKIT_LANE_INLINE double min_of(double a, double b) { return b < a ? b : a; }  // std::min
CHAOSKIT_LANE_INLINE double eighth_root(double e) { return __builtin_sqrt(__builtin_sqrt(__builtin_sqrt(e))); }

/// A row of the rkf78 tableau as plain arrays, built at compile time: the positions of its nonzero
/// entries in order and their values (rk::nonzero_indices; no std::array call at run time, see above).
template <rkf78::Row R>
struct NonzeroRow {
  static constexpr int count = [] {
    int c = 0;
    for (int j = 0; j < rkf78::kStages; ++j) c += R[j] != 0.0;
    return c;
  }();
  int index[count > 0 ? count : 1]{};
  double value[count > 0 ? count : 1]{};
  constexpr NonzeroRow() {
    int m = 0;
    for (int j = 0; j < rkf78::kStages; ++j)
      if (R[j] != 0.0) index[m] = j, value[m] = R[j], ++m;
  }
};

/// The nodes c_i as a plain array.
struct Nodes {
  double c[rkf78::kStages]{};
  constexpr Nodes() {
    for (int j = 0; j < rkf78::kStages; ++j) c[j] = rkf78::c[j];
  }
};
inline constexpr Nodes kNodes{};

/// A model's parameter-only constants (M::lane_constants: golf's b, K2, …, Lorenz's σ, ρ, β), one
/// value per lane, so that lanes may integrate models with different parameters (a sweep over
/// them). The model's tangent_rhs_with reads them in place of its doubles: the same operations on
/// each lane's own values, so the bits are those of the scalar model with that lane's parameters.
template <class M, int W>
struct LaneConstants {
  static constexpr int count = M::lane_constant_count;
  Lanes<W> c[count > 0 ? count : 1];
  double base[count > 0 ? count : 1]{};  // the engine's model's, for a task that brings none
  /// Every lane from the same values (M::lane_constants, written in baseline code: lanes.hpp).
  explicit LaneConstants(const double* values) {
    for (int i = 0; i < count; ++i) c[i] = Lanes<W>(values[i]), base[i] = values[i];
  }
  /// Lane l's values, or the engine's model's for null.
  CHAOSKIT_LANE_INLINE void set(int l, const double* values) {
    if (values == nullptr) values = base;
    for (int i = 0; i < count; ++i) c[i].set(l, values[i]);
  }
};

/// The right-hand side of the tangent flow [x | w_1 … w_K] on lanes: the model's tangent_rhs_with,
/// as TangentSystem<M, K> calls tangent_rhs (K = 1 λ_max, 2 SALI, n the spectrum and Ψ(T, 0)).
template <class M, int W, int K>
struct TangentKernel {
  static constexpr int n = M::state_dim, m = M::input_dim, columns = 1 + K, size = n * columns;
  static constexpr int constant_count = M::lane_constant_count;
  using L = Lanes<W>;
  LaneConstants<M, W> constants;
  explicit TangentKernel(const double* values) : constants(values) {}
  CHAOSKIT_LANE_INLINE void set_constants(int l, const double* values) { constants.set(l, values); }
  CHAOSKIT_LANE_INLINE void operator()(const L* X, L* dX, const L& t, const Vec<L, m>& u) const {
    // Beyond four states (chains of three links and more) the kernel is one out-of-line call:
    // inlined into the engine's thirteen stages, its N-by-N solves made the engine files compile
    // for minutes. The operations, and so the bits, are the same either way.
    if constexpr (n > 4)
      evaluate_out_of_line(X, dX, t, u);
    else
      evaluate(X, dX, t, u);
  }
  [[gnu::noinline]] void evaluate_out_of_line(const L* X, L* dX, const L& t, const Vec<L, m>& u) const {
    evaluate(X, dX, t, u);
  }
  CHAOSKIT_LANE_INLINE void evaluate(const L* X, L* dX, const L& t, const Vec<L, m>& u) const {
    Vec<L, n> x;
    Mat<L, n, K> w;
    for (int i = 0; i < n; ++i) {
      x(i) = X[i];
      for (int j = 0; j < K; ++j) w(i, j) = X[(1 + j) * n + i];
    }
    // f and J·W straight into dX, whose layout [f | Jw_1 … Jw_K] is an n × (1 + K) column-major
    // matrix (tangent_rhs takes any writable expression, as TangentSystem's blocks): no copy out.
    M::tangent_rhs_with(constants.c, x, u, t, w, Eigen::Map<Vec<L, n>>(dX), Eigen::Map<Mat<L, n, K>>(dX + n));
  }
};

/// Σ a_i b_i over packets Start .. Start+Length−1 of two components each, as the (even, odd)
/// halves of a two-wide packet: Eigen's completely unrolled SSE2 reduction (redux_vec_unroller),
/// which splits its packets in halves recursively and adds the halves' packets.
template <int W, int Start, int Length>
struct PairedSum {
  CHAOSKIT_LANE_INLINE static void run(const Lanes<W>* a, const Lanes<W>* b, Lanes<W>& even, Lanes<W>& odd) {
    if constexpr (Length == 1) {
      even = a[2 * Start] * b[2 * Start];
      odd = a[2 * Start + 1] * b[2 * Start + 1];
    } else {
      constexpr int half = Length / 2;
      Lanes<W> e1, o1, e2, o2;
      PairedSum<W, Start, half>::run(a, b, e1, o1);
      PairedSum<W, Start + half, Length - half>::run(a, b, e2, o2);
      even = e1 + e2;
      odd = o1 + o2;
    }
  }
};

/// a·b over n components, summed in the order the scalar path's Eigen reductions (w.dot(Aw),
/// w.squaredNorm() on fixed-size columns, SSE2 packets of two doubles, completely unrolled at these
/// sizes) use: the packets' recursive halving, the packet's two halves added, then the odd last
/// component. For four components, (p0 + p2) + (p1 + p3); for three, (p0 + p1) + p2.
template <int W, int n>
CHAOSKIT_LANE_INLINE Lanes<W> eigen_order_dot(const Lanes<W>* a, const Lanes<W>* b) {
  static_assert(n >= 2, "a state of at least two components");
  Lanes<W> even, odd;
  PairedSum<W, 0, n / 2>::run(a, b, even, odd);
  Lanes<W> sum = even + odd;
  if constexpr (n % 2 == 1) sum = sum + a[n - 1] * b[n - 1];
  return sum;
}

/// MEGNO's quadrature rates on lanes (fast_indicators.hpp's megno_quadrature_rates): ȧ = t h,
/// ḃ = 2a/t with h = w·(A w)/|w|², the dot products summed in the scalar path's order
/// (eigen_order_dot).
template <int W, int n>
CHAOSKIT_LANE_INLINE void megno_rates(const Lanes<W>* w, const Lanes<W>* Aw, const Lanes<W>& a, const Lanes<W>& t,
                                      Lanes<W>* rates) {
  using L = Lanes<W>;
  const L dot = eigen_order_dot<W, n>(w, Aw);
  const L sq = eigen_order_dot<W, n>(w, w);
  const L h = dot / sq;
  rates[0] = t * h;
  rates[1] = select<W>(t.v > 0.0, (2.0 * a) / t, L(0.0));
  for (int i = 2; i < n; ++i) rates[i] = L(0.0);
}

/// MegnoSystem's [x | w | (a, b, 0, …)] (fast_indicators.hpp) on lanes.
template <class M, int W>
struct MegnoKernel {
  static constexpr int n = M::state_dim, m = M::input_dim, columns = 3, size = n * columns;
  static constexpr int constant_count = M::lane_constant_count;
  using L = Lanes<W>;
  TangentKernel<M, W, 1> tangent;
  explicit MegnoKernel(const double* values) : tangent(values) {}
  CHAOSKIT_LANE_INLINE void set_constants(int l, const double* values) { tangent.set_constants(l, values); }
  CHAOSKIT_LANE_INLINE void operator()(const L* X, L* dX, const L& t, const Vec<L, m>& u) const {
    tangent(X, dX, t, u);
    megno_rates<W, n>(X + n, dX + n, X[2 * n], t, dX + 2 * n);
  }
};

/// The classifier's [x | w1 | w2 | (a, b, 0, …)] (indicators/orbit_classification.hpp): the
/// tangent flow with two vectors and MEGNO's quadratures along w1.
template <class M, int W>
struct ClassifierKernel {
  static constexpr int n = M::state_dim, m = M::input_dim, columns = 4, size = n * columns;
  static constexpr int constant_count = M::lane_constant_count;
  using L = Lanes<W>;
  TangentKernel<M, W, 2> tangent;
  explicit ClassifierKernel(const double* values) : tangent(values) {}
  CHAOSKIT_LANE_INLINE void set_constants(int l, const double* values) { tangent.set_constants(l, values); }
  CHAOSKIT_LANE_INLINE void operator()(const L* X, L* dX, const L& t, const Vec<L, m>& u) const {
    tangent(X, dX, t, u);
    megno_rates<W, n>(X + n, dX + n, X[3 * n], t, dX + 3 * n);
  }
};

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
    bool after_reject = false;
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
      lane.after_reject = false;
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

  /// out = x + Σ_j (R_j h) k_j over the nonzero R_j, in order (rk::advance).
  template <rkf78::Row R>
  CHAOSKIT_LANE_INLINE void advance(L* out, const L& H) const {
    row_sum<R, true>(out, H, std::make_integer_sequence<int, NonzeroRow<R>::count>{});
  }

  /// out = Σ_j (R_j h) k_j over the nonzero R_j, in order (rk::weighted).
  template <rkf78::Row R>
  CHAOSKIT_LANE_INLINE void weighted(L* out, const L& H) const {
    row_sum<R, false>(out, H, std::make_integer_sequence<int, NonzeroRow<R>::count>{});
  }

  /// The row sums above with their terms unrolled at compile time, a fold over the row's nonzero
  /// entries as rk::advance and rk::weighted fold them: each term is one multiply and one add on
  /// registers. (A loop over the entries reloaded each entry's index and recomputed the address of
  /// k_j for every term of every component, about three times the instructions of the arithmetic,
  /// and zero-filled its array of coefficients first.) The operations and their order are those of
  /// the scalar path: the coefficients R_j h first; then acc = x + coef_0 k_0 (advance) or
  /// acc = coef_0 k_0 (weighted); then + coef_j k_j left to right.
  template <rkf78::Row R, bool kFromState, int J0, int... J>
  CHAOSKIT_LANE_INLINE void row_sum(L* out, const L& H, std::integer_sequence<int, J0, J...>) const {
    static constexpr NonzeroRow<R> row{};
    const L coef[] = {row.value[J0] * H, (row.value[J] * H)...};
    for (int i = 0; i < N; ++i) {
      L acc;
      if constexpr (kFromState) {
        acc = x_[i];
        acc += coef[J0] * k_[row.index[J0]][i];
      } else {
        acc = coef[J0] * k_[row.index[J0]][i];
      }
      ((acc += coef[J] * k_[row.index[J]][i]), ...);
      out[i] = acc;
    }
  }

  CHAOSKIT_LANE_INLINE Vec<L, m> inputs_at(const L& t) const {
    Vec<L, m> u;
    for (int i = 0; i < m; ++i) u(i) = u0_[i] + slope_[i] * (t - seg_ta_);
    return u;
  }

  template <int... I>
  CHAOSKIT_LANE_INLINE void stages(const L& T, const L& H, std::integer_sequence<int, I...>) {
    ((advance<rkf78::a[I + 1]>(xs_, H),
      kernel_(xs_, k_[I + 1], T + kNodes.c[I + 1] * H, inputs_at(T + kNodes.c[I + 1] * H))),
     ...);
  }

  /// One attempt of every busy lane with its own h (idle lanes compute with h = 0).
  void attempt() {
    L H(0.0), T(0.0);
    for (int l = 0; l < W; ++l)
      if (lanes_[l].task != nullptr) H.set(l, lanes_[l].h), T.set(l, lanes_[l].t);
    stages(T, H, std::make_integer_sequence<int, S - 1>{});
    advance<rkf78::b>(xnew_, H);
    weighted<rkf78::db>(err_, H);
    // rk::error_norm per lane: max_i |err_i| / (atol + rtol (|x_i| + |h| |f_i|)), NaN kept.
    const L abs_h = abs(H);
    L e(0.0);
    for (int i = 0; i < N; ++i) {
      const L v = abs(err_[i]) / (io_.atol + io_.rtol * (abs(x_[i]) + abs_h * abs(k_[0][i])));
      e = select<W>((v.v > e.v) | (v.v != v.v), v, e);
    }
    error_ = e;
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
        lane.after_reject = true;
        lane.dt = h * max_of(0.9 / eighth_root(e), 0.2);
        ++lane.rep.rejected;
        continue;
      }
      const double t_try = lane.t + h;
      const double fac = e > 0 ? min_of(0.9 / eighth_root(e), 5.0) : 5.0;
      const double dt_try = h * (lane.after_reject ? min_of(fac, 1.0) : fac);
      lane.after_reject = false;
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

/// The engine of a compiled model M for one system. `constants` are M::lane_constants of the model
/// (computed in baseline code, lanes.hpp), every lane's until a task brings its own.
template <class M, int W>
LaneEngine* make_model_engine(const double* constants, LaneSystem system, const IntegratorOptions& io) {
  switch (system) {
    case LaneSystem::tangent1: return new Engine<TangentKernel<M, W, 1>, W>(TangentKernel<M, W, 1>(constants), io);
    case LaneSystem::tangent2: return new Engine<TangentKernel<M, W, 2>, W>(TangentKernel<M, W, 2>(constants), io);
    case LaneSystem::tangent_full:
      return new Engine<TangentKernel<M, W, M::state_dim>, W>(TangentKernel<M, W, M::state_dim>(constants), io);
    case LaneSystem::megno: return new Engine<MegnoKernel<M, W>, W>(MegnoKernel<M, W>(constants), io);
    case LaneSystem::classifier: return new Engine<ClassifierKernel<M, W>, W>(ClassifierKernel<M, W>(constants), io);
  }
  return nullptr;
}

}  // namespace CHAOSKIT_LANE_ISA
}  // namespace chaoskit::simd
