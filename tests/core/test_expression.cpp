// Expressions for section surfaces and queries: precedence, functions, deg suffix, comparisons
// and logic, surfaces "lhs = rhs", and one-line errors naming the field and the column.
#include <catch2/catch.hpp>
#include <numbers>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/core/expression.hpp"

using namespace chaoskit;
using Catch::Matchers::Contains;
using Catch::Matchers::WithinAbs;

namespace {
const std::vector<std::string> vars = {"th1", "th2", "dth1", "dth2", "lambda_max"};
double eval(const std::string& text, std::vector<double> v = {0.5, -0.25, 2.0, -3.0, 0.07}) {
  return Expression::parse(text, vars, "--where").evaluate(v);
}
}  // namespace

TEST_CASE("expression: arithmetic precedence and associativity", "[expression]") {
  CHECK(eval("1 + 2 * 3") == 7);
  CHECK(eval("(1 + 2) * 3") == 9);
  CHECK(eval("2 ^ 3 ^ 2") == 512);  // right-associative
  CHECK(eval("-2 ^ 2") == -4);      // unary minus binds looser than ^
  CHECK(eval("8 / 4 / 2") == 1);
  CHECK(eval("10 - 4 - 3") == 3);
  CHECK(eval("1e-3 * 2E2") == 0.2);
  CHECK(eval("th1 + 2 * dth1 - dth2") == 0.5 + 4.0 + 3.0);
}

TEST_CASE("expression: functions, constants and the deg suffix", "[expression]") {
  CHECK_THAT(eval("sin(pi / 2) + cos(0)"), WithinAbs(2.0, 1e-15));
  CHECK_THAT(eval("atan2(1, 1)"), WithinAbs(std::numbers::pi / 4, 1e-15));
  CHECK_THAT(eval("90deg"), WithinAbs(std::numbers::pi / 2, 1e-15));
  CHECK_THAT(eval("wrap(3 * pi)"), WithinAbs(std::numbers::pi, 1e-12));
  CHECK_THAT(eval("wrap(-pi)"), WithinAbs(std::numbers::pi, 1e-12));
  CHECK_THAT(eval("wrap(7)"), WithinAbs(7 - 2 * std::numbers::pi, 1e-12));
  CHECK(eval("max(th1, dth1) + min(th2, dth2) + abs(dth2)") == 2.0 - 3.0 + 3.0);
  CHECK_THAT(eval("sqrt(exp(log(4)))"), WithinAbs(2.0, 1e-15));
}

TEST_CASE("expression: comparisons and logic", "[expression]") {
  CHECK(eval("lambda_max > 0.05 and th1 < 0.5") == 0);  // th1 == 0.5
  CHECK(eval("lambda_max > 0.05 and th1 <= 0.5") == 1);
  CHECK(eval("lambda_max > 0.1 or dth1 == 2") == 1);
  CHECK(eval("not (th1 != 0.5)") == 1);
  CHECK(eval("!(th1 > 0) || dth2 >= -3") == 1);
  CHECK(eval("th1 > 0 && th2 > 0") == 0);
  CHECK(eval("1 + 2 > 2 and 3 * 2 == 6") == 1);
}

TEST_CASE("expression: surfaces and used variables", "[expression]") {
  const Expression s = parse_surface("th1 = 0.2", vars, "--plane");
  CHECK_THAT(s.evaluate(std::vector<double>{0.5, 0, 0, 0, 0}), WithinAbs(0.3, 1e-15));
  const Expression s2 = parse_surface("th2 - th1", vars, "--plane");
  CHECK(s2.used_variables() == std::vector<int>{0, 1});
  CHECK_THROWS_WITH(Expression::parse("th1 = 0", vars, "--where"), Contains("'=' is not a comparison; use '=='"));
}

TEST_CASE("expression: errors name the field and the column", "[expression][errors]") {
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"", "--where: empty expression"},
      {"th1 +", "expression ends too early at column 6"},
      {"th3 > 0", "unknown name 'th3' (known: th1, th2"},
      {"sinh(th1)", "unknown function 'sinh'"},
      {"atan2(th1)", "atan2 takes 2 arguments, got 1"},
      {"(th1 + 1", "missing ')'"},
      {"th1 > 0 > 1", "chained comparison"},
      {"th1 # 2", "unexpected character '#' at column 5"},
      {"th1 th2", "unexpected 'th2' at column 5"},
      {"1.2.3", "malformed number at column 1"},
  };
  for (const auto& [text, message] : bad) {
    INFO(text);
    try {
      Expression::parse(text, vars, "--where");
      FAIL("no error");
    } catch (const InputError& e) {
      CHECK_THAT(std::string(e.what()), Contains(message));
      CHECK(std::string(e.what()).find('\n') == std::string::npos);
    }
  }
}

namespace {
/// "(th1 + (th1 + ( ... )))": `levels` parentheses, one more pending value per level.
std::string right_nested_sum(int levels) {
  std::string s;
  for (int i = 0; i < levels; ++i) s += "(th1 + ";
  s += "th1";
  return s + std::string(static_cast<std::size_t>(levels), ')');
}
}  // namespace

TEST_CASE("expression: nesting is bounded, and what parses evaluates", "[expression][errors]") {
  // Up to the limits an expression parses and evaluates exactly (th1 = 0.5 in eval).
  CHECK(eval(std::string(64, '(') + "th1" + std::string(64, ')')) == 0.5);
  CHECK(eval(std::string(64, '-') + "th1") == 0.5);
  CHECK(eval(right_nested_sum(62)) == 0.5 * 63);
  // Beyond them: a one-line InputError naming the field, never a stack overflow in the parser
  // (thousands of levels did overflow it) and never an accepted expression that evaluates to NaN
  // (a sum nested 64 deep needed 65 evaluation slots and evaluated to NaN).
  CHECK_THROWS_WITH(eval(std::string(65, '(') + "th1" + std::string(65, ')')),
                    Contains("--where: expression nested more than 64 levels deep"));
  CHECK_THROWS_WITH(eval(std::string(100000, '(') + "th1" + std::string(100000, ')')), Contains("more than 64 levels"));
  CHECK_THROWS_WITH(eval(std::string(100000, '-') + "th1"), Contains("more than 64 levels"));
  CHECK_THROWS_WITH(eval(std::string(100000, '!') + "th1"), Contains("more than 64 levels"));
  std::string powers = "th1";
  for (int i = 0; i < 100000; ++i) powers += "^1";
  CHECK_THROWS_WITH(eval(powers), Contains("more than 64 levels"));
  CHECK_THROWS_WITH(eval(right_nested_sum(64)), Contains("intermediate values, more than 64"));
  CHECK_THROWS_AS(parse_surface(right_nested_sum(64) + " = 0", vars, "--plane"), InputError);
}
