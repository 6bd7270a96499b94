// The optimising passes of compiled model files (models/model_program_passes.hpp): each keeps every
// value and derivative bit for bit (optimised against unoptimised programs on random states), and
// each does what it is for (fewer instructions, fewer sin/cos polynomials, no derivative work for
// time-only terms); programs sharing a thread's registers do not disturb each other.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include "../support/same_bits.hpp"
#include "../support/scratch.hpp"
#include "chaoskit/core/instruction_set.hpp"
#include "chaoskit/models/model_program.hpp"
#include "chaoskit/models/model_program_passes.hpp"
#include "chaoskit/params/param_sets.hpp"

using namespace chaoskit;
using chaoskit::test::same_bits;
using Instr = ModelProgram::Instr;

namespace {

ParamFile shipped(const std::string& name) {
  return read_param_file((data_directory() / "models" / (name + ".toml")).string());
}

/// A model file written from `text` and read back (removed at once).
ParamFile written(const std::string& text) {
  const chaoskit::test::ScratchDir dir("passes");
  const auto path = dir.path / "model.toml";
  std::ofstream(path) << text;
  return read_param_file(path.string());
}

ModelProgramStats stats_of(const ParamFile& f, bool optimise) {
  ModelProgramStats s;
  (void)compile_model_program(f, optimise, &s);
  return s;
}

/// f and the K-direction tangent of two programs on `trials` random states (angles and rates
/// within ±`box`), compared bit for bit. Returns the number of differing numbers.
int differing_bits(const ModelProgram& a, const ModelProgram& b, double box, int trials, double t = 0.3) {
  const int n = a.state_dim(), m = a.input_count();
  REQUIRE(b.state_dim() == n);
  std::mt19937_64 rng(424242);
  std::uniform_real_distribution<double> uni(-box, box);
  int differ = 0;
  for (int trial = 0; trial < trials; ++trial) {
    std::vector<double> x(n), u(m);
    for (double& v : x) v = uni(rng);
    for (double& v : u) v = uni(rng);
    std::vector<double> fa(n), fb(n);
    a.rhs(x.data(), u.data(), t, fa.data());
    b.rhs(x.data(), u.data(), t, fb.data());
    for (int i = 0; i < n; ++i) differ += !same_bits(fa[i], fb[i]);
    for (int K : {1, 2, n, n + m, 7}) {  // the unrolled counts and the general loop
      std::vector<double> dx(n * K), du(m * K), da(n * K), db(n * K);
      for (double& v : dx) v = uni(rng);
      for (double& v : du) v = uni(rng);
      a.rhs_tangent(x.data(), u.data(), t, dx.data(), du.data(), K, fa.data(), da.data());
      b.rhs_tangent(x.data(), u.data(), t, dx.data(), du.data(), K, fb.data(), db.data());
      for (int i = 0; i < n; ++i) differ += !same_bits(fa[i], fb[i]);
      for (int i = 0; i < n * K; ++i) differ += !same_bits(da[i], db[i]);
    }
    if (a.has_energy()) differ += !same_bits(a.energy(x.data()), b.energy(x.data()));
  }
  return differ;
}

const char* kAllFunctions = R"TOML(model = "ode"
states = ["x", "y", "z"]
energy = "x^2 + cos(y) * sin(x)"
[values]
k = 1.5
[let]
s = "sin(x) * cos(y) + tan(0.3 * z) + asin(0.2 * x / (1 + x^2)) + acos(0.1 * y / (1 + y^2)) + cos(x)"
r = "atan(x * y) + atan2(y, 2 + x^2) + exp(-z^2) + log(2 + x^2) + sqrt(1 + y^2) + abs(z - 0.1)"
p = "(1 + x^2)^(0.5 * y) + min(x, y) * max(y, z) + wrap(3 * x) + if(x > y, x * z, -y * z) + k^z"
[derivatives]
x = "s + r + sin(x) * cos(y)"
y = "r * p - t + sin(y)"
z = "p / (1 + s^2) + (1 + x^2)^(0.5 * y)"
)TOML";

}  // namespace

TEST_CASE("model program passes: optimised programs give the unoptimised bits", "[model_files][passes]") {
  SECTION("golf") {
    CHECK(differing_bits(*ModelProgram::compile(shipped("golf")), *compile_model_program(shipped("golf"), false), 4.0,
                         1000) == 0);
  }
  SECTION("limb") {
    CHECK(differing_bits(*ModelProgram::compile(shipped("limb")), *compile_model_program(shipped("limb"), false), 4.0,
                         1000) == 0);
  }
  SECTION("lorenz") {
    CHECK(differing_bits(*ModelProgram::compile(shipped("lorenz")), *compile_model_program(shipped("lorenz"), false),
                         30.0, 1000) == 0);
  }
  SECTION("every function, repeated subexpressions, t") {
    const ParamFile f = written(kAllFunctions);
    CHECK(differing_bits(*ModelProgram::compile(f), *compile_model_program(f, false), 0.9, 1000) == 0);
  }
  SECTION("angles beyond the polynomial's range pair with ones within it") {
    // sincos2 of one argument in range and one not: each half must be what its single call gives.
    const ParamFile f = written(
        "model = \"ode\"\nstates = [\"x\", \"y\"]\n[values]\nc = 3e6\n[derivatives]\n"
        "x = \"sin(c * x) + cos(y)\"\ny = \"cos(c * x) * sin(y)\"\n");
    const auto opt = ModelProgram::compile(f), raw = compile_model_program(f, false);
    CHECK(stats_of(f, true).trig_evaluations == 1);
    CHECK(stats_of(f, false).trig_evaluations == 4);
    CHECK(differing_bits(*opt, *raw, 1.0, 1000) == 0);
  }
}

TEST_CASE("model program passes: common subexpressions are computed once", "[model_files][passes]") {
  // x - y three times (once as the let d), x*y and (x - y)(x y) twice, sin(x) cos(y) twice: the
  // optimised program computes each once.
  const ParamFile f = written(R"TOML(model = "ode"
states = ["x", "y"]
[values]
a = 2.0
[let]
d = "x - y"
[derivatives]
x = "(x - y) * (x * y) + sin(x) * cos(y)"
y = "d + (x - y) * (x * y) - sin(x) * cos(y)"
)TOML");
  const auto opt = ModelProgram::compile(f), raw = compile_model_program(f, false);
  // raw: sub, mul, mul, sin, cos, mul, add (x) + sub (d), sub, mul, mul, add, sin, cos, mul, sub (y) = 16
  CHECK(raw->instruction_count() == 16);
  // optimised: x - y, x*y, their product, sincos2 (sin x, cos y), the product, the sum (x); then
  // only d + (x - y)(x y) and the difference (y) are new: 8
  CHECK(opt->instruction_count() == 8);
  CHECK(stats_of(f, true).trig_evaluations == 1);
  CHECK(differing_bits(*opt, *raw, 3.0, 200) == 0);
}

TEST_CASE("model program passes: sin and cos share polynomials on the shipped models", "[model_files][passes]") {
  // golf: cos th2 and sin th2 (one sincos), sin th1, sin(th1 + th2): 4 calls raw, 2 polynomials.
  // limb: cos and sin of th1 - th2, sin th1, sin th2: 4 raw, 2.
  for (const char* name : {"golf", "limb"}) {
    CAPTURE(name);
    const ModelProgramStats raw = stats_of(shipped(name), false), opt = stats_of(shipped(name), true);
    CHECK(raw.trig_evaluations == 4);
    CHECK(opt.trig_evaluations == 2);
    CHECK(opt.instructions < raw.instructions);
    CHECK(opt.instructions == ModelProgram::compile(shipped(name))->instruction_count());
  }
}

TEST_CASE("model program passes: time-only terms carry no derivative work", "[model_files][passes]") {
  // A pendulum on a moving support: A cos(w t) and sqrt(t) depend on time only.
  const ParamFile f = written(R"TOML(model = "ode"
states = ["th", "om"]
[values]
A = 0.7
w = 2.5
[derivatives]
th = "om"
om = "-sin(th) + A * cos(w * t) + sqrt(t) * th"
)TOML");
  const auto p = ModelProgram::compile(f);
  // w*t, A*cos(w t) and sqrt(t) are values only (and A*cos(w t) stays a product of its own: its
  // derivative is the zero slot's); sin(th) (paired with cos(w t)), the negation, the first sum and
  // the last, with the product sqrt(t)*th folded in (add_mul), carry derivatives.
  CHECK(p->instruction_count() == 7);
  CHECK(stats_of(f, true).derivative_instructions == 4);
  // ∂f/∂x = [[0, 1], [-cos th + sqrt t, 0]]: exact, also at t = 0, where d sqrt(t)/dt is infinite
  // (a derivative carried through sqrt(t) would be inf × 0 = NaN there).
  for (double t : {0.0, 0.25, 3.0}) {
    const double x[2] = {0.4, -1.1}, dx[4] = {1, 0, 0, 1};
    double fv[2], df[4];
    p->rhs_tangent(x, nullptr, t, dx, nullptr, 2, fv, df);
    CAPTURE(t);
    CHECK(df[0] == 0.0);
    CHECK(df[1] == 1.0);
    CHECK(df[2] == Approx(-std::cos(0.4) + std::sqrt(t)).epsilon(1e-15));
    CHECK(df[3] == 0.0);
    CHECK(fv[1] == Approx(-std::sin(0.4) + 0.7 * std::cos(2.5 * t) + std::sqrt(t) * 0.4).epsilon(1e-15));
  }
}

TEST_CASE("model program passes: programs alternating on one thread's registers give their own bits",
          "[model_files][passes]") {
  // Two grid points of one file (same layout, other constants), and another file: each thread
  // alternates between them, so each call finds another program's registers, constants and zero
  // slot in its buffers.
  ParamFile heavy_file = shipped("golf");
  (*heavy_file.table["values"].as_table()).insert_or_assign("m2", 0.8);
  const std::vector<std::shared_ptr<const ModelProgram>> programs = {ModelProgram::compile(shipped("golf")),
                                                                     ModelProgram::compile(heavy_file),
                                                                     ModelProgram::compile(shipped("limb"))};
  const double x[4] = {0.3, -0.2, 1.0, 2.0}, u[2] = {0.5, -0.25}, dx[4] = {1, -1, 0.5, 0.25};
  // Reference: each program alone on a fresh thread.
  std::vector<std::array<double, 8>> reference(programs.size());
  for (std::size_t i = 0; i < programs.size(); ++i)
    std::thread([&, i] {
      double f[4];
      programs[i]->rhs(x, u, 0.0, reference[i].data());
      programs[i]->rhs_tangent(x, u, 0.0, dx, nullptr, 1, f, reference[i].data() + 4);
    }).join();
  CHECK(reference[0][2] != reference[1][2]);  // the grid points differ
  std::vector<int> mismatches(2, 0);
  auto alternate = [&](int who) {
    for (int call = 0; call < 3000; ++call) {
      const std::size_t i = (call * (who + 1) + who) % programs.size();
      std::array<double, 8> r;
      programs[i]->rhs(x, u, 0.0, r.data());
      double f[4];
      programs[i]->rhs_tangent(x, u, 0.0, dx, nullptr, 1, f, r.data() + 4);
      for (int k = 0; k < 8; ++k) mismatches[who] += !same_bits(r[k], reference[i][k]);
      for (int k = 0; k < 4; ++k) mismatches[who] += !same_bits(f[k], reference[i][k]);
      if (call % 7 == 0) (void)programs[(i + 1) % programs.size()]->energy(x);  // energy between calls
    }
  };
  std::thread a(alternate, 0), b(alternate, 1);
  a.join();
  b.join();
  CHECK(mismatches[0] == 0);
  CHECK(mismatches[1] == 0);
}

TEST_CASE("model program passes: the passes on raw programs", "[model_files][passes]") {
  // Registers: 0, 1 states; 2 time; 3 a constant; temporaries from 4.
  RawModelProgram raw;
  raw.fixed = 2;
  raw.time = 2;
  raw.constants = {{3, 1.5}};
  raw.code = {
      {Op::mul, 4, 0, 1, 0},    // x*y
      {Op::sin, 5, 0, 0, 0},    // sin x
      {Op::mul, 6, 0, 1, 0},    // x*y again
      {Op::add, 7, 4, 6, 0},    // x*y + x*y
      {Op::cos, 8, 0, 0, 0},    // cos x: one sincos with sin x
      {Op::mul, 9, 5, 8, 0},    // sin x cos x
      {Op::exp, 10, 1, 0, 0},   // dead: nothing reads it
      {Op::sin, 11, 7, 0, 0},   // sin(2xy): pairs with sincos x
      {Op::add, 12, 9, 11, 0},  // sin x cos x (one reader) + sin(2xy): one mul_add
      {Op::mul, 13, 3, 2, 0},   // 1.5 t: time only
      {Op::add, 14, 12, 13, 0},
  };
  raw.out = {14, 7};
  raw.registers = 15;
  optimise_model_program(raw);
  const auto count = [&](Op op) {
    return std::count_if(raw.code.begin(), raw.code.end(), [op](const Instr& in) { return in.op == op; });
  };
  CHECK(raw.code.size() == 6);  // mul, add, mul (1.5 t), sincos2, mul_add (sin x cos x + sin 2xy), add
  CHECK(count(Op::sincos2) == 1);
  CHECK(count(Op::mul_add) == 1);
  CHECK(count(Op::mul) == 2);  // x*y has two readers; 1.5 t depends on time alone
  CHECK(count(Op::sin) + count(Op::cos) + count(Op::sincos) + count(Op::exp) == 0);
  // Every instruction comes after the ones it reads.
  std::vector<char> defined(raw.registers, 0);
  for (int r : {0, 1, 2, 3}) defined[r] = 1;
  for (const Instr& in : raw.code) {
    for (int r : instruction_operands(in)) CHECK(defined[r]);
    for (int r : instruction_outputs(in)) defined[r] = 1;
  }
  CHECK(defined[raw.out[0]]);
  CHECK(defined[raw.out[1]]);
}

TEST_CASE("model program passes: K directions at once give each direction's bits alone", "[model_files][passes]") {
  // The unrolled counts (1, 2, 3, 4, 6) and the general loop compute each direction by the same
  // operations, so a column of a K-direction tangent is the one-direction tangent of that column.
  for (const char* name : {"golf", "limb", "lorenz"}) {
    CAPTURE(name);
    const auto p = ModelProgram::compile(shipped(name));
    const int n = p->state_dim(), m = p->input_count();
    std::mt19937_64 rng(99);
    std::uniform_real_distribution<double> uni(-2.0, 2.0);
    int differ = 0;
    for (int trial = 0; trial < 100; ++trial) {
      std::vector<double> x(n), u(m);
      for (double& v : x) v = uni(rng);
      for (double& v : u) v = uni(rng);
      for (int K : {2, 3, 4, 6, 7, 9}) {
        std::vector<double> dx(n * K), du(m * K), df(n * K), f(n);
        for (double& v : dx) v = uni(rng);
        for (double& v : du) v = uni(rng);
        p->rhs_tangent(x.data(), u.data(), 0.0, dx.data(), du.data(), K, f.data(), df.data());
        for (int j = 0; j < K; ++j) {
          std::vector<double> dx1(n), du1(m), df1(n), f1(n);
          for (int i = 0; i < n; ++i) dx1[i] = dx[i * K + j];
          for (int i = 0; i < m; ++i) du1[i] = du[i * K + j];
          p->rhs_tangent(x.data(), u.data(), 0.0, dx1.data(), du1.data(), 1, f1.data(), df1.data());
          for (int i = 0; i < n; ++i) differ += !same_bits(df1[i], df[i * K + j]) + !same_bits(f1[i], f[i]);
        }
      }
    }
    CHECK(differ == 0);
  }
}
