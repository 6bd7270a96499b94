#pragma once
// The one instruction set of chaoskit's small interpreters: an expression's postfix program
// (core/expression.hpp), a model file's register program (models/model_program.hpp) and its lane
// interpreter (simd/lane_program.hpp) all name their operations by `Op`, so that a compiled
// expression becomes a register program without translating operation by operation, and a
// new operation is added in one place (each interpreter's switch then fails to compile or
// warns until it handles it).
//
// Which operations each program holds:
//   constant, variable  an expression's leaves (a model program loads them into registers instead)
//   copy                a model program only (the compiler's copy of a register)
//   neg … select        both: what the expression language writes (`if` is select)
//   sincos … sub_mul    a model program only, made by its optimising passes
//                       (models/model_program_passes.hpp): several results or two operations in
//                       one dispatch, each computing exactly what the separate ones compute
#include <array>
#include <string_view>

namespace chaoskit {

enum class Op : unsigned char {
  constant,
  variable,
  copy,
  neg,
  add,
  sub,
  mul,
  div,
  pow,
  lt,
  le,
  gt,
  ge,
  eq,
  ne,
  land,
  lor,
  lnot,
  sin,
  cos,
  tan,
  asin,
  acos,
  atan,
  atan2,
  exp,
  log,
  sqrt,
  abs,
  min,
  max,
  wrap,
  select,   ///< a ≠ 0 ? b : c
  sincos,   ///< reg[dst] = sin(reg[a]), reg[dst + 1] = cos(reg[a])
  sincos2,  ///< sincos of reg[a] into dst, dst + 1 and of reg[b] into c, c + 1: one 2-wide polynomial
  mul_add,  ///< (a * b) + c: the product rounded first (no FMA), then the sum
  add_mul,  ///< c + (a * b)
  mul_sub,  ///< (a * b) − c
  sub_mul   ///< c − (a * b)
};

inline constexpr int kOpCount = static_cast<int>(Op::sub_mul) + 1;

/// What every interpreter and pass needs to know of an operation besides its arithmetic.
struct OpInfo {
  Op op;
  std::string_view name;  ///< the member's name (the expression language spells select `if`)
  int operands;           ///< values it reads: from the stack (expressions) or registers a, b, c
};

/// Indexed by the operation's number (checked below at compile time).
inline constexpr std::array<OpInfo, kOpCount> kOps = {{
    {Op::constant, "constant", 0},
    {Op::variable, "variable", 0},
    {Op::copy, "copy", 1},
    {Op::neg, "neg", 1},
    {Op::add, "add", 2},
    {Op::sub, "sub", 2},
    {Op::mul, "mul", 2},
    {Op::div, "div", 2},
    {Op::pow, "pow", 2},
    {Op::lt, "lt", 2},
    {Op::le, "le", 2},
    {Op::gt, "gt", 2},
    {Op::ge, "ge", 2},
    {Op::eq, "eq", 2},
    {Op::ne, "ne", 2},
    {Op::land, "land", 2},
    {Op::lor, "lor", 2},
    {Op::lnot, "lnot", 1},
    {Op::sin, "sin", 1},
    {Op::cos, "cos", 1},
    {Op::tan, "tan", 1},
    {Op::asin, "asin", 1},
    {Op::acos, "acos", 1},
    {Op::atan, "atan", 1},
    {Op::atan2, "atan2", 2},
    {Op::exp, "exp", 1},
    {Op::log, "log", 1},
    {Op::sqrt, "sqrt", 1},
    {Op::abs, "abs", 1},
    {Op::min, "min", 2},
    {Op::max, "max", 2},
    {Op::wrap, "wrap", 1},
    {Op::select, "select", 3},
    {Op::sincos, "sincos", 1},
    {Op::sincos2, "sincos2", 2},
    {Op::mul_add, "mul_add", 3},
    {Op::add_mul, "add_mul", 3},
    {Op::mul_sub, "mul_sub", 3},
    {Op::sub_mul, "sub_mul", 3},
}};

constexpr bool ops_in_order() {
  for (int i = 0; i < kOpCount; ++i)
    if (static_cast<int>(kOps[i].op) != i) return false;
  return true;
}
static_assert(ops_in_order(), "kOps must list every Op once, in the enum's order");

constexpr const OpInfo& op_info(Op op) { return kOps[static_cast<int>(op)]; }
/// Values the operation reads (an expression's stack effect is 1 − this).
constexpr int operand_count(Op op) { return op_info(op).operands; }
constexpr std::string_view op_name(Op op) { return op_info(op).name; }

}  // namespace chaoskit
