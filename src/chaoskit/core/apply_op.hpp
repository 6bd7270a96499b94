#pragma once
// The value of one operation of the instruction set (instruction_set.hpp) on doubles: the one
// scalar evaluator behind an expression's stack machine (expression.cpp), a model program's
// register machine and the model compiler's constant folding (models/model_program.cpp), so that
// each operation means the same IEEE operations wherever it runs.
//
// Only sin and cos differ between them, by the caller's Trig: expressions use libm (LibmTrig), a
// model program chaoskit's polynomial (models/sincos_pair.hpp), whose bits its analyses were
// computed with. The lane interpreters (simd/lane_program.hpp) may not call this (simd/lanes.hpp:
// no inline function shared with baseline code) and restate it on Lanes<W>.
#include <algorithm>
#include <cmath>
#include <numbers>

#include "chaoskit/core/instruction_set.hpp"

namespace chaoskit {

namespace detail {
/// An angle into (−π, π]: remainder gives [−π, π], then −π maps to π.
inline double wrap_angle(double a) {
  a = std::remainder(a, 2.0 * std::numbers::pi);
  if (a <= -std::numbers::pi) a += 2.0 * std::numbers::pi;
  return a;
}
}  // namespace detail

struct LibmTrig {
  static double sin(double a) { return std::sin(a); }
  static double cos(double a) { return std::cos(a); }
};

/// op(a, b, c), reading as many of them as the operation has operands. NaN for the operations
/// that have no single value of their operands: constant and variable (the interpreter loads
/// them), sincos and sincos2 (two and four results; the register machine runs them itself).
// Always inlined: with a constant `op` (expression.cpp's cases) the switch folds to the one
// operation; GCC left it a call from 30 call sites.
template <class Trig>
[[gnu::always_inline]] inline double apply_op(Op op, double a, double b, double c) {
  switch (op) {
    case Op::copy: return a;
    case Op::neg: return -a;
    case Op::add: return a + b;
    case Op::sub: return a - b;
    case Op::mul: return a * b;
    case Op::div: return a / b;
    case Op::pow: return std::pow(a, b);
    case Op::lt: return a < b;
    case Op::le: return a <= b;
    case Op::gt: return a > b;
    case Op::ge: return a >= b;
    case Op::eq: return a == b;
    case Op::ne: return a != b;
    case Op::land: return (a != 0.0) && (b != 0.0);
    case Op::lor: return (a != 0.0) || (b != 0.0);
    case Op::lnot: return a == 0.0 ? 1.0 : 0.0;
    case Op::sin: return Trig::sin(a);
    case Op::cos: return Trig::cos(a);
    case Op::tan: return std::tan(a);
    case Op::asin: return std::asin(a);
    case Op::acos: return std::acos(a);
    case Op::atan: return std::atan(a);
    case Op::atan2: return std::atan2(a, b);
    case Op::exp: return std::exp(a);
    case Op::log: return std::log(a);
    case Op::sqrt: return std::sqrt(a);
    case Op::abs: return std::abs(a);
    case Op::min: return std::min(a, b);
    case Op::max: return std::max(a, b);
    case Op::wrap: return detail::wrap_angle(a);
    case Op::select: return a != 0.0 ? b : c;
    case Op::mul_add: return a * b + c;
    case Op::add_mul: return c + a * b;
    case Op::mul_sub: return a * b - c;
    case Op::sub_mul: return c - a * b;
    case Op::constant:
    case Op::variable:
    case Op::sincos:
    case Op::sincos2: break;
  }
  return NAN;
}

}  // namespace chaoskit
