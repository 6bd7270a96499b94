#pragma once
// Options shared by `chaoskit periodic` and `chaoskit continue`: what the orbit is an orbit of (a
// model's flow, possibly forced with a period, or an explicit map), the guess, the shooting
// (segments, iterates), the Newton tolerances and the integrator, turned into the library's
// FlowSetup / PeriodicProblem / OrbitOptions. The integrator's tolerances default to 1e-12 here (the
// shooting residual of 1e-10 is that of the numerical flow map, which needs a tighter integration).
#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <variant>
#include <vector>

#include <omp.h>

#include <CLI/CLI.hpp>

#include "chaoskit/core/units.hpp"
#include "chaoskit/models/model_concepts.hpp"
#include "chaoskit/periodic/parameter_family.hpp"
#include "integration_cli.hpp"

namespace chaoskit::cli {

struct PeriodicCliOptions {
  std::string model, map, map_params, state, period, conservative = "auto", energy, winding, forcing_period, at_event,
                                                     max_time = "100";
  int segments = 1, iterates = 1, max_iter = 20, threads = 0;
  std::string tol = "1e-10";
  IntegrationCliOptions common;

  void add_to(CLI::App* cmd) {
    cmd->add_option("--model", model,
                    "Model: " + model_names() + ", or a model file PATH.toml (see chaoskit models); or give --map")
        ->type_name("NAME");
    cmd->add_option(
           "--map", map,
           "An explicit map instead of a model: henon ((x, y) -> (1 - a x^2 + y, b x)) or delayed_logistic ((x, y) -> "
           "(a x (1 - y), x))")
        ->type_name("NAME");
    cmd->add_option("--map-params", map_params,
                    "The map's parameters, NAME=VALUE,... (henon: a=1.4,b=0.3 by default; delayed_logistic: a=1.9)")
        ->type_name("LIST");
    cmd->add_option("--state", state,
                    "Guess of a state on the orbit, one value per component (q then qd for the mechanical models; a "
                    "deg suffix converts)")
        ->type_name("LIST");
    cmd->add_option("--period", period,
                    "Guess of the period [s] (autonomous flows; with --forcing-period the period is fixed instead)")
        ->type_name("SECONDS");
    cmd->add_option("--segments", segments,
                    "Shooting segments (default 1: single shooting; more for unstable orbits: multiple shooting)")
        ->type_name("COUNT");
    cmd->add_option("--iterates", iterates,
                    "Maps: the period k of the orbit; forced flows: the orbit's period in forcing periods (default 1)")
        ->type_name("COUNT");
    cmd->add_option("--forcing-period", forcing_period,
                    "The model's vector field is periodic in t with this period [s]: find the fixed points of the "
                    "stroboscopic map (the period is fixed, no phase condition)")
        ->type_name("SECONDS");
    cmd->add_option("--at-event", at_event,
                    "A model with events: the map from just after one occurrence of this event to just after the "
                    "next (a walker's stride map, e.g. heel_strike); --state is a state just after it, --iterates K "
                    "finds period-K orbits")
        ->type_name("NAME");
    cmd->add_option("--max-time", max_time,
                    "With --at-event: a step that has not reached the event after this long fails (default 100, in "
                    "the model's time unit)")
        ->type_name("SECONDS");
    cmd->add_option("--conservative", conservative,
                    "auto (default: an energy that the flow conserves near the guess), yes or no: a conservative "
                    "flow's orbits come in families; its energy is fixed by --energy")
        ->type_name("WHICH");
    cmd->add_option("--energy", energy, "Conservative flows: the orbit's energy [J] (default: the guess's)")
        ->type_name("JOULES");
    cmd->add_option("--winding", winding,
                    "Rotating orbits of mechanical models: the turns each coordinate makes per period, one integer "
                    "per coordinate (e.g. 1,0: th1 gains 2 pi)")
        ->type_name("LIST");
    cmd->add_option("--tol", tol, "Newton tolerance on max |shooting residual| (default 1e-10)")->type_name("NUMBER");
    cmd->add_option("--max-iter", max_iter, "Newton (and corrector) iterations at most (default 20)")
        ->type_name("COUNT");
    cmd->add_option("--threads", threads,
                    "OpenMP threads integrating the segments (default 0: OMP_NUM_THREADS or every core); results do "
                    "not depend on it")
        ->type_name("COUNT");
    common.add_to(cmd);
    // The shooting residual (1e-10) is that of the numerical flow map: it needs tighter steps.
    cmd->get_option("--rtol")->description(
        "Relative error tolerance per step, |err_i| <= atol + rtol |x_i| (default here 1e-12; > 0)");
    cmd->get_option("--atol")->description(
        "Absolute error tolerance per step, in state units (default here 1e-12; > 0)");
  }
};

/// The problem the options describe, with the parsed guess.
struct CliProblem {
  bool is_map = false;
  periodic::FlowSetup flow;
  std::string map;
  std::vector<periodic::NamedValue> map_values;
  std::vector<std::string> state_names;
  periodic::Vector state;
  periodic::OrbitOptions orbit;
  double period = NAN;
  std::string params_label;
  IntegratorOptions integrator;
  std::string inputs_text = "none";
};

inline std::vector<periodic::NamedValue> parse_map_params(const std::string& text) {
  std::vector<periodic::NamedValue> out;
  if (text.empty()) return out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find(',', start), text.size());
    const std::string item = text.substr(start, end - start);
    const std::size_t eq = item.find('=');
    if (eq == std::string::npos || eq == 0) throw InputError("--map-params", "expected NAME=VALUE, got '" + item + "'");
    out.push_back({item.substr(0, eq), parse_number(item.substr(eq + 1), "--map-params " + item.substr(0, eq))});
    start = end + 1;
  }
  return out;
}

/// --threads 0: OMP_NUM_THREADS or every core.
inline int default_threads(int threads) { return threads > 0 ? threads : std::max(1, omp_get_max_threads()); }

inline std::vector<std::string> input_names_of_any(const AnyModel& model) {
  return std::visit([](const auto& m) { return input_names_of(m); }, model);
}

/// The state names and degrees of freedom (0: not mechanical) of a model.
inline std::pair<std::vector<std::string>, int> model_layout(const AnyModel& model) {
  return std::visit(
      [](const auto& m) -> std::pair<std::vector<std::string>, int> {
        using M = std::decay_t<decltype(m)>;
        int dof = 0;
        if constexpr (MechanicalModel<M>) dof = coordinate_count(m);
        return {m.state_names(), dof};
      },
      model);
}

/// A restart point (chaoskit continue --restart): the guess when --state and --period are not given.
struct RestartGuess {
  periodic::Vector state;
  double period = NAN;
};

inline periodic::Vector parse_state(const PeriodicCliOptions& o, const std::vector<std::string>& names,
                                    const RestartGuess* restart) {
  if (o.state.empty()) {
    if (restart) return restart->state;
    throw InputError("--state", "a guess of a state on the orbit is required");
  }
  const auto xs = parse_number_list(o.state, "--state", names);
  return Eigen::Map<const periodic::Vector>(xs.data(), static_cast<Eigen::Index>(xs.size()));
}

inline CliProblem parse_problem(const PeriodicCliOptions& o, const RestartGuess* restart = nullptr) {
  CliProblem p;
  if (o.model.empty() == o.map.empty()) throw InputError("--model", "give either --model or --map");
  if (o.segments < 1) throw InputError("--segments", "must be >= 1");
  if (o.iterates < 1) throw InputError("--iterates", "must be >= 1");
  if (o.max_iter < 1) throw InputError("--max-iter", "must be >= 1");
  if (o.threads < 0) throw InputError("--threads", "must be >= 0");
  p.orbit.tolerance = parse_number(o.tol, "--tol");
  if (!(p.orbit.tolerance > 0.0)) throw InputError("--tol", "must be > 0");
  p.orbit.max_iterations = o.max_iter;
  p.orbit.threads = default_threads(o.threads);
  if (!o.map.empty()) {
    const std::pair<const char*, const std::string*> flow_only[] = {{"--period", &o.period},
                                                                    {"--forcing-period", &o.forcing_period},
                                                                    {"--energy", &o.energy},
                                                                    {"--winding", &o.winding},
                                                                    {"--params", &o.common.params}};
    for (const auto& [flag, text] : flow_only)
      if (!text->empty()) throw InputError(flag, "applies to a model's flow, not to a map");
    if (o.segments != 1) throw InputError("--segments", "applies to flows; a map's orbit has --iterates points");
    p.is_map = true;
    p.map = o.map;
    p.map_values = parse_map_params(o.map_params);
    p.state_names = periodic::explicit_map_problem(p.map, p.map_values).state_names;
    p.state = parse_state(o, p.state_names, restart);
    p.orbit.segments = o.iterates;
    return p;
  }
  if (!o.map_params.empty()) throw InputError("--map-params", "applies to --map only");
  if (o.at_event.empty() && o.max_time != "100") throw InputError("--max-time", "applies to --at-event only");
  p.flow.model = o.model;
  p.flow.params = o.common.params;
  const AnyModel model = periodic::setup_model(p.flow);
  p.params_label = is_model_file(o.model)    ? o.model
                   : o.common.params.empty() ? default_param_set(o.model)
                                             : o.common.params;
  const auto [names, dof] = model_layout(model);
  p.state_names = names;
  p.state = parse_state(o, names, restart);
  IntegratorOptions io = o.common.integrator(Workload::tangent_flow);
  if (o.common.rtol.empty()) io.rtol = 1e-12;
  if (o.common.atol.empty()) io.atol = 1e-12;
  p.integrator = io;
  p.flow.flow.integrator = io;
  const int inputs = std::visit([](const auto& m) { return input_count(m); }, model);
  p.flow.flow.inputs = o.common.schedule(inputs, input_names_of_any(model), o.model);
  p.inputs_text = p.flow.flow.inputs.describe();
  p.flow.flow.conservation = periodic::parse_conservation(o.conservative, "--conservative");
  if (!o.at_event.empty()) {
    // The map at an event: a map's options (--iterates), none of a flow's orbit.
    const std::pair<const char*, const std::string*> flow_only[] = {{"--period", &o.period},
                                                                    {"--forcing-period", &o.forcing_period},
                                                                    {"--energy", &o.energy},
                                                                    {"--winding", &o.winding}};
    for (const auto& [flag, text] : flow_only)
      if (!text->empty()) throw InputError(flag, "applies to a model's flow, not to its map at --at-event");
    if (o.segments != 1)
      throw InputError("--segments", "applies to flows; the map's orbit at --at-event has --iterates points");
    if (o.conservative != "auto") throw InputError("--conservative", "applies to flows, not to --at-event");
    try {
      periodic::event_index(model, o.at_event);
    } catch (const InputError& e) { throw InputError("--at-event", e.reason()); }
    p.flow.section.event = o.at_event;
    p.flow.section.max_time = parse_number(o.max_time, "--max-time");
    if (!(p.flow.section.max_time > 0.0) || !std::isfinite(p.flow.section.max_time))
      throw InputError("--max-time", "must be > 0");
    p.orbit.segments = o.iterates;
    return p;
  }
  if (!o.forcing_period.empty()) {
    p.flow.flow.forcing_period = parse_duration(o.forcing_period, "--forcing-period");
    if (!o.period.empty()) throw InputError("--period", "the period is fixed by --forcing-period and --iterates");
    p.orbit.forcing_periods = o.iterates;
  } else {
    if (o.iterates != 1) throw InputError("--iterates", "applies to maps and forced flows (--forcing-period)");
    if (o.period.empty() && !(restart && std::isfinite(restart->period)))
      throw InputError("--period", "a guess of the period is required for an autonomous flow");
    p.period = o.period.empty() ? restart->period : parse_duration(o.period, "--period");
  }
  p.orbit.segments = o.segments;
  if (!o.energy.empty()) p.orbit.energy = parse_number(o.energy, "--energy");
  if (!o.winding.empty()) {
    if (dof == 0) throw InputError("--winding", "rotating orbits need a mechanical model (angles q then rates)");
    std::vector<std::string> coords(names.begin(), names.begin() + dof);
    const auto w = parse_number_list(o.winding, "--winding", coords);
    p.flow.flow.shift = periodic::Vector::Zero(static_cast<Eigen::Index>(names.size()));
    for (int i = 0; i < dof; ++i) {
      if (w[static_cast<std::size_t>(i)] != std::round(w[static_cast<std::size_t>(i)]))
        throw InputError("--winding", "turns must be integers");
      p.flow.flow.shift(i) = 2.0 * std::numbers::pi * w[static_cast<std::size_t>(i)];
    }
  }
  return p;
}

/// The problem itself (a map's, or the flow's with the guess as the conservation probe).
inline periodic::PeriodicProblem build_problem(const CliProblem& p) {
  if (p.is_map) return periodic::explicit_map_problem(p.map, p.map_values);
  periodic::PeriodicProblem prob = periodic::flow_problem(p.flow, p.state);
  if (!std::isfinite(p.orbit.energy) || prob.conservative()) return prob;
  throw InputError("--energy", "the flow is not conservative (give --conservative yes to declare it so)");
}

}  // namespace chaoskit::cli
