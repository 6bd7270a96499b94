// Model files of any number of states from 1 to 12 (models/file_model.hpp): the sizes without a
// compiled FileModel<N> (3, 4, 6) run as FileModel<Eigen::Dynamic>, vectors sized at run time.
// Checked here: the run-time-sized type gives what the compiled size gives on the same file; each
// new size against a closed form or a compiled model (logistic growth, 1 state; the single
// pendulum against chain<1> and a forced Duffing oscillator, 2; a five-link chain against chain<5>,
// 10; a six-link chain, 12, by Liouville's det Ψ = det M(q0) / det M(q(T))); Ψ against finite
// differences of the flow, with and without events (a bouncing ball); and the errors.
#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <numbers>
#include <sstream>
#include <string>

#include "../support/model_files.hpp"
#include "../support/scratch.hpp"
#include "chaoskit/core/errors.hpp"
#include "chaoskit/indicators/instances.hpp"
#include "chaoskit/indicators/state_transition.hpp"
#include "chaoskit/integrate/instances.hpp"
#include "chaoskit/models/energy_surface_sampler.hpp"
#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/params/param_sets.hpp"

using namespace chaoskit;

namespace {

using RunTimeFileModel = FileModel<Eigen::Dynamic>;
using DynVec = Vec<double, Eigen::Dynamic>;
using DynMat = Mat<double, Eigen::Dynamic, Eigen::Dynamic>;

/// The file's model as the registry builds it (the compiled size where there is one).
AnyModel registered(const std::string& path) { return make_model(path); }

/// The same file forced onto the run-time-sized type, whatever its size.
RunTimeFileModel run_time_sized(const std::string& path) {
  return RunTimeFileModel(ModelProgram::compile(read_param_file(path)));
}

DynVec values(std::initializer_list<double> v) {
  DynVec x(static_cast<Eigen::Index>(v.size()));
  Eigen::Index i = 0;
  for (double a : v) x(i++) = a;
  return x;
}

IntegratorOptions tight(StepperKind stepper = StepperKind::dopri5) {
  IntegratorOptions io;
  io.stepper = stepper;
  io.rtol = io.atol = 1e-11;
  return io;
}

DynVec final_state(const RunTimeFileModel& m, const DynVec& x0, double T, const IntegratorOptions& io) {
  const Trajectory<RunTimeFileModel> tr = simulate(m, x0, InputSchedule(input_count(m)), 0.0, T, {T}, io);
  REQUIRE(tr.report.ok());
  return tr.x.back();
}

/// An N-link chain in absolute angles a1..aN (chain.hpp's a_ij and β_j, as tests/simd/chain3_absolute.toml
/// writes three links), undamped, with joint moments; links of decreasing length and mass.
std::string chain_file(int links) {
  std::ostringstream f;
  auto name = [](const char* s, int i) { return std::string(s) + std::to_string(i); };
  f << "model = \"mechanical\"\ncoordinates = [";
  for (int i = 1; i <= links; ++i) f << (i > 1 ? ", " : "") << '"' << name("a", i) << '"';
  f << "]\ninputs = [";
  for (int i = 1; i <= links; ++i) f << (i > 1 ? ", " : "") << '"' << name("tau", i) << '"';
  f << "]\nmass_matrix = [";
  for (int i = 1; i <= links; ++i) {
    f << (i > 1 ? ",\n  [" : "[");
    for (int j = 1; j <= links; ++j) {
      const int lo = std::min(i, j), hi = std::max(i, j);
      f << (j > 1 ? ", " : "") << '"';
      if (i == j)
        f << name("A", i) << i;
      else
        f << name("A", lo) << hi << "*cos(a" << lo << " - a" << hi << ")";
      f << '"';
    }
    f << "]";
  }
  f << "]\nforces = [";
  for (int i = 1; i <= links; ++i) {
    f << (i > 1 ? ",\n  " : "") << "\"tau" << i << (i < links ? " - tau" + std::to_string(i + 1) : "");
    for (int j = 1; j <= links; ++j) {
      if (j == i) continue;
      const int lo = std::min(i, j), hi = std::max(i, j);
      f << " - A" << lo << hi << "*sin(a" << i << " - a" << j << ")*da" << j << "^2";
    }
    f << " - g*B" << i << "*sin(a" << i << ")\"";
  }
  f << "]\npotential = \"-g*(";
  for (int i = 1; i <= links; ++i) f << (i > 1 ? " + " : "") << "B" << i << "*cos(a" << i << ")";
  f << ")\"\n[kinematics]\nangles = \"absolute\"\nlengths = [";
  for (int i = 1; i <= links; ++i) f << (i > 1 ? ", " : "") << '"' << name("L", i) << '"';
  f << "]\n[values]\ng = 9.81\n";
  for (int i = 1; i <= links; ++i) {
    f << "L" << i << " = " << 1.0 - 0.1 * (i - 1) << "\nm" << i << " = " << 2.0 - 0.2 * (i - 1) << "\n";
    f << "r" << i << " = " << 0.45 - 0.04 * (i - 1) << "\nI" << i << " = " << 0.12 - 0.01 * (i - 1) << "\n";
  }
  f << "[let]\n";
  auto mass_below = [&](int i) {  // Σ_{k>i} m_k as an expression
    std::string s;
    for (int k = i + 1; k <= links; ++k) s += (s.empty() ? "" : " + ") + name("m", k);
    return s.empty() ? std::string("0") : "(" + s + ")";
  };
  for (int i = 1; i <= links; ++i) {
    f << "A" << i << i << " = \"I" << i << " + m" << i << "*r" << i << "^2 + L" << i << "^2*" << mass_below(i)
      << "\"\n";
    f << "B" << i << " = \"m" << i << "*r" << i << " + L" << i << "*" << mass_below(i) << "\"\n";
    for (int j = i + 1; j <= links; ++j)
      f << "A" << i << j << " = \"L" << i << "*(m" << j << "*r" << j << " + L" << j << "*" << mass_below(j) << ")\"\n";
  }
  return f.str();
}

/// chain.hpp's parameters of chain_file(links).
ChainParams chain_params(int links) {
  ChainParams p;
  for (int i = 0; i < links; ++i) {
    p.L.push_back(1.0 - 0.1 * i), p.m.push_back(2.0 - 0.2 * i);
    p.r.push_back(0.45 - 0.04 * i), p.I.push_back(0.12 - 0.01 * i);
  }
  p.b.assign(static_cast<std::size_t>(links), 0.0);
  p.g = 9.81;
  return p;
}

/// ‖Ψ − central differences of the flow map‖∞ / ‖Ψ‖∞ at x0 over [0, T].
double stm_against_differences(const RunTimeFileModel& m, const DynVec& x0, double T, double h) {
  const IntegratorOptions io = tight();
  const InputSchedule none(input_count(m));
  const VariationalResult<RunTimeFileModel> r = propagate_variational(m, x0, none, 0.0, T, io);
  REQUIRE(r.report.ok());
  const Eigen::Index n = x0.size();
  DynMat fd = DynMat::Zero(n, n);
  for (Eigen::Index j = 0; j < n; ++j) {
    DynVec plus = x0, minus = x0;
    plus(j) += h, minus(j) -= h;
    fd.col(j) = (flow(m, plus, none, 0.0, T, io) - flow(m, minus, none, 0.0, T, io)) / (2 * h);
  }
  return (r.stm - fd).cwiseAbs().maxCoeff() / r.stm.cwiseAbs().maxCoeff();
}

}  // namespace

TEST_CASE("model file sizes: the registry picks the compiled size where there is one, else the run-time type",
          "[model_files][sizes]") {
  CHECK(std::holds_alternative<FileModel<3>>(registered(chaoskit::test::shipped_model_file("lorenz"))));
  CHECK(std::holds_alternative<FileModel<4>>(registered(chaoskit::test::shipped_model_file("golf"))));
  const chaoskit::test::ScratchDir dir("sizes");
  for (int links : {1, 4, 5, 6}) {
    const std::string path = dir.file("chain" + std::to_string(links) + ".toml");
    std::ofstream(path) << chain_file(links);
    const AnyModel m = registered(path);
    CAPTURE(links);
    REQUIRE(std::holds_alternative<RunTimeFileModel>(m));
    const auto& file = std::get<RunTimeFileModel>(m);
    CHECK(state_count(file) == 2 * links);
    CHECK(input_count(file) == links);
    CHECK(coordinate_count(file) == links);
    CHECK(model_name(m) == path);
  }
}

TEST_CASE("model file sizes: the run-time type gives the compiled size's results", "[model_files][sizes]") {
  // The same program either way: the trajectory, Ψ, a short spectrum and MEGNO agree to rounding
  // (the compiled sizes' fixed-size products may sum in another order; 10 s of the chaotic Lorenz
  // flow grows a rounding difference by e^9 at most).
  const std::string path = chaoskit::test::shipped_model_file("lorenz");
  const auto fixed = std::get<FileModel<3>>(registered(path));
  const RunTimeFileModel dyn(fixed.program);
  const Vec<double, 3> x0(1, 1, 20);
  const DynVec x0d = x0;
  const IntegratorOptions io = tight();
  const InputSchedule none(1);
  SECTION("trajectory") {
    const auto a = simulate(fixed, x0, none, 0.0, 10.0, {10.0}, io);
    const auto b = simulate(dyn, x0d, none, 0.0, 10.0, {10.0}, io);
    REQUIRE(b.report.ok());
    CHECK(b.report.accepted == a.report.accepted);
    CHECK((b.x.back() - a.x.back()).cwiseAbs().maxCoeff() <= 1e-9 * a.x.back().cwiseAbs().maxCoeff());
  }
  SECTION("state transition matrix") {
    const auto a = state_transition_matrix(fixed, x0, none, 2.0, io);
    const auto b = state_transition_matrix(dyn, x0d, none, 2.0, io);
    REQUIRE(b.report.ok());
    CHECK((b.stm - a.stm).cwiseAbs().maxCoeff() <= 1e-9 * a.stm.cwiseAbs().maxCoeff());
  }
  SECTION("spectrum, MEGNO and the classification") {
    LyapunovOptions lo;
    lo.time = 10.0;
    lo.blocks = 5;
    const auto a = lyapunov_exponents<3>(fixed, x0, none, lo, io);
    const auto b = lyapunov_exponents<Eigen::Dynamic>(dyn, x0d, none, lo, io);
    REQUIRE(b.exponents.size() == 3);
    for (int i = 0; i < 3; ++i) CHECK(b.exponents[i] == Approx(a.exponents[i]).margin(1e-7));
    FastIndicatorOptions fo;
    fo.time = 10.0;
    CHECK(megno(dyn, x0d, none, fo, io).megno == Approx(megno(fixed, x0, none, fo, io).megno).margin(1e-7));
    CHECK(alignment_indices<Eigen::Dynamic>(dyn, x0d, none, fo, io).gali.size() == 2);  // GALI_2, GALI_3
  }
}

TEST_CASE("model file sizes: one state, logistic growth against its closed form", "[model_files][sizes]") {
  const chaoskit::test::ScratchDir dir("logistic");
  const std::string path = dir.file("logistic.toml");
  std::ofstream(path) << "model = \"ode\"\nstates = [\"x\"]\n[values]\nr = 0.7\nK = 2.0\n"
                         "[derivatives]\nx = \"r*x*(1 - x/K)\"\n";
  const auto m = std::get<RunTimeFileModel>(registered(path));
  const double r = 0.7, K = 2.0, x0 = 0.1, T = 20.0;
  auto exact = [&](double t) { return K / (1.0 + (K / x0 - 1.0) * std::exp(-r * t)); };
  const DynVec xT = final_state(m, values({x0}), T, tight());
  CHECK(xT(0) == Approx(exact(T)).epsilon(1e-9));
  // λ over [0, T] of a 1-state flow is (1/T) log|f(x(T)) / f(x0)| (δx follows f along the orbit).
  LyapunovOptions lo;
  lo.time = T;
  lo.blocks = 4;
  const auto f = [&](double x) { return r * x * (1 - x / K); };
  const auto l = lyapunov_exponents<Eigen::Dynamic>(m, values({x0}), InputSchedule(0), lo, tight(StepperKind::rkf78));
  REQUIRE(l.exponents.size() == 1);
  CHECK(l.exponents[0] == Approx(std::log(f(exact(T)) / f(x0)) / T).margin(1e-7));
  // Two deviation vectors need two states: one line, not a crash.
  FastIndicatorOptions fo;
  fo.time = 10.0;
  CHECK_THROWS_WITH(alignment_indices<2>(m, values({x0}), InputSchedule(0), fo, tight()),
                    Catch::Contains("at least two states"));
}

TEST_CASE("model file sizes: two states, the single pendulum against the compiled chain<1>", "[model_files][sizes]") {
  const chaoskit::test::ScratchDir dir("pendulum");
  const std::string path = dir.file("pendulum.toml");
  std::ofstream(path) << chain_file(1);
  const auto file = std::get<RunTimeFileModel>(registered(path));
  const ChainModel<1> chain(chain_params(1));
  const Vec<double, 2> x0(2.5, 0.3);
  const IntegratorOptions io = tight();
  const auto a = simulate(chain, x0, InputSchedule(1), 0.0, 10.0, {10.0}, io);
  const DynVec b = final_state(file, DynVec(x0), 10.0, io);
  CHECK((b - a.x.back()).cwiseAbs().maxCoeff() <= 1e-8);
  CHECK(state_energy(file, b) == Approx(state_energy(chain, a.x.back())).epsilon(1e-10));
}

TEST_CASE("model file sizes: two states, a forced Duffing oscillator's exponents sum to minus its damping",
          "[model_files][sizes]") {
  // x'' + δ x' − x + x³ = γ cos(ω t): the flow's divergence is −δ everywhere, so λ1 + λ2 = −δ
  // exactly (Σ log R_ii = log det Φ(T) = −δ T), whatever the orbit does.
  const chaoskit::test::ScratchDir dir("duffing");
  const std::string path = dir.file("duffing.toml");
  std::ofstream(path) << "model = \"ode\"\nstates = [\"x\", \"v\"]\n[values]\ndelta = 0.3\ngamma = 0.5\nomega = 1.2\n"
                         "[derivatives]\nx = \"v\"\nv = \"-delta*v + x - x^3 + gamma*cos(omega*t)\"\n";
  const auto m = std::get<RunTimeFileModel>(registered(path));
  LyapunovOptions lo;
  lo.time = 500.0;
  lo.transient = 50.0;
  const auto l =
      lyapunov_exponents<Eigen::Dynamic>(m, values({1.0, 0.0}), InputSchedule(0), lo, tight(StepperKind::rkf78));
  REQUIRE(l.report.ok());
  REQUIRE(l.exponents.size() == 2);
  CAPTURE(l.exponents[0], l.errors[0], l.exponents[1]);
  CHECK(l.exponents[0] + l.exponents[1] == Approx(-0.3).margin(1e-6));
}

TEST_CASE("model file sizes: ten states, a five-link chain file against the compiled chain<5>",
          "[model_files][sizes]") {
  const chaoskit::test::ScratchDir dir("chain5");
  const std::string path = dir.file("chain5.toml");
  std::ofstream(path) << chain_file(5);
  const auto file = std::get<RunTimeFileModel>(registered(path));
  const ChainModel<5> chain(chain_params(5));
  // chain<5> takes relative angles q (α = A q, A lower-triangular ones); the file absolute ones.
  Vec<double, 10> q0;
  q0 << 0.9, -0.4, 0.7, 0.2, -0.5, 0.3, 0.0, -0.6, 0.4, 0.1;
  const Mat<double, 5, 5> A = chain.A;
  DynVec a0(10);
  a0 << A * q0.head<5>(), A * q0.tail<5>();
  const IntegratorOptions io = tight();
  const double T = 3.0;
  const auto rc = simulate(chain, q0, InputSchedule(5), 0.0, T, {T}, io);
  REQUIRE(rc.report.ok());
  const DynVec aT = final_state(file, a0, T, io);
  Vec<double, 10> expected;
  expected << A * rc.x.back().head<5>(), A * rc.x.back().tail<5>();
  CHECK((aT - expected).cwiseAbs().maxCoeff() <= 1e-7);
  CHECK(state_energy(file, a0) == Approx(state_energy(chain, q0)).epsilon(1e-12));
  CHECK(state_energy(file, aT) == Approx(state_energy(file, a0)).epsilon(1e-9));
  // Ψ of the ten-state file against differences of its flow.
  CHECK(stm_against_differences(file, a0, 1.0, 1e-6) <= 1e-6);
}

TEST_CASE("model file sizes: twelve states, a six-link chain keeps phase volume (det Ψ = det M(q0) / det M(q(T)))",
          "[model_files][sizes]") {
  // (q, q̇) ↦ (q, p = M(q) q̇) has Jacobian determinant det M(q), and the Hamiltonian flow in (q, p)
  // preserves volume, so the STM in (q, q̇) has det Ψ(T) = det M(q0) / det M(q(T)) exactly.
  const chaoskit::test::ScratchDir dir("chain6");
  const std::string path = dir.file("chain6.toml");
  std::ofstream(path) << chain_file(6);
  const auto m = std::get<RunTimeFileModel>(registered(path));
  DynVec x0(12);
  x0 << 1.2, 0.8, 0.3, -0.2, -0.6, 0.5, 0.4, -0.3, 0.9, 0.0, 0.2, -0.7;
  const double T = 2.0;
  const auto r = state_transition_matrix(m, x0, InputSchedule(6), T, tight(StepperKind::rkf78));
  REQUIRE(r.report.ok());
  const double det_m0 = m.mass_matrix(x0.head(6)).determinant();
  const double det_mT = m.mass_matrix(r.xT.head(6)).determinant();
  CHECK(std::log(std::abs(r.stm.determinant())) == Approx(std::log(det_m0 / det_mT)).margin(1e-7));
  CHECK(state_energy(m, r.xT) == Approx(state_energy(m, x0)).epsilon(1e-9));
  // The spectrum's twelve exponents come back, and the basin outcome of a flip runs.
  LyapunovOptions lo;
  lo.time = 20.0;
  lo.blocks = 4;
  const auto l = lyapunov_exponents<Eigen::Dynamic>(m, x0, InputSchedule(6), lo, tight(StepperKind::rkf78));
  REQUIRE(l.report.ok());
  CHECK(l.exponents.size() == 12);
}

TEST_CASE("model file sizes: the energy-level sampler draws the compiled size's states, and on 12 states",
          "[model_files][sizes][sample]") {
  // golf.toml as FileModel<4> and as the run-time type: the same proposals, the same states.
  const std::string golf = chaoskit::test::shipped_model_file("golf");
  const auto fixed = std::get<FileModel<4>>(registered(golf));
  const RunTimeFileModel dyn(fixed.program);
  const EnergySurfaceSampler<FileModel<4>> a(fixed, 2.0, SampleMeasure::liouville);
  const EnergySurfaceSampler<RunTimeFileModel> b(dyn, 2.0, SampleMeasure::liouville);
  CHECK(b.potential_minimum() == Approx(a.potential_minimum()).epsilon(1e-12));
  CHECK(b.q_weight_bound() == Approx(a.q_weight_bound()).epsilon(1e-12));
  for (std::uint64_t k = 0; k < 20; ++k) {
    const auto da = a.draw(7, 0, k);
    const auto db = b.draw(7, 0, k);
    CHECK(db.proposals == da.proposals);
    CHECK((db.state - da.state).cwiseAbs().maxCoeff() <= 1e-12);
  }
  // A six-link chain (12 states): every state lies on its level, angles in [−π, π).
  const chaoskit::test::ScratchDir dir("chain6_sample");
  const std::string path = dir.file("chain6.toml");
  std::ofstream(path) << chain_file(6);
  const auto chain = std::get<RunTimeFileModel>(registered(path));
  const double level = state_energy(chain, DynVec::Zero(12)) + 20.0;
  const EnergySurfaceSampler<RunTimeFileModel> s(chain, level, SampleMeasure::liouville);
  for (std::uint64_t k = 0; k < 10; ++k) {
    const DynVec x = s.sample(3, 0, k);
    REQUIRE(x.size() == 12);
    CHECK(state_energy(chain, x) == Approx(level).epsilon(1e-12));
    CHECK(x.head(6).cwiseAbs().maxCoeff() <= std::numbers::pi);
  }
  CHECK_THROWS_WITH(EnergySurfaceSampler<RunTimeFileModel>(chain, level, SampleMeasure::section),
                    Catch::Contains("needs dof == 2"));
}

TEST_CASE("model file sizes: Ψ across the impacts of a two-state bouncing ball agrees with finite differences",
          "[model_files][sizes][events]") {
  // y'' = −g, bouncing off y = 0 with restitution e: two impacts in [0, 1.4] s from (1, 0); the
  // saltation matrices (integrate/saltation.hpp) carry Ψ across them.
  const chaoskit::test::ScratchDir dir("ball");
  const std::string path = dir.file("ball.toml");
  std::ofstream(path) << "model = \"ode\"\nstates = [\"y\", \"v\"]\n[values]\ng = 9.81\nrestitution = 0.8\n"
                         "[derivatives]\ny = \"v\"\nv = \"-g\"\n"
                         "[[events]]\nname = \"impact\"\nguard = \"y\"\ndirection = \"down\"\n"
                         "[events.reset]\ny = \"y\"\nv = \"-restitution*v\"\n";
  const auto m = std::get<RunTimeFileModel>(registered(path));
  REQUIRE(m.event_count() == 1);
  const DynVec x0 = values({1.0, 0.0});
  const auto tr = simulate(m, x0, InputSchedule(1), 0.0, 1.4, {1.4}, tight());
  REQUIRE(tr.report.ok());
  CHECK(tr.events.size() == 2);
  CHECK(stm_against_differences(m, x0, 1.4, 1e-6) <= 1e-6);
}

TEST_CASE("model file sizes: more than twelve states, or more inputs than slots, is one clear error",
          "[model_files][sizes][errors]") {
  const chaoskit::test::ScratchDir dir("too_big");
  const std::string big = dir.file("big.toml");
  std::ofstream out(big);
  out << "model = \"ode\"\nstates = [";
  for (int i = 0; i < 13; ++i) out << (i ? ", " : "") << "\"x" << i << "\"";
  out << "]\n[derivatives]\n";
  for (int i = 0; i < 13; ++i) out << "x" << i << " = \"-x" << i << "\"\n";
  out.close();
  CHECK_THROWS_AS(registered(big), InputError);
  CHECK_THROWS_WITH(registered(big), Catch::Contains(big) && Catch::Contains("at most 12 states (this one has 13)"));
  const std::string inputs = dir.file("inputs.toml");
  std::ofstream(inputs) << "model = \"ode\"\nstates = [\"x\"]\ninputs = [\"u\"]\n[derivatives]\nx = \"u - x\"\n";
  CHECK_THROWS_WITH(registered(inputs), Catch::Contains("a model file of 1 state has room for 0 inputs"));
}
