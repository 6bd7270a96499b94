#pragma once
// Reading a sweep job from TOML, strictly: an unknown key, a wrong type, an empty or inverted axis,
// a bad tolerance or a name the model does not have is an InputError naming the key
// (`grid.th3`, `compute.lambda_max.time`, `integrator.rtol`, ...). Nothing is computed or written
// before the whole job has been checked.
#include <string>

#include "chaoskit/sweep/job/job.hpp"

namespace chaoskit::sweep {

/// Reads and checks the job file at `path`. InputError fields start with the path: "PATH: grid.th1"
/// (the job's key), or just PATH when the file cannot be read.
Job read_job_file(const std::string& path);

/// The same from text; `source` names it in messages and fixes the base directory of relative
/// paths (a parameter file or a torque table) and the default output name. With `points` given,
/// the job's [points] table names no file and these rows are its points (the Python module's
/// arrays of states, which never pass through a CSV file).
Job parse_job(const std::string& text, const std::string& source, const PointTable* points = nullptr);

/// Sets single parameter values of a set read from file ([model.overrides]: name = number, or an
/// array for an array parameter); InputError "model.overrides.NAME" for a name the set lacks.
void apply_overrides(ParamFile& file, const toml::table& overrides);

/// Reads an [integrator] table (null: every default); sets `stepper_named` when it names a stepper.
/// InputError "integrator.KEY" for an unknown key or a bad value.
IntegratorOptions read_integrator(const toml::table* table, bool& stepper_named);

}  // namespace chaoskit::sweep
