#pragma once
// Fast chaos indicators for Hamiltonian flows, computed on the same tangent flow as the Lyapunov
// exponents. Each classifies an orbit long before λ_max has converged.
//
// SALI (Skokos 2001): two deviation vectors, normalised every Δt (not orthogonalised);
//   SALI = min(‖ŵ1 + ŵ2‖, ‖ŵ1 − ŵ2‖). Chaotic: both align with the most unstable direction and
//   SALI → 0 exponentially, ∝ exp(−(λ1 − λ2) t). Regular: SALI fluctuates around a positive value.
//   Thresholds (Skokos et al. 2004, J. Phys. A 37:6269): chaotic once SALI < 1e-8, regular if it
//   stays > 1e-4 until T; in between undecided (sticky orbits, or T too short).
// GALI_k (Skokos, Bountis & Antonopoulos 2007, Physica D 231:30): k normalised vectors,
//   GALI_k = ∏ σ_i of [ŵ1 … ŵk] (the volume they span). Chaotic: → 0 exponentially; regular with
//   2 degrees of freedom: GALI_2 stays positive, GALI_3,4 decay by power laws. chaoskit reports
//   GALI_2 … GALI_k and classifies with GALI_2 and the SALI thresholds (GALI_2 ∝ SALI).
// MEGNO (Cincotta & Simó 2000, A&AS 147:205): with h = ŵ·(A ŵ) the instantaneous stretching rate,
//   Y(t) = (2/t) ∫₀ᵗ s h(s) ds and ⟨Y⟩(t) = (1/t) ∫₀ᵗ Y(s) ds. Quasi-periodic: ⟨Y⟩ → 2; stable
//   periodic: → 0; chaotic: ⟨Y⟩ ≈ λ1 t/2 grows without bound. Thresholds: regular if ⟨Y⟩ < 2.5 at T,
//   chaotic if ⟨Y⟩ > 4 (λ1 T ≳ 8); undecided in between.
//   Integrated by parts: megno_quadratures.hpp says how, and why (rkf78 cannot see a quadrature).
#include <cassert>
#include <cmath>
#include <string>
#include <vector>

#include "chaoskit/indicators/gali.hpp"
#include "chaoskit/indicators/generic_deviation_vectors.hpp"
#include "chaoskit/indicators/lyapunov.hpp"
#include "chaoskit/indicators/megno_quadratures.hpp"
#include "chaoskit/indicators/tangent_flow.hpp"

namespace chaoskit {

// The numeric values are stored in results files (orbit_class, orbit_votes): do not reorder.
enum class OrbitClass { regular = 0, chaotic = 1, undecided = 2 };

inline std::string orbit_class_name(OrbitClass c) {
  return c == OrbitClass::regular ? "regular" : c == OrbitClass::chaotic ? "chaotic" : "undecided";
}

struct FastIndicatorOptions {
  double time = 1000.0;  ///< integration time [s]
  double renorm = 1.0;   ///< normalisation / sampling interval Δt [s]
  double sali_chaotic = 1e-8, sali_regular = 1e-4;
  double megno_regular = 2.5, megno_chaotic = 4.0;
  int history_points = 400;

  void validate() const {
    if (!(time > 0.0) || !std::isfinite(time)) throw InputError("time", "must be > 0 s");
    if (!(renorm > 0.0) || renorm > time) throw InputError("renorm", "must be > 0 and not exceed the time");
  }
};

/// SALI's rule: chaotic once the final value is below `chaotic`, regular if it never fell below
/// `regular` (`smallest` is the minimum met), undecided in between.
inline OrbitClass sali_vote(double final_value, double smallest, double chaotic, double regular) {
  return final_value < chaotic ? OrbitClass::chaotic : smallest > regular ? OrbitClass::regular : OrbitClass::undecided;
}

/// SALI, GALI and the orbit classification follow two deviation vectors, which a state of one
/// component cannot hold (a model file may have one). The one check and message of the indicators,
/// the sweep reader and the CLI: InputError(field, "<what> two deviation vectors, which needs a
/// model of at least two states (this one has N)"), `what` the subject with its verb.
inline void require_two_deviation_vectors(Eigen::Index states, const std::string& field, const std::string& what) {
  if (states < 2)
    throw InputError(field, what + " two deviation vectors, which needs a model of at least two states (this one has " +
                                std::to_string(states) + ")");
}

/// MEGNO's rule: ⟨Y⟩ below `regular` is regular, above `chaotic` chaotic, undecided in between.
inline OrbitClass megno_vote(double megno, double regular, double chaotic) {
  return megno < regular ? OrbitClass::regular : megno > chaotic ? OrbitClass::chaotic : OrbitClass::undecided;
}

struct AlignmentResult {
  double sali = NAN;  ///< at the end (or when it fell below 1e-14)
  double sali_min = NAN;
  double time_below_chaotic = NAN;  ///< first time SALI < sali_chaotic [s], NaN if never
  std::vector<double> gali;         ///< GALI_2 … GALI_k at the end
  OrbitClass sali_class = OrbitClass::undecided;
  OrbitClass gali_class = OrbitClass::undecided;
  std::vector<double> history_t, history_sali;
  IntegrationReport report;
};

struct MegnoResult {
  double megno = NAN;            ///< ⟨Y⟩(T)
  double lambda_estimate = NAN;  ///< 2⟨Y⟩/T, a crude λ1 (Cincotta & Simó's slope would be better)
  OrbitClass megno_class = OrbitClass::undecided;
  std::vector<double> history_t, history_megno;
  IntegrationReport report;
};

/// SALI and GALI_2..K from K ≥ 2 deviation vectors, as a sampled task (tangent_flow.hpp): run by
/// alignment_indices below on the scalar driver and by a lane of the vector engine (simd/).
template <int K, Model M>
class AlignmentTask {
 public:
  static constexpr int n = M::state_dim;
  // K = n for GALI_n (Dynamic with n), else a fixed count within n.
  static_assert(is_fixed_extent(K) ? K >= 2 && (!is_fixed_extent(n) || K <= n) : !is_fixed_extent(n));
  using System = TangentSystem<M, K>;
  using State = typename System::State;

  AlignmentTask(const Vec<double, n>& x0, const FastIndicatorOptions& fo)
      : x0_(x0), fo_(fo), k_(is_fixed_extent(K) ? K : static_cast<int>(x0.size())) {
    require_two_deviation_vectors(x0.size(), "model", "SALI and GALI follow");
    assert(k_ <= x0.size());  // K is 2 or the state's size (the instances)
    fo_.validate();
    res_.sali_min = std::sqrt(2.0);  // the largest value SALI can take
    n_samples_ = std::lround(fo_.time / fo_.renorm);
    decimate_ = std::max<long>(1, n_samples_ / std::max(1, fo_.history_points));
  }

  State initial_state() const {
    const int rows = static_cast<int>(x0_.size());
    auto X = sized<State>(rows, 1 + k_);
    X.col(0) = x0_;
    X.template rightCols<K>(k_) = generic_orthonormal_columns(rows, k_);
    return X;
  }

  bool next_run(SampledRun& run) {
    if (done_) return false;
    run = SampledRun{0.0, fo_.renorm, n_samples_};
    return true;
  }

  bool sample(State& Xs, double t, long k) {
    for (int j = 1; j <= k_; ++j) Xs.col(j).normalize();
    const Vec<double, n> w1 = Xs.col(1), w2 = Xs.col(2);
    const double sali = std::min((w1 + w2).norm(), (w1 - w2).norm());
    res_.sali = sali;
    res_.sali_min = std::min(res_.sali_min, sali);
    if (sali < fo_.sali_chaotic && std::isnan(res_.time_below_chaotic)) res_.time_below_chaotic = t;
    if (k % decimate_ == 0 || k == n_samples_) {
      res_.history_t.push_back(t);
      res_.history_sali.push_back(sali);
    }
    // Once fully aligned (below 1e-14) nothing more can be learned: rounding dominates.
    return sali > 1e-14;
  }

  void run_finished(const IntegrationReport& rep, const State& X) {
    done_ = true;
    res_.report = rep;
    const Mat<double, n, K> W = X.template rightCols<K>(k_).colwise().normalized();
    res_.gali = gali_products(Eigen::MatrixXd(W));
    if (!res_.report.ok()) return;
    res_.sali_class = sali_vote(res_.sali, res_.sali_min, fo_.sali_chaotic, fo_.sali_regular);
    const double g2 = res_.gali.front();
    res_.gali_class = sali_vote(g2, g2, fo_.sali_chaotic, fo_.sali_regular);  // GALI_2 ∝ SALI: the same thresholds
  }

  const AlignmentResult& result() const { return res_; }

 private:
  Vec<double, n> x0_;
  FastIndicatorOptions fo_;
  int k_;  ///< the deviation vectors (K at run time)
  long n_samples_ = 0, decimate_ = 1;
  bool done_ = false;
  AlignmentResult res_;
};

template <int K, Model M>
AlignmentResult alignment_indices(const M& model, const Vec<double, M::state_dim>& x0, const InputSchedule& inputs,
                                  const FastIndicatorOptions& fo, const IntegratorOptions& io) {
  AlignmentTask<K, M> task(x0, fo);
  typename AlignmentTask<K, M>::System sys{model};
  run_sampled_task(sys, input_count(model), inputs, io, task);
  return task.result();
}

/// The MEGNO system: [x | w | (L, P, Q, 0, …)] (megno_quadrature_rates).
template <Model M>
struct MegnoSystem {
  using ModelType = M;
  static constexpr int n = M::state_dim;
  using State = Mat<double, n, extent_sum(2, megno_columns<n>)>;
  /// L, P, Q's offset in the state's storage (after x and w).
  static Eigen::Index quadratures(const State& X) { return 2 * X.rows(); }
  const M& model;
  InputSegment seg{};
  int mode = 0;  ///< a hybrid model's mode (integrate/driver.hpp keeps it)
  void set_segment(const InputSegment& s) { seg = s; }
  void operator()(const State& X, State& dX, double t) const {
    const Vec<double, n> x = X.col(0), w = X.col(1);
    auto f = sized<Vec<double, n>>(X.rows()), Aw = sized<Vec<double, n>>(X.rows());
    tangent_rhs<1>(model, x, seg.template u<M::input_dim>(t), t, w, f, Aw, mode);  // A w without forming A
    dX.setZero();
    dX.col(0) = f;
    dX.col(1) = Aw;
    megno_quadrature_rates(w, Aw, X.data() + quadratures(X), t, dX.data() + quadratures(X));
  }
  static Vec<double, n> model_state(const State& X) { return X.col(0); }
  /// At an event: w and its log-stretch L jump by the saltation matrix (megno_jump).
  template <class Record>
  void apply_event(State& X, const Record& e) const {
    X.col(0) = e.x_plus;
    megno_jump(X.col(1), X.data()[quadratures(X)], e.S);
  }
};

/// MEGNO as a sampled task (tangent_flow.hpp), run by megno() below and by a lane (simd/).
template <Model M>
class MegnoTask {
 public:
  static constexpr int n = M::state_dim;
  using System = MegnoSystem<M>;
  using State = typename System::State;

  MegnoTask(const Vec<double, n>& x0, const FastIndicatorOptions& fo) : x0_(x0), fo_(fo) {
    fo_.validate();
    n_samples_ = std::lround(fo_.time / fo_.renorm);
    decimate_ = std::max<long>(1, n_samples_ / std::max(1, fo_.history_points));
  }

  State initial_state() const {
    const int rows = static_cast<int>(x0_.size());
    State X = State::Zero(rows, 2 + megno_columns_for(rows));
    X.col(0) = x0_;
    X.col(1) = detail::generic_unit_vector<n>(rows);
    return X;
  }

  bool next_run(SampledRun& run) {
    if (done_) return false;
    run = SampledRun{0.0, fo_.renorm, n_samples_};
    return true;
  }

  bool sample(State& Xs, double t, long k) {
    log_stretch_ += std::log(Xs.col(1).norm());
    Xs.col(1).normalize();
    res_.megno = megno_sample(Xs.data() + MegnoSystem<M>::quadratures(Xs), log_stretch_, t);
    if (k % decimate_ == 0 || k == n_samples_) {
      res_.history_t.push_back(t);
      res_.history_megno.push_back(res_.megno);
    }
    return true;
  }

  void run_finished(const IntegrationReport& rep, const State&) {
    done_ = true;
    res_.report = rep;
    if (!res_.report.ok()) return;
    res_.lambda_estimate = 2.0 * res_.megno / res_.report.t;
    res_.megno_class = megno_vote(res_.megno, fo_.megno_regular, fo_.megno_chaotic);
  }

  const MegnoResult& result() const { return res_; }

 private:
  Vec<double, n> x0_;
  FastIndicatorOptions fo_;
  long n_samples_ = 0, decimate_ = 1;
  double log_stretch_ = 0.0;  ///< Σ log|w| over the samples: L at the last one
  bool done_ = false;
  MegnoResult res_;
};

template <Model M>
MegnoResult megno(const M& model, const Vec<double, M::state_dim>& x0, const InputSchedule& inputs,
                  const FastIndicatorOptions& fo, const IntegratorOptions& io) {
  MegnoTask<M> task(x0, fo);
  typename MegnoTask<M>::System sys{model};
  run_sampled_task(sys, input_count(model), inputs, io, task);
  return task.result();
}

/// Classification from a Lyapunov estimate: chaotic if settled and at least 5 error bars (and
/// `chaotic_floor`, 0.01 1/s unless the caller resolves smaller exponents) above zero; regular if
/// within 3 error bars of zero and still decaying (λ(T)/λ(T/2) < 0.75, the log(t)/t signature);
/// otherwise undecided.
inline OrbitClass classify_lyapunov(const LyapunovResult& r, double chaotic_floor = 0.01) {
  if (r.exponents.empty() || !std::isfinite(r.exponents[0])) return OrbitClass::undecided;
  const double l = r.exponents[0], e = r.errors[0];
  if (r.converged && l > 5 * e && l > chaotic_floor) return OrbitClass::chaotic;
  if (l <= 3 * e && l / r.half_time_estimate < 0.75) return OrbitClass::regular;
  return OrbitClass::undecided;
}

}  // namespace chaoskit
