// `chaoskit basin`: a stand-alone 2-D basin map until `chaoskit sweep` runs the same per-point
// functions (basins/basin_map.hpp). Kinds: rest (damped chain: winding-number label of the rest
// state), flip (time until a link first passes over the top), task (endpoint speed at the first
// θ1 = 0 and whether it reaches --threshold). Writes an io::ResultsStore grid over (--x, --y) and
// prints the basin entropy S_b, boundary basin entropy S_bb (log 2 criterion) and the uncertainty
// exponent α of the label map.
#include <chrono>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <set>

#include "chaoskit/basins/basin_entropy.hpp"
#include "chaoskit/basins/instances.hpp"
#include "chaoskit/basins/uncertainty_exponent.hpp"
#include "chaoskit/core/memory.hpp"
#include "chaoskit/io/results_store.hpp"
#include "chaoskit/sections/axis_spec.hpp"
#include "commands.hpp"
#include "integration_cli.hpp"
#include "json_writer.hpp"
#include "man_page.hpp"
#include "provenance_cli.hpp"

namespace chaoskit::cli {

namespace {

// Declarations, not a using-directive: the CLI compiles as a unity build, where a directive would
// reach the commands compiled after this one.
using basins::basin_entropy;
using basins::basin_needs;
using basins::BasinEntropy;
using basins::BasinKind;
using basins::BasinMap;
using basins::BasinOptions;
using basins::compute_basin_map;
using basins::flip_time;
using basins::GridAxis;
using basins::kLabelNotSettled;
using basins::uncertain_fraction;
using basins::uncertainty_exponent;
using basins::UncertaintyFit;

struct BasinCliOptions {
  std::string model, x, y, kind = "rest", damping, max_time, threshold, out;
  std::vector<std::string> fixed;
  int threads = 0;
  long box = 5;
  bool force = false, json = false;
  IntegrationCliOptions common;
};

BasinKind parse_kind(const std::string& k) {
  if (k == "rest") return BasinKind::rest;
  if (k == "flip") return BasinKind::flip;
  if (k == "task") return BasinKind::task;
  throw InputError("--kind", "must be rest, flip or task, got '" + k + "'");
}

std::string units_of(const std::string& name) {
  return name.rfind("dth", 0) == 0 ? "rad/s" : name.rfind("th", 0) == 0 ? "rad" : "1";
}

template <MechanicalModel M>
int run_model(const M& model, const BasinCliOptions& opt, const std::string& params_label) {
  constexpr int kStates = M::state_dim;
  const int n = state_count(model);
  const auto names = model.state_names();
  const auto t_start = std::chrono::steady_clock::now();
  BasinOptions bo;
  bo.kind = parse_kind(opt.kind);
  bo.threads = opt.threads;
  if (opt.threads < 0) throw InputError("--threads", "must be >= 0");
  if (!opt.max_time.empty()) {
    const double T = parse_duration(opt.max_time, "--max-time");
    bo.rest.max_time = bo.flip.max_time = bo.task.max_time = T;
  }
  if (!opt.threshold.empty()) bo.task.threshold = parse_number(opt.threshold, "--threshold");
  const IntegratorOptions io = opt.common.integrator(Workload::trajectory);
  const InputSchedule inputs = opt.common.schedule(input_count(model), input_names_of(model), opt.model);
  if (bo.kind == BasinKind::rest &&
      (!opt.common.torque.empty() || !opt.common.torque_table.empty() || !opt.common.inputs_file.empty()))
    throw InputError("--torque", "rest basins take no joint moments (the energy test needs E to decrease)");
  const AxisSpec xs = parse_axis_spec(opt.x, names, "--x"), ys = parse_axis_spec(opt.y, names, "--y");
  if (xs.values.size() < 2) throw InputError("--x", "needs a range START:STOP:COUNT with COUNT >= 2");
  if (ys.values.size() < 2) throw InputError("--y", "needs a range START:STOP:COUNT with COUNT >= 2");
  if (xs.component == ys.component) throw InputError("--y", "must be a different state component from --x");
  Vec<double, kStates> base = Vec<double, kStates>::Zero(n);
  for (const auto& f : opt.fixed) {
    const AxisSpec s = parse_axis_spec(f, names, "--fixed");
    if (s.values.size() != 1) throw InputError("--fixed", "'" + f + "' must be NAME=VALUE");
    if (s.component == xs.component || s.component == ys.component)
      throw InputError("--fixed", "'" + s.name + "' is already a grid axis");
    base(s.component) = s.values[0];
  }
  if (opt.box < 1) throw InputError("--box", "must be >= 1");
  if (std::filesystem::exists(opt.out) && !opt.force)
    throw InputError("--out", "'" + opt.out + "' exists (use --force to replace it)");
  const std::size_t box = static_cast<std::size_t>(opt.box);
  if (box > xs.values.size() || box > ys.values.size()) throw InputError("--box", "larger than the grid");

  // The map holds 21 bytes per cell (label, value, time, status); the HDF5 writer and the entropy
  // and uncertainty passes work on views of it. 32 bytes per cell leaves room for their scratch.
  const double cells = static_cast<double>(xs.values.size()) * static_cast<double>(ys.values.size());
  require_memory("--x",
                 "the grid of " + std::to_string(xs.values.size()) + " x " + std::to_string(ys.values.size()) +
                     " cells (--x by --y)",
                 32.0 * cells, "use fewer values in --x or --y");
  const BasinMap map = compute_basin_map(model, base, GridAxis{xs.name, xs.component, xs.values},
                                         GridAxis{ys.name, ys.component, ys.values}, inputs, bo, io);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t_start).count();
  const BasinEntropy ent = basin_entropy(map.label, map.nx, map.ny, box);
  const UncertaintyFit unc = uncertainty_exponent(map.label, map.nx, map.ny);
  std::set<std::int32_t> distinct(map.label.begin(), map.label.end());
  std::size_t unsettled = 0, failed = 0;
  for (std::size_t k = 0; k < map.label.size(); ++k) {
    unsettled += map.label[k] == kLabelNotSettled && bo.kind == BasinKind::rest;
    failed += map.status[k] != point_status::ok;
  }

  std::vector<io::Axis> axes{{xs.name, xs.values, units_of(xs.name), "initial " + xs.name},
                             {ys.name, ys.values, units_of(ys.name), "initial " + ys.name}};
  std::vector<io::Variable> vars;
  std::map<std::string, io::BufferView> values;
  const double fill_i = -2147483647.0;
  switch (bo.kind) {
    case BasinKind::rest:
      vars.push_back({"label",
                      io::ElementType::int32,
                      {},
                      "1",
                      "rest-state windings, zigzag-packed 6 bits per link (link 1 lowest); -1 not settled, -2 failed, "
                      "-3 winding out of range",
                      fill_i});
      vars.push_back(
          {"capture_time", io::ElementType::float64, {}, "s", "time the energy fell below the lowest barrier", NAN});
      values["capture_time"] = std::span<const double>(map.value);
      break;
    case BasinKind::flip:
      vars.push_back({"label",
                      io::ElementType::int32,
                      {},
                      "1",
                      "link that first passed over the top (1-based), 0 none, -2 failed",
                      fill_i});
      vars.push_back({"flip_time",
                      io::ElementType::float64,
                      {},
                      "s",
                      "time until a link first passes over the top (NaN: not within max_time)",
                      NAN});
      values["flip_time"] = std::span<const double>(map.value);
      break;
    case BasinKind::task:
      vars.push_back({"label",
                      io::ElementType::int32,
                      {},
                      "1",
                      "1 endpoint speed >= threshold at the first th1 = 0, 0 below, -1 bottom not reached, -2 failed",
                      fill_i});
      vars.push_back({"speed", io::ElementType::float64, {}, "m/s", "endpoint speed at the first th1 = 0", NAN});
      vars.push_back({"bottom_time", io::ElementType::float64, {}, "s", "time of the first th1 = 0", NAN});
      values["speed"] = std::span<const double>(map.value);
      values["bottom_time"] = std::span<const double>(map.time);
      break;
  }
  values["label"] = std::span<const std::int32_t>(map.label);
  const double horizon = bo.kind == BasinKind::rest   ? bo.rest.max_time
                         : bo.kind == BasinKind::flip ? bo.flip.max_time
                                                      : bo.task.max_time;
  std::string fixed_text;
  for (const auto& f : opt.fixed) fixed_text += (fixed_text.empty() ? "" : " ") + f;
  io::Attributes prov{{"command_line", command_line()},
                      {"model", opt.model},
                      {"params", params_label},
                      {"params_values", param_values_text(params_label)},
                      {"integrator", describe_integrator(io)},
                      {"inputs", inputs.describe()},
                      {"kind", opt.kind},
                      {"links", static_cast<long long>(coordinate_count(model))},
                      {"fixed", fixed_text.empty() ? "(other components 0)" : fixed_text + " (others 0)"},
                      {"max_time", horizon},
                      {"threads", static_cast<long long>(opt.threads)},
                      {"basin_entropy", ent.Sb},
                      {"boundary_basin_entropy", ent.Sbb},
                      {"entropy_box", static_cast<long long>(box)},
                      {"uncertainty_exponent", unc.alpha},
                      {"uncertainty_exponent_error", unc.alpha_error},
                      {"boundary_dimension", unc.dimension}};
  if (!opt.damping.empty()) prov["damping_override"] = opt.damping;
  if (bo.kind == BasinKind::task) prov["threshold"] = bo.task.threshold;
  io::CreateOptions co;
  co.overwrite = opt.force;
  io::ResultsStore store = io::ResultsStore::create(opt.out, axes, vars, prov, co);
  store.write_points(0, map.label.size(), values, map.status);
  store.finalize();
  store.close();

  if (opt.json) {
    JsonWriter w(std::cout);
    w.begin_object().field("model", opt.model).field("params", params_label).field("kind", opt.kind);
    w.field("grid", std::vector<double>{static_cast<double>(map.nx), static_cast<double>(map.ny)});
    w.field("Sb", ent.Sb).field("Sbb", ent.Sbb).field("box", static_cast<double>(box));
    w.field("boxes", static_cast<double>(ent.boxes)).field("boundary_boxes", static_cast<double>(ent.boundary_boxes));
    w.field("fractal_boundary", ent.fractal_boundary()).field("alpha", unc.alpha).field("alpha_error", unc.alpha_error);
    w.field("dimension", unc.dimension).field("eps", unc.eps).field("uncertain_fraction", unc.fraction);
    w.field("labels", static_cast<double>(distinct.size())).field("not_settled", static_cast<double>(unsettled));
    w.field("failed", static_cast<double>(failed)).field("seconds", seconds).field("out", opt.out);
    w.end_object();
    std::cout << "\n";
    return 0;
  }
  std::ostream& o = std::cout;
  o << std::setprecision(5);
  o << "model " << opt.model << "  params " << params_label << "  kind " << opt.kind << "  grid " << map.nx << " x "
    << map.ny << " (" << xs.name << " x " << ys.name << ")  " << seconds << " s\n";
  o << "  distinct labels " << distinct.size();
  if (bo.kind == BasinKind::rest) o << ", not settled by max_time " << unsettled;
  o << ", failed points " << failed << "\n";
  o << "  basin entropy S_b = " << ent.Sb << ", boundary basin entropy S_bb = " << ent.Sbb << " (" << box << "x" << box
    << " boxes, " << ent.boundary_boxes << " of " << ent.boxes << " on a boundary)\n";
  o << "  log 2 criterion: S_bb "
    << (ent.fractal_boundary() ? "> log 2: fractal boundary" : "<= log 2: no evidence of a fractal boundary") << "\n";
  o << "  uncertainty exponent alpha = " << unc.alpha << " +- " << unc.alpha_error
    << ", boundary dimension d = 2 - alpha = " << unc.dimension << "\n";
  o << "  written to " << opt.out << "\n";
  return 0;
}

template <class M>
int run_any(const M& model, const BasinCliOptions& opt, const std::string& label) {
  require_mechanics(model, "basins", basin_needs(parse_kind(opt.kind)));  // a model file: one line naming it
  if constexpr (!MechanicalModel<M>) {
    throw InputError("--model",
                     "basin maps need a mechanical model (" + mechanical_model_names() + "), not " + opt.model);
  } else if constexpr (requires { model.p.b; }) {
    if (opt.damping.empty()) return run_model(model, opt, label);
    std::vector<double> b = parse_number_list(opt.damping, "--damping");
    if (b.size() == 1) b.assign(static_cast<std::size_t>(coordinate_count(model)), b[0]);
    if (b.size() != static_cast<std::size_t>(coordinate_count(model)))
      throw InputError("--damping",
                       "give one value or one per joint (" + std::to_string(coordinate_count(model)) + ")");
    for (double v : b)
      if (!(v >= 0.0)) throw InputError("--damping", "joint damping must be >= 0");
    ChainParams p = model.p;
    p.b = b;
    return run_model(M(p), opt, label);
  } else {
    if (!opt.damping.empty())
      throw InputError("--damping",
                       "model " + opt.model + " has no joint damping; use --model chain --params " + label);
    return run_model(model, opt, label);
  }
}

}  // namespace

CommandRunner register_basin_command(CLI::App& app) {
  auto opt = std::make_shared<BasinCliOptions>();
  CLI::App* cmd = app.add_subcommand("basin");
  set_man_page(
      cmd,
      {
          .summary = "a 2-D basin map with its basin entropy and uncertainty exponent",
          .synopsis = "chaoskit basin --model NAME --x NAME=START:STOP:COUNT --y NAME=START:STOP:COUNT "
                      "--out FILE.h5 [--kind rest|flip|task] [OPTIONS]",
          .description = "Integrates one orbit from every point of a grid over two state components (--x, --y; the "
                         "others --fixed or 0) and labels its outcome, for the mechanical models limb, golf and "
                         "chain, and mechanical model files with [kinematics] (rest also needs their potential):\n"
                         "rest\tthe rest state a damped chain settles in, as winding numbers of its links, found "
                         "once the energy is below the lowest barrier (needs joint damping: a damped set or "
                         "--damping)\n"
                         "flip\tthe link that first passes over the top, and when\n"
                         "task\twhether the endpoint speed at the first th1 = 0 reaches --threshold\n"
                         "Then it measures the label map: the basin entropy S_b and the boundary basin entropy S_bb "
                         "over --box x --box boxes (S_bb > log 2 shows a fractal boundary), and the uncertainty "
                         "exponent alpha (boundary dimension d = 2 - alpha).",
          .output = "The HDF5 results grid --out over (x, y), which xarray and chaoskit query read: label "
                    "(int32) and, by kind, capture_time [s] (rest), flip_time [s] (flip) or speed [m/s] and "
                    "bottom_time [s] (task), each point's status, and provenance with S_b, S_bb and alpha. A "
                    "summary on stdout, or with --json one JSON object: model, params, kind, grid, Sb, Sbb, "
                    "box, boxes, boundary_boxes, fractal_boundary, alpha, alpha_error, dimension, eps, "
                    "uncertain_fraction, labels, not_settled, failed, seconds, out.",
          .exit_status = "",
          .examples = "$ chaoskit basin --model chain --params chain1_damped_rod --x th1=-3.14159:3.14159:40 \\\n"
                      "    --y dth1=-12:12:40 --kind rest --out pendulum_basins.h5\n"
                      "Where the damped pendulum comes to rest, by initial angle and rate, on a 40 x 40 grid; "
                      "tools/plot_basin pendulum_basins.h5 draws the map.\n"
                      "$ chaoskit basin --model chain --params chain2_damped_rods --x th1=-3:3:12 --y th2=-3:3:12 \\\n"
                      "    --kind flip --max-time 10 --out flips.h5 --json",
          .environment =
              parameter_set_environment() + "OMP_NUM_THREADS\tThe thread count when --threads is 0 (default).\n",
      });
  cmd->add_option("--model", opt->model,
                  "Model: limb | golf | chain, or a mechanical model file PATH.toml (see chaoskit models; "
                  "data/models/README.md)")
      ->type_name("NAME")
      ->required();
  cmd->add_option("--x", opt->x,
                  "First grid axis: a state component and COUNT >= 2 values from START to STOP [rad, rad/s]")
      ->type_name("NAME=START:STOP:COUNT")
      ->required();
  cmd->add_option("--y", opt->y, "Second grid axis, another state component")
      ->type_name("NAME=START:STOP:COUNT")
      ->required();
  cmd->add_option("--fixed", opt->fixed, "The value of a component that is not an axis (others are 0)")
      ->type_name("NAME=VALUE");
  cmd->add_option("--kind", opt->kind, "What labels a point: rest (default) | flip | task (see DESCRIPTION)")
      ->type_name("KIND");
  cmd->add_option("--damping", opt->damping,
                  "Joint damping of a chain model, replacing the set's: one value for every joint or one per "
                  "joint [N m s/rad] (>= 0)")
      ->type_name("LIST");
  cmd->add_option("--max-time", opt->max_time,
                  "Integration horizon per point [s] (> 0; default: rest 200, flip 100, task 5)")
      ->type_name("SECONDS");
  cmd->add_option("--threshold", opt->threshold, "Endpoint speed that counts as success for --kind task [m/s]")
      ->type_name("SPEED");
  cmd->add_option("--box", opt->box, "Side of the boxes of the basin entropy, in grid points (default 5; >= 1)")
      ->type_name("N");
  cmd->add_option("--out", opt->out, "The output HDF5 file (see OUTPUT); an existing one needs --force")
      ->type_name("FILE")
      ->required();
  cmd->add_option("--threads", opt->threads, "OpenMP threads (default 0: OMP_NUM_THREADS or every core)")
      ->type_name("N");
  cmd->add_flag("--force", opt->force, "Replace an existing output file");
  cmd->add_flag("--json", opt->json, "Print the summary as one JSON object (keys under OUTPUT)");
  opt->common.add_to(cmd);
  return [opt] {
    return with_model(opt->model, opt->common.params,
                      [&](const auto& m, const std::string& label) { return run_any(m, *opt, label); });
  };
}

}  // namespace chaoskit::cli
