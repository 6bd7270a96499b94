#include "chaoskit/core/units.hpp"

#include <charconv>
#include <cmath>

#include "chaoskit/core/errors.hpp"

namespace chaoskit {

namespace {
std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}
}  // namespace

double parse_number(std::string_view text, const std::string& field) {
  std::string_view s = trim(text);
  double scale = 1.0;
  if (s.size() >= 3 && s.substr(s.size() - 3) == "deg") {
    scale = kDegree;
    s = trim(s.substr(0, s.size() - 3));
  }
  if (s.empty()) throw InputError(field, "empty value");
  if (s.front() == '+') s.remove_prefix(1);
  double value = 0.0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (ec != std::errc() || end != s.data() + s.size())
    throw InputError(field, "'" + std::string(trim(text)) + "' is not a number (use e.g. 0.5 or 30deg)");
  if (!std::isfinite(value)) throw InputError(field, "value must be finite, got '" + std::string(trim(text)) + "'");
  return value * scale;
}

std::vector<double> parse_number_list(std::string_view text, const std::string& field,
                                      const std::vector<std::string>& names) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    parts.push_back(text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  if (!names.empty() && parts.size() != names.size()) {
    std::string expected;
    for (std::size_t i = 0; i < names.size(); ++i) expected += (i ? "," : "") + names[i];
    throw InputError(field, "expected " + std::to_string(names.size()) + " comma-separated components (" + expected +
                                "), got " + std::to_string(parts.size()));
  }
  std::vector<double> values;
  values.reserve(parts.size());
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const std::string label = names.empty() ? field + "[" + std::to_string(i) + "]" : field + " component " + names[i];
    values.push_back(parse_number(parts[i], label));
  }
  return values;
}

}  // namespace chaoskit
