// `chaoskit simulate`: one trajectory, sampled every --dt-out seconds, with total energy, actuator
// power and actuator work (integrated with the state, so E(T) − E(0) = work − dissipated is a check
// of the run). Output: a summary on stdout, --out FILE.csv|FILE.h5 (written atomically), --json.
// An integration failure (step_underflow, non_finite, max_steps) prints the status on stderr and
// exits 1; no --out file is written then.
#include <algorithm>
#include <cmath>
#include <iomanip>
#include <iostream>

#include "chaoskit/integrate/instances.hpp"
#include "chaoskit/integrate/trajectory_file.hpp"
#include "chaoskit/io/provenance.hpp"
#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "commands.hpp"
#include "integration_cli.hpp"
#include "json_writer.hpp"
#include "man_page.hpp"

namespace chaoskit::cli {

namespace {

struct SimulateOptions {
  std::string model, state, time, dt_out, out;
  bool json = false;
  IntegrationCliOptions common;
};

/// The summary's event lines: how many of each, and the first ones with their times and modes.
void print_events(std::ostream& o, const EventTable& ev, const std::vector<std::string>& names) {
  std::vector<long> per(ev.event_names.size(), 0);
  for (int k : ev.event) ++per[static_cast<std::size_t>(k)];
  o << "events " << ev.size();
  for (std::size_t k = 0; k < per.size(); ++k) o << (k ? ", " : " (") << ev.event_names[k] << " " << per[k];
  o << ")\n";
  constexpr std::size_t kShown = 20;
  for (std::size_t k = 0; k < std::min(ev.size(), kShown); ++k) {
    o << "  t = " << ev.t[k] << "  " << ev.event_names[static_cast<std::size_t>(ev.event[k])] << "  "
      << ev.mode_names[static_cast<std::size_t>(ev.mode_before[k])] << " -> "
      << ev.mode_names[static_cast<std::size_t>(ev.mode_after[k])] << "  after:";
    for (std::size_t i = 0; i < names.size(); ++i) o << " " << names[i] << "=" << ev.state_after[k][i];
    if (std::isfinite(ev.energy_before[k])) o << "  dE = " << ev.energy_after[k] - ev.energy_before[k] << " J";
    o << "\n";
  }
  if (ev.size() > kShown) o << "  ... " << ev.size() - kShown << " more (all of them: --json, or --out)\n";
}

/// The event log of a hybrid model's trajectory as the files and --json write it (integrate/event_log_file.hpp);
/// empty (present() false) for a model without events.
template <Model M>
EventTable event_table(const M& model, const Trajectory<M>& tr) {
  EventTable tb;
  if constexpr (HybridModel<M>) {
    if (model.event_count() == 0) return tb;
    for (int k = 0; k < model.event_count(); ++k) tb.event_names.push_back(model.event_info(k).name);
    tb.mode_names = model.mode_names();
    for (const auto& e : tr.events) {
      tb.t.push_back(e.t);
      tb.event.push_back(e.event);
      tb.mode_before.push_back(e.mode_before);
      tb.mode_after.push_back(e.mode_after);
      tb.energy_before.push_back(e.energy_minus);
      tb.energy_after.push_back(e.energy_plus);
      tb.state_before.emplace_back(e.x_minus.data(), e.x_minus.data() + e.x_minus.size());
      tb.state_after.emplace_back(e.x_plus.data(), e.x_plus.data() + e.x_plus.size());
    }
  }
  return tb;
}

template <Model M>
int simulate_model(const M& model, const SimulateOptions& opt, const std::string& params_label) {
  constexpr int kStates = M::state_dim;
  const int n = state_count(model);
  constexpr int kInputs = M::input_dim;
  const int m = input_count(model);
  const auto names = model.state_names();
  const auto inames = input_names_of(model);
  const std::vector<double> xs = parse_number_list(opt.state, "--state", names);
  const Vec<double, kStates> x0 = Eigen::Map<const Vec<double, kStates>>(xs.data(), n);
  const double T = parse_duration(opt.time);
  double h = 0.01;
  if (!opt.dt_out.empty()) {
    h = parse_number(opt.dt_out, "--dt-out");
    if (!(h > 0.0)) throw InputError("--dt-out", "must be > 0 s");
    if (T / h > 1e8) throw InputError("--dt-out", "more than 1e8 samples requested");
  }
  const IntegratorOptions iopt = opt.common.integrator(Workload::trajectory);
  const InputSchedule inputs = opt.common.schedule(m, inames, opt.model);
  if (!opt.out.empty()) {
    // Reject a bad --out before integrating (the file itself is only written on success).
    const std::string ext = std::filesystem::path(opt.out).extension().string();
    if (ext != ".csv" && ext != ".h5" && ext != ".hdf5")
      throw InputError("--out", "unknown file type '" + opt.out + "' (use .csv, .h5 or .hdf5)");
  }

  const Trajectory<M> tr = simulate(model, x0, inputs, 0.0, T, output_grid(0.0, T, h), iopt);
  const EventTable events = event_table(model, tr);
  // A terminal event (the walker fell) ends a valid trajectory: written and reported, exit 0.
  const bool ok = tr.report.ok() || tr.report.status == IntegrationStatus::terminal_event;
  const std::string status = status_name(tr.report.status);

  if (opt.json) {
    JsonWriter w(std::cout);
    w.begin_object().field("model", opt.model).field("params", params_label);
    w.field("integrator", describe_integrator(iopt)).field("inputs", inputs.describe());
    w.field("status", status).field("t_reached", tr.report.t);
    w.field("steps", static_cast<double>(tr.report.accepted))
        .field("rejected", static_cast<double>(tr.report.rejected));
    w.field("state_names", names).field("input_names", inames);
    w.field("t", tr.t);
    w.key("state").begin_array();
    for (const auto& x : tr.x) w.value(x);
    w.end_array();
    w.field("energy", tr.energy).field("power", tr.power).field("work", tr.work).field("dissipated", tr.dissipated);
    if constexpr (kInputs != 0)
      if (m > 0) {
        w.key("u").begin_array();
        for (const auto& u : tr.u) w.value(u);
        w.end_array();
      }
    if (events.present()) {
      w.key("events").begin_array();
      for (std::size_t k = 0; k < events.size(); ++k) {
        w.begin_object().field("t", events.t[k]);
        w.field("event", events.event_names[static_cast<std::size_t>(events.event[k])]);
        w.field("mode_before", events.mode_names[static_cast<std::size_t>(events.mode_before[k])]);
        w.field("mode_after", events.mode_names[static_cast<std::size_t>(events.mode_after[k])]);
        w.field("state_before", events.state_before[k]).field("state_after", events.state_after[k]);
        w.field("energy_before", events.energy_before[k]).field("energy_after", events.energy_after[k]);
        w.end_object();
      }
      w.end_array();
    }
    w.end_object();
    std::cout << "\n";
  }
  if (!ok) {
    std::cerr << "chaoskit: integration failed: status " << status << " at t = " << tr.report.t << " s of " << T
              << " s (" << status_explanation(tr.report.status) << ")" << (opt.out.empty() ? "" : "; no file written")
              << "\n";
    return 1;
  }
  if (!opt.out.empty()) {
    TrajectoryTable tb;
    tb.state_names = names;
    tb.input_names = inames;
    tb.t = tr.t;
    tb.energy = tr.energy;
    tb.power = tr.power;
    tb.work = tr.work;
    tb.dissipated = tr.dissipated;
    for (std::size_t k = 0; k < tr.t.size(); ++k) {
      tb.x.emplace_back(tr.x[k].data(), tr.x[k].data() + n);
      // The model's own inputs: a model file declares fewer than its compiled size carries.
      tb.u.emplace_back(tr.u[k].data(), tr.u[k].data() + inames.size());
    }
    tb.events = events;
    for (const auto& [key, value] : io::software_provenance()) tb.attributes[key] = std::get<std::string>(value);
    tb.attributes.insert({{"command", "simulate"},
                          {"model", opt.model},
                          {"params", params_label},
                          {"integrator", describe_integrator(iopt)},
                          {"inputs", inputs.describe()},
                          {"status", status}});
    write_trajectory(opt.out, tb);
  }
  if (!opt.json) {
    const std::size_t last = tr.t.size() - 1;
    std::ostream& o = std::cout;
    o << std::setprecision(12);
    o << "model " << opt.model << "  params " << params_label << "\n";
    o << "integrator " << describe_integrator(iopt) << "\ninputs " << inputs.describe() << "\n";
    o << "status " << status << ", " << tr.report.accepted << " steps (" << tr.report.rejected << " rejected), "
      << tr.t.size() << " samples\n";
    if (tr.report.status == IntegrationStatus::terminal_event)
      o << "stopped at t = " << tr.report.t << " s: " << status_explanation(tr.report.status) << "\n";
    o << "x(T) =";
    for (int i = 0; i < n; ++i) o << " " << names[i] << "=" << tr.x[last](i);
    o << "\n";
    if (std::isfinite(tr.energy[0])) {
      const double dE = tr.energy[last] - tr.energy[0];
      o << "E(0) = " << tr.energy[0] << " J, E(T) = " << tr.energy[last] << " J, E(T)-E(0) = " << dE << " J\n";
      o << "actuator work = " << tr.work[last] << " J, dissipated = " << tr.dissipated[last]
        << " J, balance residual = " << dE - (tr.work[last] - tr.dissipated[last]) << " J\n";
    }
    if (events.present()) print_events(o, events, names);
    if (!opt.out.empty()) o << "wrote " << opt.out << "\n";
  }
  return 0;
}

int run_simulate(const SimulateOptions& opt) {
  return with_model(opt.model, opt.common.params,
                    [&](const auto& m, const std::string& label) { return simulate_model(m, opt, label); });
}

}  // namespace

CommandRunner register_simulate_command(CLI::App& app) {
  auto opt = std::make_shared<SimulateOptions>();
  CLI::App* cmd = app.add_subcommand("simulate");
  set_man_page(
      cmd,
      {
          .summary = "integrate one trajectory and sample it with its energy, power and work",
          .synopsis = "chaoskit simulate --model NAME --state LIST --time SECONDS [--dt-out SECONDS] "
                      "[--out FILE.csv|FILE.h5] [--json] [OPTIONS]",
          .description = "Integrates the model from --state at t = 0 to --time under the joint moments given by "
                         "--torque, --torque-table or --inputs (each released at its --release time) and samples the "
                         "trajectory every --dt-out seconds on the integrator's dense output; the final time is "
                         "always a sample. With each sample come the total energy, the actuator power and the "
                         "actuator work and damping losses integrated with the state, so E(T) - E(0) = work - "
                         "dissipated checks the run (the balance residual in the summary).\n"
                         "\n"
                         "A model with events (a model file's [[events]]: heel strikes, joint stops) has them "
                         "located on the dense output, reset and logged: the summary counts them and lists the "
                         "first 20 with their times, modes, the state after each and the energy it changed.\n"
                         "\n"
                         "An integration that fails (step_underflow, non_finite, max_steps; for event models also "
                         "grazing_event, simultaneous_events, event_cascade) prints its status and time on stderr "
                         "and exits 1; no --out file is written then. A model's terminal event (a walker's fall, "
                         "terminal = true in its file) ends a valid trajectory: status terminal_event, the time "
                         "it stopped, the file written, exit 0.",
          .output = "A summary on stdout: status, steps, x(T), E(0), E(T), work, dissipated and the balance "
                    "residual. --json prints one JSON object instead: model, params, integrator, inputs, "
                    "status, t_reached, steps, rejected, state_names, input_names, t [s], state (one row per "
                    "sample), energy [J], power [W], work [J], dissipated [J], u (one row per sample) [N m], and "
                    "for a model with events `events`: one object per event with t, event, mode_before, "
                    "mode_after, state_before, state_after, energy_before and energy_after.\n"
                    "--out FILE.csv: '#' provenance lines (key = value), a header "
                    "t,<state>,energy,power,work,dissipated,<inputs>, one row per sample with 17 significant "
                    "digits. --out FILE.h5 (or .hdf5): datasets /t, /state, /energy, /power, /work, "
                    "/dissipated, /inputs with units and long names, provenance as root attributes; xarray "
                    "opens it with engine h5netcdf. The event log of a model with events: '# event = ...' "
                    "lines in the CSV, an event_time dimension with event_index, event_mode_before/after, "
                    "event_state_before/after and event_energy_before/after in the HDF5 file. Either is "
                    "written under a temporary name and renamed when complete.",
          .exit_status = common_exit_status("the integration failed: step_underflow, non_finite, max_steps or "
                                            "an event status, printed with the time reached"),
          .examples = "$ chaoskit simulate --model golf --state 150deg,70deg,0,0 --time 0.295 --torque=-20,-8 \\\n"
                      "    --release none,0.2 --out swing.h5\n"
                      "The declared swing of analyses/golf_chaos/forced_swing: -20 N m at the base and -8 N m at the "
                      "wrist hinge, the wrist released at 0.2 s; samples every 0.01 s in swing.h5. A negative "
                      "list needs the = form (--torque=-20,-8).\n"
                      "$ chaoskit simulate --model lorenz --state 1,1,1 --time 10 --dt-out 0.001 --out lorenz.csv\n"
                      "10001 samples of the Lorenz system as CSV.",
          .environment = parameter_set_environment(),
      });
  add_model_state_time(cmd, opt->model, opt->state, opt->time,
                       "Duration T [s] (> 0): the trajectory runs from t = 0 to T");
  cmd->add_option("--dt-out", opt->dt_out,
                  "Sampling interval [s] (default 0.01; > 0, at most 1e8 samples; T is always sampled)")
      ->type_name("SECONDS");
  cmd->add_option("--out", opt->out, "Write the samples to FILE.csv or FILE.h5 / FILE.hdf5 (see OUTPUT)")
      ->type_name("FILE");
  cmd->add_flag("--json", opt->json, "Print one JSON object with every sample instead of the summary");
  opt->common.add_to(cmd);
  return [opt] { return run_simulate(*opt); };
}

}  // namespace chaoskit::cli
