// Models written as TOML files (data/models/, models/model_program.hpp): the shipped lorenz, golf
// and limb files reproduce the built-in models (rhs on 1000 random states, Jacobians, λ_max over
// 100 s, the golf chapter's printed numbers), their dual-number Jacobian-vector products agree with
// central differences, and bad files fail with one message naming file, line and column.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>

#include "../support/scratch.hpp"
#include "chaoskit/core/units.hpp"
#include "chaoskit/indicators/instances.hpp"
#include "chaoskit/integrate/jacobians.hpp"
#include "chaoskit/integrate/tangent_rhs.hpp"
#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "support/published.hpp"

using namespace chaoskit;

namespace {

std::string model_file(const std::string& name) { return (data_directory() / "models" / (name + ".toml")).string(); }

template <class M>
M file_model_as(const std::string& name) {
  const AnyModel any = make_model(model_file(name));
  REQUIRE(std::holds_alternative<M>(any));
  return std::get<M>(any);
}

/// ‖a − b‖∞ / ‖b‖∞ (norm-wise: a component that cancels to near zero does not inflate it).
template <class A, class B>
double relative_difference(const A& a, const B& b) {
  return (a - b).cwiseAbs().maxCoeff() / std::max(b.cwiseAbs().maxCoeff(), 1e-300);
}

// Uniform states: angles in [−π, π], rates in [−10, 10] rad/s (mechanical) or the box given.
template <int N>
Vec<double, N> random_state(std::mt19937_64& rng, const Vec<double, N>& lo, const Vec<double, N>& hi) {
  Vec<double, N> x;
  for (int i = 0; i < N; ++i) x(i) = std::uniform_real_distribution<double>(lo(i), hi(i))(rng);
  return x;
}

template <class Builtin, int N>
void check_rhs_agreement(const Builtin& builtin, const FileModel<N>& file, const Vec<double, N>& lo,
                         const Vec<double, N>& hi, double torque) {
  static_assert(Builtin::state_dim == N);
  std::mt19937_64 rng(20261202);
  double worst = 0.0, worst_jac = 0.0;
  for (int k = 0; k < 1000; ++k) {
    const Vec<double, N> x = random_state<N>(rng, lo, hi);
    Vec<double, Builtin::input_dim> u;
    Vec<double, FileModel<N>::input_dim> uf = Vec<double, FileModel<N>::input_dim>::Zero();
    for (int j = 0; j < Builtin::input_dim; ++j)
      u(j) = uf(j) = std::uniform_real_distribution<double>(-torque, torque)(rng);
    const Vec<double, N> fb = builtin.rhs(x, u, 0.0);
    const Vec<double, N> ff = file.rhs(x, uf, 0.0);
    worst = std::max(worst, relative_difference(ff, fb));
    // ∂f/∂x through AutoDiff of rhs(): the built-in's own code against the file's dual mode.
    const auto jb = rhs_jacobians(builtin, x, u, 0.0);
    const auto jf = rhs_jacobians(file, x, uf, 0.0);
    worst_jac = std::max(worst_jac, relative_difference(jf.fx, jb.fx));
  }
  CAPTURE(worst, worst_jac);
  CHECK(worst <= 1e-14);
  CHECK(worst_jac <= 1e-12);
}

}  // namespace

TEST_CASE("model files: the shipped files reproduce the built-in rhs on 1000 random states", "[model_files]") {
  SECTION("lorenz") {
    check_rhs_agreement(std::get<LorenzModel>(make_model("lorenz")), file_model_as<FileModel<3>>("lorenz"),
                        Vec<double, 3>(-20, -25, 0), Vec<double, 3>(20, 25, 50), 0.0);
  }
  const Vec<double, 4> lo(-M_PI, -M_PI, -10, -10), hi(M_PI, M_PI, 10, 10);
  SECTION("golf") {
    check_rhs_agreement(std::get<GolfModel>(make_model("golf")), file_model_as<FileModel<4>>("golf"), lo, hi, 5.0);
  }
  SECTION("limb") {
    check_rhs_agreement(std::get<LimbModel>(make_model("limb")), file_model_as<FileModel<4>>("limb"), lo, hi, 5.0);
  }
}

TEST_CASE("model files: golf.toml gives the golf chapter's printed numbers", "[model_files][published]") {
  using chaoskit::test::check_printed;
  const auto m = file_model_as<FileModel<4>>("golf");
  const Vec<double, 4> x(0.0, -5.0 * kDegree, 10.0, 9.0);
  const Vec<double, 4> a0 = m.rhs(x, Vec<double, 2>(0, 0), 0.0);
  check_printed({"qdd1, tau=0", -23.166250085, 9}, a0(2));
  check_printed({"qdd2, tau=0", 41.601299717, 9}, a0(3));
  const Vec<double, 4> a5 = m.rhs(x, Vec<double, 2>(5, 0), 0.0);
  check_printed({"qdd1, tau=(5,0)", 21.020338033, 9}, a5(2));
  check_printed({"qdd2, tau=(5,0)", -26.287527914, 9}, a5(3));
  // Kinetic energy = E(q, q̇) − E(q, 0); the potential drop of exercise 2.
  const Vec<double, 4> rest(0.0, -5.0 * kDegree, 0.0, 0.0);
  check_printed({"kinetic energy", 44.242514485, 9}, m.energy(x) - m.energy(rest));
  const double drop = m.energy(Vec<double, 4>(150 * kDegree, -70 * kDegree, 0, 0)) - m.energy(Vec<double, 4>::Zero());
  check_printed({"potential drop", 12.192849345, 9}, drop);
}

TEST_CASE("model files: Jacobian-vector products agree with central differences", "[model_files]") {
  std::mt19937_64 rng(7);
  auto check = [&](const auto& model, auto lo, auto hi) {
    using M = std::decay_t<decltype(model)>;
    constexpr int n = M::state_dim;
    double worst = 0.0;
    for (int trial = 0; trial < 50; ++trial) {
      const Vec<double, n> x = random_state<n>(rng, lo, hi);
      Vec<double, M::input_dim> u;
      for (int j = 0; j < M::input_dim; ++j) u(j) = std::uniform_real_distribution<double>(-3, 3)(rng);
      Mat<double, n, n> W;
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) W(i, j) = std::normal_distribution<double>()(rng);
      Vec<double, n> f;
      Mat<double, n, n> JW;
      model.tangent_rhs(x, u, 0.0, W, f, JW);
      CHECK(relative_difference(f, model.rhs(x, u, 0.0)) == 0.0);  // the dual mode's values are the plain ones
      for (int k = 0; k < n; ++k) {
        const double h = 1e-5;
        const Vec<double, n> fd = (model.rhs(Vec<double, n>(x + h * W.col(k)), u, 0.0) -
                                   model.rhs(Vec<double, n>(x - h * W.col(k)), u, 0.0)) /
                                  (2 * h);
        worst = std::max(worst, relative_difference(Vec<double, n>(JW.col(k)), fd));
      }
    }
    CAPTURE(worst);
    CHECK(worst <= 1e-7);
  };
  check(file_model_as<FileModel<3>>("lorenz"), Vec<double, 3>(-20, -25, 0), Vec<double, 3>(20, 25, 50));
  const Vec<double, 4> lo(-M_PI, -M_PI, -10, -10), hi(M_PI, M_PI, 10, 10);
  check(file_model_as<FileModel<4>>("golf"), lo, hi);
  check(file_model_as<FileModel<4>>("limb"), lo, hi);
}

TEST_CASE("model files: every function's dual-number derivative agrees with central differences", "[model_files]") {
  const chaoskit::test::ScratchDir dir("functions");
  const auto path = dir.path / "functions.toml";
  std::ofstream(path) << R"TOML(model = "ode"
states = ["x", "y", "z"]
[values]
k = 1.5
[let]
s = "sin(x) * cos(y) + tan(0.3 * z) + asin(0.2 * x / (1 + x^2)) + acos(0.1 * y / (1 + y^2))"
r = "atan(x * y) + atan2(y, 2 + x^2) + exp(-z^2) + log(2 + x^2) + sqrt(1 + y^2) + abs(z - 0.1)"
p = "(1 + x^2)^(0.5 * y) + min(x, y) * max(y, z) + wrap(3 * x) + if(x > y, x * z, -y * z) + k^z"
[derivatives]
x = "s + r"
y = "r * p - t"
z = "p / (1 + s^2)"
)TOML";
  const auto m = std::get<FileModel<3>>(make_model(path.string()));
  std::mt19937_64 rng(11);
  double worst = 0.0;
  for (int trial = 0; trial < 200; ++trial) {
    const Vec<double, 3> x = random_state<3>(rng, Vec<double, 3>(-1, -1, -1), Vec<double, 3>(1, 1, 1));
    const Vec<double, 1> u = Vec<double, 1>::Zero();
    Mat<double, 3, 3> W = Mat<double, 3, 3>::Identity();
    Vec<double, 3> f;
    Mat<double, 3, 3> JW;
    m.tangent_rhs(x, u, 0.25, W, f, JW);
    CHECK(relative_difference(f, m.rhs(x, u, 0.25)) == 0.0);
    for (int k = 0; k < 3; ++k) {
      // Skip directions that cross a kink (abs, min, max, if, wrap) within the difference step.
      const double h = 1e-6;
      const Vec<double, 3> fd =
          (m.rhs(Vec<double, 3>(x + h * W.col(k)), u, 0.25) - m.rhs(Vec<double, 3>(x - h * W.col(k)), u, 0.25)) /
          (2 * h);
      const Vec<double, 3> fd2 = (m.rhs(Vec<double, 3>(x + 0.5 * h * W.col(k)), u, 0.25) -
                                  m.rhs(Vec<double, 3>(x - 0.5 * h * W.col(k)), u, 0.25)) /
                                 h;
      if (relative_difference(fd, fd2) > 1e-6) continue;
      worst = std::max(worst, relative_difference(Vec<double, 3>(JW.col(k)), fd));
    }
  }
  CAPTURE(worst);
  CHECK(worst <= 1e-7);
}

TEST_CASE("model files: lambda_max over 100 s agrees with the built-in within its error bar", "[model_files][slow]") {
  LyapunovOptions lo;
  lo.time = 100.0;
  const IntegratorOptions io;
  auto compare = [&](const auto& builtin, const auto& file, const auto& x0) {
    const auto rb =
        lyapunov_exponents<1>(builtin, x0, InputSchedule(std::decay_t<decltype(builtin)>::input_dim), lo, io);
    const auto rf = lyapunov_exponents<1>(file, x0, InputSchedule(std::decay_t<decltype(file)>::input_dim), lo, io);
    const double bar = std::max(rb.errors[0], rf.errors[0]);
    CAPTURE(rb.exponents[0], rb.errors[0], rf.exponents[0], rf.errors[0]);
    CHECK(std::abs(rf.exponents[0] - rb.exponents[0]) <= bar);
  };
  compare(std::get<LorenzModel>(make_model("lorenz")), file_model_as<FileModel<3>>("lorenz"), Vec<double, 3>(1, 1, 20));
  compare(std::get<GolfModel>(make_model("golf")), file_model_as<FileModel<4>>("golf"), Vec<double, 4>(2, -1, 0, 0));
  compare(std::get<LimbModel>(make_model("limb")), file_model_as<FileModel<4>>("limb"), Vec<double, 4>(2, 2.5, 0, 0));
}

TEST_CASE("model files: a parameter grid axis changes the file's value", "[model_files]") {
  ParamFile f = read_param_file(model_file("golf"));
  (*f.table["values"].as_table()).insert_or_assign("m2", 0.8);
  const auto heavy = std::get<FileModel<4>>(make_model(model_file("golf"), f));
  GolfParams p = golf_params(read_param_file("golf_manufactured"));
  p.m2 = 0.8;
  const Vec<double, 4> x(0.3, -0.2, 1.0, 2.0);
  const Vec<double, 2> u(0.5, -0.25);
  CHECK(relative_difference(heavy.rhs(x, u, 0.0), GolfModel(p).rhs(x, u, 0.0)) <= 1e-14);
}

namespace {
/// Writes `text` to a fresh model file and returns the InputError message make_model gives.
std::string error_of(const std::string& text) {
  const chaoskit::test::ScratchDir dir("bad_model");
  const auto path = dir.path / "model.toml";
  std::ofstream(path) << text;
  std::string message = "(no error)";
  try {
    (void)make_model(path.string());
  } catch (const InputError& e) {
    message = std::string(e.what()).substr(path.string().size());  // ":line:column: ..."
  }
  return message;
}
const std::string lorenz_head = "model = \"ode\"\nstates = [\"x\", \"y\", \"z\"]\n[values]\nsigma = 10.0\n";
}  // namespace

TEST_CASE("model files: bad files name file, line and column", "[model_files][bad_input]") {
  using Catch::Matchers::Contains;
  using Catch::Matchers::Matches;
  using Catch::Matchers::StartsWith;
  // Line 6's value opens its quote at column 5, so the expression's k-th character is column 5 + k.
  const std::string derivs = "[derivatives]\n";
  CHECK_THAT(error_of(lorenz_head + derivs + "x = \"sigma * (q - x)\"\ny = \"x\"\nz = \"y\"\n"),
             StartsWith(":6:15: unknown name 'q'"));
  CHECK_THAT(error_of(lorenz_head + derivs + "x = \"sigma\"\ny = \"x\"\n"),
             StartsWith(":5:1: [derivatives] has no expression for state 'z'"));
  CHECK_THAT(error_of(lorenz_head + "x = 1.0\n" + derivs + "x = \"y\"\ny = \"x\"\nz = \"y\"\n"),
             StartsWith(":5:5: duplicate name 'x'"));
  CHECK_THAT(error_of(lorenz_head + "L = 0.0\n" + derivs + "x = \"y / L\"\ny = \"x\"\nz = \"y\"\n"),
             StartsWith(":7:8: division by zero"));
  CHECK_THAT(error_of(lorenz_head + derivs + "x = \"sigma * (y - \"\ny = \"x\"\nz = \"y\"\n"),
             StartsWith(":6:19: expression ends too early"));
  CHECK_THAT(
      error_of(lorenz_head + "[let]\na = \"b + 1\"\nb = \"2 * a\"\n" + derivs + "x = \"a\"\ny = \"x\"\nz = \"y\"\n"),
      Contains("recursion among named expressions"));
  CHECK_THAT(error_of(lorenz_head + derivs + "x = \"y\"\ny = \"x\"\nz = \"y\"\nw = \"1\"\n"),
             StartsWith(":9:5: 'w' in [derivatives] is not a state"));
  CHECK_THAT(error_of("model = \"ode\"\nstates = [\"x\"\n"), Matches(":[0-9]+:[0-9]+: .*"));  // TOML syntax
  CHECK_THAT(error_of(lorenz_head + derivs + "x = \"y\"\ny = \"x\"\nz = \"y\"\n").substr(0, 10), Contains("no error"));
}
