// Cross-checks between independently written models, and the physical invariants every
// mechanical model must satisfy: chain(N = 2) ≡ golf; limb ≡ its chain rewrite (relative angles,
// centroidal inertia); power balance dE/dt = (B u)ᵀq̇ − q̇ᵀDq̇; M symmetric positive definite;
// G = ∇V; AutoDiff Jacobians of the right-hand side against central differences.
#include <catch2/catch.hpp>
#include <random>
#include "chaoskit/core/autodiff.hpp"

#include "chaoskit/models/conversions.hpp"
#include "chaoskit/models/linear_modes.hpp"
#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "support/random_states.hpp"

using namespace chaoskit;
using Catch::Matchers::WithinAbs;
using chaoskit::test::random_vec;

namespace {

template <class Derived>
double max_abs(const Eigen::MatrixBase<Derived>& m) {
  return m.cwiseAbs().maxCoeff();
}

/// dE/dt along the flow by forward-mode AutoDiff of total_energy in the direction (q̇, q̈).
template <MechanicalModel M>
double energy_rate(const M& model, const Vec<double, M::dof>& q, const Vec<double, M::dof>& qd,
                   const Vec<double, M::dof>& qdd) {
  using AD = Eigen::AutoDiffScalar<Vec<double, 1>>;
  Vec<AD, M::dof> qa, qda;
  for (int i = 0; i < M::dof; ++i) {
    qa(i) = AD(q(i), Vec<double, 1>(qd(i)));
    qda(i) = AD(qd(i), Vec<double, 1>(qdd(i)));
  }
  return total_energy(model, qa, qda).derivatives()(0);
}

template <MechanicalModel M>
void check_mechanical_invariants(const M& model, std::mt19937& rng, double rate_scale) {
  constexpr int n = M::dof;
  for (int trial = 0; trial < 50; ++trial) {
    const Vec<double, n> q = random_vec<n>(rng, 3.14159), qd = random_vec<n>(rng, rate_scale);
    const Vec<double, M::input_dim> u = random_vec<M::input_dim>(rng, 5.0);
    const auto Mq = model.mass_matrix(q);
    CHECK(max_abs(Mq - Mq.transpose()) == 0.0);
    CHECK(Eigen::SelfAdjointEigenSolver<Mat<double, n, n>>(Mq).eigenvalues().minCoeff() > 0.0);
    const auto qdd = joint_accelerations(model, q, qd, u);
    // Power balance: dE/dt = (B u)ᵀ q̇ − q̇ᵀ D q̇.
    const double expected = actuator_power(model, qd, u) - qd.dot(model.dissipation(qd));
    const double scale = 1.0 + std::abs(kinetic_energy(model, q, qd)) * (1.0 + rate_scale);
    CHECK_THAT(energy_rate(model, q, qd, qdd), WithinAbs(expected, 1e-12 * scale));
    // G = ∇V, by AutoDiff of the potential.
    using AD = Eigen::AutoDiffScalar<Vec<double, n>>;
    Vec<AD, n> qa;
    for (int i = 0; i < n; ++i) qa(i) = AD(q(i), n, i);
    const Vec<double, n> gradV = model.potential_energy(qa).derivatives();
    CHECK(max_abs(gradV - model.gravity(q)) < 1e-12 * (1.0 + max_abs(gradV)));
  }
}

}  // namespace

TEST_CASE("chain with two links equals golf", "[cross][chain][golf]") {
  const GolfParams gp = golf_params(read_param_file("golf_manufactured"));
  const GolfModel golf(gp);
  const ChainModel<2> chain(chain_from_golf(gp));
  std::mt19937 rng(1);
  for (int trial = 0; trial < 200; ++trial) {
    const Vec<double, 2> q = random_vec<2>(rng, 3.14159), qd = random_vec<2>(rng, 20.0), u = random_vec<2>(rng, 10.0);
    CHECK(max_abs(golf.mass_matrix(q) - chain.mass_matrix(q)) < 1e-15);
    CHECK(max_abs(golf.bias(q, qd) - chain.bias(q, qd)) < 1e-13);
    CHECK(max_abs(golf.gravity(q) - chain.gravity(q)) < 1e-14);
    CHECK_THAT(golf.potential_energy(q), WithinAbs(chain.potential_energy(q), 1e-14));
    const auto ag = joint_accelerations(golf, q, qd, u), ac = joint_accelerations(chain, q, qd, u);
    CHECK(max_abs(ag - ac) < 1e-12 * (1.0 + max_abs(ag)));
    const auto kg = endpoint_kinematics(golf, q, qd, ag), kc = endpoint_kinematics(chain, q, qd, ac);
    CHECK(max_abs(kg.p - kc.p) < 1e-15);
    CHECK(max_abs(kg.a - kc.a) < 1e-11 * (1.0 + max_abs(kg.a)));
  }
}

TEST_CASE("limb rewritten as a chain gives the same motion and energy", "[cross][chain][limb]") {
  for (const char* set : {"limb_paper_reconstructed", "limb_deleva_male", "limb_frustum_deleva_lengths"}) {
    INFO(set);
    const LimbParams lp = limb_params(read_param_file(set));
    const LimbModel limb(lp);
    const ChainModel<2> chain(chain_from_golf(golf_from_limb(lp)));
    const GolfModel golf(golf_from_limb(lp));
    std::mt19937 rng(2);
    for (int trial = 0; trial < 200; ++trial) {
      const Vec<double, 4> x_abs(random_vec<4>(rng, 3.14159));
      Vec<double, 4> x = x_abs;
      x.tail<2>() *= 3.0;  // rates up to ~9.4 rad/s
      const Vec<double, 4> x_rel = relative_state_from_absolute(x);
      const Vec<double, 2> u = random_vec<2>(rng, 20.0);  // hip and knee moments: the same physical inputs
      const Vec<double, 4> f_abs = limb.rhs(x, u, 0.0);
      const Vec<double, 4> f_rel = chain.rhs(x_rel, u, 0.0);
      // θ̈2_abs = θ̈1 + θ̈2_rel.
      const Vec<double, 4> f_rel_as_abs = absolute_state_from_relative(f_rel);
      CHECK(max_abs(f_abs - f_rel_as_abs) < 1e-12 * (1.0 + max_abs(f_abs)));
      CHECK(max_abs(golf.rhs(x_rel, u, 0.0) - f_rel) < 1e-12 * (1.0 + max_abs(f_rel)));
      const double E_abs = total_energy(limb, Vec<double, 2>(x.head<2>()), Vec<double, 2>(x.tail<2>()));
      const double E_rel = total_energy(chain, Vec<double, 2>(x_rel.head<2>()), Vec<double, 2>(x_rel.tail<2>()));
      CHECK_THAT(E_abs, WithinAbs(E_rel, 1e-12 * (1.0 + std::abs(E_abs))));
      // Same actuator power: hip moment on θ̇1, knee moment on the relative rate.
      CHECK_THAT(actuator_power(limb, Vec<double, 2>(x.tail<2>()), u),
                 WithinAbs(actuator_power(chain, Vec<double, 2>(x_rel.tail<2>()), u), 1e-12));
      // Same endpoint.
      const auto kl = endpoint_kinematics(limb, Vec<double, 2>(x.head<2>()), Vec<double, 2>(x.tail<2>()),
                                          Vec<double, 2>(f_abs.tail<2>()));
      const auto kc = endpoint_kinematics(chain, Vec<double, 2>(x_rel.head<2>()), Vec<double, 2>(x_rel.tail<2>()),
                                          Vec<double, 2>(f_rel.tail<2>()));
      CHECK(max_abs(kl.p - kc.p) < 1e-14);
      CHECK(max_abs(kl.v - kc.v) < 1e-12);
      CHECK(max_abs(kl.a - kc.a) < 1e-10 * (1.0 + max_abs(kl.a)));
    }
    // Modes are coordinate-independent.
    const auto ml = linear_modes(limb), mc = linear_modes(chain);
    CHECK_THAT(ml.omega(0), WithinAbs(mc.omega(0), 1e-12));
    CHECK_THAT(ml.omega(1), WithinAbs(mc.omega(1), 1e-12));
  }
}

TEST_CASE("mechanical invariants: SPD mass matrix, power balance, G = grad V", "[invariants]") {
  std::mt19937 rng(3);
  check_mechanical_invariants(GolfModel(golf_params(read_param_file("golf_manufactured"))), rng, 15.0);
  check_mechanical_invariants(LimbModel(limb_params(read_param_file("limb_paper_reconstructed"))), rng, 10.0);
  check_mechanical_invariants(ChainModel<3>(chain_params(read_param_file("chain3_uniform_rods"))), rng, 8.0);
  ChainParams damped;
  damped.L = {0.3, 0.5, 0.7, 0.4};
  damped.m = {2.0, 1.0, 0.5, 0.3};
  damped.r = {0.15, 0.2, 0.4, 0.1};
  damped.I = {0.02, 0.03, 0.01, 0.004};
  damped.b = {0.5, 0.1, 0.0, 0.2};
  damped.g = 9.81;
  check_mechanical_invariants(ChainModel<4>(damped), rng, 8.0);
  ChainParams single = damped;
  single.L.resize(1), single.m.resize(1), single.r.resize(1), single.I.resize(1), single.b.resize(1);
  check_mechanical_invariants(ChainModel<1>(single), rng, 8.0);
}

TEST_CASE("a single link is the compound pendulum", "[chain]") {
  ChainParams p;
  p.L = {1.2};
  p.m = {3.0};
  p.r = {0.4};
  p.I = {0.1};
  p.b = {0.25};
  p.g = 9.81;
  const ChainModel<1> m(p);
  const double K = 0.1 + 3.0 * 0.4 * 0.4;
  const Vec<double, 2> x(0.9, -1.7);
  const Vec<double, 2> f = m.rhs(x, Vec<double, 1>(0.5), 0.0);
  CHECK_THAT(f(1), WithinAbs((0.5 - 3.0 * 9.81 * 0.4 * std::sin(0.9) - 0.25 * (-1.7)) / K, 1e-14));
  CHECK_THAT(linear_modes(m).omega(0), WithinAbs(std::sqrt(3.0 * 9.81 * 0.4 / K), 1e-13));
}

TEST_CASE("AutoDiff Jacobians of every model's rhs match central differences", "[autodiff]") {
  auto check = [](const auto& model, const auto& x, const auto& u) {
    using M = std::decay_t<decltype(model)>;
    constexpr int n = M::state_dim, m = M::input_dim, k = n + m;
    using AD = Eigen::AutoDiffScalar<Vec<double, k>>;
    Vec<AD, n> xa;
    Vec<AD, m> ua;
    for (int i = 0; i < n; ++i) xa(i) = AD(x(i), k, i);
    for (int i = 0; i < m; ++i) ua(i) = AD(u(i), k, n + i);
    const Vec<AD, n> f = model.rhs(xa, ua, AD(0.0));
    Mat<double, n, k> J;
    for (int i = 0; i < n; ++i) J.row(i) = f(i).derivatives().transpose();
    for (int j = 0; j < k; ++j) {
      const double h = 1e-6;
      Vec<double, n> xp = x, xm = x;
      Vec<double, m> up = u, um = u;
      if (j < n)
        xp(j) += h, xm(j) -= h;
      else
        up(j - n) += h, um(j - n) -= h;
      const Vec<double, n> fd = (model.rhs(xp, up, 0.0) - model.rhs(xm, um, 0.0)) / (2 * h);
      for (int i = 0; i < n; ++i) CHECK_THAT(J(i, j), WithinAbs(fd(i), 1e-6 * (1.0 + std::abs(fd(i)))));
    }
  };
  check(GolfModel(golf_params(read_param_file("golf_manufactured"))), Vec<double, 4>(0.3, -1.1, 4.0, -7.0),
        Vec<double, 2>(2.0, -1.0));
  check(LimbModel(limb_params(read_param_file("limb_paper_reconstructed"))), Vec<double, 4>(0.5, 0.2, 1.0, -2.0),
        Vec<double, 2>(1.0, 0.5));
  check(ChainModel<3>(chain_params(read_param_file("chain3_uniform_rods"))),
        Vec<double, 6>(0.4, -0.3, 1.2, 0.5, -1.0, 2.0), Vec<double, 3>(0.1, 0.2, 0.3));
  check(LorenzModel(lorenz_params(read_param_file("lorenz_classic"))), Vec<double, 3>(1.0, 2.0, 20.0),
        Vec<double, 0>());
  check(HenonHeilesModel(), Vec<double, 4>(0.1, -0.2, 0.3, 0.05), Vec<double, 0>());
}

TEST_CASE("Henon-Heiles conserves its energy along the vector field", "[henon_heiles]") {
  const HenonHeilesModel m;
  std::mt19937 rng(4);
  for (int i = 0; i < 50; ++i) {
    const Vec<double, 4> s = random_vec<4>(rng, 0.5);
    const Vec<double, 4> f = m.rhs(s, Vec<double, 0>(), 0.0);
    using AD = Eigen::AutoDiffScalar<Vec<double, 1>>;
    Vec<AD, 4> sa;
    for (int j = 0; j < 4; ++j) sa(j) = AD(s(j), Vec<double, 1>(f(j)));
    CHECK_THAT(m.energy(sa).derivatives()(0), WithinAbs(0.0, 1e-15));
  }
}

TEST_CASE("registry builds every model with its default set", "[registry]") {
  for (const auto& d : model_catalog()) {
    INFO(d.name);
    const AnyModel m = make_model(d.name);
    CHECK(model_name(m) == d.name);
  }
  CHECK(std::holds_alternative<ChainModel<3>>(make_model("chain")));
  CHECK(std::holds_alternative<ChainModel<2>>(make_model("chain", "golf_manufactured")));
  CHECK(std::holds_alternative<GolfModel>(make_model("golf", "limb_paper_reconstructed")));
  CHECK_THROWS_AS(make_model("pendulum"), InputError);
}
