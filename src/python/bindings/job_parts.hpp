#pragma once
// The pieces of a job that the Python functions take as dicts in the job-file schema ([inputs],
// [integrator]), read by the job reader's own functions so that the checks and messages are the
// CLI's (fields named "integrator.rtol", "inputs.torque", ...).
#include <string>

#include <pybind11/pybind11.h>

#include "chaoskit/integrate/input_schedule.hpp"
#include "chaoskit/integrate/integrator_options.hpp"

namespace chaoskit::python {

/// `integrator` (None or a dict: stepper, rtol, atol, max_steps, dt_min, dt_initial); the stepper
/// is default_stepper(workload) unless the dict names one.
IntegratorOptions integrator_options(const pybind11::object& integrator, Workload workload);

/// `inputs` (None or a dict: torque | table, release) for a model with `dim` inputs; relative
/// table paths are relative to the current directory.
InputSchedule input_schedule(const pybind11::object& inputs, int dim, const std::string& model);

}  // namespace chaoskit::python
