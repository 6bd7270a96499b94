#pragma once
// Random states on one energy surface H(q, q̇) = E of a mechanical model, for measuring what
// fraction of the surface is chaotic. Two measures:
//
// liouville: the microcanonical measure δ(H − E) dq dp in canonical coordinates (p = M(q) q̇).
//   It is the measure the Hamiltonian flow preserves on the surface, so "the chaotic fraction of
//   the energy surface" means the fraction under this measure. Derivation, with n = dof,
//   H = ½ pᵀ M(q)⁻¹ p + V(q) and K = E − V(q) > 0 at fixed q:
//     write M = L Lᵀ (Cholesky) and p = L w: dp = det L dw = sqrt(det M) dw and ½ pᵀ M⁻¹ p = ½|w|².
//     In polar form w = r u (|u| = 1), dw = r^(n−1) dr dσ(u), and ∫ δ(½r² − K) r^(n−1) dr = r^(n−2)
//     at r = sqrt(2K) (the delta's Jacobian is d(½r²)/dr = r). Hence
//       marginal density of q  ∝  sqrt(det M(q)) · (E − V(q))^(n/2 − 1)  on {V(q) < E}, 0 elsewhere,
//     and, given q, u is uniform on the unit sphere S^(n−1) (nothing in the integrand depends on u).
//     The rates follow as q̇ = M⁻¹ p = L⁻ᵀ L⁻¹ L w = sqrt(2K) L⁻ᵀ u, and T = ½ q̇ᵀ M q̇ = ½|w|² = K.
//   So q is not uniform on the accessible angles: for n = 2 the second factor is 1 but sqrt(det M)
//   still varies, and for n ≥ 3 the density also vanishes at the boundary V = E. Nor is the measure
//   uniform in (q, q̇): dp = det M(q) dq̇.
//   n ≥ 2 is required: with one degree of freedom the surface is one periodic orbit (two rotations
//   above the top), so a "chaotic fraction" of it means nothing.
//
// section: today's seeding convention of the two-link sweeps and sections (dof == 2 only): the
//   plane θ̇1 = 0, (θ1, θ2) uniform by area over the accessible angles {V(q) < E}, and θ̇2 the larger
//   (positive) root of T + V = E (energy_surface.hpp's rate_for_energy). This is an area fraction of
//   a seed plane, NOT a Liouville measure: the flow does not preserve it, and its chaotic fraction
//   is in general not the fraction of the energy surface.
//
// How angles are drawn: q uniform on the torus [−π, π)^n, accepted with probability w(q) / W
// (rejection sampling), w the q-weight above (for `section` the indicator of V(q) < E). The bound
// W ≥ max w is found once per (model, energy) at construction: the maximum over a grid of the
// torus (about 2^16 points whatever n), refined from the grid's best local maxima by a compass
// search, times 1 + kBoundMargin. The margin covers the refinement's stopping tolerance and a
// maximum between grid nodes that the refinement missed; should a weight still exceed W while
// sampling, the bound was wrong and sample() throws std::logic_error instead of silently
// undersampling that region. For n = 2 the bound is taken on sqrt(det M) over the whole torus
// (it is smooth there, so the refinement converges) rather than on the accessible set, whose
// maximum may sit on the curve V = E: that costs at most the factor
// max_{V<E} sqrt(det M) / max_torus sqrt(det M) of acceptance, nothing of correctness.
// For n ≥ 3 the bound function sqrt(det M) · max(E − V, 0)^(n/2−1) is continuous on the torus and
// has its maximum inside the accessible set. Nothing here uses a model's structure (that a chain's
// M depends on relative angles only, say): every model is treated as a function on the torus.
//
// Energy: after q̇ is formed its kinetic energy T is computed as mechanics.hpp's kinetic_energy
// does and q̇ is rescaled by sqrt(K / T), so every sample satisfies
//   |total_energy(q, q̇) − E| ≤ 1e-12 · (|V(q)| + K),  K = E − V(q)
// (the scale |V| + K is ≥ |E| and is what the rounding of T + V is relative to; in practice the
// error is a few ulps of it).
//
// Reproducibility: sample(seed, level, index) is a pure function of its three integers (for a
// given sampler: model, energy and measure). They are hashed by SplitMix64's finaliser into one
// key that seeds a xoshiro256** stream used by that sample alone, so samples can be computed by
// any thread, in any order, in any process, and different keys give independent streams. Uniform
// doubles, Gaussians and sphere points are converted here, not by std:: distributions (whose
// output is implementation-defined). `level` is the caller's index of the energy level, not the
// energy: samplers at two energies given the same (seed, level) would share their streams. The
// bound W decides which proposals are accepted, so a change to the bound search (grid size,
// margin) changes the samples drawn for a key, as a change to the generator would.
// Construction allocates (the bound search); sample() allocates nothing but an error message.
// A sampler is immutable after construction, so one instance may serve any number of threads.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <numbers>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <Eigen/Cholesky>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/core/types.hpp"
#include "chaoskit/models/energy_surface.hpp"
#include "chaoskit/models/mechanics.hpp"
#include "chaoskit/models/model_concepts.hpp"

namespace chaoskit {

enum class SampleMeasure { liouville, section };

/// "liouville" or "section".
std::string_view sample_measure_name(SampleMeasure measure);

/// The measure named `name`; throws InputError("measure", ...) listing the known names otherwise.
SampleMeasure parse_sample_measure(std::string_view name);

/// The counter-based random numbers of the sampler. Every function is fixed by its definition
/// here (no std:: distribution), so the same key gives the same bits on every platform for the
/// integer outputs, and on every machine of one kind for the double ones (which use libm's log,
/// cos and sin).
namespace sample_rng {

inline constexpr std::uint64_t kGolden = 0x9e3779b97f4a7c15ULL;  // 2^64 / φ, SplitMix64's increment

/// SplitMix64's output function (Steele, Lea & Flood 2014): a bijection of 64-bit words whose
/// output bits all depend on all input bits.
constexpr std::uint64_t splitmix64_mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/// The key of sample (seed, level, index). Each step x ↦ mix(x ^ (word + c)) is a bijection in
/// the previous key and in the new word, so for two of the words fixed, distinct values of the
/// third always give distinct keys; the odd multiples of kGolden keep the three positions apart.
constexpr std::uint64_t sample_key(std::uint64_t seed, std::uint64_t level, std::uint64_t index) {
  std::uint64_t key = splitmix64_mix(seed + kGolden);
  key = splitmix64_mix(key ^ (level + 3 * kGolden));
  return splitmix64_mix(key ^ (index + 5 * kGolden));
}

/// xoshiro256** (Blackman & Vigna 2018), its state filled from the key by a SplitMix64 stream as
/// its authors recommend. Four consecutive SplitMix64 outputs are distinct (mix is a bijection of
/// distinct inputs), so the state is never all zero.
class Stream {
 public:
  explicit constexpr Stream(std::uint64_t key) {
    for (auto& word : s_) word = splitmix64_mix(key += kGolden);
  }

  /// A stream from a raw xoshiro256** state (not all zero), to check against the reference vectors.
  static constexpr Stream from_state(const std::array<std::uint64_t, 4>& state) {
    Stream stream(0);
    stream.s_ = state;
    return stream;
  }

  constexpr std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  /// Uniform on [0, 1): the top 53 bits over 2^53, every value a multiple of 2^−53.
  constexpr double uniform01() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  /// An angle uniform on [−π, π): π (2u − 1) with 2u − 1 exact on [−1, 1 − 2^−52]; the largest
  /// value rounds to π − 2 ulp, so π itself never occurs.
  double angle() { return std::numbers::pi * (2.0 * uniform01() - 1.0); }

  /// Two independent standard normals (Box–Muller). 1 − u lies in (0, 1], so the log is finite.
  std::array<double, 2> normal_pair() {
    const double radius = std::sqrt(-2.0 * std::log(1.0 - uniform01()));
    const double phase = 2.0 * std::numbers::pi * uniform01();
    return {radius * std::cos(phase), radius * std::sin(phase)};
  }

  /// A point uniform on the unit sphere S^(n−1) ⊂ R^n: a standard normal vector is isotropic, so
  /// its direction is uniform. A zero vector (probability below 2^−100) is drawn again.
  /// `size`: the dimension at run time (n itself unless n is Eigen::Dynamic).
  template <int n>
  Vec<double, n> sphere_point(int size = n) {
    for (;;) {
      auto z = sized<Vec<double, n>>(size);
      for (int i = 0; i < size; i += 2) {
        const std::array<double, 2> pair = normal_pair();
        z(i) = pair[0];
        if (i + 1 < size) z(i + 1) = pair[1];
      }
      const double norm = z.norm();
      if (norm > 0.0) return z / norm;
    }
  }

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::array<std::uint64_t, 4> s_{};
};

}  // namespace sample_rng

/// Maximisation of a function on the torus [−π, π)^n by grid search plus local refinement, used
/// for the potential minimum and the rejection bound. Deterministic: no randomness, no threads.
namespace torus_search {

template <int n>
struct Extremum {
  Vec<double, n> at;  ///< wrapped into [−π, π]
  double value;
};

/// Grid points per axis: the largest m with m^n ≤ 2^16 (256 for n = 2, 40 for 3, 16 for 4, 9 for 5,
/// 6 for 6), so the search costs about the same for every model.
inline int grid_points_per_axis(int n) {
  constexpr long long budget = 1LL << 16;
  int m = 1;
  for (;;) {
    long long power = 1;
    for (int i = 0; i < n; ++i) power *= m + 1;
    if (power > budget) return m;
    ++m;
  }
}

/// Compass search uphill from `start` with initial step `step`: try ±step along each axis, move to
/// the first improvement, halve the step when none improves. It stops where no axis step of
/// 1e−10 rad improves f; for a smooth f that is a local maximum up to a value error of order
/// (curvature × condition × step)², far below the bound margin. Derivative-free, so it also works
/// where the weight is only continuous (the edge V = E for n ≥ 3).
template <int n, class F>
Extremum<n> climb(const F& f, Vec<double, n> x, double step) {
  constexpr double kFinalStep = 1e-10;
  constexpr int kMaxEvaluations = 100000;
  const int size = static_cast<int>(x.size());
  double fx = f(x);
  int evaluations = 1;
  while (step > kFinalStep && evaluations < kMaxEvaluations) {
    bool moved = false;
    for (int axis = 0; axis < size && !moved; ++axis) {
      for (const double direction : {+1.0, -1.0}) {
        Vec<double, n> y = x;
        y(axis) += direction * step;
        const double fy = f(y);
        ++evaluations;
        if (fy > fx) {
          x = y, fx = fy, moved = true;
          break;
        }
      }
    }
    if (!moved) step *= 0.5;
  }
  for (int i = 0; i < size; ++i) x(i) = std::remainder(x(i), 2.0 * std::numbers::pi);
  return {x, fx};
}

/// The maximum of a continuous 2π-periodic f over the torus: f on the m^n grid −π + i·2π/m, then a
/// climb from each of the (at most) kStarts best grid local maxima (≥ their 2n axis neighbours).
/// Climbing from several keeps a maximum that the grid ranked second but that is higher between
/// nodes. `extra_start` is climbed as well (a point known to matter, e.g. where f must be largest).
/// `size`: the dimension at run time (n itself unless n is Eigen::Dynamic).
template <int n, class F>
Extremum<n> maximise(const F& f, const Vec<double, n>* extra_start = nullptr, int size = n) {
  constexpr int kStarts = 8;
  const int m = grid_points_per_axis(size);
  const double spacing = 2.0 * std::numbers::pi / m;
  std::size_t total = 1;
  for (int i = 0; i < size; ++i) total *= static_cast<std::size_t>(m);
  auto node = [&](std::size_t flat) {
    auto q = sized<Vec<double, n>>(size);
    for (int axis = size - 1; axis >= 0; --axis) {
      q(axis) = -std::numbers::pi + static_cast<double>(flat % m) * spacing;
      flat /= m;
    }
    return q;
  };
  std::vector<double> values(total);
  for (std::size_t k = 0; k < total; ++k) values[k] = f(node(k));

  // Local maxima: neighbour along axis a differs by ±1 in that (periodic) digit.
  std::vector<std::size_t> peaks;
  for (std::size_t k = 0; k < total; ++k) {
    bool peak = true;
    std::size_t stride = 1;
    for (int axis = size - 1; axis >= 0 && peak; --axis) {
      const std::size_t digit = (k / stride) % m;
      const std::size_t up = digit + 1 == static_cast<std::size_t>(m) ? k - digit * stride : k + stride;
      const std::size_t down = digit == 0 ? k + (m - 1) * stride : k - stride;
      peak = values[k] >= values[up] && values[k] >= values[down];
      stride *= m;
    }
    if (peak) peaks.push_back(k);
  }
  const std::size_t starts = std::min<std::size_t>(kStarts, peaks.size());
  std::partial_sort(
      peaks.begin(), peaks.begin() + static_cast<std::ptrdiff_t>(starts), peaks.end(),
      [&](std::size_t a, std::size_t b) { return values[a] > values[b] || (values[a] == values[b] && a < b); });

  Extremum<n> best{node(0), values[0]};
  auto consider = [&](const Extremum<n>& e) {
    if (e.value > best.value) best = e;
  };
  for (std::size_t s = 0; s < starts; ++s) consider(climb<n>(f, node(peaks[s]), spacing));
  if (extra_start != nullptr) consider(climb<n>(f, *extra_start, spacing));
  return best;
}

}  // namespace torus_search

template <MechanicalModel M>
class EnergySurfaceSampler {
 public:
  static constexpr int dof = M::dof;  ///< Eigen::Dynamic for a run-time-sized model file
  using Angles = Vec<double, dof>;
  using State = Vec<double, M::state_dim>;

  /// Relative safety margin of the rejection bound: W = (1 + kBoundMargin) · the maximum found.
  static constexpr double kBoundMargin = 0.01;
  /// Proposals one sample may use before sample() gives up (the accessible set is too small).
  static constexpr std::uint64_t kMaxProposals = 100'000'000;

  /// One sample and the number of proposals its rejection loop drew (≥ 1): the acceptance rate of
  /// the sampler is 1 / the mean of `proposals`.
  struct Draw {
    State state;
    std::uint64_t proposals;
  };

  /// Finds the potential minimum and the rejection bound (milliseconds). Throws InputError for a
  /// model with fewer than two degrees of freedom, a non-finite energy, an energy at or below the
  /// potential minimum, or the section measure on a model with dof ≠ 2.
  EnergySurfaceSampler(const M& model, double energy, SampleMeasure measure)
      : model_(model), energy_(energy), measure_(measure), n_(coordinate_count(model)) {
    if (n_ < 2)
      throw InputError("model", "energy-surface sampling needs at least two degrees of freedom; this model has " +
                                    std::to_string(n_) + " (its energy surfaces are periodic orbits, none chaotic)");
    if (measure_ == SampleMeasure::section && (n_ != 2 || !is_fixed_extent(dof)))
      throw InputError("measure",
                       "the section measure (seed plane dth1 = 0 of a two-link model) needs dof == 2; "
                       "this model has " +
                           std::to_string(n_) + " (use measure = liouville)");
    if (!std::isfinite(energy_)) throw InputError("energy", "must be finite, got " + std::to_string(energy_));
    const auto minimum =
        torus_search::maximise<dof>([this](const Angles& q) { return -model_.potential_energy(q); }, nullptr, n_);
    potential_minimum_ = -minimum.value;
    if (!(energy_ > potential_minimum_))
      throw InputError("energy", "E = " + format(energy_) + " J is at or below the potential minimum V_min = " +
                                     format(potential_minimum_) + " J: the energy surface is empty");
    if (measure_ == SampleMeasure::liouville) {
      // K is largest where V is smallest, so the minimum of V is one more start for n ≥ 3 (it also
      // rescues a tiny accessible set that no grid node hits).
      const auto maximum =
          torus_search::maximise<dof>([this](const Angles& q) { return weight_majorant(q); }, &minimum.at, n_);
      weight_maximum_ = maximum.value;
      bound_ = (1.0 + kBoundMargin) * weight_maximum_;
    } else {
      weight_maximum_ = 1.0;
      bound_ = 1.0;
    }
  }

  double energy() const { return energy_; }
  SampleMeasure measure() const { return measure_; }
  const M& model() const { return model_; }
  /// min_q V(q) as found by the search [J].
  double potential_minimum() const { return potential_minimum_; }

  /// The unnormalised marginal density of q under the measure: sqrt(det M) (E − V)^(n/2 − 1) for
  /// liouville, 1 for section, and 0 wherever V(q) ≥ E.
  double q_weight(const Angles& q) const {
    const double kinetic = energy_ - model_.potential_energy(q);
    if (!(kinetic > 0.0)) return 0.0;
    if (measure_ == SampleMeasure::section) return 1.0;
    const Eigen::LLT<Mat<double, dof, dof>> cholesky(model_.mass_matrix(q));
    return sqrt_det(cholesky) * kinetic_factor(kinetic);
  }

  /// The rejection bound W (≥ q_weight everywhere if the search was right).
  double q_weight_bound() const { return bound_; }
  /// The maximum the search found, W / (1 + kBoundMargin) (1 for section).
  double q_weight_maximum() const { return weight_maximum_; }

  /// The state x = (q, q̇) of sample `index` of energy level `level` under `seed`; q in [−π, π)^n.
  State sample(std::uint64_t seed, std::uint64_t level, std::uint64_t index) const {
    return draw(seed, level, index).state;
  }

  /// sample() with its proposal count.
  Draw draw(std::uint64_t seed, std::uint64_t level, std::uint64_t index) const {
    sample_rng::Stream rng(sample_rng::sample_key(seed, level, index));
    for (std::uint64_t proposals = 1; proposals <= kMaxProposals; ++proposals) {
      auto q = sized<Angles>(n_);
      for (int i = 0; i < n_; ++i) q(i) = rng.angle();
      const double kinetic = energy_ - model_.potential_energy(q);
      if (!(kinetic > 0.0)) continue;
      auto qd = sized<Angles>(n_);
      const bool accepted =
          measure_ == SampleMeasure::liouville ? liouville_rates(rng, q, kinetic, qd) : section_rates(q, qd);
      if (accepted && on_energy_surface(q, kinetic, qd)) {
        auto x = sized<State>(2 * n_);
        x << q, qd;
        return {x, proposals};
      }
    }
    throw InputError("energy", "no state accepted in " + format(static_cast<double>(kMaxProposals)) +
                                   " proposals at E = " + format(energy_) +
                                   " J: the accessible angles {V(q) < E} are too small a part of the torus to hit by "
                                   "rejection (V_min = " +
                                   format(potential_minimum_) + " J); choose an energy further above the minimum");
  }

 private:
  static std::string format(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.10g", v);
    return buffer;
  }

  /// sqrt(det M) = Π L_ii for M = L Lᵀ.
  static double sqrt_det(const Eigen::LLT<Mat<double, dof, dof>>& cholesky) {
    if (cholesky.info() != Eigen::Success)
      throw std::logic_error("energy-surface sampler: mass matrix not positive definite");
    return cholesky.matrixLLT().diagonal().prod();
  }

  /// K^(n/2 − 1) (n ≥ 2): K^((n−2)/2) by multiplication, times sqrt(K) when n is odd.
  double kinetic_factor(double kinetic) const {
    double factor = 1.0;
    for (int i = 0; i < (n_ - 2) / 2; ++i) factor *= kinetic;
    if (n_ % 2 == 1) factor *= std::sqrt(kinetic);
    return factor;
  }

  /// A continuous function ≥ q_weight on the whole torus, whose maximum is the rejection bound:
  /// sqrt(det M) for n = 2 (the indicator of V < E bounded by 1), else the q-weight itself with
  /// (E − V) clamped at 0 (it vanishes continuously at the boundary V = E).
  double weight_majorant(const Angles& q) const {
    const Eigen::LLT<Mat<double, dof, dof>> cholesky(model_.mass_matrix(q));
    if (n_ == 2) return sqrt_det(cholesky);
    return sqrt_det(cholesky) * kinetic_factor(std::max(energy_ - model_.potential_energy(q), 0.0));
  }

  /// Liouville: accept q with probability q_weight / W, then q̇ = sqrt(2K) L⁻ᵀ u, u on S^(n−1).
  bool liouville_rates(sample_rng::Stream& rng, const Angles& q, double kinetic, Angles& qd) const {
    const Eigen::LLT<Mat<double, dof, dof>> cholesky(model_.mass_matrix(q));  // fixed size: no allocation
    const double weight = sqrt_det(cholesky) * kinetic_factor(kinetic);
    if (weight > bound_) throw_bound_exceeded(q, weight);
    if (!(rng.uniform01() * bound_ < weight)) return false;
    qd = cholesky.matrixU().solve(rng.sphere_point<dof>(n_));
    qd *= std::sqrt(2.0 * kinetic);
    return true;
  }

  /// Section: θ̇1 = 0 and θ̇2 the larger root of T + V = E; every accessible q is accepted.
  bool section_rates(const Angles& q, Angles& qd) const {
    if constexpr (dof != 2) {
      static_cast<void>(q), static_cast<void>(qd);
      return false;  // refused at construction (a run-time-sized model has no section measure either)
    } else {
      const std::optional<double> rate = rate_for_energy(model_, q, Angles::Zero().eval(), 1, energy_, +1);
      if (!rate || !(*rate > 0.0)) return false;
      qd = Angles(0.0, *rate);
      return true;
    }
  }

  /// Rescales q̇ so that its kinetic energy is K to rounding. False (the proposal is dropped) only
  /// if T underflowed to 0, which needs E − V(q) near the smallest double: a boundary point of
  /// measure zero.
  bool on_energy_surface(const Angles& q, double kinetic, Angles& qd) const {
    const double T = kinetic_energy(model_, q, qd);
    if (!(T > 0.0) || !std::isfinite(T)) return false;
    qd *= std::sqrt(kinetic / T);
    return true;
  }

  [[noreturn]] void throw_bound_exceeded(const Angles& q, double weight) const {
    std::string at;
    for (int i = 0; i < n_; ++i) at += (i ? ", " : "") + format(q(i));
    throw std::logic_error("energy-surface sampler: q-weight " + format(weight) + " at q = (" + at +
                           ") exceeds the rejection bound " + format(bound_) +
                           " (the bound search missed a maximum; samples would be biased)");
  }

  M model_;
  double energy_;
  SampleMeasure measure_;
  int n_;  ///< the degrees of freedom (dof at run time)
  double potential_minimum_ = NAN;
  double weight_maximum_ = NAN;
  double bound_ = NAN;
};

}  // namespace chaoskit
