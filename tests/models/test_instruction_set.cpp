// The shared instruction set (core/instruction_set.hpp) and its one scalar evaluator
// (core/apply_op.hpp): the table is the enum's, and every operation gives the same bits through an
// expression (core/expression.cpp's stack machine), a compiled model file (models/model_program.cpp's
// register machine, plain and dual) and the compiler's constant folding (model_program_apply), on
// operands that include ±0, ±inf and NaN.
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "../support/scratch.hpp"
#include "chaoskit/core/expression.hpp"
#include "chaoskit/core/instruction_set.hpp"
#include "chaoskit/models/model_program.hpp"
#include "chaoskit/params/param_sets.hpp"

using namespace chaoskit;

namespace {

bool same_bits_or_both_nan(double a, double b) {
  return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b) || (std::isnan(a) && std::isnan(b));
}

/// Every operation the expression language writes, as text over x, y, z, with the operands it
/// reads; written here apart from the table so that a wrong entry of the table shows.
struct Written {
  Op op;
  const char* text;
  int operands;
};
const std::vector<Written>& written_ops() {
  static const std::vector<Written> w = {
      {Op::neg, "-x", 1},       {Op::add, "x + y", 2},          {Op::sub, "x - y", 2},     {Op::mul, "x * y", 2},
      {Op::div, "x / y", 2},    {Op::pow, "x ^ y", 2},          {Op::lt, "x < y", 2},      {Op::le, "x <= y", 2},
      {Op::gt, "x > y", 2},     {Op::ge, "x >= y", 2},          {Op::eq, "x == y", 2},     {Op::ne, "x != y", 2},
      {Op::land, "x and y", 2}, {Op::lor, "x or y", 2},         {Op::lnot, "not x", 1},    {Op::sin, "sin(x)", 1},
      {Op::cos, "cos(x)", 1},   {Op::tan, "tan(x)", 1},         {Op::asin, "asin(x)", 1},  {Op::acos, "acos(x)", 1},
      {Op::atan, "atan(x)", 1}, {Op::atan2, "atan2(x, y)", 2},  {Op::exp, "exp(x)", 1},    {Op::log, "log(x)", 1},
      {Op::sqrt, "sqrt(x)", 1}, {Op::abs, "abs(x)", 1},         {Op::min, "min(x, y)", 2}, {Op::max, "max(x, y)", 2},
      {Op::wrap, "wrap(x)", 1}, {Op::select, "if(x, y, z)", 3},
  };
  return w;
}

const std::vector<double>& operand_values() {
  constexpr double inf = std::numeric_limits<double>::infinity();
  static const std::vector<double> v = {0.0,
                                        -0.0,
                                        1.0,
                                        -1.0,
                                        0.5,
                                        -2.5,
                                        2.0,
                                        3.141592653589793,
                                        -3.141592653589793,
                                        1e300,
                                        -1e-300,
                                        7.0e5,
                                        inf,
                                        -inf,
                                        std::numeric_limits<double>::quiet_NaN()};
  return v;
}

/// A model file of states x, y, z whose first derivative is `text` (the others 0).
std::shared_ptr<const ModelProgram> program_of(const std::string& text) {
  const chaoskit::test::ScratchDir dir("instruction_set");
  const auto path = dir.path / "model.toml";
  std::ofstream(path) << "model = \"ode\"\nstates = [\"x\", \"y\", \"z\"]\n[derivatives]\nx = \"" << text
                      << "\"\ny = \"0\"\nz = \"0\"\n";
  return ModelProgram::compile(read_param_file(path.string()));
}

}  // namespace

TEST_CASE("instruction set: the table lists every operation once, in order, with its operand count",
          "[core][models][expression]") {
  std::set<std::string_view> names;
  for (int i = 0; i < kOpCount; ++i) {
    const Op op = static_cast<Op>(i);
    CHECK(static_cast<int>(kOps[i].op) == i);
    CHECK(op_name(op) == kOps[i].name);
    CHECK(names.insert(op_name(op)).second);
  }
  CHECK(names.size() == static_cast<std::size_t>(kOpCount));
  // The operand counts, stated again here.
  CHECK(operand_count(Op::constant) == 0);
  CHECK(operand_count(Op::variable) == 0);
  CHECK(operand_count(Op::copy) == 1);
  for (const Written& w : written_ops()) {
    INFO(op_name(w.op));
    CHECK(operand_count(w.op) == w.operands);
  }
  CHECK(operand_count(Op::sincos) == 1);
  CHECK(operand_count(Op::sincos2) == 2);
  for (Op op : {Op::mul_add, Op::add_mul, Op::mul_sub, Op::sub_mul}) CHECK(operand_count(op) == 3);
  // The language writes each of its operations as the last instruction of its text.
  const std::vector<std::string> vars = {"x", "y", "z"};
  for (const Written& w : written_ops()) {
    INFO(w.text);
    const Expression e = Expression::parse(w.text, vars, "test");
    REQUIRE(!e.program().empty());
    CHECK(e.program().back().op == w.op);
    CHECK(static_cast<int>(e.program().size()) == w.operands + 1);
  }
}

TEST_CASE("instruction set: every operation gives the same bits through an expression, a model program and folding",
          "[core][models][expression]") {
  const std::vector<std::string> vars = {"x", "y", "z"};
  const std::vector<double>& values = operand_values();
  for (const Written& w : written_ops()) {
    INFO(w.text);
    const Expression e = Expression::parse(w.text, vars, "test");
    const auto program = program_of(w.text);
    // sin and cos: expressions use libm, model programs chaoskit's polynomial (within 2 ulp of it,
    // sincos_pair.hpp), each the bits its results were computed with.
    const bool trig = w.op == Op::sin || w.op == Op::cos;
    int compared = 0;
    for (double a : values)
      for (double b : w.operands > 1 ? values : std::vector<double>{0.0})
        for (double c : w.operands > 2 ? values : std::vector<double>{0.0}) {
          const double x[3] = {a, b, c};
          const double folded = model_program_apply(w.op, a, b, c);
          double f[3], df[3];
          program->rhs(x, nullptr, 0.0, f);
          const double dx[3] = {1.0, 0.5, 0.25};
          double g[3];
          program->rhs_tangent(x, nullptr, 0.0, dx, nullptr, 1, g, df);
          INFO("a = " << a << ", b = " << b << ", c = " << c);
          CHECK(same_bits_or_both_nan(f[0], folded));
          CHECK(same_bits_or_both_nan(g[0], folded));
          const double expressed = e.evaluate(x);
          if (!trig)
            CHECK(same_bits_or_both_nan(expressed, folded));
          else if (std::isfinite(a))
            CHECK(std::abs(expressed - folded) <= 1e-15 * std::max(1.0, std::abs(a)));
          else
            CHECK((std::isnan(expressed) && std::isnan(folded)));
          ++compared;
        }
    CHECK(compared > 0);
  }
}

TEST_CASE("instruction set: the passes' fused operations give the bits of their two operations",
          "[core][models][expression]") {
  const std::vector<std::string> vars = {"x", "y", "z"};
  const std::vector<std::pair<Op, const char*>> fused = {
      {Op::mul_add, "x * y + z"}, {Op::add_mul, "z + x * y"}, {Op::mul_sub, "x * y - z"}, {Op::sub_mul, "z - x * y"}};
  for (const auto& [op, text] : fused) {
    INFO(text);
    const Expression e = Expression::parse(text, vars, "test");
    const auto program = program_of(text);
    const ModelProgram::Layout layout = program->layout();
    bool holds = false;
    for (int i = 0; i < layout.code_size; ++i) holds = holds || layout.code[i].op == op;
    CHECK(holds);  // the passes made it
    for (double a : operand_values())
      for (double b : operand_values())
        for (double c : operand_values()) {
          const double x[3] = {a, b, c};
          double f[3];
          program->rhs(x, nullptr, 0.0, f);
          INFO("a = " << a << ", b = " << b << ", c = " << c);
          CHECK(same_bits_or_both_nan(f[0], e.evaluate(x)));
          CHECK(same_bits_or_both_nan(f[0], model_program_apply(op, a, b, c)));
        }
  }
  // sincos and sincos2 have several results: no single value.
  CHECK(std::isnan(model_program_apply(Op::sincos, 1.0, 2.0, 3.0)));
  CHECK(std::isnan(model_program_apply(Op::sincos2, 1.0, 2.0, 3.0)));
}
