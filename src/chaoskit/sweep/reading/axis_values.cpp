#include "chaoskit/sweep/reading/axis_values.hpp"

#include <cmath>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/params/toml_fields.hpp"

namespace chaoskit::sweep {

std::vector<double> axis_values(const toml::node& node, const std::string& field) {
  std::vector<double> v;
  auto spaced = [&](const toml::node& spec, const std::string& kind) {
    const auto* a = spec.as_array();
    if (!a || a->size() != 3) throw InputError(field + "." + kind, "must be [start, stop, count]");
    const double s = number_of(*a->get(0), field + "." + kind + "[0]");
    const double e = number_of(*a->get(1), field + "." + kind + "[1]");
    const long n = integer_of(*a->get(2), field + "." + kind + "[2]", 1, 100'000'000);
    if (n == 1 && s != e) throw InputError(field + "." + kind, "one point needs start = stop");
    if (n > 1 && !(s < e)) throw InputError(field + "." + kind, "inverted or empty range: start must be < stop");
    if (kind == "geomspace" && !(s > 0)) throw InputError(field + "." + kind, "start must be > 0");
    for (long i = 0; i < n; ++i) {
      // Endpoints exact; interior points from the start and the index (no accumulated rounding).
      const double f = n == 1 ? 0.0 : static_cast<double>(i) / static_cast<double>(n - 1);
      double x = i == n - 1 ? e : s + (e - s) * f;
      if (kind == "logspace") x = std::pow(10.0, x);
      if (kind == "geomspace") x = i == n - 1 ? e : s * std::pow(e / s, f);
      if (!std::isfinite(x))
        throw InputError(field + "." + kind, kind == "logspace"
                                                 ? "10^stop overflows a double (the largest is about 1.8e308)"
                                                 : "the range overflows a double (start and stop too far apart)");
      v.push_back(x);
    }
  };
  if (const auto* t = node.as_table()) {
    if (t->size() != 1) throw InputError(field, "give exactly one of linspace, logspace, geomspace, list");
    const auto first = t->begin();  // toml++'s iterator owns the pair it dereferences to: keep it alive
    const auto& [key, spec] = *first;
    const std::string kind(key.str());
    if (kind == "list") return axis_values(spec, field + ".list");
    if (kind != "linspace" && kind != "logspace" && kind != "geomspace")
      throw InputError(field + "." + kind, "unknown axis form (known: linspace, logspace, geomspace, list)");
    spaced(spec, kind);
  } else if (const auto* a = node.as_array()) {
    if (a->empty()) throw InputError(field, "empty axis");
    for (std::size_t i = 0; i < a->size(); ++i)
      v.push_back(number_of(*a->get(i), field + "[" + std::to_string(i) + "]"));
    for (std::size_t i = 1; i < v.size(); ++i)
      if (!(v[i] > v[i - 1])) throw InputError(field, "axis values must be strictly increasing");
  } else {
    throw InputError(field, "must be a number (fixed) or an axis table");
  }
  for (std::size_t i = 1; i < v.size(); ++i)
    if (!(v[i] > v[i - 1]))
      throw InputError(field, "axis values are not strictly increasing (range too narrow for its count)");
  return v;
}

}  // namespace chaoskit::sweep
