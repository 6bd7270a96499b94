#include "chaoskit/params/toml_fields.hpp"

#include <cmath>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/core/units.hpp"

namespace chaoskit {

std::string comma_separated(const std::vector<std::string>& items) {
  std::string s;
  for (const auto& i : items) s += (s.empty() ? "" : ", ") + i;
  return s;
}

std::string unknown_key_reason(const std::set<std::string>& allowed, const std::string& what) {
  return "unknown " + what + " (expected one of: " + comma_separated({allowed.begin(), allowed.end()}) + ")";
}

void reject_unknown_keys(const toml::table& t, const std::set<std::string>& allowed, const std::string& prefix,
                         const std::string& what) {
  for (const auto& [key, node] : t) {
    (void)node;
    if (!allowed.count(std::string(key.str())))
      throw InputError(prefix + std::string(key.str()), unknown_key_reason(allowed, what));
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

double plain_number_of(const toml::node& n, const std::string& field) {
  if (auto i = n.as_integer()) return static_cast<double>(i->get());
  if (auto f = n.as_floating_point()) return f->get();
  throw InputError(field, "must be a number");
}

std::vector<double> plain_numbers_of(const toml::node& n, const std::string& field, const std::string& what_each) {
  const std::string reason = "must be a list of numbers" + (what_each.empty() ? "" : ", " + what_each);
  const toml::array* a = n.as_array();
  if (!a) throw InputError(field, reason);
  std::vector<double> out;
  for (const auto& item : *a) {
    if (!item.is_integer() && !item.is_floating_point()) throw InputError(field, reason);
    out.push_back(plain_number_of(item, field));
  }
  return out;
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

}  // namespace chaoskit
