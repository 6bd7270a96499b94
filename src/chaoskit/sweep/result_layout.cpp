#include "chaoskit/sweep/result_layout.hpp"

#include <cmath>
#include <cstdio>

#include "chaoskit/models/mechanical_form.hpp"
#include "chaoskit/sweep/point_inputs.hpp"
#include "chaoskit/sweep/quantities/orbit_class_options.hpp"
#include "chaoskit/sweep/quantities/quantity_unit.hpp"

namespace chaoskit::sweep {

namespace {

ModelShape shape_of(const AnyModel& m) {
  return std::visit(
      [](const auto& x) {
        using M = std::decay_t<decltype(x)>;
        return ModelShape{static_cast<std::size_t>(M::state_dim), is_mechanical_model(x)};
      },
      m);
}

}  // namespace

double PointCost::of(const PointColumns& values, std::size_t point) const {
  double c = fixed;
  for (std::size_t i = 0; i < adaptive_variables.size(); ++i) {
    const double t = *values.at<double>(adaptive_variables[i], point);
    c += std::isfinite(t) ? t : adaptive_min[i];
  }
  return c;
}

double PointCost::least() const {
  double c = fixed;
  for (double t : adaptive_min) c += t;
  return c;
}

double PointCost::most() const {
  double c = fixed;
  for (double t : adaptive_max) c += t;
  return c;
}

int ResultLayout::find(const std::string& name) const {
  for (std::size_t i = 0; i < variables.size(); ++i)
    if (variables[i].name == name) return static_cast<int>(i);
  return -1;
}

ResultLayout result_layout(const Job& job) {
  using io::ElementType;
  const ModelShape s = shape_of(job.base_model);
  ResultLayout L;
  VariableList out(L.variables);
  for (const ComputeSpec& c : job.compute) {
    L.entry_first_variable.push_back(L.variables.size());
    unit_of(c.quantity).variables(c, s, out);
  }
  if (s.mechanical) {
    L.initial_energy = static_cast<int>(L.variables.size());
    out.add("initial_energy", ElementType::float64, {}, "J", "total energy of the initial state");
  }
  for (io::Variable& v : point_input_variables(job, s.n)) L.variables.push_back(std::move(v));
  for (const ComputeSpec& c : job.compute) {
    const double max_time = c.quantity == Quantity::orbit_class ? c.options_as<OrbitClassEntry>().max_time : NAN;
    if (std::isfinite(max_time)) {  // an adaptive orbit_class
      L.cost.adaptive_variables.push_back(static_cast<std::size_t>(L.find("orbit_time")));
      L.cost.adaptive_min.push_back(c.time);
      L.cost.adaptive_max.push_back(max_time);
    } else {
      L.cost.fixed += c.time + c.transient;
    }
  }
  return L;
}

std::vector<io::Axis> result_axes(const Job& job) {
  std::vector<io::Axis> axes;
  for (const auto& a : job.axes) axes.push_back({a.name, a.values, a.units, a.long_name});
  return axes;
}

}  // namespace chaoskit::sweep
