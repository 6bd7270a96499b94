// The tangent right-hand side (integrate/tangent_rhs.hpp) against the full AutoDiff Jacobian of
// jacobians.hpp: the hand-derived formulas (golf, limb, Lorenz, Hénon–Heiles) and the generic AutoDiff directional
// derivatives must all give f and f_x · W to rounding at random states and inputs, for every model
// kind; and λ_max through a hand-derived fast path must equal the generic path's within the
// integration tolerance on regular orbits (chaotic ones decorrelate at rounding level, so only their size is compared).
//
// The hand-derived tangents are templates in the number of directions K, written once for all K,
// so each model is checked at K = 1 (λ_max, FTLE's single direction) and K = n (the spectrum, Ψ),
// the chains of four and five links at K = 1 only; every further K is another AutoDiff
// instantiation that costs compile time and tests nothing new.
#include <catch2/catch.hpp>
#include <random>
#include <type_traits>

#include <Eigen/SVD>

#include "chaoskit/indicators/instances.hpp"
#include "chaoskit/indicators/lyapunov.hpp"
#include "chaoskit/integrate/jacobians.hpp"
#include "chaoskit/integrate/tangent_rhs.hpp"
#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/params/param_sets.hpp"

using namespace chaoskit;

namespace {

/// A model seen only through its rhs, so the tangent flow takes the generic AutoDiff path.
template <class M>
struct GenericOnly {
  static constexpr int state_dim = M::state_dim;
  static constexpr int input_dim = M::input_dim;
  const M& inner;
  std::vector<std::string> state_names() const { return inner.state_names(); }
  template <class S>
  Vec<S, state_dim> rhs(const Vec<S, state_dim>& x, const Vec<S, input_dim>& u, S t) const {
    return inner.rhs(x, u, t);
  }
};

/// Largest relative deviation of (f, JW) from the full Jacobian's (f, f_x W), scaled per block.
template <class M, int K>
double deviation(const M& model, const Vec<double, M::state_dim>& x, const Vec<double, M::input_dim>& u,
                 const Mat<double, M::state_dim, K>& W, const Vec<double, M::state_dim>& f,
                 const Mat<double, M::state_dim, K>& JW) {
  const RhsJacobians<M> ref = rhs_jacobians(model, x, u, 0.0);
  const Mat<double, M::state_dim, K> ref_JW = ref.fx * W;
  // Scale of the sums in f_x W: |f_x| |W|, so cancellation does not make the test ill-posed.
  const double jscale = 1e-300 + (ref.fx.cwiseAbs() * W.cwiseAbs()).maxCoeff();
  const double fscale = 1e-300 + ref.f.cwiseAbs().maxCoeff();
  return std::max((f - ref.f).cwiseAbs().maxCoeff() / fscale, (JW - ref_JW).cwiseAbs().maxCoeff() / jscale);
}

/// Condition number of the model's mass matrix at x (1 for a model without one).
template <class M>
double mass_condition(const M& model, const Vec<double, M::state_dim>& x) {
  if constexpr (MechanicalModel<M>) {
    const Vec<double, M::dof> q = x.template head<M::dof>();
    const Eigen::JacobiSVD<Mat<double, M::dof, M::dof>> svd(model.mass_matrix(q));
    return svd.singularValues()(0) / svd.singularValues()(M::dof - 1);
  } else {
    return 1.0;
  }
}

/// Both tangent paths against the full Jacobian at `trials` random states, inputs and directions.
/// Each deviation is divided by the condition number of the mass matrix: the hand-derived chain
/// solves its own N × N system (chain_tangent.hpp), whose rounding, like the reference's, grows
/// with it (1 for the two-link models' closed forms and the flows).
template <int K, class M>
void check_model(const M& model, double angle_range, int trials, bool expect_hand) {
  constexpr int n = M::state_dim;
  constexpr int m = M::input_dim;
  CHECK(HasTangentRhs<M, K> == expect_hand);
  std::mt19937_64 rng(8 + n + 10 * K);
  std::uniform_real_distribution<double> angle(-angle_range, angle_range), rate(-12.0, 12.0), unit(-1.0, 1.0);
  double worst_ad = 0, worst = 0;
  for (int trial = 0; trial < trials; ++trial) {
    Vec<double, n> x;
    for (int i = 0; i < n; ++i) x(i) = i < n / 2 ? angle(rng) : rate(rng);
    Vec<double, m> u;
    for (int j = 0; j < m; ++j) u(j) = 5 * unit(rng);
    Mat<double, n, K> W;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < K; ++j) W(i, j) = unit(rng);
    Vec<double, n> f;
    Mat<double, n, K> JW;
    const double kappa = std::is_same_v<M, GolfModel> || std::is_same_v<M, LimbModel> ? 1.0 : mass_condition(model, x);
    tangent_rhs_autodiff<K>(model, x, u, 0.0, W, f, JW);
    worst_ad = std::max(worst_ad, deviation<M, K>(model, x, u, W, f, JW) / kappa);
    tangent_rhs<K>(model, x, u, 0.0, W, f, JW);
    worst = std::max(worst, deviation<M, K>(model, x, u, W, f, JW) / kappa);
  }
  INFO("K = " << K << ": AutoDiff directional " << worst_ad << ", dispatched " << worst);
  CHECK(worst_ad <= 1e-13);
  CHECK(worst <= 1e-13);
}

GolfParams other_golf() {
  GolfParams g = golf_params(read_param_file("golf_manufactured"));
  g.L1 = 0.61, g.m1 = 3.7, g.m2 = 0.83, g.r1 = 0.29, g.r2 = 0.44, g.I1 = 0.051, g.I2 = 0.017, g.g = 9.5;
  return g;
}

}  // namespace

TEST_CASE("tangent rhs: golf's hand-derived J.W equals AutoDiff's f_x W", "[tangent][golf]") {
  for (const GolfParams& gp : {golf_params(read_param_file("golf_manufactured")), other_golf()}) {
    const GolfModel golf(gp);
    check_model<1>(golf, 7.0, 300, true);
    check_model<4>(golf, 7.0, 100, true);
  }
}

TEST_CASE("tangent rhs: the limb's hand-derived J.W equals AutoDiff's f_x W", "[tangent][limb]") {
  LimbParams other = limb_params(read_param_file("limb_paper_reconstructed"));
  other.L1 = 0.47, other.m1 = 9.1, other.C1 = 0.2, other.I1 = 0.61, other.m2 = 4.2, other.C2 = 0.27, other.I2 = 0.38;
  for (const LimbParams& lp : {limb_params(read_param_file("limb_paper_reconstructed")), other}) {
    const LimbModel limb(lp);
    check_model<1>(limb, 7.0, 300, true);
    check_model<4>(limb, 7.0, 100, true);
  }
}

namespace {
/// A chain of N links whose lengths, masses, inertias and damping all differ.
ChainParams uneven_chain(int N) {
  ChainParams p;
  for (int i = 0; i < N; ++i) {
    p.L.push_back(0.9 - 0.1 * i);
    p.m.push_back(2.0 - 0.3 * i);
    p.r.push_back(0.4 - 0.03 * i);
    p.I.push_back(0.12 - 0.015 * i);
    p.b.push_back(0.05 * (i + 1));
  }
  p.g = 9.81;
  return p;
}

}  // namespace

TEST_CASE("tangent rhs: the chains' hand-derived J.W equals AutoDiff's f_x W (1 to 5 links)", "[tangent][chain]") {
  const ChainModel<1> chain1(chain_params(read_param_file("chain1_damped_rod")));
  check_model<1>(chain1, 3.0, 100, true);
  check_model<2>(chain1, 3.0, 50, true);
  const ChainModel<2> chain2(chain_params(read_param_file("chain2_damped_rods")));
  check_model<1>(chain2, 3.0, 200, true);
  check_model<4>(chain2, 3.0, 50, true);
  const ChainModel<3> chain3(chain_params(read_param_file("chain3_uniform_rods")));
  check_model<1>(chain3, 3.0, 200, true);
  check_model<6>(chain3, 3.0, 50, true);
  // Four and five links at K = 1 only: the chain's tangent is one template over the link count and
  // the number of directions, whose K = n case the smaller chains check; AutoDiff with 8 and 10
  // directions through the 4- and 5-link dynamics cost 25 CPU-s of this file's compile.
  const ChainModel<4> chain4(uneven_chain(4));
  check_model<1>(chain4, 3.0, 100, true);
  const ChainModel<5> chain5(uneven_chain(5));
  check_model<1>(chain5, 3.0, 100, true);
}

TEST_CASE("tangent rhs: Lorenz's and Henon-Heiles' hand-derived J.W equal AutoDiff's f_x W",
          "[tangent][lorenz][henon_heiles]") {
  LorenzParams other = lorenz_params(read_param_file("lorenz_classic"));
  other.sigma = 16.0, other.rho = 45.92, other.beta = 4.0;
  for (const LorenzParams& lp : {lorenz_params(read_param_file("lorenz_classic")), other}) {
    const LorenzModel lorenz(lp);
    check_model<1>(lorenz, 20.0, 100, true);
    check_model<3>(lorenz, 20.0, 50, true);
  }
  const HenonHeilesModel hh;
  check_model<1>(hh, 1.0, 100, true);
  check_model<4>(hh, 1.0, 50, true);
}

/// λ_max (K = 1) and, with `spectrum`, the spectrum (K = 4) through a model's hand-derived fast path
/// against the generic AutoDiff path on regular orbits, where the two must agree to far below the
/// error bars. (Each is a full integrator instantiated for the generic model; the spectrum is checked
/// for golf only, the limb's K = 4 tangent being checked above against the Jacobian.)
template <bool spectrum, class M>
void check_fast_path_on_regular_orbits(const M& model, std::initializer_list<Vec<double, 4>> states) {
  const GenericOnly<M> generic{model};
  LyapunovOptions lo;
  lo.time = 100;
  lo.renorm = 1;
  IntegratorOptions io;
  io.rtol = io.atol = 1e-10;
  for (const Vec<double, 4>& x0 : states) {
    INFO("x0 = " << x0.transpose());
    const auto fast = lyapunov_exponents<1>(model, x0, InputSchedule(2), lo, io);
    const auto slow = lyapunov_exponents<1>(generic, x0, InputSchedule(2), lo, io);
    REQUIRE(fast.report.ok());
    REQUIRE(slow.report.ok());
    CHECK(fast.exponents[0] < 0.1);
    // A relative difference ~1e-10 in the tangent vector changes log|w| by as much; over T = 100 s
    // the estimate moves by far less than 1e-6 unless the orbit is chaotic.
    CHECK(std::abs(fast.exponents[0] - slow.exponents[0]) < 1e-6);
    if constexpr (spectrum) {  // discarded, so not instantiated, for the limb
      const auto fast4 = lyapunov_exponents<4>(model, x0, InputSchedule(2), lo, io);
      const auto slow4 = lyapunov_exponents<4>(generic, x0, InputSchedule(2), lo, io);
      REQUIRE(fast4.report.ok());
      REQUIRE(slow4.report.ok());
      for (int i = 0; i < 4; ++i) CHECK(std::abs(fast4.exponents[i] - slow4.exponents[i]) < 1e-6);
    }
  }
}

TEST_CASE("tangent rhs: golf's lambda_max by the fast path equals the generic path on regular orbits",
          "[tangent][golf][lyapunov]") {
  const GolfModel golf(golf_params(read_param_file("golf_manufactured")));
  // Rest states with small and moderate swings (regular: the estimate decays like log t / t).
  check_fast_path_on_regular_orbits<true>(
      golf, {Vec<double, 4>(0.3, 0.2, 0, 0), Vec<double, 4>(0.8, -0.5, 0, 0), Vec<double, 4>(0.05, 0.05, 0.1, 0.1)});
  // A chaotic state: both positive and of the same size (they decorrelate after ~20/λ s).
  const GenericOnly<GolfModel> generic{golf};
  LyapunovOptions lo;
  lo.time = 100;
  lo.renorm = 1;
  IntegratorOptions io;
  io.rtol = io.atol = 1e-10;
  const Vec<double, 4> x0(2.0, -1.0, 0, 0);
  const auto fast = lyapunov_exponents<1>(golf, x0, InputSchedule(2), lo, io);
  const auto slow = lyapunov_exponents<1>(generic, x0, InputSchedule(2), lo, io);
  CHECK(fast.exponents[0] > 0.5);
  CHECK(slow.exponents[0] > 0.5);
  CHECK(std::abs(fast.exponents[0] - slow.exponents[0]) < 0.5 * slow.exponents[0]);
}

TEST_CASE("tangent rhs: the limb's lambda_max by the fast path equals the generic path on regular orbits",
          "[tangent][limb][lyapunov]") {
  const LimbModel limb(limb_params(read_param_file("limb_paper_reconstructed")));
  check_fast_path_on_regular_orbits<false>(
      limb, {Vec<double, 4>(0.3, 0.2, 0, 0), Vec<double, 4>(0.6, -0.4, 0, 0), Vec<double, 4>(0.05, 0.05, 0.1, 0.1)});
}
