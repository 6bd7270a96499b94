#include "chaoskit/periodic/explicit_maps.hpp"

#include "chaoskit/core/errors.hpp"

namespace chaoskit::periodic {

namespace {

/// A map of the table: its states, its parameters with their defaults, and one step with the
/// Jacobian and the derivative in parameter `k` (−1: none) at parameter values `p`.
struct Entry {
  const char* name;
  std::vector<std::string> states;
  std::vector<NamedValue> parameters;
  MapStep (*step)(const std::vector<double>& p, const Vector& x, bool with_jacobian, int k);
};

MapStep henon_entry(const std::vector<double>& p, const Vector& x, bool with_jacobian, int k) {
  return henon_step({p[0], p[1]}, x, with_jacobian, k == 0 ? "a" : k == 1 ? "b" : "");
}

MapStep delayed_logistic(const std::vector<double>& p, const Vector& x, bool with_jacobian, int k) {
  const double a = p[0];
  MapStep s;
  s.x.resize(2);
  s.x << a * x(0) * (1.0 - x(1)), x(0);
  if (with_jacobian) {
    s.jacobian.resize(2, 2);
    s.jacobian << a * (1.0 - x(1)), -a * x(0), 1.0, 0.0;
  }
  if (k == 0) s.d_param = Vector::Zero(2), s.d_param(0) = x(0) * (1.0 - x(1));
  return s;
}

const std::vector<Entry>& table() {
  static const std::vector<Entry> maps{
      {"henon", {"x", "y"}, {{"a", 1.4}, {"b", 0.3}}, &henon_entry},
      {"delayed_logistic", {"x", "y"}, {{"a", 1.9}}, &delayed_logistic},
  };
  return maps;
}

std::string parameter_list(const Entry& e) {
  std::string s;
  for (std::size_t i = 0; i < e.parameters.size(); ++i)
    s += (i == 0 ? "" : i + 1 == e.parameters.size() ? " and " : ", ") + e.parameters[i].name;
  return s;
}

const Entry& find(const std::string& name) {
  for (const auto& e : table())
    if (name == e.name) return e;
  throw InputError("map", "unknown map '" + name + "' (maps: " + explicit_map_names() + ")");
}

/// The index of parameter `name` of map `e`; InputError(field) if it has none such.
int index_of(const Entry& e, const std::string& name, const std::string& field) {
  for (std::size_t i = 0; i < e.parameters.size(); ++i)
    if (e.parameters[i].name == name) return static_cast<int>(i);
  throw InputError(field,
                   "the " + std::string(e.name) + " map has parameters " + parameter_list(e) + ", not '" + name + "'");
}

std::vector<double> values_of(const Entry& e, const std::vector<NamedValue>& values) {
  std::vector<double> p;
  for (const auto& d : e.parameters) p.push_back(d.value);
  for (const auto& v : values) p[static_cast<std::size_t>(index_of(e, v.name, "map_params"))] = v.value;
  return p;
}

}  // namespace

MapStep henon_step(const HenonParameters& p, const Vector& x, bool with_jacobian, const std::string& parameter) {
  MapStep s;
  s.x.resize(2);
  s.x << 1.0 - p.a * x(0) * x(0) + x(1), p.b * x(0);
  if (with_jacobian) {
    s.jacobian.resize(2, 2);
    s.jacobian << -2.0 * p.a * x(0), 1.0, p.b, 0.0;
  }
  if (parameter == "a") s.d_param = Vector::Zero(2), s.d_param(0) = -x(0) * x(0);
  if (parameter == "b") s.d_param = Vector::Zero(2), s.d_param(1) = x(0);
  return s;
}

PeriodicProblem henon_problem(const HenonParameters& p, const std::string& parameter) {
  return explicit_map_problem("henon", {{"a", p.a}, {"b", p.b}}, parameter);
}

std::string explicit_map_names() {
  std::string s;
  for (const auto& e : table()) s += (s.empty() ? "" : ", ") + std::string(e.name);
  return s;
}

PeriodicProblem explicit_map_problem(const std::string& name, const std::vector<NamedValue>& values,
                                     const std::string& parameter) {
  const Entry& e = find(name);
  const std::vector<double> p = values_of(e, values);
  const int k = parameter.empty() ? -1 : index_of(e, parameter, "parameter");
  const auto step = e.step;
  return map_problem(
      static_cast<int>(e.states.size()),
      [p, k, step](const Vector& x, bool with_jacobian) { return step(p, x, with_jacobian, k); }, e.states);
}

double explicit_map_parameter(const std::string& name, const std::vector<NamedValue>& values,
                              const std::string& parameter) {
  const Entry& e = find(name);
  return values_of(e, values)[static_cast<std::size_t>(index_of(e, parameter, "parameter"))];
}

}  // namespace chaoskit::periodic
