#include "chaoskit/sections/axis_spec.hpp"

#include <cmath>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/core/units.hpp"

namespace chaoskit {

std::vector<double> linspace(double a, double b, long n) {
  std::vector<double> v(static_cast<std::size_t>(n));
  for (long k = 0; k < n; ++k)
    v[static_cast<std::size_t>(k)] =
        k == n - 1 && n > 1 ? b : a + (b - a) * static_cast<double>(k) / static_cast<double>(n > 1 ? n - 1 : 1);
  return v;
}

AxisSpec parse_axis_spec(std::string_view text, const std::vector<std::string>& names, const std::string& field) {
  const auto eq = text.find('=');
  if (eq == std::string_view::npos)
    throw InputError(field, "expected NAME=VALUE or NAME=START:STOP:COUNT, got '" + std::string(text) + "'");
  AxisSpec s;
  s.name = std::string(text.substr(0, eq));
  while (!s.name.empty() && s.name.back() == ' ') s.name.pop_back();
  while (!s.name.empty() && s.name.front() == ' ') s.name.erase(s.name.begin());
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == s.name) s.component = static_cast<int>(i);
  if (s.component < 0) {
    std::string known;
    for (const auto& n : names) known += (known.empty() ? "" : ", ") + n;
    throw InputError(field, "unknown state component '" + s.name + "' (components: " + known + ")");
  }
  const std::string_view rest = text.substr(eq + 1);
  const auto c1 = rest.find(':');
  if (c1 == std::string_view::npos) {
    s.values = {parse_number(rest, field)};
    return s;
  }
  const auto c2 = rest.find(':', c1 + 1);
  if (c2 == std::string_view::npos || rest.find(':', c2 + 1) != std::string_view::npos)
    throw InputError(field, "a range is START:STOP:COUNT, got '" + std::string(rest) + "'");
  const double a = parse_number(rest.substr(0, c1), field);
  const double b = parse_number(rest.substr(c1 + 1, c2 - c1 - 1), field);
  const double n = parse_number(rest.substr(c2 + 1), field);
  if (n != std::floor(n) || n < 1 || n > 1e8) throw InputError(field, "COUNT must be an integer from 1 to 1e8");
  s.values = linspace(a, b, static_cast<long>(n));
  return s;
}

}  // namespace chaoskit
