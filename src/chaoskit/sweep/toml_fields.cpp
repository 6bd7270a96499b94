#include "chaoskit/sweep/toml_fields.hpp"

#include <cmath>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/core/units.hpp"

namespace chaoskit::sweep {

std::string comma_separated(const std::vector<std::string>& items) {
  std::string s;
  for (const auto& i : items) s += (s.empty() ? "" : ", ") + i;
  return s;
}

void reject_unknown_keys(const toml::table& t, const std::set<std::string>& allowed, const std::string& prefix) {
  for (const auto& [key, node] : t) {
    (void)node;
    if (!allowed.count(std::string(key.str())))
      throw InputError(prefix + std::string(key.str()),
                       "unknown key (expected one of: " + comma_separated({allowed.begin(), allowed.end()}) + ")");
  }
}

double number_of(const toml::node& n, const std::string& field) {
  double v;
  if (auto i = n.as_integer())
    v = static_cast<double>(i->get());
  else if (auto f = n.as_floating_point())
    v = f->get();
  else if (auto s = n.as_string())
    v = parse_number(s->get(), field);
  else
    throw InputError(field, "must be a number");
  if (!std::isfinite(v)) throw InputError(field, "must be finite");
  return v;
}

long integer_of(const toml::node& n, const std::string& field, long lo, long hi) {
  const auto i = n.as_integer();
  if (!i) throw InputError(field, "must be an integer");
  if (i->get() < lo || i->get() > hi)
    throw InputError(field, "must be between " + std::to_string(lo) + " and " + std::to_string(hi));
  return static_cast<long>(i->get());
}

std::string string_of(const toml::node& n, const std::string& field) {
  const auto s = n.as_string();
  if (!s) throw InputError(field, "must be a string");
  return s->get();
}

}  // namespace chaoskit::sweep
