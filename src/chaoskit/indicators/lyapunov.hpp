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
#include <cmath>
#include <limits>
#include <vector>

#include <Eigen/QR>

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
    if (!(time > 0.0) || !std::isfinite(time)) throw InputError("--time", "must be > 0 s");
    if (!(transient >= 0.0) || !std::isfinite(transient)) throw InputError("--transient", "must be >= 0 s");
    if (!(renorm > 0.0) || !std::isfinite(renorm)) throw InputError("--renorm", "must be > 0 s");
    if (renorm > time) throw InputError("--renorm", "must not exceed --time");
    if (blocks < 2) throw InputError("--blocks", "needs at least 2 blocks for an error bar");
    if (std::lround(time / renorm) < blocks)
      throw InputError("--blocks", "more blocks than renormalisation intervals; lower --blocks or --renorm");
    if (!(settle_tol >= 0.0)) throw InputError("--settle", "must be >= 0");
  }
};

struct LyapunovResult {
  std::vector<double> exponents;  ///< λ_1 ≥ … (as ordered by QR; sorted descending) [1/s]
  std::vector<double> errors;     ///< block standard errors [1/s]
  bool converged = false;
  bool stopped_early = false;
  double elapsed = 0.0;           ///< accumulation time actually used [s]
  double half_time_estimate = NAN;  ///< λ1 at elapsed/2, the convergence reference
  std::vector<double> history_t;  ///< times of the running estimate (since the transient ended) [s]
  std::vector<std::vector<double>> history;  ///< running estimates, one vector per time
  double energy_drift = NAN;      ///< |E(end) − E(0)| / max(|E(0)|, scale); NaN for models without energy
  IntegrationReport report;
};

namespace detail {
/// A fixed, generic unit vector (golden-ratio fractional parts), so λ_max is reproducible without
/// a random seed and avoids the special subspaces an axis vector can sit in.
template <int n>
Vec<double, n> generic_unit_vector() {
  Vec<double, n> v;
  for (int i = 0; i < n; ++i) v(i) = std::fmod(0.6180339887498949 * (i + 1), 1.0) - 0.5;
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


/// Lyapunov exponents of `model` from x0 under `inputs` (K = state_dim for the spectrum, 1 for λ_max).
template <int K, Model M>
LyapunovResult lyapunov_exponents(const M& model, const Vec<double, M::state_dim>& x0, const InputSchedule& inputs,
                                  const LyapunovOptions& lo, const IntegratorOptions& io) {
  constexpr int n = M::state_dim;
  static_assert(K >= 1 && K <= n);
  lo.validate();
  io.validate();
  using State = typename TangentSystem<M, K>::State;
  State X;
  X.col(0) = x0;
  if constexpr (K == n)
    X.template rightCols<K>().setIdentity();
  else if constexpr (K == 1)
    X.col(1) = detail::generic_unit_vector<n>();
  else
    X.template rightCols<K>() = Mat<double, n, n>::Identity().template leftCols<K>();

  LyapunovResult res;
  // Re-orthonormalises W and returns log R_ii (the growth over the last interval).
  auto orthonormalise = [](State& Xs) {
    Mat<double, n, K> W = Xs.template rightCols<K>();
    Vec<double, K> logs;
    if constexpr (K == 1) {
      const double norm = W.norm();
      logs(0) = std::log(norm);
      Xs.col(1) = W / norm;
    } else {
      Eigen::HouseholderQR<Mat<double, n, K>> qr(W);
      const Mat<double, n, K> R = qr.matrixQR();
      Mat<double, n, K> Q = qr.householderQ() * Mat<double, n, K>::Identity();
      for (int i = 0; i < K; ++i) {
        logs(i) = std::log(std::abs(R(i, i)));
        if (R(i, i) < 0) Q.col(i) = -Q.col(i);
      }
      Xs.template rightCols<K>() = Q;
    }
    return logs;
  };

  // Transient: align the vectors, sum nothing.
  const long n_transient = lo.transient > 0 ? static_cast<long>(std::ceil(lo.transient / lo.renorm - 1e-9)) : 0;
  double t_start = 0.0;
  if (n_transient > 0) {
    res.report = integrate_tangent<M, K>(model, X, inputs, 0.0, lo.renorm, n_transient, io, [&](State& Xs, double, long) {
      orthonormalise(Xs);
      return true;
    });
    t_start = static_cast<double>(n_transient) * lo.renorm;
    if (!res.report.ok()) {
      res.exponents.assign(K, NAN);
      res.errors.assign(K, NAN);
      return res;
    }
  }

  const long n_samples = std::lround(lo.time / lo.renorm);
  const long per_block = n_samples / lo.blocks;
  std::vector<Vec<double, K>> block_sums(lo.blocks, Vec<double, K>::Zero());
  std::vector<double> running1;  // λ1 after each interval, for the convergence test
  running1.reserve(static_cast<std::size_t>(n_samples));
  Vec<double, K> sums = Vec<double, K>::Zero();
  const long decimate = std::max<long>(1, n_samples / std::max(1, lo.history_points));
  long done = 0;
  // Standard error of exponent i over the first `full_blocks` completed blocks (NaN below 2).
  auto block_error = [&](int i, long full_blocks) {
    return detail::block_standard_error([&](long j) { return block_sums[j](i); }, full_blocks, per_block * lo.renorm);
  };
  auto settled = [&](long k) {
    if (k < 4) return false;
    const double now = running1[k - 1], half = running1[k / 2 - 1];
    const long full_blocks = std::min<long>(lo.blocks, k / std::max<long>(1, per_block));
    if (full_blocks < 2) return false;
    const double err = block_error(0, full_blocks);
    return std::abs(now - half) <= std::max(3 * err, lo.settle_tol) && err <= lo.settle_tol;
  };

  const IntegrationReport rep =
      integrate_tangent<M, K>(model, X, inputs, t_start, lo.renorm, n_samples, io, [&](State& Xs, double t, long k) {
        const Vec<double, K> logs = orthonormalise(Xs);
        sums += logs;
        const long b = std::min<long>(lo.blocks - 1, (k - 1) / std::max<long>(1, per_block));
        block_sums[b] += logs;
        const double elapsed = t - t_start;
        running1.push_back(sums(0) / elapsed);
        if (k % decimate == 0 || k == n_samples) {
          res.history_t.push_back(elapsed);
          std::vector<double> row(K);
          for (int i = 0; i < K; ++i) row[i] = sums(i) / elapsed;
          res.history.push_back(std::move(row));
        }
        done = k;
        if (lo.settle_tol > 0 && per_block > 0 && k % per_block == 0 && settled(k)) {
          res.stopped_early = k < n_samples;
          return false;
        }
        return true;
      });
  res.report.status = rep.status;
  res.report.t = rep.t;
  res.report.accepted += rep.accepted;
  res.report.rejected += rep.rejected;
  res.report.rhs_calls += rep.rhs_calls;

  res.elapsed = static_cast<double>(done) * lo.renorm;
  res.exponents.assign(K, NAN);
  res.errors.assign(K, NAN);
  if (done == 0 || !rep.ok()) return res;
  for (int i = 0; i < K; ++i) res.exponents[i] = sums(i) / res.elapsed;
  // Error bars from the completed blocks (the last one may be partial after an early stop).
  const long full_blocks = per_block > 0 ? std::min<long>(lo.blocks, done / per_block) : 0;
  for (int i = 0; i < K; ++i) res.errors[i] = block_error(i, full_blocks);
  res.half_time_estimate = running1[std::max<long>(1, done / 2) - 1];
  const double tol = std::max(3.0 * res.errors[0], lo.settle_tol);
  res.converged = std::abs(res.exponents[0] - res.half_time_estimate) <= tol;

  const double E0 = state_energy(model, x0);
  if (std::isfinite(E0)) {
    const double E1 = state_energy(model, Vec<double, n>(X.col(0)));
    // Relative to |E0|; absolute when E0 is zero (an energy origin, not a scale).
    res.energy_drift = std::abs(E1 - E0) / (std::abs(E0) > 1e-9 ? std::abs(E0) : 1.0);
  }
  // The QR ordering is descending for generic orbits; sort with errors so the output always is.
  std::vector<int> idx(K);
  for (int i = 0; i < K; ++i) idx[i] = i;
  std::sort(idx.begin(), idx.end(), [&](int a, int b) { return res.exponents[a] > res.exponents[b]; });
  std::vector<double> e2(K), s2(K);
  for (int i = 0; i < K; ++i) e2[i] = res.exponents[idx[i]], s2[i] = res.errors[idx[i]];
  res.exponents = e2;
  res.errors = s2;
  return res;
}

}  // namespace chaoskit
