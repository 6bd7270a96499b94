#pragma once
// The CLI's names for the library's input fields. The library's InputError names a field as the
// library knows it (`time`, `max_time`, `integrator.rtol`); the user typed a flag (`--time`,
// `--max-time`, `--rtol`), so the CLI rebuilds the line from the flag and InputError::reason().
#include <functional>
#include <map>
#include <string>

#include "chaoskit/core/errors.hpp"

namespace chaoskit::cli {

/// Library field → CLI flag, one row per field the library names and a command line sets (the
/// tests check that every flag here is one the CLI has).
const std::map<std::string, std::string, std::less<>>& field_flags();

/// The flag that sets `field` ("time" → "--time", "integrator.rtol" → "--rtol"). A field with
/// extra detail after its name ("torque_table row 3", "inputs FILE:2") keeps the detail
/// ("--torque-table row 3"). Anything else (a flag already, "FILE: key", a job-file key such as
/// "output.file") is returned unchanged.
std::string flag_for_field(const std::string& field);

/// The error as the user of the CLI should read it: "--time: must be > 0 s".
std::string flag_message(const InputError& e);

}  // namespace chaoskit::cli
