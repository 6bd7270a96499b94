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
  std::string stepper;  ///< empty: default_stepper(workload)
  std::string rtol, atol, max_steps, dt_min;
  std::string torque, torque_table, release, inputs_file;

  void add_to(CLI::App* cmd) {
    cmd->add_option("--params", params,
                    "Parameter set: a shipped set's NAME (data/params/NAME.toml, see chaoskit models) or the path of a "
                    "TOML file (default: the model's own set, e.g. golf_manufactured)")
        ->type_name("SET");
    std::string steppers;
    for (const auto& name : stepper_names()) steppers += (steppers.empty() ? "" : " | ") + name;
    cmd->add_option(
           "--stepper", stepper,
           "Integrator: " + steppers +
               " (default: rkf78, Fehlberg 7(8), for lyapunov and stm, whose "
               "tangent flow it integrates in about half the evaluations; dopri5, Dormand-Prince 5(4) with dense "
               "output, for simulate, section and basin; bulirsch_stoer is Gragg-Bulirsch-Stoer extrapolation)")
        ->type_name("NAME");
    cmd->add_option("--rtol", rtol,
                    "Relative error tolerance per step, |err_i| <= atol + rtol |x_i| (default 1e-10; > 0)")
        ->type_name("NUMBER");
    cmd->add_option("--atol", atol, "Absolute error tolerance per step, in state units (default 1e-10; > 0)")
        ->type_name("NUMBER");
    cmd->add_option("--max-steps", max_steps,
                    "Bound on attempted steps (accepted + rejected) per trajectory; exceeding it ends the run with "
                    "status max_steps (default 1e7; a positive integer)")
        ->type_name("COUNT");
    cmd->add_option("--dt-min", dt_min,
                    "Smallest admissible step [s]; a step the tolerance would make shorter ends the run with status "
                    "step_underflow (default 1e-12; > 0)")
        ->type_name("SECONDS");
    cmd->add_option("--torque", torque,
                    "Constant joint moments, one per input, comma-separated [N m] (default 0; models with inputs: " +
                        mechanical_model_names() + ")")
        ->type_name("LIST");
    cmd->add_option("--torque-table", torque_table,
                    "CSV file of joint moments over time: rows t,u1,..,um (an optional header line, # comments), "
                    "linear between rows, the first and last row held beyond the table [s, N m]")
        ->type_name("FILE");
    cmd->add_option("--release", release,
                    "Release time per input, comma-separated [s], or none: input i is 0 from t = r_i on (e.g. "
                    "none,0.25 releases tau2 at 0.25 s; default: no release)")
        ->type_name("LIST");
    cmd->add_option("--inputs", inputs_file,
                    "TOML file with an [inputs] table: torque = [a1, ...] or table = \"file.csv\" or [inputs.table] "
                    "t = [...], u = [[...], ...]; optionally release = [r1, ...] (\"none\" or inf: never). At most "
                    "one of --torque, --torque-table, --inputs")
        ->type_name("FILE");
  }

  /// The options given, with default_stepper(workload) where --stepper is not.
  IntegratorOptions integrator(Workload workload) const {
    IntegratorOptions o;
    o.stepper = stepper.empty() ? default_stepper(workload) : parse_stepper(stepper);
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
  cmd->add_option(
         "--model", model,
         "Model: " + model_names() + ", or a model file PATH.toml (see chaoskit models; data/models/README.md)")
      ->type_name("NAME")
      ->required();
  cmd->add_option("--state", state,
                  "Initial state, q then qd, comma-separated, one value per component (e.g. 150deg,70deg,0,0 for "
                  "th1,th2,dth1,dth2) [rad, rad/s; a deg suffix converts]")
      ->type_name("LIST")
      ->required();
  cmd->add_option("--time", time, time_help)->type_name("SECONDS")->required();
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
