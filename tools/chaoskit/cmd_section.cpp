// `chaoskit section`: Poincaré sections of many orbits at once. Seeds are one --state or a line /
// grid on an energy surface (--energy E --seed th2=-1:1:11 --seed dth2=0 --solve dth1): every
// unseeded component is 0 and the named rate is solved for E; seeds in the energetically
// inaccessible region are counted, flagged in the file and skipped. Orbits run in parallel
// (--threads) and their crossings are gathered in seed order, so the file does not depend on the
// thread count. Output: the HDF5 crossings table of sections/section_file.hpp.
#include <iostream>

#include "chaoskit/core/memory.hpp"
#include "chaoskit/integrate/trajectory.hpp"
#include "chaoskit/models/hybrid_model.hpp"
#include "chaoskit/models/mechanical_form.hpp"
#include "chaoskit/sections/energy_seeds.hpp"
#include "chaoskit/sections/instances.hpp"
#include "chaoskit/sections/section_file.hpp"
#include "commands.hpp"
#include "integration_cli.hpp"
#include "json_writer.hpp"
#include "man_page.hpp"
#include "provenance_cli.hpp"

namespace chaoskit::cli {

namespace {

struct SectionCliOptions {
  std::string model, state, energy, solve, root = "larger", plane, direction = "up", max_time = "1000", out, at_event;
  std::vector<std::string> seeds;
  long crossings = 0;
  int threads = 0;
  bool force = false, json = false;
  IntegrationCliOptions common;
};

int parse_direction(const std::string& d) {
  if (d == "up" || d == "+" || d == "+1") return +1;
  if (d == "down" || d == "-" || d == "-1") return -1;
  if (d == "both" || d == "0") return 0;
  throw InputError("--direction", "must be up, down or both, got '" + d + "'");
}

template <Model M>
int run_model(const M& model, const SectionCliOptions& opt, const std::string& params_label) {
  constexpr int kStates = M::state_dim;
  const int n = state_count(model);
  const auto names = model.state_names();
  if (opt.crossings < 1) throw InputError("--crossings", "must be >= 1");
  if (opt.threads < 0) throw InputError("--threads", "must be >= 0");
  SectionOptions so;
  so.direction = parse_direction(opt.direction);
  so.max_crossings = opt.crossings;
  so.max_time = parse_duration(opt.max_time, "--max-time");
  if (opt.plane.empty() == opt.at_event.empty())
    throw InputError("--plane", "give either --plane (a surface) or --at-event (an event of the model)");
  if (!opt.at_event.empty()) so.at_event = event_index_named(model, opt.at_event, "--at-event", opt.model);
  // A section at an event has no surface: the placeholder is never evaluated.
  const Expression surface = parse_surface(opt.plane.empty() ? "0" : opt.plane, names, "--plane");
  const IntegratorOptions io = opt.common.integrator(Workload::trajectory);
  const InputSchedule inputs = opt.common.schedule(input_count(model), input_names_of(model), opt.model);
  if (opt.state.empty() == opt.energy.empty()) throw InputError("--state", "give either --state or --energy");
  if (opt.out.empty()) throw InputError("--out", "an output file FILE.h5 is required");
  // Refused before integrating, not after (write_section_file checks again when it writes).
  if (std::filesystem::exists(opt.out) && !opt.force)
    throw InputError("--out", "'" + opt.out + "' exists (use --force to replace it)");
  if (const auto dir = std::filesystem::path(opt.out).parent_path();
      !dir.empty() && !std::filesystem::is_directory(dir))
    throw InputError("--out", "folder '" + dir.string() + "' does not exist");

  std::vector<Vec<double, kStates>> x0s;
  std::vector<bool> active;
  double energy = NAN;
  if (!opt.state.empty()) {
    if (!opt.seeds.empty() || !opt.solve.empty())
      throw InputError("--seed", "--seed and --solve go with --energy, not --state");
    const std::vector<double> xs = parse_number_list(opt.state, "--state", names);
    x0s.push_back(Eigen::Map<const Vec<double, kStates>>(xs.data(), n));
    active.push_back(true);
  } else {
    require_mechanics(model, "energy-surface seeds", MechanicalNeeds{.potential = true});  // model files
    if constexpr (!MechanicalModel<M>) {
      throw InputError("--energy",
                       "energy-surface seeds need a mechanical model (limb, golf, chain), not " + opt.model);
    } else {
      energy = parse_number(opt.energy, "--energy");
      if (opt.solve.empty()) throw InputError("--solve", "name the rate to solve for the energy (e.g. --solve dth1)");
      int solve = -1;
      for (int i = 0; i < n; ++i)
        if (names[static_cast<std::size_t>(i)] == opt.solve) solve = i;
      if (solve < 0) throw InputError("--solve", "unknown state component '" + opt.solve + "'");
      if (opt.root != "larger" && opt.root != "smaller") throw InputError("--root", "must be larger or smaller");
      std::vector<AxisSpec> axes;
      for (const auto& s : opt.seeds) axes.push_back(parse_axis_spec(s, names, "--seed"));
      // Each seed is held three times (seed, start state, table row) and each of its crossings
      // twice (the orbit's list and the flat HDF5 table), all of n + 2 doubles or fewer.
      double seed_count = 1;
      for (const auto& a : axes) seed_count *= static_cast<double>(a.values.size());
      const double per_seed = 8.0 * (n + 2) * (3.0 + 2.0 * static_cast<double>(opt.crossings));
      require_memory("--seed",
                     "keeping " + format_count(seed_count) + " seeds and up to " + std::to_string(opt.crossings) +
                         " crossings of each",
                     seed_count * per_seed, "use fewer seeds or fewer --crossings");
      const auto seeds = energy_surface_seeds(model, energy, axes, solve, opt.root == "larger" ? +1 : -1);
      for (const auto& s : seeds) {
        x0s.push_back(s.x);
        active.push_back(s.accessible);
      }
    }
  }

  const auto res = run_sections(model, x0s, active, surface, inputs, so, io, opt.threads);

  SectionTable tb;
  tb.state_names = names;
  std::size_t inaccessible = 0, failed = 0;
  for (std::size_t k = 0; k < x0s.size(); ++k) {
    const auto& r = res.orbits[k];
    for (int c = 0; c < n; ++c) tb.seed_state.push_back(x0s[k](c));
    tb.seed_energy.push_back(state_energy(model, x0s[k]));
    if (!active[k]) {
      ++inaccessible;
      tb.seed_status.push_back(point_status::invalid_point);
      tb.seed_crossings.push_back(0);
      tb.seed_end_time.push_back(NAN);
      continue;
    }
    const std::int8_t st = point_status_of(r.report.status);
    failed += st != point_status::ok;
    tb.seed_status.push_back(st);
    tb.seed_crossings.push_back(static_cast<std::int32_t>(r.crossings.size()));
    tb.seed_end_time.push_back(r.report.t);
    for (const auto& c : r.crossings) {
      tb.orbit.push_back(static_cast<std::int32_t>(k));
      tb.t.push_back(c.t);
      for (int i = 0; i < n; ++i) tb.state.push_back(c.x(i));
      tb.energy.push_back(state_energy(model, c.x));
    }
  }
  std::string seeds_text;
  for (const auto& s : opt.seeds) seeds_text += (seeds_text.empty() ? "" : " ") + s;
  tb.attributes = {{"command_line", command_line()},
                   {"model", opt.model},
                   {"params", params_label},
                   {"params_values", param_values_text(params_label)},
                   {"integrator", describe_integrator(io)},
                   {"inputs", inputs.describe()},
                   {"plane", opt.at_event.empty() ? opt.plane : "at event " + opt.at_event},
                   {"direction", opt.at_event.empty() ? opt.direction : "after the event"},
                   {"max_crossings", static_cast<long long>(opt.crossings)},
                   {"max_time", so.max_time},
                   {"threads", static_cast<long long>(opt.threads)},
                   {"seeding", opt.state.empty() ? "energy " + opt.energy + ", seeds " + seeds_text + ", solve " +
                                                       opt.solve + " (" + opt.root + " root), other components 0"
                                                 : "state " + opt.state}};
  if (std::isfinite(energy)) tb.attributes["energy"] = energy;
  write_section_file(opt.out, tb, opt.force);

  if (opt.json) {
    JsonWriter w(std::cout);
    w.begin_object().field("model", opt.model).field("params", params_label).field("out", opt.out);
    w.field("seeds", static_cast<double>(x0s.size())).field("inaccessible", static_cast<double>(inaccessible));
    w.field("failed", static_cast<double>(failed)).field("crossings", static_cast<double>(tb.crossings()));
    w.field("plane", opt.plane).field("direction", opt.direction).field("integrator", describe_integrator(io));
    if (!opt.at_event.empty()) w.field("at_event", opt.at_event);
    w.end_object();
    std::cout << "\n";
  } else {
    std::cout << "model " << opt.model << "  params " << params_label << "  "
              << (opt.at_event.empty() ? "plane " + opt.plane + " (" + opt.direction + ")"
                                       : "after each " + opt.at_event)
              << "\n";
    std::cout << "  seeds " << x0s.size() << ", inaccessible (skipped) " << inaccessible << ", failed " << failed
              << "\n  crossings " << tb.crossings() << " written to " << opt.out << "\n";
  }
  if (failed > 0) std::cerr << "chaoskit: warning: " << failed << " orbit(s) failed to integrate (see seed_status)\n";
  return 0;
}

}  // namespace

CommandRunner register_section_command(CLI::App& app) {
  auto opt = std::make_shared<SectionCliOptions>();
  CLI::App* cmd = app.add_subcommand("section");
  set_man_page(
      cmd,
      {
          .summary = "Poincare sections of many orbits, written as an HDF5 crossings table",
          .synopsis = "chaoskit section --model NAME --state LIST (--plane EXPR | --at-event NAME) --crossings N "
                      "--out FILE.h5 [OPTIONS]\n"
                      "chaoskit section --model NAME --energy E --seed NAME=START:STOP:COUNT... --solve RATE "
                      "--plane EXPR --crossings N --out FILE.h5 [OPTIONS]",
          .description = "Integrates orbits and records where they cross the surface --plane g(x) = 0 in --direction, "
                         "each crossing located on the integrator's dense output to |g| <= 1e-10, until --crossings "
                         "crossings or --max-time seconds. The surface is an expression over the state components "
                         "(g, or lhs = rhs, e.g. 'th1 = 0' or 'th1 - th2'; + - * / ^, sin, cos, ...). For a model "
                         "with events, --at-event NAME records instead the state just after each occurrence of that "
                         "event (a walker's stride map: the state after each heel strike); each crossing is then "
                         "an event, located to |g| <= 1e-12 on its guard.\n"
                         "\n"
                         "Seeds: one --state, or a line or grid on the energy surface T + V = --energy (mechanical "
                         "models): each --seed sets a component to a value or a range, every unseeded component is "
                         "0, and the rate --solve is solved for the energy (--root picks the larger or smaller "
                         "root). Seeds where no real rate exists are energetically inaccessible: counted, stored "
                         "with status 5 and skipped. Orbits run in parallel (--threads) and their crossings are "
                         "gathered in seed order, so the file does not depend on the thread count.",
          .output = "The HDF5 file --out (xarray: engine h5netcdf): the crossings table /orbit, /t [s], one "
                    "dataset per state component and /energy [J], and the seeds table /seed_<component>, "
                    "/seed_energy, /seed_status (1 ok, 5 inaccessible, 2-4 integration failures), "
                    "/seed_crossings, /seed_end_time; provenance (command line, model, parameter values, "
                    "integrator, plane, seeding) as root attributes. Written under a temporary name and renamed "
                    "when complete. A summary on stdout, or with --json one JSON object: model, params, out, "
                    "seeds, inaccessible, failed, crossings, plane, direction, integrator. Orbits that failed "
                    "to integrate are counted in a warning on stderr (the exit status stays 0; see "
                    "seed_status).",
          .exit_status = "",
          .examples = "$ chaoskit section --model golf --energy=-4 --seed th2=-3:3:7 --solve dth1 \\\n"
                      "    --plane 'th1 = 0' --crossings 50 --out golf_section.h5\n"
                      "Seven orbits of the free golf swing at E = -4 J, from th1 = 0 with th2 from -3 to 3 rad, "
                      "50 upward crossings of th1 = 0 each; tools/plot_section draws them.\n"
                      "$ chaoskit section --model henon_heiles --state 0,0.1,0.3,0 --plane 'x = 0' --crossings 100 \\\n"
                      "    --out hh.h5 --json",
          .environment =
              parameter_set_environment() + "OMP_NUM_THREADS\tThe thread count when --threads is 0 (default).\n",
      });
  cmd->add_option(
         "--model", opt->model,
         "Model: " + model_names() + ", or a model file PATH.toml (see chaoskit models; data/models/README.md)")
      ->type_name("NAME")
      ->required();
  cmd->add_option("--state", opt->state,
                  "One initial state, q then qd, comma-separated [rad, rad/s; a deg suffix converts]; give "
                  "either --state or --energy")
      ->type_name("LIST");
  cmd->add_option("--energy", opt->energy,
                  "Total energy T + V of the seeds [J] (mechanical models; with --seed and --solve)")
      ->type_name("JOULES");
  cmd->add_option("--seed", opt->seeds,
                  "A seeded component: NAME=START:STOP:COUNT (COUNT values from START to STOP) or NAME=VALUE; "
                  "several --seed options make a grid; unseeded components are 0")
      ->type_name("SPEC");
  cmd->add_option("--solve", opt->solve, "The rate solved so that T + V = --energy (e.g. dth1)")->type_name("RATE");
  cmd->add_option("--root", opt->root, "Which root of the energy equation for --solve: larger (default) | smaller")
      ->type_name("WHICH");
  cmd->add_option("--plane", opt->plane, "The section surface g(x) = 0: an expression, e.g. 'th1 = 0' or 'th1 - th2'")
      ->type_name("EXPR");
  cmd->add_option("--at-event", opt->at_event,
                  "Instead of --plane: the state just after each occurrence of this event of the model (a model "
                  "file's [[events]] name, e.g. heel_strike)")
      ->type_name("NAME");
  cmd->add_option("--direction", opt->direction, "Which crossings count: up (g increasing; default) | down | both")
      ->type_name("DIR");
  cmd->add_option("--crossings", opt->crossings, "Crossings per orbit after which it stops (>= 1)")
      ->type_name("N")
      ->required();
  cmd->add_option("--max-time", opt->max_time,
                  "Stop an orbit at this time even with fewer crossings [s] (default 1000; > 0)")
      ->type_name("SECONDS");
  cmd->add_option("--out", opt->out, "The output HDF5 file (see OUTPUT); an existing one needs --force")
      ->type_name("FILE")
      ->required();
  cmd->add_option("--threads", opt->threads,
                  "OpenMP threads (default 0: OMP_NUM_THREADS or every core); the file does not depend on it")
      ->type_name("N");
  cmd->add_flag("--force", opt->force, "Replace an existing output file");
  cmd->add_flag("--json", opt->json, "Print the summary as one JSON object (keys under OUTPUT)");
  opt->common.add_to(cmd);
  return [opt] {
    return with_model(opt->model, opt->common.params,
                      [&](const auto& m, const std::string& label) { return run_model(m, *opt, label); });
  };
}

}  // namespace chaoskit::cli
