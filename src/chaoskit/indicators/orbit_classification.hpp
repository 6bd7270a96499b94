#pragma once
// Regular or chaotic? One integration, three indicators, and a verdict only where they agree.
//
// A finite-time λ_max above a fixed threshold is not a classification: a regular orbit's estimate
// decays only like log(t)/t, so at T ≈ 100 s many regular orbits read 0.03–0.06 1/s. Here the
// flow [x | w1 | w2 | q] carries two deviation vectors and the MEGNO quadratures, and yields
//   λ_max   from w1's growth, with a block error bar and the T/2 check (lyapunov.hpp's rules,
//           classify_lyapunov): chaotic if settled and > 5 error bars; regular if within 3 error
//           bars of zero and still decaying like log(t)/t;
//   SALI    from w1 and w2 normalised separately (Skokos 2001): chaotic once < 1e-8, regular if it
//           never fell below 1e-4 (fast_indicators.hpp);
//   MEGNO   ⟨Y⟩ from w1 (Cincotta & Simó 2000; integrated by parts, megno_quadratures.hpp):
//           regular < 2.5, chaotic > 4.
// The verdict is chaotic (regular) only when λ_max and SALI, which measure different things (a
// growth rate and the alignment of two vectors), both say so; otherwise undecided. MEGNO shares w1
// with λ_max, so it is reported as a third vote and an agreement statistic, not a decider.
//
// When is a verdict a verdict? Near the onset of chaos, weakly chaotic orbits have Lyapunov times
// of 20–100 s and look regular for hundreds of seconds; a fixed T calls many of them regular. So:
//   fixed mode (max_time not given): one verdict at T = time, as above. A regular verdict there only
//     excludes exponents above ln(√2/1e-8)/T (18.8/T: 0.094 1/s at 200 s); floor() says so.
//   adaptive mode (max_time given): the orbit is continued, T = time, 2 time, 4 time, … up to
//     max_time, and the votes are taken again over [0, T] at each stage end (adaptive_votes).
//     Chaotic: the λ_max and SALI votes both say chaotic, with λ·T ≥ 18.8 (the e-folds SALI needs to
//       fall from √2 to 1e-8) in place of fixed mode's 0.01 1/s.
//     The λ vote's regular test changes too: instead of λ(T)/λ(T/2) < 0.75, which log|w| oscillating
//       by several units around log t makes unreliable once log T is not large against it, the
//       deviation vector must grow no faster than t^1.5, measured between time-averaged windows.
//     Regular: only once T ≥ T_reg = ln(√2/1e-8)/λ_floor (1877 s for the default λ_floor = 0.01 1/s),
//       and only when λ_max, SALI and MEGNO all say regular. An orbit whose exponent is at least
//       λ_floor would by T_reg have driven SALI below 1e-8 and ⟨Y⟩ to ≈ λT/2 ≥ 9.4 ≫ 2.5, so it could
//       not collect these votes — unless its chaos began late (a sticky orbit): MEGNO still objects
//       if it began before about T/2 (⟨Y⟩ ≈ 2 + λ(T − t0)²/2T). From T_reg on, SALI's regular vote
//       asks only that SALI never fell below 1e-8: some regular tori keep SALI between 1e-8 and
//       1e-4 for good, and waiting longer would not decide them.
//     Otherwise the orbit goes on; without a verdict at max_time it is undecided. Orbits with
//     0 < λ < λ_floor, or whose chaos shows only after T, are not resolved: they may end
//     undecided or regular. `time` in the result says when the verdict was reached, so a check at
//     5× that time can count how often this happens.
#include <array>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <vector>

#include "chaoskit/indicators/fast_indicators.hpp"
#include "chaoskit/indicators/generic_deviation_vectors.hpp"
#include "chaoskit/indicators/lyapunov.hpp"
#include "chaoskit/indicators/tangent_flow.hpp"

namespace chaoskit {

struct OrbitClassOptions {
  double time = 500.0;  ///< T: the verdict time (fixed mode), or the first check (adaptive) [s]
  /// Adaptive mode when finite: the orbit is extended from `time` by doubling (T, 2T, 4T, …, capped
  /// at max_time) until the λ_max and SALI votes agree — a regular agreement only counting once
  /// T ≥ regular_time() — or max_time is reached (then undecided unless they agree there) [s].
  double max_time = NAN;
  /// Adaptive mode: the smallest exponent the verdicts resolve [1/s]. A regular verdict waits until
  /// an orbit with λ ≥ lambda_floor would have driven SALI below sali_chaotic (regular_time()), and
  /// the λ vote calls an orbit chaotic only above it. NaN: kDefaultLambdaFloor.
  double lambda_floor = NAN;
  double renorm = 1.0;  ///< normalisation interval Δt [s]
  int blocks = 10;      ///< blocks of λ_max's error bar
  double sali_chaotic = 1e-8, sali_regular = 1e-4;
  double megno_regular = 2.5, megno_chaotic = 4.0;

  /// 0.01 1/s: a Lyapunov time of 100 s, the slow end of the weakly chaotic orbits met near the
  /// first saddle of the two-link models (Lyapunov times 20–100 s).
  static constexpr double kDefaultLambdaFloor = 0.01;
  /// The fixed mode's absolute λ threshold for a chaotic vote (classify_lyapunov).
  static constexpr double kFixedChaoticLambda = 0.01;
  /// Adaptive mode: the fastest polynomial growth |w1| ∝ t^p the λ vote accepts as regular. A torus
  /// shears deviations linearly (p → 1; measured 0.6–1.1 at T ≥ 5000 s on golf tori); 1.5 leaves room
  /// for the slow approach to that limit and still refuses the t^2–t^3 growth of sticky orbits.
  static constexpr double kMaxRegularGrowthPower = 1.5;

  bool adaptive() const { return std::isfinite(max_time); }

  /// The exponent floor in force: the given (or default) floor in adaptive mode; in fixed mode the
  /// floor that T implies, ln(√2 / sali_chaotic) / T: only orbits with λ above it are sure to have
  /// shown their chaos by T, so only they are excluded by a fixed-time regular verdict.
  double floor() const {
    if (adaptive()) return std::isfinite(lambda_floor) ? lambda_floor : kDefaultLambdaFloor;
    return alignment_efolds() / time;
  }

  /// e-folds that take SALI from its largest value √2 to sali_chaotic: SALI ∝ exp(−(λ1 − λ2) t)
  /// on a chaotic orbit, λ2 = 0 for a Hamiltonian with two degrees of freedom (Skokos 2001).
  double alignment_efolds() const { return std::log(std::sqrt(2.0) / sali_chaotic); }

  /// The earliest time a regular verdict may be issued in adaptive mode: by then an orbit with
  /// λ ≥ floor() would have taken SALI below sali_chaotic, i.e. twice the e-folds it needs to leave
  /// SALI's regular range (> sali_regular), a margin for the transient before alignment sets in.
  double regular_time() const { return alignment_efolds() / floor(); }

  void validate() const {
    if (!(time > 0.0) || !std::isfinite(time)) throw InputError("time", "must be > 0 s");
    if (!(renorm > 0.0) || renorm > time) throw InputError("renorm", "must be > 0 and not exceed the time");
    if (blocks < 2) throw InputError("blocks", "needs at least 2 blocks for an error bar");
    if (std::lround(time / renorm) < blocks) throw InputError("blocks", "needs time/renorm >= blocks");
    if (!(sali_chaotic > 0.0) || !(sali_regular > sali_chaotic) || sali_regular >= std::sqrt(2.0))
      throw InputError("sali thresholds", "need 0 < chaotic < regular < sqrt(2)");
    if (!adaptive()) {
      if (!std::isnan(max_time)) throw InputError("max_time", "must be finite");
      if (!std::isnan(lambda_floor)) throw InputError("lambda_floor", "only with max_time (adaptive classification)");
      return;
    }
    if (!(max_time >= time)) throw InputError("max_time", "must be >= time");
    if (max_time / renorm > 1e9) throw InputError("max_time", "more than 1e9 renormalisation intervals");
    if (!(floor() > 0.0) || !std::isfinite(floor())) throw InputError("lambda_floor", "must be > 0");
    if (max_time < regular_time()) {
      char msg[256];
      std::snprintf(msg, sizeof msg,
                    "must be >= %.0f s, the time an orbit with lambda >= lambda_floor = %g 1/s needs to take SALI "
                    "below %g (ln(sqrt(2)/%g)/lambda_floor); no regular verdict is possible before it",
                    std::ceil(regular_time()), floor(), sali_chaotic, sali_chaotic);
      throw InputError("max_time", msg);
    }
  }
};

struct OrbitClassification {
  double lambda_max = NAN, lambda_error = NAN, lambda_half = NAN;  ///< λ(T), its error, λ(T/2) [1/s]
  bool lambda_converged = false;
  double sali = NAN, sali_min = NAN;  ///< at T, and the smallest value met
  double megno = NAN;                 ///< ⟨Y⟩(T)
  /// p in |w1| ∝ t^p from the time-averaged log|w1| over (T/4, T/2] and (T/2, T]: about 1 on a torus
  /// (linear shear), 3λT/(8 ln 2) on a chaotic orbit. Computed in adaptive mode only (else NaN).
  double growth_power = NAN;
  OrbitClass lambda_vote = OrbitClass::undecided, sali_vote = OrbitClass::undecided, megno_vote = OrbitClass::undecided;
  OrbitClass verdict = OrbitClass::undecided;
  double time = NAN;  ///< T: when the verdict was reached (adaptive: or max_time), the time of every value above [s]
  IntegrationReport report;  ///< of the whole integration (work summed over its stages)
};

/// The verdict rule, separate so that analyses and tests state it once.
inline OrbitClass agreed_class(OrbitClass lambda_vote, OrbitClass sali_vote) {
  return lambda_vote == sali_vote ? lambda_vote : OrbitClass::undecided;
}

/// [x | w1 | w2 | (L, P, Q, 0, …)]: the model's tangent flow with two vectors, plus MEGNO's
/// quadratures along w1 (megno_quadratures.hpp's megno_quadrature_rates).
template <Model M>
struct ClassifierSystem {
  using ModelType = M;
  static constexpr int n = M::state_dim;
  using State = Mat<double, n, extent_sum(3, megno_columns<n>)>;
  /// L, P, Q's offset in the state's storage (after x, w1 and w2).
  static Eigen::Index quadratures(const State& X) { return 3 * X.rows(); }
  const M& model;
  InputSegment seg{};
  int mode = 0;  ///< a hybrid model's mode (integrate/driver.hpp keeps it)

  void set_segment(const InputSegment& s) { seg = s; }
  void operator()(const State& X, State& dX, double t) const {
    // The tangent flow of TangentSystem<M, 2>, then MEGNO's rates along w1.
    const Vec<double, n> x = X.col(0);
    const Mat<double, n, 2> W = X.template middleCols<2>(1);
    tangent_rhs<2>(model, x, seg.template u<M::input_dim>(t), t, W, dX.col(0), dX.template middleCols<2>(1), mode);
    dX.template rightCols<megno_columns<n>>(X.cols() - 3).setZero();
    megno_quadrature_rates(X.col(1), dX.col(1), X.data() + quadratures(X), t, dX.data() + quadratures(X));
  }
  static Vec<double, n> model_state(const State& X) { return X.col(0); }
  /// At an event: w1 and w2 jump by the saltation matrix, MEGNO's log-stretch as in MegnoSystem.
  template <class Record>
  void apply_event(State& X, const Record& e) const {
    X.col(0) = e.x_plus;
    X.col(2) = (e.S * X.col(2)).eval();
    megno_jump(X.col(1), X.data()[quadratures(X)], e.S);
  }
};

namespace detail {

/// λ_max, its block error bar and the T/2 check from the log-growths g[0..n) of n renormalisation
/// intervals of length dt, summed in the order they were met (the same bits as summing on the fly).
inline LyapunovResult lambda_from_growth(const std::vector<double>& g, long n, double dt, int blocks) {
  const long per_block = n / blocks;
  std::vector<double> block_sum(static_cast<std::size_t>(blocks), 0.0);
  double sum = 0.0, sum_half = NAN;
  for (long k = 1; k <= n; ++k) {
    const double gk = g[static_cast<std::size_t>(k - 1)];
    sum += gk;
    block_sum[static_cast<std::size_t>(std::min<long>(blocks - 1, (k - 1) / per_block))] += gk;
    if (k == n / 2) sum_half = sum / (static_cast<double>(k) * dt);
  }
  LyapunovResult lr;
  lr.exponents = {sum / (static_cast<double>(n) * dt)};
  lr.errors = {block_standard_error([&](long j) { return block_sum[static_cast<std::size_t>(j)]; }, blocks,
                                    static_cast<double>(per_block) * dt)};
  lr.half_time_estimate = sum_half;
  lr.converged = std::abs(lr.exponents[0] - sum_half) <= 3.0 * lr.errors[0];
  return lr;
}

/// growth_power from the log-growths g[0..n): with S_k = g_0 + … + g_(k−1) = log|w(k Δt)|, the
/// mean of S over k in (n/2, n] minus its mean over (n/4, n/2], per ln 2. Window means, not two
/// instants: log|w| of a regular orbit oscillates by several units around log t, which makes the
/// ratio λ(T)/λ(T/2) unreliable once log T is no longer large against it.
inline double growth_power(const std::vector<double>& g, long n) {
  double S = 0.0, early = 0.0, late = 0.0;
  for (long k = 1; k <= n; ++k) {
    S += g[static_cast<std::size_t>(k - 1)];
    if (k > n / 2)
      late += S;
    else if (k > n / 4)
      early += S;
  }
  return (late / static_cast<double>(n - n / 2) - early / static_cast<double>(n / 2 - n / 4)) / std::log(2.0);
}

inline void add_work(IntegrationReport& total, const IntegrationReport& stage) {
  total.status = stage.status;
  total.t = stage.t;
  total.accepted += stage.accepted;
  total.rejected += stage.rejected;
  total.rhs_calls += stage.rhs_calls;
  total.events += stage.events;
  total.stopped_by_observer = stage.stopped_by_observer;
}

}  // namespace detail

/// The adaptive mode's votes and verdict at T = res.time (see the header comment for why):
///   λ_max: chaotic if settled, > 5 error bars and λ·T ≥ ln(√2/sali_chaotic) (as many e-folds as
///          SALI needs to reach its chaotic threshold); regular if within 3 error bars of zero and
///          |w1| grows no faster than t^1.5 (growth_power; linear shear on a torus gives 1, an
///          exponent λ ≥ floor gives ≥ 10 at T ≥ regular_time());
///   SALI:  chaotic if SALI(T) < sali_chaotic; regular if it never fell below sali_regular, or —
///          once T ≥ regular_time() — never below sali_chaotic, the value a λ ≥ floor orbit would
///          have passed (some regular tori keep SALI between 1e-8 and 1e-4 for good);
///   MEGNO: as in fixed mode.
/// Chaotic where λ_max and SALI say chaotic; regular where all three say regular and T ≥
/// regular_time(): a regular verdict is the absence of evidence, so every indicator must consent,
/// MEGNO being the quickest to object (⟨Y⟩ ≈ 2 + λ(T − t0)²/2T for chaos that began at t0).
inline void adaptive_votes(OrbitClassification& res, const LyapunovResult& lr, const OrbitClassOptions& o) {
  const bool late = res.time >= o.regular_time();
  using C = OrbitClass;
  const double l = lr.exponents[0], e = lr.errors[0];
  if (lr.converged && l > 5 * e && l * res.time >= o.alignment_efolds())
    res.lambda_vote = C::chaotic;
  else if (l <= 3 * e && res.growth_power <= OrbitClassOptions::kMaxRegularGrowthPower)
    res.lambda_vote = C::regular;
  else
    res.lambda_vote = C::undecided;
  res.sali_vote = sali_vote(res.sali, res.sali_min, o.sali_chaotic, late ? o.sali_chaotic : o.sali_regular);
  res.megno_vote = megno_vote(res.megno, o.megno_regular, o.megno_chaotic);
  if (res.lambda_vote == C::chaotic && res.sali_vote == C::chaotic)
    res.verdict = C::chaotic;
  else if (late && res.lambda_vote == C::regular && res.sali_vote == C::regular && res.megno_vote == C::regular)
    res.verdict = C::regular;
  else
    res.verdict = C::undecided;
}

/// The classification of one orbit as a sampled task (tangent_flow.hpp): the scalar bookkeeping of
/// classify_orbit below, run by the scalar driver there and by a lane of the vector engine
/// (simd/lane_tasks.hpp) with the same bits. Stage j integrates from the previous stage's end to
/// T_j = time, 2 time, 4 time, … (capped at max_time); the per-interval log-growths are kept (8 bytes
/// per Δt) so that the blocks of the error bar always span [0, T].
template <Model M>
class OrbitClassTask {
 public:
  static constexpr int n = M::state_dim;
  using System = ClassifierSystem<M>;
  using State = typename System::State;

  /// o and io are validated here, before any integration.
  OrbitClassTask(const Vec<double, n>& x0, const OrbitClassOptions& o) : x0_(x0), o_(o) {
    require_two_deviation_vectors(x0.size(), "model", "orbit classification follows");
    o_.validate();
    first_ = std::lround(o_.time / o_.renorm);
    last_ = o_.adaptive() ? std::max(first_, std::lround(o_.max_time / o_.renorm)) : first_;
    target_ = first_;
    growth_.reserve(static_cast<std::size_t>(last_));
    res_.sali_min = std::sqrt(2.0);
  }

  State initial_state() const {
    const int rows = static_cast<int>(x0_.size());
    State X = State::Zero(rows, 3 + megno_columns_for(rows));
    X.col(0) = x0_;
    X.template middleCols<2>(1) = generic_orthonormal_columns(rows, 2);
    return X;
  }

  bool next_run(SampledRun& run) {
    if (complete_) return false;
    const long done = static_cast<long>(growth_.size());
    assert(target_ > done && target_ <= last_);  // a stage adds samples, up to max_time's
    run = SampledRun{static_cast<double>(done) * o_.renorm, o_.renorm, target_ - done};
    return true;
  }

  bool sample(State& Xs, double t, long) {
    growth_.push_back(std::log(Xs.col(1).norm()));
    log_stretch_ += growth_.back();
    Xs.col(1).normalize();
    Xs.col(2).normalize();
    const Vec<double, n> w1 = Xs.col(1), w2 = Xs.col(2);
    res_.sali = std::min((w1 + w2).norm(), (w1 - w2).norm());
    res_.sali_min = std::min(res_.sali_min, res_.sali);
    res_.megno = megno_sample(Xs.data() + System::quadratures(Xs), log_stretch_, t);
    return true;
  }

  /// The votes at the stage's end; the task is complete at a verdict, at max_time or on a failure.
  void run_finished(const IntegrationReport& stage, const State&) {
    detail::add_work(res_.report, stage);
    if (!stage.ok() || static_cast<long>(growth_.size()) < target_) {
      complete_ = true;
      return;
    }
    const LyapunovResult lr = detail::lambda_from_growth(growth_, target_, o_.renorm, o_.blocks);
    res_.time = static_cast<double>(target_) * o_.renorm;
    res_.lambda_max = lr.exponents[0];
    res_.lambda_error = lr.errors[0];
    res_.lambda_half = lr.half_time_estimate;
    res_.lambda_converged = lr.converged;
    if (!o_.adaptive()) {
      res_.lambda_vote = classify_lyapunov(lr, OrbitClassOptions::kFixedChaoticLambda);
      res_.sali_vote = sali_vote(res_.sali, res_.sali_min, o_.sali_chaotic, o_.sali_regular);
      res_.megno_vote = megno_vote(res_.megno, o_.megno_regular, o_.megno_chaotic);
      res_.verdict = agreed_class(res_.lambda_vote, res_.sali_vote);
      complete_ = true;
      return;
    }
    res_.growth_power = detail::growth_power(growth_, target_);
    adaptive_votes(res_, lr, o_);
    if (res_.verdict != OrbitClass::undecided || target_ == last_)
      complete_ = true;
    else
      target_ = std::min(2 * target_, last_);
  }

  const OrbitClassification& result() const { return res_; }

 private:
  Vec<double, n> x0_;
  OrbitClassOptions o_;
  long first_ = 0, last_ = 0, target_ = 0;
  bool complete_ = false;
  std::vector<double> growth_;
  double log_stretch_ = 0.0;  ///< Σ growth_: MEGNO's L at the last sample
  OrbitClassification res_;
};

/// Classifies the orbit of x0. Fixed mode: one verdict at o.time. Adaptive mode (o.max_time
/// finite): the same integration is continued in stages ending at T = time, 2 time, 4 time, …
/// (the last capped at max_time), and the votes are taken at each stage end over [0, T]; it stops
/// at the first T where both votes say chaotic, or both say regular and T ≥ o.regular_time(), and
/// otherwise reports the votes at max_time (undecided unless they agree there). Every value in the
/// result is that of the final T (res.time).
template <Model M>
OrbitClassification classify_orbit(const M& model, const Vec<double, M::state_dim>& x0, const InputSchedule& inputs,
                                   const OrbitClassOptions& o, const IntegratorOptions& io) {
  OrbitClassTask<M> task(x0, o);
  io.validate();
  typename OrbitClassTask<M>::System sys{model};
  run_sampled_task(sys, input_count(model), inputs, io, task);
  return task.result();
}

}  // namespace chaoskit
