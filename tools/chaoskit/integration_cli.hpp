#pragma once
// Options shared by every integrating command (simulate, stm): the parameter set, the integrator
// (--stepper, --rtol, --atol, --max-steps, --dt-min) and the input history (--torque,
// --torque-table, --release, --inputs). Defaults are IntegratorOptions' and are echoed into every
// output's provenance.
#include <cmath>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/core/units.hpp"
#include "chaoskit/integrate/input_schedule.hpp"
#include "chaoskit/integrate/integrator_options.hpp"
#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/params/param_sets.hpp"

namespace chaoskit::cli {

struct IntegrationCliOptions {
  std::string params;
  std::string stepper = "dopri5";
  std::string rtol, atol, max_steps, dt_min;
  std::string torque, torque_table, release, inputs_file;

  void add_to(CLI::App* cmd) {
    cmd->add_option("--params", params, "Parameter set name in data/params or a TOML file (default: the model's)");
    cmd->add_option("--stepper", stepper,
                    "dopri5 (Dormand-Prince 5(4), dense output; default) | rkf78 (Fehlberg 7(8)) | bulirsch_stoer");
    cmd->add_option("--rtol", rtol, "Relative tolerance (default 1e-10)");
    cmd->add_option("--atol", atol, "Absolute tolerance (default 1e-10)");
    cmd->add_option("--max-steps", max_steps, "Bound on attempted steps; exceeding it fails with max_steps (default 1e7)");
    cmd->add_option("--dt-min", dt_min, "Smallest admissible step [s]; below it fails with step_underflow (default 1e-12)");
    cmd->add_option("--torque", torque, "Constant joint moments, one per input, comma-separated [N m] (default 0)");
    cmd->add_option("--torque-table", torque_table,
                    "CSV of joint moments: rows t,u1,..,um (optional header), linear between rows, ends held");
    cmd->add_option("--release", release,
                    "Release time per input, comma-separated [s], 'none' for no release: u_i = 0 from t = r_i on "
                    "(e.g. none,0.25 releases tau2 at 0.25 s)");
    cmd->add_option("--inputs", inputs_file, "TOML file with an [inputs] table (torque | table, release); see docs");
  }

  IntegratorOptions integrator() const {
    IntegratorOptions o;
    o.stepper = parse_stepper(stepper);
    if (!rtol.empty()) o.rtol = parse_number(rtol, "--rtol");
    if (!atol.empty()) o.atol = parse_number(atol, "--atol");
    if (!dt_min.empty()) o.dt_min = parse_number(dt_min, "--dt-min");
    if (!max_steps.empty()) {
      const double v = parse_number(max_steps, "--max-steps");
      if (v != std::floor(v) || v < 1 || v > 9e18) throw InputError("--max-steps", "must be a positive integer");
      o.max_steps = static_cast<long>(v);
    }
    o.validate();
    return o;
  }

  /// The input schedule for a model with `dim` inputs named `names`.
  InputSchedule schedule(int dim, const std::vector<std::string>& names, const std::string& model) const {
    const int given = !torque.empty() + !torque_table.empty() + !inputs_file.empty();
    if (given > 1) throw InputError("--torque", "give at most one of --torque, --torque-table, --inputs");
    if (dim == 0 && (given > 0 || !release.empty()))
      throw InputError(!release.empty() ? "--release" : "--torque", "model " + model + " has no inputs");
    InputSchedule s(dim);
    if (!torque.empty()) {
      s = InputSchedule::constant(parse_number_list(torque, "--torque", names));
    } else if (!torque_table.empty()) {
      s = read_torque_table_csv(torque_table, dim);
    } else if (!inputs_file.empty()) {
      s = read_inputs_file(inputs_file, dim);
    }
    if (!release.empty()) s.set_release(parse_release_list(release, dim));
    return s;
  }
};

/// Input names of a model (empty for models without inputs), for --torque error messages.
template <class M>
std::vector<std::string> input_names_of(const M& m) {
  if constexpr (requires { m.input_names(); })
    return m.input_names();
  else
    return {};
}

/// Builds the model named on the command line and calls run(model, params_label) with its concrete type.
template <class Run>
int with_model(const std::string& name, const std::string& params, Run&& run) {
  const AnyModel model = make_model(name, params);
  const std::string label = params.empty() ? default_param_set(name) : params;
  return std::visit([&](const auto& m) { return run(m, label); }, model);
}

/// The three options every integrating command starts with.
inline void add_model_state_time(CLI::App* cmd, std::string& model, std::string& state, std::string& time,
                                 const std::string& time_help) {
  cmd->add_option("--model", model, "Model name (see `chaoskit models`)")->required();
  cmd->add_option("--state", state, "Initial state q then qd, comma-separated (deg suffix allowed)")->required();
  cmd->add_option("--time", time, time_help)->required();
}

/// Provenance of an integration: stepper and tolerances as text.
inline std::string describe_integrator(const IntegratorOptions& o) {
  std::ostringstream s;
  s.precision(6);
  s << stepper_name(o.stepper) << ", rtol " << o.rtol << ", atol " << o.atol << ", max_steps " << o.max_steps
    << ", dt_min " << o.dt_min;
  return s.str();
}

/// Parses --time: a finite duration > 0 [s].
inline double parse_duration(const std::string& text, const std::string& field = "--time") {
  const double T = parse_number(text, field);
  if (!(T > 0.0)) throw InputError(field, "must be > 0 s");
  return T;
}

}  // namespace chaoskit::cli
