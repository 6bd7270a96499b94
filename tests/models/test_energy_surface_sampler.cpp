// The energy-surface sampler (models/energy_surface_sampler.hpp): its samples follow the measure
// it claims, checked against marginals computed here independently by quadrature
// (Kolmogorov–Smirnov and χ² tests at a stated level with a fixed seed); every sample lies on its
// energy level; a sample is a pure function of its key; the rejection bound holds; bad requests
// are refused.
//
// Every distribution test rejects at significance α = 0.001 with a fixed seed, so each is
// deterministic; a correct sampler fails a given one for 0.1 % of seeds. The file is over 500
// lines because the independent quadratures and test statistics live beside the tests using them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <numbers>
#include <thread>
#include <vector>

#include <Eigen/Cholesky>
#include <Eigen/LU>
#include <boost/math/quadrature/gauss.hpp>

#include "chaoskit/models/energy_surface_sampler.hpp"
#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/params/param_sets.hpp"

using namespace chaoskit;

namespace {

constexpr double kPi = std::numbers::pi;
constexpr std::uint64_t kSeed = 20250117;
constexpr double kAlpha = 1e-3;

// ---------------------------------------------------------------------------------------------
// Statistics

/// Kolmogorov–Smirnov statistic D = sup_x |F_N(x) − F(x)| of `sample` against the CDF F.
double ks_statistic(std::vector<double> sample, const std::function<double(double)>& cdf) {
  std::sort(sample.begin(), sample.end());
  const double n = static_cast<double>(sample.size());
  double d = 0.0;
  for (std::size_t i = 0; i < sample.size(); ++i) {
    const double F = cdf(sample[i]);
    d = std::max({d, (static_cast<double>(i) + 1.0) / n - F, F - static_cast<double>(i) / n});
  }
  return d;
}

/// Rejection threshold of D at level α for N samples: D > sqrt(−ln(α/2) / 2) / √N, from
/// Kolmogorov's limit P(√N D > x) = 2 Σ_{k≥1} (−1)^(k−1) exp(−2k²x²) keeping the k = 1 term (the
/// k = 2 term is 2 e^(−8x²) ≈ 1e−13 there). For α = 0.001: 1.9495 / √N.
double ks_critical_value(std::size_t n) {
  return std::sqrt(-std::log(kAlpha / 2.0) / 2.0) / std::sqrt(static_cast<double>(n));
}

/// Upper α-quantile of χ² with k degrees of freedom, Wilson–Hilferty:
/// k (1 − 2/(9k) + z sqrt(2/(9k)))³ with z = Φ⁻¹(1 − α) = 3.090232 for α = 0.001.
double chi_square_critical_value(int k) {
  constexpr double z = 3.090232306167813;
  const double c = 2.0 / (9.0 * k);
  return k * std::pow(1.0 - c + z * std::sqrt(c), 3);
}

/// Pearson's χ² of `counts` against `probabilities` (same bins, probabilities summing to 1), with
/// the usual pooling: bins expecting fewer than 5 samples form one cell, and when that cell still
/// expects fewer than 5 the smallest regular bin joins it. Returns (χ², degrees of freedom).
std::pair<double, int> chi_square(const std::vector<double>& counts, const std::vector<double>& probabilities) {
  double total = 0.0;
  for (double c : counts) total += c;
  std::vector<std::size_t> regular;
  double pooled_expected = 0.0, pooled_observed = 0.0;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    if (total * probabilities[i] >= 5.0) {
      regular.push_back(i);
    } else {
      pooled_expected += total * probabilities[i];
      pooled_observed += counts[i];
    }
  }
  if (pooled_expected < 5.0 && (pooled_expected > 0.0 || pooled_observed > 0.0)) {
    const auto smallest = std::min_element(regular.begin(), regular.end(), [&](std::size_t a, std::size_t b) {
      return probabilities[a] < probabilities[b];
    });
    pooled_expected += total * probabilities[*smallest];
    pooled_observed += counts[*smallest];
    regular.erase(smallest);
  }
  double chi2 = 0.0;
  int cells = 0;
  for (std::size_t i : regular) {
    const double expected = total * probabilities[i];
    chi2 += (counts[i] - expected) * (counts[i] - expected) / expected;
    ++cells;
  }
  if (pooled_expected > 0.0) {
    chi2 += (pooled_observed - pooled_expected) * (pooled_observed - pooled_expected) / pooled_expected;
    ++cells;
  }
  return {chi2, cells - 1};
}

/// The CDF on [−π, π) of an unnormalised density f: F at the edges of `cells` equal cells by a
/// 10-point Gauss–Legendre rule per cell, cubic Hermite in between (F' = f is known at the edges).
/// f may have square-root kinks (where an accessible arc closes), whose error is O(h^1.5) in one
/// cell: for the golf densities below F differs from a 65 536-cell table by at most 2e−6, against
/// KS thresholds of 6e−3.
class QuadratureCdf {
 public:
  explicit QuadratureCdf(std::function<double(double)> density, int cells = 4096)
      : h_(2.0 * kPi / cells), F_(cells + 1, 0.0), f_(cells + 1) {
    for (int c = 0; c <= cells; ++c) f_[c] = density(edge(c));
    for (int c = 0; c < cells; ++c)
      F_[c + 1] = F_[c] + boost::math::quadrature::gauss<double, 10>::integrate(density, edge(c), edge(c + 1));
  }

  double total() const { return F_.back(); }

  double operator()(double x) const {
    const double s = std::clamp((x + kPi) / h_, 0.0, static_cast<double>(F_.size() - 1));
    const std::size_t c = std::min(static_cast<std::size_t>(s), F_.size() - 2);
    const double t = s - static_cast<double>(c);
    const double h00 = (1 + 2 * t) * (1 - t) * (1 - t), h10 = t * (1 - t) * (1 - t);
    const double h01 = t * t * (3 - 2 * t), h11 = t * t * (t - 1);
    return (h00 * F_[c] + h10 * h_ * f_[c] + h01 * F_[c + 1] + h11 * h_ * f_[c + 1]) / total();
  }

 private:
  double edge(int c) const { return -kPi + c * h_; }
  double h_;
  std::vector<double> F_, f_;
};

double uniform_cdf(double x, double lo, double hi) { return std::clamp((x - lo) / (hi - lo), 0.0, 1.0); }

template <int n>
Vec<double, n> angles_of(const Vec<double, 2 * n>& x) {
  return x.template head<n>();
}
template <int n>
Vec<double, n> rates_of(const Vec<double, 2 * n>& x) {
  return x.template tail<n>();
}

/// The momentum direction u = L⁻¹ p / sqrt(2K), p = M q̇, M = L Lᵀ: uniform on S^(n−1) under the
/// Liouville measure, computed here from the state alone.
template <MechanicalModel M>
Vec<double, M::dof> momentum_direction(const M& model, const Vec<double, 2 * M::dof>& x, double energy) {
  const Vec<double, M::dof> q = angles_of<M::dof>(x), qd = rates_of<M::dof>(x);
  const Mat<double, M::dof, M::dof> mass = model.mass_matrix(q);
  const Eigen::LLT<Mat<double, M::dof, M::dof>> cholesky(mass);
  const Vec<double, M::dof> p = mass * qd;
  return cholesky.matrixL().solve(p) / std::sqrt(2.0 * (energy - model.potential_energy(q)));
}

// ---------------------------------------------------------------------------------------------
// Golf: V(θ1, θ2) = −a cos θ1 − b cos(θ1 + θ2), det M a function of θ2 alone.

struct GolfSurface {
  GolfModel model;
  double a, b;

  explicit GolfSurface(const GolfModel& m)
      : model(m), a(m.p.g * (m.p.m1 * m.p.r1 + m.p.m2 * m.p.L1)), b(m.p.g * m.p.m2 * m.p.r2) {}

  /// V's critical points are (0, 0) (minimum −a − b), (0, π) (−a + b), (π, π) (a − b) and (π, 0)
  /// (maximum a + b): the cheapest way over the top costs 2 min(a, b) above the minimum.
  double minimum_energy() const { return -a - b; }
  double lowest_flip_energy() const { return 2.0 * std::min(a, b); }

  double sqrt_det_mass(double th2) const {
    return std::sqrt(model.mass_matrix(Vec<double, 2>(0.0, th2)).determinant());
  }

  /// Length of {θ1 : V < E} at fixed θ2. V = −R cos(θ1 + ψ) with R = |a + b e^(iθ2)|, so it is one
  /// arc of length 2 acos(−E/R), clamped: empty when E ≤ −R, the whole circle when E ≥ R.
  double theta1_arc(double th2, double energy) const {
    const double R = std::sqrt(a * a + b * b + 2.0 * a * b * std::cos(th2));
    return 2.0 * std::acos(std::clamp(-energy / R, -1.0, 1.0));
  }

  /// Half-width A of {α = θ1 + θ2 : V < E} at fixed θ1, |α| < A: cos α > −(E + a cos θ1) / b.
  double alpha_half_width(double th1, double energy) const {
    return std::acos(std::clamp(-(energy + a * std::cos(th1)) / b, -1.0, 1.0));
  }

  /// Marginal densities (unnormalised) of the Liouville q-weight sqrt(det M(θ2)) on {V < E}.
  double liouville_theta2_density(double th2, double energy) const {
    return sqrt_det_mass(th2) * theta1_arc(th2, energy);
  }
  double liouville_theta1_density(double th1, double energy) const {
    const double A = alpha_half_width(th1, energy);
    if (A == 0.0) return 0.0;
    return boost::math::quadrature::gauss<double, 20>::integrate(
        [&](double alpha) { return sqrt_det_mass(alpha - th1); }, -A, A);
  }
};

GolfSurface golf_surface() { return GolfSurface(GolfModel(golf_params(read_param_file("golf_manufactured")))); }

ChainModel<3> chain3() { return ChainModel<3>(chain_params(read_param_file("chain3_uniform_rods"))); }

/// |H(x) − E| / (|V(q)| + K), the sampler's stated energy tolerance scale.
template <MechanicalModel M>
double relative_energy_error(const M& model, const Vec<double, 2 * M::dof>& x, double energy) {
  const Vec<double, M::dof> q = angles_of<M::dof>(x), qd = rates_of<M::dof>(x);
  const double V = model.potential_energy(q);
  return std::abs(total_energy(model, q, qd) - energy) / (std::abs(V) + (energy - V));
}

}  // namespace

TEST_CASE("energy-surface sampler: golf's formulas used below are the model's", "[energy_surface_sampler]") {
  const GolfSurface golf = golf_surface();
  for (double th1 : {-2.9, -1.0, 0.0, 0.4, 2.2})
    for (double th2 : {-3.1, -0.7, 0.0, 1.3, 2.8}) {
      const Vec<double, 2> q(th1, th2);
      const double V = -golf.a * std::cos(th1) - golf.b * std::cos(th1 + th2);
      CHECK(std::abs(golf.model.potential_energy(q) - V) <= 1e-14 * (golf.a + golf.b));
      // det M depends on θ2 only.
      CHECK(std::abs(std::sqrt(golf.model.mass_matrix(q).determinant()) - golf.sqrt_det_mass(th2)) <=
            1e-15 * golf.sqrt_det_mass(th2));
    }
}

TEST_CASE("energy-surface sampler: golf Liouville marginals of theta1 and theta2 match quadrature (KS)",
          "[energy_surface_sampler]") {
  const GolfSurface golf = golf_surface();
  constexpr std::size_t kSamples = 100000;
  // Two levels where only part of the torus is accessible: half the lowest flip energy (both
  // angles confined) and exactly it (θ2 reaches ±π at the saddle, θ1 stays confined).
  const double factors[] = {0.5, 1.0};
  for (std::uint64_t level = 0; level < 2; ++level) {
    const double energy = golf.minimum_energy() + factors[level] * golf.lowest_flip_energy();
    INFO("E = " << energy << " J");
    const EnergySurfaceSampler sampler(golf.model, energy, SampleMeasure::liouville);
    CHECK(sampler.potential_minimum() == Approx(golf.minimum_energy()).epsilon(1e-14));
    std::vector<double> th1(kSamples), th2(kSamples);
    double proposals = 0.0;
    for (std::size_t i = 0; i < kSamples; ++i) {
      const auto draw = sampler.draw(kSeed, level, i);
      th1[i] = draw.state(0), th2[i] = draw.state(1);
      proposals += static_cast<double>(draw.proposals);
    }
    const QuadratureCdf cdf2([&](double t) { return golf.liouville_theta2_density(t, energy); });
    const QuadratureCdf cdf1([&](double t) { return golf.liouville_theta1_density(t, energy); });
    const double critical = ks_critical_value(kSamples);
    CHECK(ks_statistic(th2, cdf2) < critical);
    CHECK(ks_statistic(th1, cdf1) < critical);

    // The proposal counts are geometric with acceptance p = ∫ w dq / (W (2π)²): their mean is 1/p
    // with standard error sqrt(1 − p) / (p √N); reject beyond 3.29 standard errors (two-sided α).
    const double p = cdf2.total() / (sampler.q_weight_bound() * 4.0 * kPi * kPi);
    const double mean = proposals / kSamples;
    INFO("acceptance measured " << 1.0 / mean << ", predicted " << p);
    CHECK(std::abs(mean - 1.0 / p) < 3.29 * std::sqrt(1.0 - p) / (p * std::sqrt(double(kSamples))));
  }
}

TEST_CASE("energy-surface sampler: the momentum direction is uniform on the sphere", "[energy_surface_sampler]") {
  SECTION("golf: the angle of u on the circle, overall and on either sign of cos theta2") {
    const GolfSurface golf = golf_surface();
    const double energy = golf.minimum_energy() + 1.5 * golf.lowest_flip_energy();
    const EnergySurfaceSampler sampler(golf.model, energy, SampleMeasure::liouville);
    constexpr std::size_t kSamples = 100000;
    std::vector<double> all, bent, straight;
    for (std::size_t i = 0; i < kSamples; ++i) {
      const auto x = sampler.sample(kSeed, 7, i);
      const Vec<double, 2> u = momentum_direction(golf.model, x, energy);
      REQUIRE(std::abs(u.norm() - 1.0) < 1e-12);
      const double angle = std::atan2(u(1), u(0));
      all.push_back(angle);
      // M's principal axes turn with θ2 (M12 = K2 + b cos θ2): a direction drawn in the wrong
      // frame would show in one half even if it averaged out over both.
      (std::cos(x(1)) > 0.0 ? straight : bent).push_back(angle);
    }
    auto cdf = [](double a) { return uniform_cdf(a, -kPi, kPi); };
    CHECK(ks_statistic(all, cdf) < ks_critical_value(all.size()));
    CHECK(ks_statistic(bent, cdf) < ks_critical_value(bent.size()));
    CHECK(ks_statistic(straight, cdf) < ks_critical_value(straight.size()));
  }
  SECTION("3-link chain: each coordinate of u is uniform on [-1, 1] (Archimedes' hat-box theorem)") {
    const ChainModel<3> chain = chain3();
    const double energy = -20.0;
    const EnergySurfaceSampler sampler(chain, energy, SampleMeasure::liouville);
    constexpr std::size_t kSamples = 20000;
    std::vector<std::vector<double>> component(3);
    for (std::size_t i = 0; i < kSamples; ++i) {
      const Vec<double, 3> u = momentum_direction(chain, sampler.sample(kSeed, 3, i), energy);
      REQUIRE(std::abs(u.norm() - 1.0) < 1e-12);
      for (int k = 0; k < 3; ++k) component[k].push_back(u(k));
    }
    for (int k = 0; k < 3; ++k) {
      INFO("component " << k);
      CHECK(ks_statistic(component[k], [](double v) { return uniform_cdf(v, -1.0, 1.0); }) <
            ks_critical_value(kSamples));
    }
  }
}

TEST_CASE("energy-surface sampler: the section measure is uniform by area on the accessible angles",
          "[energy_surface_sampler]") {
  const GolfSurface golf = golf_surface();
  const double energy = golf.minimum_energy() + 0.5 * golf.lowest_flip_energy();
  const EnergySurfaceSampler sampler(golf.model, energy, SampleMeasure::section);
  constexpr std::size_t kSamples = 100000;
  std::vector<double> th1(kSamples), th2(kSamples);
  for (std::size_t i = 0; i < kSamples; ++i) {
    const auto x = sampler.sample(kSeed, 0, i);
    REQUIRE(x(2) == 0.0);
    REQUIRE(x(3) > 0.0);
    REQUIRE(relative_energy_error(golf.model, x, energy) <= 1e-12);
    th1[i] = x(0), th2[i] = x(1);
  }
  // Uniform by area on {V < E}: the θ2 marginal is the θ1-arc length, the θ1 marginal the θ2-arc 2A.
  const QuadratureCdf cdf2([&](double t) { return golf.theta1_arc(t, energy); });
  const QuadratureCdf cdf1([&](double t) { return 2.0 * golf.alpha_half_width(t, energy); });
  CHECK(ks_statistic(th2, cdf2) < ks_critical_value(kSamples));
  CHECK(ks_statistic(th1, cdf1) < ks_critical_value(kSamples));
}

TEST_CASE("energy-surface sampler: 3-link chain Liouville marginals match a grid quadrature (chi-square)",
          "[energy_surface_sampler]") {
  const ChainModel<3> chain = chain3();
  // V_min = −4.5 g = −44.1 J; link 3 can go over the top from V_min + 9.8 J, link 2 from + 29.4 J:
  // at −20 J the accessible set is a proper part of the 3-torus, bounded in θ1 and θ2.
  const double energy = -20.0;
  const EnergySurfaceSampler sampler(chain, energy, SampleMeasure::liouville);

  // Expected bin probabilities of θ1, θ2, θ3 from the midpoint rule on a G³ grid of the weight
  // sqrt(det M) (E − V)^(1/2), G a multiple of the bin count. Its error comes from the square-root
  // edge V = E: G = 96 and G = 384 give bin probabilities whose χ² distance Σ N (Δp)² / p at
  // N = 50 000 is at most 0.12 (θ1), negligible beside the statistic's own spread (standard
  // deviation sqrt(2 · 23) ≈ 6.8 for the 23 degrees of freedom of θ3).
  constexpr int kBins = 24, kGrid = 96;
  std::vector<std::vector<double>> probability(3, std::vector<double>(kBins, 0.0));
  double total = 0.0;
  const double h = 2.0 * kPi / kGrid;
  for (int i = 0; i < kGrid; ++i)
    for (int j = 0; j < kGrid; ++j)
      for (int k = 0; k < kGrid; ++k) {
        const Vec<double, 3> q(-kPi + (i + 0.5) * h, -kPi + (j + 0.5) * h, -kPi + (k + 0.5) * h);
        const double kinetic = energy - chain.potential_energy(q);
        if (kinetic <= 0.0) continue;
        const double w = std::sqrt(chain.mass_matrix(q).determinant() * kinetic);
        if (i == j && j == k) CHECK(sampler.q_weight(q) == Approx(w).epsilon(1e-12));
        probability[0][i * kBins / kGrid] += w;
        probability[1][j * kBins / kGrid] += w;
        probability[2][k * kBins / kGrid] += w;
        total += w;
      }
  for (auto& marginal : probability)
    for (double& p : marginal) p /= total;

  constexpr std::size_t kSamples = 50000;
  std::vector<std::vector<double>> counts(3, std::vector<double>(kBins, 0.0));
  for (std::size_t s = 0; s < kSamples; ++s) {
    const Vec<double, 6> x = sampler.sample(kSeed, 1, s);
    for (int a = 0; a < 3; ++a) {
      REQUIRE(x(a) >= -kPi);
      REQUIRE(x(a) < kPi);
      counts[a][static_cast<std::size_t>((x(a) + kPi) / (2.0 * kPi) * kBins)] += 1.0;
    }
  }
  for (int a = 0; a < 3; ++a) {
    const auto [chi2, dof] = chi_square(counts[a], probability[a]);
    INFO("theta" << a + 1 << ": chi2 = " << chi2 << " with " << dof << " degrees of freedom");
    CHECK(chi2 < chi_square_critical_value(dof));
  }
}

TEST_CASE("energy-surface sampler: every sample lies on its energy level", "[energy_surface_sampler]") {
  // Tolerance 1e−12 of |V(q)| + K (≥ |E|), as the header states.
  constexpr std::size_t kSamples = 3000;
  auto check_level = [](const auto& model, double energy, SampleMeasure measure) {
    INFO("E = " << energy << " J, measure " << sample_measure_name(measure));
    const EnergySurfaceSampler sampler(model, energy, measure);
    double worst = 0.0;
    for (std::size_t i = 0; i < kSamples; ++i)
      worst = std::max(worst, relative_energy_error(model, sampler.sample(kSeed, 0, i), energy));
    INFO("worst relative error " << worst);
    CHECK(worst <= 1e-12);
  };
  const GolfSurface golf = golf_surface();
  for (double factor : {0.05, 1.0, 3.0, 6.0}) {
    const double energy = golf.minimum_energy() + factor * golf.lowest_flip_energy();
    check_level(golf.model, energy, SampleMeasure::liouville);
    check_level(golf.model, energy, SampleMeasure::section);
  }
  const LimbModel limb(limb_params(read_param_file("limb_deleva_male")));
  for (double energy : {-30.0, 0.0, 80.0}) {
    check_level(limb, energy, SampleMeasure::liouville);
    check_level(limb, energy, SampleMeasure::section);
  }
  const ChainModel<3> chain = chain3();
  for (double energy : {-40.0, -20.0, 0.0, 100.0}) check_level(chain, energy, SampleMeasure::liouville);
}

TEST_CASE("energy-surface sampler: a sample is a pure function of (seed, level, index)", "[energy_surface_sampler]") {
  SECTION("the generator matches the published reference outputs") {
    // SplitMix64 from state 0 (Vigna's splitmix64.c), which is how Stream(0) fills its state.
    const std::array<std::uint64_t, 4> splitmix_from_zero = {0xe220a8397b1dcdafULL, 0x6e789e6aa1b965f4ULL,
                                                             0x06c45d188009454fULL, 0xf88bb8a8724c81ecULL};
    for (std::uint64_t k = 0; k < 4; ++k)
      CHECK(sample_rng::splitmix64_mix((k + 1) * sample_rng::kGolden) == splitmix_from_zero[k]);
    sample_rng::Stream from_key(0);
    auto from_state = sample_rng::Stream::from_state(splitmix_from_zero);
    for (int i = 0; i < 8; ++i) CHECK(from_key.next() == from_state.next());
    // xoshiro256** from the state {1, 2, 3, 4} (the authors' reference implementation).
    auto reference = sample_rng::Stream::from_state({1, 2, 3, 4});
    for (std::uint64_t expected :
         {11520ULL, 0ULL, 1509978240ULL, 1215971899390074240ULL, 1216172134540287360ULL, 607988272756665600ULL,
          16172922978634559625ULL, 8476171486693032832ULL, 10595114339597558777ULL, 2904607092377533576ULL})
      CHECK(reference.next() == expected);
  }

  SECTION("same key, same bits, whatever the order, the thread or the sampler instance") {
    const ChainModel<3> chain = chain3();
    const EnergySurfaceSampler first(chain, -10.0, SampleMeasure::liouville);
    const EnergySurfaceSampler second(chain, -10.0, SampleMeasure::liouville);
    constexpr int kCount = 400;
    std::vector<Vec<double, 6>> forward(kCount), backward(kCount), threaded(kCount);
    for (int i = 0; i < kCount; ++i) forward[i] = first.sample(kSeed, 2, i);
    for (int i = kCount - 1; i >= 0; --i) backward[i] = second.sample(kSeed, 2, i);
    std::vector<std::thread> workers;
    for (int t = 0; t < 4; ++t)
      workers.emplace_back([&, t] {
        for (int i = t; i < kCount; i += 4) threaded[i] = first.sample(kSeed, 2, i);
      });
    for (auto& w : workers) w.join();
    for (int i = 0; i < kCount; ++i) {
      REQUIRE(std::memcmp(forward[i].data(), backward[i].data(), sizeof(double) * 6) == 0);
      REQUIRE(std::memcmp(forward[i].data(), threaded[i].data(), sizeof(double) * 6) == 0);
    }
  }

  SECTION("another index, level or seed gives another sample") {
    const GolfSurface golf = golf_surface();
    const EnergySurfaceSampler sampler(golf.model, golf.minimum_energy() + golf.lowest_flip_energy(),
                                       SampleMeasure::liouville);
    const Vec<double, 4> base = sampler.sample(kSeed, 0, 0);
    auto differs = [&](const Vec<double, 4>& x) { return (x.array() != base.array()).all(); };
    for (std::uint64_t i = 1; i < 200; ++i) CHECK(differs(sampler.sample(kSeed, 0, i)));
    CHECK(differs(sampler.sample(kSeed, 1, 0)));
    CHECK(differs(sampler.sample(kSeed + 1, 0, 0)));
    // The three words are not interchangeable.
    CHECK(sample_rng::sample_key(1, 2, 3) != sample_rng::sample_key(3, 2, 1));
    CHECK(sample_rng::sample_key(1, 2, 3) != sample_rng::sample_key(2, 1, 3));
  }
}

TEST_CASE("energy-surface sampler: no q-weight exceeds the rejection bound", "[energy_surface_sampler]") {
  // A brute-force dense evaluation on grids offset from the sampler's own (which starts at −π with
  // 256 or 40 nodes per axis); the largest weight found must not exceed the refined maximum, let
  // alone the bound W = (1 + margin) · maximum.
  SECTION("golf") {
    const GolfSurface golf = golf_surface();
    for (double factor : {0.25, 1.0, 3.0}) {
      const EnergySurfaceSampler sampler(golf.model, golf.minimum_energy() + factor * golf.lowest_flip_energy(),
                                         SampleMeasure::liouville);
      constexpr int kNodes = 1001;
      double largest = 0.0;
      for (int i = 0; i < kNodes; ++i)
        for (int j = 0; j < kNodes; ++j)
          largest = std::max(largest, sampler.q_weight(Vec<double, 2>(-kPi + (i + 0.37) * 2 * kPi / kNodes,
                                                                      -kPi + (j + 0.71) * 2 * kPi / kNodes)));
      CHECK(largest <= sampler.q_weight_maximum() * (1.0 + 1e-12));
      CHECK(sampler.q_weight_bound() ==
            sampler.q_weight_maximum() * (1.0 + EnergySurfaceSampler<GolfModel>::kBoundMargin));
    }
  }
  SECTION("3-link chain") {
    const ChainModel<3> chain = chain3();
    for (double energy : {-35.0, -20.0, 30.0}) {
      const EnergySurfaceSampler sampler(chain, energy, SampleMeasure::liouville);
      constexpr int kNodes = 101;
      double largest = 0.0;
      for (int i = 0; i < kNodes; ++i)
        for (int j = 0; j < kNodes; ++j)
          for (int k = 0; k < kNodes; ++k)
            largest = std::max(largest, sampler.q_weight(Vec<double, 3>(-kPi + (i + 0.37) * 2 * kPi / kNodes,
                                                                        -kPi + (j + 0.71) * 2 * kPi / kNodes,
                                                                        -kPi + (k + 0.13) * 2 * kPi / kNodes)));
      INFO("E = " << energy << " J");
      CHECK(largest > 0.0);
      CHECK(largest <= sampler.q_weight_maximum() * (1.0 + 1e-12));
    }
  }
}

TEST_CASE("energy-surface sampler: impossible requests are refused with the reason", "[energy_surface_sampler]") {
  const GolfSurface golf = golf_surface();
  const double minimum = golf.minimum_energy();  // V(0, 0), exactly as the model computes it
  REQUIRE(minimum == golf.model.potential_energy(Vec<double, 2>(0.0, 0.0)));
  auto refused = [](auto construct, const std::string& field, const std::string& words) {
    try {
      construct();
    } catch (const InputError& e) {
      INFO(e.what());
      CHECK(e.field() == field);
      CHECK_THAT(e.what(), Catch::Matchers::Contains(words));
      return;
    }
    FAIL("no InputError");
  };
  refused([&] { (void)EnergySurfaceSampler(golf.model, minimum - 1.0, SampleMeasure::liouville); }, "energy",
          "E = -8.627275 J is at or below the potential minimum");
  refused([&] { (void)EnergySurfaceSampler(golf.model, minimum, SampleMeasure::liouville); }, "energy",
          "at or below the potential minimum");
  refused([&] { (void)EnergySurfaceSampler(golf.model, minimum, SampleMeasure::section); }, "energy",
          "at or below the potential minimum");
  refused([&] { (void)EnergySurfaceSampler(golf.model, NAN, SampleMeasure::liouville); }, "energy", "finite");
  refused([&] { (void)EnergySurfaceSampler(chain3(), 0.0, SampleMeasure::section); }, "measure", "needs dof == 2");
  const ChainModel<1> rod(chain_params(read_param_file("chain1_damped_rod")));
  refused([&] { (void)EnergySurfaceSampler(rod, 10.0, SampleMeasure::liouville); }, "model",
          "at least two degrees of freedom");
  refused([&] { parse_sample_measure("uniform"); }, "measure",
          "unknown sample measure 'uniform' (known: liouville, section)");
  for (SampleMeasure m : {SampleMeasure::liouville, SampleMeasure::section})
    CHECK(parse_sample_measure(sample_measure_name(m)) == m);
}
