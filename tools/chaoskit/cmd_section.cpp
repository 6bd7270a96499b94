// `chaoskit section`: Poincaré sections of many orbits at once. Seeds are one --state or a line /
// grid on an energy surface (--energy E --seed th2=-1:1:11 --seed dth2=0 --solve dth1): every
// unseeded component is 0 and the named rate is solved for E; seeds in the energetically
// inaccessible region are counted, flagged in the file and skipped. Orbits run in parallel
// (--threads) and their crossings are gathered in seed order, so the file does not depend on the
// thread count. Output: the HDF5 crossings table of sections/section_file.hpp.
#include <iostream>

#include "chaoskit/integrate/trajectory.hpp"
#include "chaoskit/sections/energy_seeds.hpp"
#include "chaoskit/sections/instances.hpp"
#include "chaoskit/sections/section_file.hpp"
#include "commands.hpp"
#include "integration_cli.hpp"
#include "json_writer.hpp"
#include "provenance_cli.hpp"

namespace chaoskit::cli {

namespace {

struct SectionCliOptions {
  std::string model, state, energy, solve, root = "larger", plane, direction = "up", max_time = "1000", out;
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
  constexpr int n = M::state_dim;
  const auto names = model.state_names();
  if (opt.crossings < 1) throw InputError("--crossings", "must be >= 1");
  if (opt.threads < 0) throw InputError("--threads", "must be >= 0");
  SectionOptions so;
  so.direction = parse_direction(opt.direction);
  so.max_crossings = opt.crossings;
  so.max_time = parse_duration(opt.max_time, "--max-time");
  const Expression surface = parse_surface(opt.plane, names, "--plane");
  const IntegratorOptions io = opt.common.integrator();
  const InputSchedule inputs = opt.common.schedule(M::input_dim, input_names_of(model), opt.model);
  if (opt.state.empty() == opt.energy.empty()) throw InputError("--state", "give either --state or --energy");
  if (opt.out.empty()) throw InputError("--out", "an output file FILE.h5 is required");

  std::vector<Vec<double, n>> x0s;
  std::vector<bool> active;
  double energy = NAN;
  if (!opt.state.empty()) {
    if (!opt.seeds.empty() || !opt.solve.empty()) throw InputError("--seed", "--seed and --solve go with --energy, not --state");
    const std::vector<double> xs = parse_number_list(opt.state, "--state", names);
    x0s.push_back(Eigen::Map<const Vec<double, n>>(xs.data()));
    active.push_back(true);
  } else {
    if constexpr (!MechanicalModel<M>) {
      throw InputError("--energy", "energy-surface seeds need a mechanical model (limb, golf, chain), not " + opt.model);
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
      tb.seed_status.push_back(io::point_status::invalid_point);
      tb.seed_crossings.push_back(0);
      tb.seed_end_time.push_back(NAN);
      continue;
    }
    std::int8_t st = io::point_status::ok;
    switch (r.report.status) {
      case IntegrationStatus::ok: break;
      case IntegrationStatus::step_underflow: st = io::point_status::step_underflow; break;
      case IntegrationStatus::non_finite: st = io::point_status::non_finite; break;
      case IntegrationStatus::max_steps: st = io::point_status::max_steps; break;
    }
    failed += st != io::point_status::ok;
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
                   {"plane", opt.plane},
                   {"direction", opt.direction},
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
    w.end_object();
    std::cout << "\n";
  } else {
    std::cout << "model " << opt.model << "  params " << params_label << "  plane " << opt.plane << " ("
              << opt.direction << ")\n";
    std::cout << "  seeds " << x0s.size() << ", inaccessible (skipped) " << inaccessible << ", failed " << failed
              << "\n  crossings " << tb.crossings() << " written to " << opt.out << "\n";
  }
  if (failed > 0) std::cerr << "chaoskit: warning: " << failed << " orbit(s) failed to integrate (see seed_status)\n";
  return 0;
}

}  // namespace

CommandRunner register_section_command(CLI::App& app) {
  auto opt = std::make_shared<SectionCliOptions>();
  CLI::App* cmd = app.add_subcommand(
      "section",
      "Poincare sections of many orbits: crossings of --plane (an expression g(x), or lhs = rhs) in --direction,\n"
      "each located on the dense output to |g| <= 1e-10, written to an HDF5 crossings table.\n"
      "Seeds: one --state, or --energy E with --seed NAME=START:STOP:COUNT | NAME=VALUE (repeatable; unseeded\n"
      "components are 0) and --solve RATE (the rate solved so that T + V = E; seeds where no real rate exists are\n"
      "inaccessible: counted, flagged status 5 in the file and skipped).\n"
      "Example: chaoskit section --model golf --energy -20 --seed th2=-1:1:11 --solve dth1 --plane th1=0 --crossings 200 --out s.h5");
  cmd->add_option("--model", opt->model, "Model name (see `chaoskit models`)")->required();
  cmd->add_option("--state", opt->state, "One initial state q then qd, comma-separated");
  cmd->add_option("--energy", opt->energy, "Total energy T + V of the seeds [J]");
  cmd->add_option("--seed", opt->seeds, "NAME=START:STOP:COUNT or NAME=VALUE of a seeded component (repeatable)");
  cmd->add_option("--solve", opt->solve, "The rate solved for --energy (e.g. dth1)");
  cmd->add_option("--root", opt->root, "Which root of the energy equation: larger (default) | smaller");
  cmd->add_option("--plane", opt->plane, "Section surface g(x) = 0, e.g. 'th1 = 0' or 'th1 - th2'")->required();
  cmd->add_option("--direction", opt->direction, "up (g increasing; default) | down | both");
  cmd->add_option("--crossings", opt->crossings, "Crossings per orbit")->required();
  cmd->add_option("--max-time", opt->max_time, "Stop an orbit at this time even with fewer crossings [s] (default 1000)");
  cmd->add_option("--out", opt->out, "Output HDF5 file")->required();
  cmd->add_option("--threads", opt->threads, "OpenMP threads (default: all)");
  cmd->add_flag("--force", opt->force, "Replace an existing output file");
  cmd->add_flag("--json", opt->json, "Print one JSON object: seeds, inaccessible, failed, crossings, out");
  opt->common.add_to(cmd);
  return [opt] {
    return with_model(opt->model, opt->common.params,
                      [&](const auto& m, const std::string& label) { return run_model(m, *opt, label); });
  };
}

}  // namespace chaoskit::cli
