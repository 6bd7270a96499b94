// What every compiled model must satisfy, checked once per model by one template: the rest state
// is an equilibrium whose linearisation has the frequencies linear_modes() reports; energy is
// conserved with the inputs off where the model is conservative; dE/dt = (B τ)ᵀq̇ − q̇ᵀDq̇ along the
// vector field where it has joint moments; and the tangent right-hand side the indicators integrate
// (hand-derived, dual-mode or AutoDiff) agrees with AutoDiff of rhs() and with central differences
// of rhs(). The models come from the one list (models/model_list.hpp): a model without an entry in
// CHAOSKIT_CONFORMANCE_CASES (its scales and properties) is checked with a DefaultCase.
//
// These are consequences of the physics, not of any one formula, so a sign slip in a model (a
// Coriolis term, a gravity moment) fails several of them at once.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <tuple>
#include <type_traits>
#include <vector>

#include "chaoskit/core/autodiff.hpp"
#include "chaoskit/integrate/instances.hpp"
#include "chaoskit/integrate/tangent_rhs.hpp"
#include "chaoskit/models/linear_modes.hpp"
#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "support/random_states.hpp"

using namespace chaoskit;
using chaoskit::test::random_vec;

namespace {

// ---- the models ---------------------------------------------------------------------------------
// Each case: how to build the model, the size of the random states it is tested at (angles and
// rates in rad and rad/s; Hénon–Heiles stays below its escape energy 1/6), and which properties
// apply. `rest_omegas` is for a model with a rest state that linear_modes() cannot see.

struct GolfCase {
  using M = GolfModel;
  static M make() { return M(golf_params(read_param_file("golf_manufactured"))); }
  static constexpr double q_scale = 1.5, rate_scale = 4.0;
  static constexpr bool conservative = true, has_rest = true;
};

struct LimbCase {
  using M = LimbModel;
  static M make() { return M(limb_params(read_param_file("limb_paper_reconstructed"))); }
  static constexpr double q_scale = 1.5, rate_scale = 4.0;
  static constexpr bool conservative = true, has_rest = true;
};

/// N links of different lengths and masses (no accidental symmetry), undamped.
template <int N>
struct ChainCase {
  using M = ChainModel<N>;
  static M make() {
    ChainParams p;
    for (int i = 0; i < N; ++i) {
      p.L.push_back(0.6 + 0.1 * i);
      p.m.push_back(1.2 - 0.15 * i);
      p.r.push_back(0.45 * p.L.back());
      p.I.push_back(1.1 * p.m.back() * p.L.back() * p.L.back() / 12.0);
      p.b.push_back(0.0);
    }
    p.g = 9.81;
    return M(p);
  }
  static constexpr double q_scale = 1.0, rate_scale = 2.0;
  static constexpr bool conservative = true, has_rest = true;
};

/// A damped chain: energy decays, so only the power balance (with −q̇ᵀDq̇) and the rest are checked.
struct DampedChainCase {
  using M = ChainModel<2>;
  static M make() { return M(chain_params(read_param_file("chain2_damped_rods"))); }
  static constexpr double q_scale = 1.5, rate_scale = 3.0;
  static constexpr bool conservative = false, has_rest = true;
};

struct LorenzCase {
  using M = LorenzModel;
  static M make() { return M(lorenz_params(read_param_file("lorenz_classic"))); }
  static constexpr double q_scale = 10.0, rate_scale = 10.0;
  static constexpr bool conservative = false, has_rest = false;
};

struct HenonHeilesCase {
  using M = HenonHeilesModel;
  static M make() { return M(); }
  static constexpr double q_scale = 0.25, rate_scale = 0.25;
  static constexpr bool conservative = true, has_rest = true;
  // H = (px² + py²)/2 + (x² + y²)/2 + x²y − y³/3: unit frequencies at the origin.
  static std::vector<double> rest_omegas() { return {1.0, 1.0}; }
};

/// The golf model written as a model file (data/models/golf.toml): the compiled program's rhs,
/// its dual-mode tangent and its mechanical pieces.
struct GolfFileCase {
  using M = FileModel<4>;
  static M make() { return std::get<M>(make_model((data_directory() / "models" / "golf.toml").string())); }
  static constexpr double q_scale = 1.5, rate_scale = 4.0;
  static constexpr bool conservative = true, has_rest = true;
};

#define CHAOSKIT_CONFORMANCE_CASES                                                                           \
  GolfCase, LimbCase, ChainCase<1>, ChainCase<2>, ChainCase<3>, ChainCase<4>, ChainCase<5>, DampedChainCase, \
      LorenzCase, HenonHeilesCase, GolfFileCase

/// A compiled model of the one list (models/model_list.hpp) without a case above: its default
/// parameter set, unit scales, and the checks that need nothing else (the tangent rhs; for a
/// mechanical model the power balance, which holds with or without damping). So a model added to
/// the list is checked here at once; a case above, with its scales, energy and rest, replaces this.
template <class Model>
struct DefaultCase {
  using M = Model;
  static M make() { return std::get<M>(make_model(ModelTraits<M>::name)); }
  static constexpr double q_scale = 1.0, rate_scale = 1.0;
  static constexpr bool conservative = false, has_rest = false;
};

template <class M, class... Cases>
constexpr bool kHasCase = (std::is_same_v<M, typename Cases::M> || ...);
template <class M>
using DefaultCaseIfNone =
    std::conditional_t<kHasCase<M, CHAOSKIT_CONFORMANCE_CASES>, std::tuple<>, std::tuple<DefaultCase<M>>>;
#define CHAOSKIT_CONFORMANCE_DEFAULT(M) , std::declval<DefaultCaseIfNone<M>>()
/// The cases above and a DefaultCase for every compiled model of the list they miss.
using ConformanceCases = decltype(std::tuple_cat(std::declval<std::tuple<CHAOSKIT_CONFORMANCE_CASES>>()
                                                     CHAOSKIT_FOR_EACH_COMPILED_MODEL(CHAOSKIT_CONFORMANCE_DEFAULT)));
#undef CHAOSKIT_CONFORMANCE_DEFAULT

/// A random state of the case's scales (angles, then rates; all components for a flow).
template <class Case>
Vec<double, Case::M::state_dim> random_state(std::mt19937& rng) {
  constexpr int n = Case::M::state_dim;
  Vec<double, n> x = random_vec<n>(rng, Case::q_scale);
  if constexpr (n % 2 == 0) x.template tail<n / 2>() = random_vec<n / 2>(rng, Case::rate_scale);
  return x;
}

template <class Derived>
double max_abs(const Eigen::MatrixBase<Derived>& m) {
  return m.size() ? m.cwiseAbs().maxCoeff() : 0.0;
}

/// ∂f/∂x · W by AutoDiff of rhs() with one derivative per column of W: the reference the tangent
/// right-hand side is compared with (for models without their own formulas, it is that path).
template <class M, int K>
Mat<double, M::state_dim, K> autodiff_jw(const M& model, const Vec<double, M::state_dim>& x,
                                         const Vec<double, M::input_dim>& u, const Mat<double, M::state_dim, K>& W) {
  Vec<double, M::state_dim> f;
  Mat<double, M::state_dim, K> JW;
  tangent_rhs_autodiff<K>(model, x, u, 0.0, W, f, JW);
  return JW;
}

template <class M, int K>
void check_tangent(const M& model, const Vec<double, M::state_dim>& x, const Vec<double, M::input_dim>& u,
                   const Mat<double, M::state_dim, K>& W) {
  constexpr int n = M::state_dim;
  Vec<double, n> f;
  Mat<double, n, K> JW;
  tangent_rhs<K>(model, x, u, 0.0, W, f, JW);
  const Vec<double, n> f0 = model.rhs(x, u, 0.0);
  CHECK(max_abs(f - f0) <= 1e-13 * (1.0 + max_abs(f0)));
  const Mat<double, n, K> ad = autodiff_jw<M, K>(model, x, u, W);
  CHECK(max_abs(JW - ad) <= 1e-11 * (1.0 + max_abs(ad)));
  // Central differences along each column: error ~ h² f''' + ε f / h, about 1e-9 at h = 1e-5.
  const double h = 1e-5;
  for (int k = 0; k < K; ++k) {
    const Vec<double, n> xp = x + h * W.col(k), xm = x - h * W.col(k);
    const Vec<double, n> fd = (model.rhs(xp, u, 0.0) - model.rhs(xm, u, 0.0)) / (2.0 * h);
    INFO("column " << k);
    CHECK(max_abs(JW.col(k) - fd) <= 1e-6 * (1.0 + max_abs(fd)));
  }
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("conformance: the tangent rhs agrees with AutoDiff and with central differences",
                        "[models][conformance]", ConformanceCases) {
  using M = typename TestType::M;
  constexpr int n = M::state_dim, m = M::input_dim;
  const M model = TestType::make();
  std::mt19937 rng(11);
  for (int trial = 0; trial < 5; ++trial) {
    const Vec<double, n> x = random_state<TestType>(rng);
    const Vec<double, m> u = random_vec<m>(rng, 3.0);
    INFO("x = " << x.transpose());
    // K = n, the spectrum's width (hand-derived tangents are templates in K, so K = 1 is the same
    // code; one width keeps this file's AutoDiff instantiations, and its build time, down).
    Mat<double, n, n> W;
    for (int k = 0; k < n; ++k) W.col(k) = random_vec<n>(rng, 1.0);
    check_tangent<M, n>(model, x, u, W);
  }
}

TEMPLATE_LIST_TEST_CASE("conformance: dE/dt along the vector field is the moments' power less the damping's",
                        "[models][conformance]", ConformanceCases) {
  using M = typename TestType::M;
  constexpr int n = M::state_dim, m = M::input_dim;
  const M model = TestType::make();
  if constexpr (MechanicalModel<M> || TestType::conservative) {
    std::mt19937 rng(12);
    for (int trial = 0; trial < 20; ++trial) {
      const Vec<double, n> x = random_state<TestType>(rng);
      const Vec<double, m> tau = random_vec<m>(rng, 5.0);
      const Vec<double, n> f = model.rhs(x, tau, 0.0);
      // dE/dt = ∇E · f by a central difference of the energy along f (any model's energy; no
      // AutoDiff of it needed, so model files are checked the same way).
      const double h = 1e-6;
      const double dE =
          (state_energy(model, Vec<double, n>(x + h * f)) - state_energy(model, Vec<double, n>(x - h * f))) / (2.0 * h);
      double expected = 0.0;
      if constexpr (MechanicalModel<M>) {
        constexpr int d = M::dof;
        const Vec<double, d> qd = x.template tail<d>();
        expected = (model.input_matrix() * tau).dot(qd) - qd.dot(model.dissipation(qd));
      }
      INFO("x = " << x.transpose() << ", tau = " << tau.transpose());
      CHECK(std::abs(dE - expected) <= 1e-6 * (1.0 + std::abs(expected) + max_abs(f)));
    }
  }
}

TEMPLATE_LIST_TEST_CASE("conformance: a conservative model keeps its energy with the inputs off",
                        "[models][conformance]", ConformanceCases) {
  using M = typename TestType::M;
  constexpr int n = M::state_dim;
  if constexpr (TestType::conservative) {
    const M model = TestType::make();
    IntegratorOptions io;
    io.stepper = StepperKind::rkf78;
    io.rtol = io.atol = 1e-12;
    std::mt19937 rng(13);
    for (int trial = 0; trial < 2; ++trial) {
      const Vec<double, n> x0 = random_state<TestType>(rng);
      const double T = 3.0;
      const auto tr = simulate(model, x0, InputSchedule(0), 0.0, T, {T / 3, 2 * T / 3, T}, io);
      REQUIRE(tr.report.ok());
      // Relative to the size of the energy's terms, not to E itself, which may be near zero.
      double scale = std::abs(tr.energy.front());
      if constexpr (MechanicalModel<M>) {
        constexpr int d = M::dof;
        const Vec<double, d> q = x0.template head<d>(), qd = x0.template tail<d>();
        scale = kinetic_energy(model, q, qd) + std::abs(model.potential_energy(q));
      }
      INFO("x0 = " << x0.transpose() << ", E0 = " << tr.energy.front());
      for (double E : tr.energy) CHECK(std::abs(E - state_energy(model, x0)) <= 1e-9 * scale);
    }
  }
}

TEMPLATE_LIST_TEST_CASE("conformance: the rest state is an equilibrium with the frequencies of its linear modes",
                        "[models][conformance]", ConformanceCases) {
  using M = typename TestType::M;
  constexpr int n = M::state_dim, m = M::input_dim;
  if constexpr (TestType::has_rest) {
    constexpr int d = n / 2;
    const M model = TestType::make();
    const Vec<double, n> rest = Vec<double, n>::Zero();
    const Vec<double, m> off = Vec<double, m>::Zero();
    CHECK(max_abs(model.rhs(rest, off, 0.0)) <= 1e-14);
    // Linearised at rest, q̇ = rates and the rates' rows are −A q with A = M0⁻¹K (damping acts on
    // the rates), from the rhs alone. Each mode (ω, v) must satisfy A v = ω² v; d independent
    // shapes (M0-orthogonal ones are) then account for A's whole spectrum.
    const Mat<double, n, n> J = autodiff_jw<M, n>(model, rest, off, Mat<double, n, n>::Identity());
    CHECK(max_abs(Mat<double, d, d>(J.template block<d, d>(0, d)) - Mat<double, d, d>::Identity()) <= 1e-14);
    const Mat<double, d, d> A = -J.template block<d, d>(d, 0);
    Mat<double, d, d> shapes = Mat<double, d, d>::Identity();  // rest_omegas: modes along the axes
    Vec<double, d> omega;
    if constexpr (requires { TestType::rest_omegas(); }) {
      for (int k = 0; k < d; ++k) omega(k) = TestType::rest_omegas()[static_cast<std::size_t>(k)];
    } else {
      const LinearModes<d> modes = linear_modes(model);
      omega = modes.omega;
      shapes = modes.shapes;
      CHECK(std::abs(shapes.determinant()) > 1e-6 * std::pow(shapes.cwiseAbs().maxCoeff(), d));
    }
    for (int k = 0; k < d; ++k) {
      INFO("mode " << k << ", omega = " << omega(k));
      REQUIRE(omega(k) > 0.0);
      const Vec<double, d> v = shapes.col(k);
      CHECK(max_abs(Vec<double, d>(A * v - omega(k) * omega(k) * v)) <= 1e-9 * (1.0 + max_abs(A)) * max_abs(v));
    }
  }
}
