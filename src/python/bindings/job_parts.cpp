#include "job_parts.hpp"

#include <filesystem>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/sweep/reading/job_reader.hpp"
#include "toml_convert.hpp"

namespace py = pybind11;

namespace chaoskit::python {

namespace {
toml::table table_of(const py::object& value, const std::string& name) {
  if (!py::isinstance<py::dict>(value))
    throw py::value_error(name + ": expected a dict (the job file's [" + name + "] table)");
  return to_toml_table(value.cast<py::dict>(), name);
}
}  // namespace

IntegratorOptions integrator_options(const py::object& integrator, Workload workload) {
  bool named = false;
  IntegratorOptions o;
  if (integrator.is_none()) {
    o = sweep::read_integrator(nullptr, named);
  } else {
    const toml::table t = table_of(integrator, "integrator");
    o = sweep::read_integrator(&t, named);
  }
  if (!named) o.stepper = default_stepper(workload);
  return o;
}

InputSchedule input_schedule(const py::object& inputs, int dim, const std::string& model) {
  if (inputs.is_none()) return InputSchedule(dim);
  if (dim == 0) throw InputError("inputs", "model " + model + " has no inputs");
  const toml::table t = table_of(inputs, "inputs");
  return read_inputs_toml(t, dim, "inputs", std::filesystem::current_path().string());
}

}  // namespace chaoskit::python
