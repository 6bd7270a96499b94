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
//   MEGNO   ⟨Y⟩ from w1 by exact quadrature (Cincotta & Simó 2000): regular < 2.5, chaotic > 4.
// The verdict is chaotic (regular) only when λ_max and SALI, which measure different things (a
// growth rate and the alignment of two vectors), both say so; otherwise undecided. MEGNO shares w1
// with λ_max, so it is reported as a third vote and an agreement statistic, not a decider.
#include <array>
#include <cmath>
#include <vector>

#include "chaoskit/indicators/fast_indicators.hpp"
#include "chaoskit/indicators/lyapunov.hpp"
#include "chaoskit/indicators/tangent_flow.hpp"

namespace chaoskit {

struct OrbitClassOptions {
  double time = 500.0;   ///< integration time T [s]
  double renorm = 1.0;   ///< normalisation interval Δt [s]
  int blocks = 10;       ///< blocks of λ_max's error bar
  double sali_chaotic = 1e-8, sali_regular = 1e-4;
  double megno_regular = 2.5, megno_chaotic = 4.0;

  void validate() const {
    if (!(time > 0.0) || !std::isfinite(time)) throw InputError("time", "must be > 0 s");
    if (!(renorm > 0.0) || renorm > time) throw InputError("renorm", "must be > 0 and not exceed the time");
    if (blocks < 2) throw InputError("blocks", "needs at least 2 blocks for an error bar");
    if (std::lround(time / renorm) < blocks) throw InputError("blocks", "needs time/renorm >= blocks");
  }
};

struct OrbitClassification {
  double lambda_max = NAN, lambda_error = NAN, lambda_half = NAN;  ///< λ(T), its error, λ(T/2) [1/s]
  bool lambda_converged = false;
  double sali = NAN, sali_min = NAN;  ///< at T, and the smallest value met
  double megno = NAN;                 ///< ⟨Y⟩(T)
  OrbitClass lambda_vote = OrbitClass::undecided, sali_vote = OrbitClass::undecided,
             megno_vote = OrbitClass::undecided;
  OrbitClass verdict = OrbitClass::undecided;
  IntegrationReport report;
};

/// The verdict rule, separate so that analyses and tests state it once.
inline OrbitClass agreed_class(OrbitClass lambda_vote, OrbitClass sali_vote) {
  return lambda_vote == sali_vote ? lambda_vote : OrbitClass::undecided;
}

/// [x | w1 | w2 | (a, b, 0…)]: the model's tangent flow with two vectors, plus MEGNO's
/// ȧ = t·h and ḃ = 2a/t with h = w1·(A w1)/|w1|², the stretching rate along w1.
template <Model M>
struct ClassifierSystem {
  static constexpr int n = M::state_dim;
  static_assert(n >= 2, "the MEGNO quadratures use two rows of the last column");
  using Tangent = TangentSystem<M, 2>;
  using State = Mat<double, n, 4>;
  Tangent tangent;

  void set_segment(const InputSegment& s) { tangent.set_segment(s); }
  void operator()(const State& X, State& dX, double t) const {
    const typename Tangent::State Xt = X.template leftCols<3>();
    typename Tangent::State dXt;
    tangent(Xt, dXt, t);
    dX.template leftCols<3>() = dXt;
    dX.col(3).setZero();
    megno_quadrature_rates(X.col(1), dXt.col(1), X(0, 3), t, dX.col(3));
  }
};

template <Model M>
OrbitClassification classify_orbit(const M& model, const Vec<double, M::state_dim>& x0, const InputSchedule& inputs,
                                   const OrbitClassOptions& o, const IntegratorOptions& io) {
  constexpr int n = M::state_dim;
  o.validate();
  io.validate();
  ClassifierSystem<M> sys{typename ClassifierSystem<M>::Tangent{model}};
  typename ClassifierSystem<M>::State X = ClassifierSystem<M>::State::Zero();
  X.col(0) = x0;
  X.template middleCols<2>(1) = detail::generic_orthonormal<n, 2>();

  OrbitClassification res;
  const long n_samples = std::lround(o.time / o.renorm);
  const long per_block = n_samples / o.blocks;
  std::vector<double> block_sum(static_cast<std::size_t>(o.blocks), 0.0);
  double log_sum = 0.0, log_sum_half = NAN;
  res.sali_min = std::sqrt(2.0);
  long done = 0;
  res.report = integrate_sampled(sys, X, M::input_dim, inputs, 0.0, o.renorm, n_samples, io,
                                 [&](typename ClassifierSystem<M>::State& Xs, double t, long k) {
                                   const double g = std::log(Xs.col(1).norm());
                                   Xs.col(1).normalize();
                                   Xs.col(2).normalize();
                                   log_sum += g;
                                   block_sum[static_cast<std::size_t>(std::min<long>(o.blocks - 1, (k - 1) / per_block))] += g;
                                   if (k == n_samples / 2) log_sum_half = log_sum / t;
                                   const Vec<double, n> w1 = Xs.col(1), w2 = Xs.col(2);
                                   res.sali = std::min((w1 + w2).norm(), (w1 - w2).norm());
                                   res.sali_min = std::min(res.sali_min, res.sali);
                                   res.megno = Xs(1, 3) / t;
                                   done = k;
                                   return true;
                                 });
  if (!res.report.ok() || done < n_samples) return res;

  // λ_max with the same error bar and convergence rule as lyapunov_exponents.
  const double T = static_cast<double>(n_samples) * o.renorm;
  LyapunovResult lr;
  lr.exponents = {log_sum / T};
  lr.errors = {detail::block_standard_error([&](long j) { return block_sum[static_cast<std::size_t>(j)]; }, o.blocks,
                                            static_cast<double>(per_block) * o.renorm)};
  lr.half_time_estimate = log_sum_half;
  lr.converged = std::abs(lr.exponents[0] - log_sum_half) <= 3.0 * lr.errors[0];
  res.lambda_max = lr.exponents[0];
  res.lambda_error = lr.errors[0];
  res.lambda_half = log_sum_half;
  res.lambda_converged = lr.converged;

  res.lambda_vote = classify_lyapunov(lr);
  res.sali_vote = sali_vote(res.sali, res.sali_min, o.sali_chaotic, o.sali_regular);
  res.megno_vote = megno_vote(res.megno, o.megno_regular, o.megno_chaotic);
  res.verdict = agreed_class(res.lambda_vote, res.sali_vote);
  return res;
}

}  // namespace chaoskit
