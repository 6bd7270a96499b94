// chaoskit._periodic_orbit and chaoskit._continuation: the library calls behind `chaoskit periodic`
// and `chaoskit continue`, writing the same branch file (periodic/branch_file.hpp), which the Python
// side opens as an xarray.Dataset. Options arrive as the CLI's (the Python function names them).
#include <omp.h>

#include <cmath>
#include <numbers>
#include <optional>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/periodic/branch_file.hpp"
#include "chaoskit/periodic/continuation.hpp"
#include "chaoskit/periodic/parameter_family.hpp"
#include "job_parts.hpp"
#include "model_handle.hpp"
#include "state_arrays.hpp"

namespace py = pybind11;

namespace chaoskit::python {

namespace {

using periodic::Vector;

/// What every call shares: the problem (a model's flow or an explicit map), the guess and the Newton options.
struct Call {
  bool is_map = false;
  periodic::FlowSetup flow;
  std::string map;
  std::vector<periodic::NamedValue> map_values;
  Vector state;
  double period = NAN;
  periodic::OrbitOptions orbit;
  io::Attributes attributes;
};

Call make_call(const py::object& model, const std::string& map, const py::dict& map_params, const py::object& state,
               const py::dict& o) {
  Call c;
  auto number = [&](const char* key, double fallback = NAN) {
    return o.contains(key) && !o[key].is_none() ? o[key].cast<double>() : fallback;
  };
  auto integer = [&](const char* key, int fallback) {
    return o.contains(key) && !o[key].is_none() ? o[key].cast<int>() : fallback;
  };
  c.orbit.segments = integer("segments", 1);
  c.orbit.tolerance = number("tol", 1e-10);
  c.orbit.max_iterations = integer("max_iterations", 20);
  const int threads = integer("threads", 0);
  if (threads < 0) throw InputError("threads", "must be >= 0");
  c.orbit.threads = threads > 0 ? threads : std::max(1, omp_get_max_threads());
  const int iterates = integer("iterates", 1);
  if (iterates < 1) throw InputError("iterates", "must be >= 1");
  if (!map.empty()) {
    c.is_map = true;
    c.map = map;
    for (const auto& [k, v] : map_params) c.map_values.push_back({k.cast<std::string>(), v.cast<double>()});
    const auto names = periodic::explicit_map_problem(map, c.map_values).state_names;
    const StateRows r = state_rows(state, names, "state");
    if (!r.single) throw py::value_error("state: one state, shape (" + std::to_string(names.size()) + ",)");
    c.state = Eigen::Map<const Vector>(r.row(0), static_cast<Eigen::Index>(r.dim));
    c.orbit.segments = iterates;
    c.attributes["map"] = map;
    return c;
  }
  const ModelHandle& h = model.cast<const ModelHandle&>();
  c.flow.model = h.name;
  c.flow.file = h.file;
  const auto names = std::visit([](const auto& m) { return m.state_names(); }, h.model);
  const StateRows r = state_rows(state, names, "state");
  if (!r.single) throw py::value_error("state: one state, shape (" + std::to_string(names.size()) + ",)");
  c.state = Eigen::Map<const Vector>(r.row(0), static_cast<Eigen::Index>(r.dim));
  IntegratorOptions io =
      integrator_options(o.contains("integrator") ? py::object(o["integrator"]) : py::none(), Workload::tangent_flow);
  const py::object given = o.contains("integrator") ? py::object(o["integrator"]) : py::none();
  const bool rtol = !given.is_none() && given.cast<py::dict>().contains("rtol");
  const bool atol = !given.is_none() && given.cast<py::dict>().contains("atol");
  if (!rtol) io.rtol = 1e-12;
  if (!atol) io.atol = 1e-12;
  c.flow.flow.integrator = io;
  const int m = std::visit([](const auto& x) { return input_count(x); }, h.model);
  c.flow.flow.inputs = input_schedule(o.contains("inputs") ? py::object(o["inputs"]) : py::none(), m, h.name);
  c.flow.flow.conservation =
      periodic::parse_conservation(o.contains("conservative") ? o["conservative"].cast<std::string>() : "auto");
  const double forcing = number("forcing_period");
  if (o.contains("at_event") && !o["at_event"].is_none()) {
    // The model's map at an event (a walker's stride map): a map's options only.
    for (const char* key : {"period", "forcing_period", "energy", "winding", "conservative"})
      if (o.contains(key) && !o[key].is_none())
        throw InputError(key, "applies to a model's flow, not to its map at at_event");
    if (c.orbit.segments != 1)
      throw InputError("segments", "applies to flows; the map's orbit at at_event has `iterates` points");
    c.flow.section.event = o["at_event"].cast<std::string>();
    c.flow.section.max_time = number("max_time", 100.0);
    periodic::event_index(h.model, c.flow.section.event);
    if (!(c.flow.section.max_time > 0.0) || !std::isfinite(c.flow.section.max_time))
      throw InputError("max_time", "must be > 0");
    c.orbit.segments = iterates;
    c.attributes["at_event"] = c.flow.section.event;
  } else if (o.contains("max_time") && !o["max_time"].is_none()) {
    throw InputError("max_time", "applies to at_event only");
  } else if (std::isfinite(forcing)) {
    if (!(forcing > 0.0)) throw InputError("forcing_period", "must be > 0 s");
    c.flow.flow.forcing_period = forcing;
    c.orbit.forcing_periods = iterates;
  } else {
    c.period = number("period");
    if (!(c.period > 0.0))
      throw InputError("period", "a guess of the period (> 0 s) is required for an autonomous flow");
  }
  c.orbit.energy = number("energy");
  if (o.contains("winding") && !o["winding"].is_none()) {
    const auto w = o["winding"].cast<std::vector<double>>();
    if (w.size() * 2 != names.size()) throw InputError("winding", "one integer per coordinate");
    c.flow.flow.shift = Vector::Zero(static_cast<Eigen::Index>(names.size()));
    for (std::size_t i = 0; i < w.size(); ++i)
      c.flow.flow.shift(static_cast<Eigen::Index>(i)) = 2.0 * std::numbers::pi * w[i];
  }
  c.attributes["model"] = h.name;
  c.attributes["params"] = h.params;
  c.attributes["inputs"] = c.flow.flow.inputs.describe();
  return c;
}

py::dict periodic_orbit(const py::object& model, const std::string& map, const py::dict& map_params,
                        const py::object& state, const py::dict& options, const std::string& out) {
  const Call c = make_call(model, map, map_params, state, options);
  const periodic::PeriodicProblem problem =
      c.is_map ? periodic::explicit_map_problem(c.map, c.map_values) : periodic::flow_problem(c.flow, c.state);
  periodic::PeriodicOrbit o;
  {
    py::gil_scoped_release release;
    o = periodic::find_periodic_orbit(problem, {{c.state}, c.period}, c.orbit);
  }
  py::dict d;
  d["status"] = periodic::orbit_status_name(o.status);
  d["message"] = o.message;
  if (!o.converged()) return d;
  io::Attributes attrs = c.attributes;
  attrs["content"] = std::string("orbit");
  attrs["kind"] = std::string(periodic::problem_kind_name(problem.kind));
  attrs["status"] = d["status"].cast<std::string>();
  attrs["message"] = o.message;
  attrs["conservative"] = std::string(problem.conservative() ? "yes" : "no");
  periodic::write_branch_file(out, periodic::orbit_result(o, "a single orbit (chaoskit.periodic_orbit)"), attrs, true);
  return d;
}

py::dict continuation(const py::object& model, const std::string& map, const py::dict& map_params,
                      const py::object& state, const std::string& parameter, const py::dict& options,
                      const std::string& out) {
  const Call c = make_call(model, map, map_params, state, options);
  periodic::ContinuationOptions co;
  co.orbit = c.orbit;
  auto number = [&](const char* key, double fallback) {
    return options.contains(key) && !options[key].is_none() ? options[key].cast<double>() : fallback;
  };
  co.ds = number("ds", co.ds);
  co.ds_min = number("ds_min", co.ds_min);
  co.ds_max = number("ds_max", co.ds_max);
  co.parameter_min = number("min", co.parameter_min);
  co.parameter_max = number("max", co.parameter_max);
  co.direction = static_cast<int>(number("direction", 1));
  co.max_points = static_cast<int>(number("max_points", co.max_points));
  co.locate_tolerance = number("locate_tol", co.locate_tolerance);
  co.period_doubling_levels = static_cast<int>(number("switch_pd", 0));
  periodic::validate(co);
  const periodic::ParameterFamily fam = c.is_map ? periodic::map_family(c.map, c.map_values, parameter)
                                                 : periodic::flow_family(c.flow, parameter, c.state, c.orbit.energy);
  periodic::ContinuationResult r;
  {
    py::gil_scoped_release release;
    r = periodic::continue_orbits(fam, {{c.state}, c.period}, co);
  }
  py::dict d;
  if (r.points.empty()) {
    d["status"] = "failed";
    d["message"] = r.branches.front().end_reason;
    return d;
  }
  io::Attributes attrs = c.attributes;
  attrs["content"] = std::string("branch");
  periodic::write_branch_file(out, r, attrs, true);
  d["status"] = "ok";
  d["message"] = "";
  return d;
}

}  // namespace

void register_periodic(py::module_& module) {
  module.def("_periodic_orbit", &periodic_orbit, py::arg("model"), py::arg("map"), py::arg("map_params"),
             py::arg("state"), py::arg("options"), py::arg("out"));
  module.def("_continuation", &continuation, py::arg("model"), py::arg("map"), py::arg("map_params"), py::arg("state"),
             py::arg("parameter"), py::arg("options"), py::arg("out"));
}

}  // namespace chaoskit::python
