#pragma once
// Lyapunov exponents by the standard method (Benettin et al. 1980; Shimada & Nagashima 1979;
// "H2" in Geist, Parlitz & Lauterborn 1990): K deviation vectors evolve with the tangent flow and
// are re-orthonormalised by Householder QR every Δt; λ_i = Σ log R_ii / elapsed time. K = n gives
// the spectrum, K = 1 the largest exponent alone (one tangent vector, renormalised by its norm).
//
// An estimate comes with the diagnostics a chaos claim needs:
//   - the running estimate λ(t) at every renormalisation (decimated in `history`);
//   - an error bar: the accumulation window is cut into B blocks of equal length, each block
//     gives its own exponent, and the error is their standard deviation / √B;
//   - `converged`: λ(T) and λ(T/2) agree within max(3·error, settle_tol). A regular orbit's
//     estimate decays like log(t)/t and halves from T/2 to T, so it is flagged as not settled;
//   - optional early stop once that criterion holds for λ1 (settle_tol > 0), checked per block.
// During the transient the vectors are re-orthonormalised too (to align them), nothing is summed.
#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <vector>

#include "chaoskit/core/householder_qr.hpp"
#include "chaoskit/indicators/tangent_flow.hpp"
#include "chaoskit/integrate/trajectory.hpp"

namespace chaoskit {

struct LyapunovOptions {
  double time = 100.0;       ///< accumulation time after the transient [s]
  double transient = 0.0;    ///< discarded initial time [s]
  double renorm = 1.0;       ///< re-orthonormalisation interval Δt [s]
  int blocks = 10;           ///< blocks for the error bar (≥ 2)
  double settle_tol = 0.0;   ///< > 0: stop early once λ1 has settled to this absolute tolerance [1/s]
  int history_points = 400;  ///< at most this many running-estimate samples are kept

  void validate() const {
    if (!(time > 0.0) || !std::isfinite(time)) throw InputError("time", "must be > 0 s");
    if (!(transient >= 0.0) || !std::isfinite(transient)) throw InputError("transient", "must be >= 0 s");
    if (!(renorm > 0.0) || !std::isfinite(renorm)) throw InputError("renorm", "must be > 0 s");
    if (renorm > time) throw InputError("renorm", "must not exceed the time");
    if (blocks < 2) throw InputError("blocks", "needs at least 2 blocks for an error bar");
    if (std::lround(time / renorm) < blocks)
      throw InputError(
          "blocks",
          "more blocks than renormalisation intervals; use fewer blocks or a shorter renormalisation interval");
    if (!(settle_tol >= 0.0)) throw InputError("settle_tol", "must be >= 0");
  }
};

struct LyapunovResult {
  std::vector<double> exponents;  ///< λ_1 ≥ … (as ordered by QR; sorted descending) [1/s]
  std::vector<double> errors;     ///< block standard errors [1/s]
  bool converged = false;
  bool stopped_early = false;
  double elapsed = 0.0;                      ///< accumulation time actually used [s]
  double half_time_estimate = NAN;           ///< λ1 at elapsed/2, the convergence reference
  std::vector<double> history_t;             ///< times of the running estimate (since the transient ended) [s]
  std::vector<std::vector<double>> history;  ///< running estimates, one vector per time
  double energy_drift = NAN;                 ///< |E(end) − E(0)| / max(|E(0)|, scale); NaN for models without energy
  IntegrationReport report;
};

namespace detail {
/// A fixed, generic unit vector (golden-ratio fractional parts), so λ_max is reproducible without
/// a random seed and avoids the special subspaces an axis vector can sit in.
template <int n>
Vec<double, n> generic_unit_vector(int size = n) {
  auto v = sized<Vec<double, n>>(size);
  for (int i = 0; i < size; ++i) v(i) = std::fmod(0.6180339887498949 * (i + 1), 1.0) - 0.5;
  return v.normalized();
}
/// Standard error of the mean of per-block exponents: block j's log-growth sum_of_block(j) over
/// block_time, for j < blocks (NaN below 2 blocks). Shared with orbit_classification.hpp.
template <class SumOfBlock>
double block_standard_error(SumOfBlock&& sum_of_block, long blocks, double block_time) {
  if (blocks < 2) return std::numeric_limits<double>::quiet_NaN();
  double mean = 0, var = 0;
  for (long j = 0; j < blocks; ++j) mean += sum_of_block(j) / block_time / blocks;
  for (long j = 0; j < blocks; ++j) {
    const double d = sum_of_block(j) / block_time - mean;
    var += d * d / (blocks - 1);
  }
  return std::sqrt(var / blocks);
}
}  // namespace detail

/// Lyapunov exponents as a sampled task (tangent_flow.hpp): a transient run that only aligns the
/// vectors, then the accumulation with its blocks, running estimate and optional early stop. Run by
/// the scalar driver (lyapunov_exponents below) and, for λ_max, by a lane of the vector engine
/// (simd/lane_tasks.hpp), with the same bits. `model` is used only for the energy drift at the end.
template <int K, Model M>
class LyapunovTask {
 public:
  static constexpr int n = M::state_dim;
  // K = n for the spectrum (Dynamic with n), else a fixed count within n.
  static_assert(is_fixed_extent(K) ? K >= 1 && (!is_fixed_extent(n) || K <= n) : !is_fixed_extent(n));
  using System = TangentSystem<M, K>;
  using State = typename System::State;

  /// lo and io are validated here, before any integration.
  LyapunovTask(const M& model, const Vec<double, n>& x0, const LyapunovOptions& lo, const IntegratorOptions& io)
      : model_(model),
        x0_(x0),
        lo_(lo),
        n_(state_count(model)),
        k_(is_fixed_extent(K) ? K : n_),
        sums_(Vec<double, K>::Zero(k_)) {
    lo_.validate();
    io.validate();
    n_transient_ = lo_.transient > 0 ? static_cast<long>(std::ceil(lo_.transient / lo_.renorm - 1e-9)) : 0;
    n_samples_ = std::lround(lo_.time / lo_.renorm);
    per_block_ = n_samples_ / lo_.blocks;
    block_sums_.assign(static_cast<std::size_t>(lo_.blocks), Vec<double, K>::Zero(k_));
    running1_.reserve(static_cast<std::size_t>(n_samples_));
    decimate_ = std::max<long>(1, n_samples_ / std::max(1, lo_.history_points));
    phase_ = n_transient_ > 0 ? Phase::transient : Phase::accumulate;
    assert(per_block_ >= 1);  // validate(): at least as many intervals as blocks
  }

  State initial_state() const {
    auto X = sized<State>(n_, 1 + k_);
    X.col(0) = x0_;
    if constexpr (K == n)
      X.template rightCols<K>(k_).setIdentity();
    else if constexpr (K == 1)
      X.col(1) = detail::generic_unit_vector<n>(n_);
    else
      X.template rightCols<K>(k_) = Mat<double, n, n>::Identity(n_, n_).template leftCols<K>(k_);
    return X;
  }

  bool next_run(SampledRun& run) {
    switch (phase_) {
      case Phase::transient: run = SampledRun{0.0, lo_.renorm, n_transient_}; return true;
      case Phase::accumulate: run = SampledRun{t_start_, lo_.renorm, n_samples_}; return true;
      default: return false;
    }
  }

  bool sample(State& Xs, double t, long k) {
    assert(k >= 1 && k <= (phase_ == Phase::transient ? n_transient_ : n_samples_));
    const Vec<double, K> logs = orthonormalise(Xs);
    if (phase_ == Phase::transient) return true;  // align the vectors, sum nothing
    sums_ += logs;
    const long b = std::min<long>(lo_.blocks - 1, (k - 1) / std::max<long>(1, per_block_));
    assert(b >= 0 && b < lo_.blocks);
    block_sums_[static_cast<std::size_t>(b)] += logs;
    const double elapsed = t - t_start_;
    running1_.push_back(sums_(0) / elapsed);
    if (k % decimate_ == 0 || k == n_samples_) {
      res_.history_t.push_back(elapsed);
      std::vector<double> row(static_cast<std::size_t>(k_));
      for (int i = 0; i < k_; ++i) row[i] = sums_(i) / elapsed;
      res_.history.push_back(std::move(row));
    }
    done_ = k;
    if (lo_.settle_tol > 0 && per_block_ > 0 && k % per_block_ == 0 && settled(k)) {
      res_.stopped_early = k < n_samples_;
      return false;
    }
    return true;
  }

  void run_finished(const IntegrationReport& rep, const State& X) {
    if (phase_ == Phase::transient) {
      res_.report = rep;
      t_start_ = static_cast<double>(n_transient_) * lo_.renorm;
      if (!rep.ok()) {
        res_.exponents.assign(k_, NAN);
        res_.errors.assign(k_, NAN);
        phase_ = Phase::complete;
      } else {
        phase_ = Phase::accumulate;
      }
      return;
    }
    phase_ = Phase::complete;
    finish(rep, X);
  }

  const LyapunovResult& result() const { return res_; }

 private:
  enum class Phase { transient, accumulate, complete };

  // Re-orthonormalises W and returns log R_ii (the growth over the last interval).
  static Vec<double, K> orthonormalise(State& Xs) {
    const int k = static_cast<int>(Xs.cols() - 1);
    Mat<double, n, K> W = Xs.template rightCols<K>(k);
    auto logs = sized<Vec<double, K>>(k);
    if constexpr (K == 1) {
      const double norm = W.norm();
      logs(0) = std::log(norm);
      Xs.col(1) = W / norm;
    } else {
      const Vec<double, K> r = householder_thin_q(W);  // W becomes Q
      for (int i = 0; i < k; ++i) {
        logs(i) = std::log(std::abs(r(i)));
        if (r(i) < 0) W.col(i) = -W.col(i);
      }
      Xs.template rightCols<K>(k) = W;
    }
    return logs;
  }

  // Standard error of exponent i over the first `full_blocks` completed blocks (NaN below 2).
  double block_error(int i, long full_blocks) const {
    return detail::block_standard_error([&](long j) { return block_sums_[static_cast<std::size_t>(j)](i); },
                                        full_blocks, per_block_ * lo_.renorm);
  }

  bool settled(long k) const {
    if (k < 4) return false;
    const double now = running1_[k - 1], half = running1_[k / 2 - 1];
    const long full_blocks = std::min<long>(lo_.blocks, k / std::max<long>(1, per_block_));
    if (full_blocks < 2) return false;
    const double err = block_error(0, full_blocks);
    return std::abs(now - half) <= std::max(3 * err, lo_.settle_tol) && err <= lo_.settle_tol;
  }

  void finish(const IntegrationReport& rep, const State& X) {
    res_.report.status = rep.status;
    res_.report.t = rep.t;
    res_.report.accepted += rep.accepted;
    res_.report.rejected += rep.rejected;
    res_.report.rhs_calls += rep.rhs_calls;
    res_.report.events += rep.events;

    res_.elapsed = static_cast<double>(done_) * lo_.renorm;
    res_.exponents.assign(k_, NAN);
    res_.errors.assign(k_, NAN);
    if (done_ == 0 || !rep.ok()) return;
    for (int i = 0; i < k_; ++i) res_.exponents[i] = sums_(i) / res_.elapsed;
    // Error bars from the completed blocks (the last one may be partial after an early stop).
    const long full_blocks = per_block_ > 0 ? std::min<long>(lo_.blocks, done_ / per_block_) : 0;
    for (int i = 0; i < k_; ++i) res_.errors[i] = block_error(i, full_blocks);
    res_.half_time_estimate = running1_[std::max<long>(1, done_ / 2) - 1];
    const double tol = std::max(3.0 * res_.errors[0], lo_.settle_tol);
    res_.converged = std::abs(res_.exponents[0] - res_.half_time_estimate) <= tol;

    const double E0 = state_energy(model_, x0_);
    if (std::isfinite(E0)) {
      const double E1 = state_energy(model_, Vec<double, n>(X.col(0)));
      // Relative to |E0|; absolute when E0 is zero (an energy origin, not a scale).
      res_.energy_drift = std::abs(E1 - E0) / (std::abs(E0) > 1e-9 ? std::abs(E0) : 1.0);
    }
    // The QR ordering is descending for generic orbits; sort with errors so the output always is.
    std::vector<int> idx(static_cast<std::size_t>(k_));
    for (int i = 0; i < k_; ++i) idx[i] = i;
    std::sort(idx.begin(), idx.end(), [&](int a, int b) { return res_.exponents[a] > res_.exponents[b]; });
    std::vector<double> e2(static_cast<std::size_t>(k_)), s2(static_cast<std::size_t>(k_));
    for (int i = 0; i < k_; ++i) e2[i] = res_.exponents[idx[i]], s2[i] = res_.errors[idx[i]];
    res_.exponents = e2;
    res_.errors = s2;
  }

  const M& model_;
  Vec<double, n> x0_;
  LyapunovOptions lo_;
  int n_, k_;  ///< the state's size and the directions (n and K, at run time)
  long n_transient_ = 0, n_samples_ = 0, per_block_ = 0, decimate_ = 1, done_ = 0;
  double t_start_ = 0.0;
  Phase phase_ = Phase::accumulate;
  std::vector<Vec<double, K>> block_sums_;
  std::vector<double> running1_;  // λ1 after each interval, for the convergence test
  Vec<double, K> sums_;
  LyapunovResult res_;
};

/// Lyapunov exponents of `model` from x0 under `inputs` (K = state_dim for the spectrum, 1 for λ_max).
template <int K, Model M>
LyapunovResult lyapunov_exponents(const M& model, const Vec<double, M::state_dim>& x0, const InputSchedule& inputs,
                                  const LyapunovOptions& lo, const IntegratorOptions& io) {
  LyapunovTask<K, M> task(model, x0, lo, io);
  typename LyapunovTask<K, M>::System sys{model};
  run_sampled_task(sys, input_count(model), inputs, io, task);
  return task.result();
}

}  // namespace chaoskit
