#pragma once
// Named value ranges of state components on the command line, shared by `section --seed` and
// `basin --x/--y/--fixed`: "th2=-1:1:11" (11 evenly spaced values from −1 to 1, ends included)
// or "dth2=0" (one value). Numbers may carry `deg`. Errors name the option and the column of
// the problem.
#include <string>
#include <string_view>
#include <vector>

namespace chaoskit {

struct AxisSpec {
  std::string name;
  int component = -1;  ///< index of `name` in the state names
  std::vector<double> values;
};

/// Parses one spec; `names` are the model's state component names. InputError(field) on error.
AxisSpec parse_axis_spec(std::string_view text, const std::vector<std::string>& names, const std::string& field);

/// n evenly spaced values from a to b inclusive (n = 1: just a); exact ends.
std::vector<double> linspace(double a, double b, long n);

}  // namespace chaoskit
