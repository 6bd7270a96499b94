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
// Functions: sin cos tan asin acos atan atan2 exp log sqrt abs min max wrap (angle into (−π, π]),
// if(c, a, b) (a where c is non-zero, else b; both branches are evaluated).
// Constants: pi, e. Truth values are 1 and 0; `and`/`or` treat non-zero as true.
// A surface "lhs = rhs" (a single '=') is read by parse_surface as lhs − rhs.
#include <string>
#include <string_view>
#include <vector>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/core/instruction_set.hpp"

namespace chaoskit {

/// A parse error with the 1-based column in the expression's text where it was found, so that a
/// caller holding the text inside a larger file (a model file) can name the file's line and column.
class ExpressionError : public InputError {
 public:
  ExpressionError(std::string field, const std::string& reason, std::size_t column, std::string what)
      : InputError(std::move(field), reason), column_(column), what_(std::move(what)) {}
  std::size_t column() const { return column_; }
  /// The reason without the "at column N of '...'" suffix.
  const std::string& what_only() const { return what_; }

 private:
  std::size_t column_;
  std::string what_;
};

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

  /// One postfix instruction: an operation of the shared instruction set (instruction_set.hpp), of
  /// those the language writes: constant, variable, neg … select.
  struct Instr {
    Op op;
    int index;
    double value;
    int column = 0;  ///< 1-based column of the token that produced it, for error messages
  };
  /// The postfix program (models/model_program.cpp compiles it further into registers).
  const std::vector<Instr>& program() const { return program_; }

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
