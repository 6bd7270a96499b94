// chaoskit._evaluate: a job's points computed into memory (sweep/memory_run.hpp), with the points
// given as a numpy array of states instead of a CSV file. Every value is the one a sweep of the
// same job writes to its results file; the Python side arranges them into an xarray.Dataset.
#include <omp.h>

#include <filesystem>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "chaoskit/io/provenance.hpp"
#include "chaoskit/sweep/reading/job_reader.hpp"
#include "chaoskit/sweep/runs/memory_run.hpp"
#include "chaoskit/sweep/runs/results_file.hpp"
#include "interrupt.hpp"
#include "model_handle.hpp"
#include "state_arrays.hpp"
#include "toml_convert.hpp"

namespace py = pybind11;

namespace chaoskit::python {

namespace {

/// The states as a point list whose columns are the model's state components.
sweep::PointTable point_table(const StateRows& r, const std::vector<std::string>& names) {
  sweep::PointTable t;
  t.file = "states";
  t.header_line = 0;
  t.names = names;
  for (std::size_t c = 0; c < names.size(); ++c) t.file_columns.push_back(c);
  t.values.assign(r.data.data(), r.data.data() + r.rows * r.dim);
  for (std::size_t k = 0; k < r.rows; ++k) t.lines.push_back(k + 1);
  return t;
}

py::object attribute_value(const io::AttributeValue& v) {
  return std::visit([](const auto& x) { return py::cast(x); }, v);
}

/// One variable's values for every point, shaped (points, trailing...) and typed as in the file.
py::array variable_array(const sweep::MemoryRun& run, std::size_t v) {
  const io::Variable& var = run.layout.variables[v];
  std::vector<py::ssize_t> shape{static_cast<py::ssize_t>(run.values.points())};
  for (const auto& d : var.trailing) shape.push_back(static_cast<py::ssize_t>(d.size));
  // The column as computed, copied into an array of its own element type.
  return std::visit(
      [&](auto column) -> py::array {
        using T = typename decltype(column)::element_type;
        py::array_t<std::remove_const_t<T>> a(shape);
        std::copy(column.begin(), column.end(), a.mutable_data());
        return a;
      },
      run.values.view(v));
}

py::dict evaluate(const py::dict& job_dict, const py::object& states, const std::vector<std::string>& columns,
                  int threads, bool progress) {
  if (threads < 0) throw py::value_error("threads: must be >= 1 (or 0/None for all cores)");
  const toml::table table = to_toml_table(job_dict);
  const std::string text = toml_text(table);
  // Relative paths in the job (a parameter file, a torque table) are relative to the current directory.
  const std::string source = (std::filesystem::current_path() / "job (from Python)").string();
  std::optional<sweep::Job> job;
  std::optional<sweep::PointTable> points;
  // The states' columns are the model's components (the caller's Model knows them: a chain's
  // dimension depends on its parameter set).
  if (!states.is_none()) points.emplace(point_table(state_rows(states, columns, "states"), columns));
  job.emplace(sweep::parse_job(text, source, points ? &*points : nullptr));

  const int n_threads = threads > 0 ? threads : omp_get_max_threads();
  sweep::MemoryRun run;
  int signal_number = 0;
  {
    py::gil_scoped_release release;
    const std::lock_guard<std::mutex> one_at_a_time(computation_mutex());
    sweep::SignalGuard guard;
    run = sweep::compute_in_memory(
        *job, n_threads, [] { return sweep::signal_received() != 0; },
        progress ? sweep::ProgressMode::automatic : sweep::ProgressMode::quiet);
    signal_number = sweep::signal_received();
  }
  raise_if_interrupted(signal_number);

  py::list variables;
  for (std::size_t v = 0; v < run.layout.variables.size(); ++v) {
    const io::Variable& var = run.layout.variables[v];
    py::dict d;
    d["name"] = var.name;
    py::list dims;
    for (const auto& t : var.trailing) dims.append(t.name);
    d["trailing"] = dims;
    d["units"] = var.units;
    d["long_name"] = var.long_name;
    if (!var.flags.values.empty()) {  // an enumerated variable's CF flags, as the file has them
      d["flag_values"] = var.flags.values;
      d["flag_meanings"] = var.flags.meanings;
    }
    d["values"] = variable_array(run, v);
    variables.append(d);
  }
  py::list axes;
  for (const io::Axis& a : run.layout.axes) {
    py::dict d;
    d["name"] = a.name;
    if (a.integer) {  // an index axis (`point`, `sample`): int64, as in the file
      std::vector<std::int64_t> whole(a.values.begin(), a.values.end());
      d["values"] = py::array_t<std::int64_t>(static_cast<py::ssize_t>(whole.size()), whole.data());
    } else {
      d["values"] = py::array_t<double>(static_cast<py::ssize_t>(a.values.size()), a.values.data());
    }
    d["units"] = a.units;
    d["long_name"] = a.long_name;
    axes.append(d);
  }
  sweep::SweepOptions opt;
  opt.command_line = "python: chaoskit";
  py::dict attrs;  // a results file's root attributes: who computed it (io/provenance.hpp), then what
  for (const auto& [k, v] : io::software_provenance()) attrs[py::str(k)] = attribute_value(v);
  for (const auto& [k, v] : sweep::provenance(*job, opt, n_threads)) attrs[py::str(k)] = attribute_value(v);
  py::dict out;
  out["variables"] = variables;
  out["axes"] = axes;
  out["status"] = py::array_t<std::int8_t>(static_cast<py::ssize_t>(run.status.size()), run.status.data());
  out["attributes"] = attrs;
  out["lane_steps"] = run.report.lane_steps;
  out["busy_lane_steps"] = run.report.busy_lane_steps;
  out["first_point_error"] = run.report.first_point_error;
  return out;
}

}  // namespace

void register_states(py::module_& module) {
  module.def("_evaluate", &evaluate, py::arg("job"), py::arg("states"), py::arg("columns"), py::arg("threads") = 0,
             py::arg("progress") = false);
}

}  // namespace chaoskit::python
