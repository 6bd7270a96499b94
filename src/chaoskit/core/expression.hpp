#pragma once
// Expressions over named variables, for section surfaces (`--plane "th1 = 0"`) and result queries
// (`lambda_max > 0.05 and th1 < 0.5`). Parsed once into a compact postfix program, evaluated many
// times without allocation.
//
// Grammar (precedence low → high):
//   expr   := or
//   or     := and ('or' and)*            and := not ('and' not)*        not := 'not' not | cmp
//   cmp    := sum (('<'|'<='|'>'|'>='|'=='|'!=') sum)?
//   sum    := prod (('+'|'-') prod)*     prod := unary (('*'|'/') unary)*
//   unary  := ('-'|'+') unary | power    power := atom ('^' unary)?      (right-associative)
//   atom   := number ['deg'] | name | name '(' expr (',' expr)* ')' | '(' expr ')'
// Functions: sin cos tan asin acos atan atan2 exp log sqrt abs min max wrap (angle into (−π, π]).
// Constants: pi, e. Truth values are 1 and 0; `and`/`or` treat non-zero as true.
// A surface "lhs = rhs" (a single '=') is read by parse_surface as lhs − rhs.
#include <string>
#include <string_view>
#include <vector>

namespace chaoskit {

class Expression {
 public:
  /// Parses `text`; variables must be among `variables` (their index is the evaluation slot).
  /// Throws InputError(field, "... at column N") on any syntax error or unknown name.
  static Expression parse(std::string_view text, const std::vector<std::string>& variables, const std::string& field);

  /// Evaluates with values[i] bound to variables[i].
  double evaluate(const double* values) const;
  double evaluate(const std::vector<double>& values) const { return evaluate(values.data()); }

  const std::string& text() const { return text_; }
  /// Indices of the variables the expression reads.
  const std::vector<int>& used_variables() const { return used_; }

  enum class Op : unsigned char {
    constant, variable, neg, add, sub, mul, div, pow, lt, le, gt, ge, eq, ne, land, lor, lnot,
    sin, cos, tan, asin, acos, atan, atan2, exp, log, sqrt, abs, min, max, wrap
  };
  struct Instr {
    Op op;
    int index;
    double value;
  };

 private:
  std::string text_;
  std::vector<Instr> program_;
  std::vector<int> used_;
  int max_stack_ = 0;
  friend class ExpressionParser;
};

/// A section surface g(x) = 0 from "lhs = rhs" (g = lhs − rhs) or from a plain expression (g = expr).
Expression parse_surface(std::string_view text, const std::vector<std::string>& variables, const std::string& field);

}  // namespace chaoskit
