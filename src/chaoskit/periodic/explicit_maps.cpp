#include "chaoskit/periodic/explicit_maps.hpp"

#include "chaoskit/core/errors.hpp"

namespace chaoskit::periodic {

namespace {

HenonParameters henon_with(const std::vector<NamedValue>& values) {
  HenonParameters p;
  for (const auto& v : values) {
    if (v.name == "a")
      p.a = v.value;
    else if (v.name == "b")
      p.b = v.value;
    else
      throw InputError("map_params", "the henon map has parameters a and b, not '" + v.name + "'");
  }
  return p;
}

void check_map(const std::string& name) {
  if (name != "henon") throw InputError("map", "unknown map '" + name + "' (maps: henon)");
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
  return map_problem(
      2, [p, parameter](const Vector& x, bool with_jacobian) { return henon_step(p, x, with_jacobian, parameter); },
      {"x", "y"});
}

std::vector<std::string> explicit_map_names() { return {"henon"}; }

std::vector<std::string> explicit_map_parameters(const std::string& map) {
  check_map(map);
  return {"a", "b"};
}

PeriodicProblem explicit_map_problem(const std::string& name, const std::vector<NamedValue>& values,
                                     const std::string& parameter) {
  check_map(name);
  if (!parameter.empty() && parameter != "a" && parameter != "b")
    throw InputError("parameter", "the henon map has parameters a and b, not '" + parameter + "'");
  return henon_problem(henon_with(values), parameter);
}

double explicit_map_parameter(const std::string& name, const std::vector<NamedValue>& values,
                              const std::string& parameter) {
  check_map(name);
  const HenonParameters p = henon_with(values);
  if (parameter == "a") return p.a;
  if (parameter == "b") return p.b;
  throw InputError("parameter", "the henon map has parameters a and b, not '" + parameter + "'");
}

}  // namespace chaoskit::periodic
