#include "chaoskit/sweep/quantities/results_layout.hpp"

#include <cmath>
#include <cstdio>
#include <string>
#include <variant>

#include "chaoskit/models/mechanical_form.hpp"
#include "chaoskit/sweep/quantities/quantity_unit.hpp"

namespace chaoskit::sweep {

namespace {

ModelShape shape_of(const AnyModel& m) {
  return std::visit(
      [](const auto& x) {
        return ModelShape{static_cast<std::size_t>(state_count(x)), is_mechanical_model(x)};
      },
      m);
}

/// Where a job's initial states come from, for initial_state's long name.
std::string initial_state_origin(const Job& job) {
  if (job.point_source == PointSource::energy_sample)
    return "drawn on its energy level by the sampler under the root attributes sample_measure and sample_seed, a pure "
           "function of them and of the energy and sample indices";
  std::string solved;
  if (job.energy.component >= 0) {
    const auto names = std::visit([](const auto& m) { return m.state_names(); }, job.base_model);
    solved = ", " + names[static_cast<std::size_t>(job.energy.component)] + " solved from the energy";
  }
  return "the row's values, [grid] fixed values, 0 elsewhere" + solved;
}

/// What a [points] or [sample] job stores beside its results so that a user sees exactly what each
/// point was computed from (none for a grid job, whose coordinates are the axes): every column of a
/// point list as a variable over `point` (units and long name as the grid gives them), then
/// `initial_state` [component], the state actually integrated (a point list's after the energy
/// solve, a sample's as drawn). The engine writes them with the point's results
/// (../engine/point_inputs.hpp).
std::vector<io::Variable> point_input_variables(const Job& job, std::size_t state_dim) {
  std::vector<io::Variable> v;
  if (job.point_source == PointSource::grid) return v;
  for (const GridEntry& c : job.points.columns)
    v.push_back({c.name, io::ElementType::float64, {}, c.units, c.long_name, NAN});
  v.push_back({"initial_state",
               io::ElementType::float64,
               {{"component", state_dim}},
               "SI",
               "initial state integrated (" + initial_state_origin(job) + ")",
               NAN});
  return v;
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

int ResultsLayout::find(const std::string& name) const {
  for (std::size_t i = 0; i < variables.size(); ++i)
    if (variables[i].name == name) return static_cast<int>(i);
  return -1;
}

ResultsLayout results_layout(const Job& job) {
  using io::ElementType;
  const ModelShape s = shape_of(job.base_model);
  ResultsLayout L;
  for (const auto& a : job.axes) {
    // A point list's `point` and a sample's `sample` are indices: whole numbers, stored as such.
    const bool index = a.target == Target::point_row || a.target == Target::sample_index;
    L.axes.push_back({a.name, a.values, a.units, a.long_name, index});
  }
  for (const ComputeSpec& c : job.compute) {
    L.entry_first_variable.push_back(L.variables.size());
    VariableList entry(quantity_name(c.quantity));
    unit_of(c.quantity).variables(c, s, entry);
    for (io::Variable& v : entry.take()) L.variables.push_back(std::move(v));
  }
  if (s.mechanical) {
    L.initial_energy = static_cast<int>(L.variables.size());
    L.variables.push_back({"initial_energy", ElementType::float64, {}, "J", "total energy of the initial state", NAN});
  }
  for (io::Variable& v : point_input_variables(job, s.n)) L.variables.push_back(std::move(v));
  for (std::size_t e = 0; e < job.compute.size(); ++e) {
    const ComputeSpec& c = job.compute[e];
    const QuantityUnit& unit = unit_of(c.quantity);
    const std::optional<VariableTime> t = unit.variable_time ? unit.variable_time(c) : std::nullopt;
    if (t) {
      L.cost.adaptive_variables.push_back(L.entry_first_variable[e] + t->variable);
      L.cost.adaptive_min.push_back(t->least);
      L.cost.adaptive_max.push_back(t->most);
    } else {
      L.cost.fixed += c.time + c.transient;
    }
  }
  return L;
}

}  // namespace chaoskit::sweep
