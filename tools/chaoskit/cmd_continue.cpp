// `chaoskit continue`: pseudo-arclength continuation of a periodic orbit (or of a map's fixed point
// or period-k orbit) in one parameter, with step control, the folds, branch points, period
// doublings and Neimark-Sacker points located, optional switching onto period-doubled branches,
// restarts from a point of a saved branch file, and the branch file (periodic/branch_file.hpp).
#include <filesystem>
#include <iomanip>
#include <iostream>

#include "chaoskit/periodic/branch_file.hpp"
#include "chaoskit/periodic/continuation.hpp"
#include "commands.hpp"
#include "man_page.hpp"
#include "orbit_report.hpp"
#include "periodic_cli.hpp"
#include "provenance_cli.hpp"

namespace chaoskit::cli {

namespace {

struct ContinueCommandOptions {
  PeriodicCliOptions problem;
  std::string param, ds = "0.01", ds_min = "1e-8", ds_max = "0.1", min, max, direction = "+1", locate_tol = "1e-10",
                     restart, point, out;
  int max_points = 200, switch_pd = 0;
  bool force = false, json = false;
};

/// The point `--point` names in a branch file: an index, or a label such as PD1 (the first period
/// doubling), LP2, BP1, NS1, start, end1.
std::size_t pick_point(const periodic::ContinuationResult& r, const std::string& spec) {
  if (!spec.empty() && std::all_of(spec.begin(), spec.end(), [](char c) { return std::isdigit(c); })) {
    const std::size_t k = std::stoul(spec);
    if (k >= r.points.size())
      throw InputError("--point", "the file has points 0 to " + std::to_string(r.points.size() - 1) + ", not " + spec);
    return k;
  }
  std::size_t digits = spec.size();
  while (digits > 0 && std::isdigit(static_cast<unsigned char>(spec[digits - 1]))) --digits;
  const std::string label = spec.substr(0, digits);
  const int ordinal = digits < spec.size() ? std::stoi(spec.substr(digits)) : 1;
  int seen = 0;
  for (std::size_t k = 0; k < r.points.size(); ++k)
    if (label == periodic::point_type_label(r.points[k].type) && !label.empty() && ++seen == ordinal) return k;
  throw InputError("--point",
                   "no point '" + spec + "' in the file (an index, or LP1, BP1, PD1, NS1, start, end1, ...)");
}

void print_summary(std::ostream& s, const periodic::ContinuationResult& r) {
  s << std::setprecision(10);
  for (const auto& b : r.branches) {
    int count = 0;
    double lo = INFINITY, hi = -INFINITY;
    for (const auto& p : r.points)
      if (p.branch == b.id) ++count, lo = std::min(lo, p.parameter), hi = std::max(hi, p.parameter);
    s << "branch " << b.id << ": " << count << " points, " << r.parameter << " in [" << lo << ", " << hi << "], "
      << b.segments << " segment(s)";
    if (b.parent >= 0) s << ", switched from branch " << b.parent << " at point " << b.parent_point;
    s << "; ended: " << b.end_reason << "\n";
  }
  s << "special points:\n";
  for (std::size_t k = 0; k < r.points.size(); ++k) {
    const auto& p = r.points[k];
    if (p.type == periodic::PointType::regular) continue;
    s << "  " << std::setw(5) << std::left << periodic::point_type_label(p.type) << std::right << " point "
      << std::setw(4) << k << "  branch " << p.branch << "  " << r.parameter << " = " << std::setw(16) << p.parameter;
    if (p.type != periodic::PointType::start && p.type != periodic::PointType::end)
      s << " +- " << std::setprecision(1) << std::scientific << p.location_error << std::defaultfloat
        << std::setprecision(10);
    if (std::isfinite(p.period)) s << "  T = " << std::setw(14) << p.period;
    if (std::isfinite(p.energy)) s << "  E = " << std::setw(14) << p.energy;
    s << "  " << periodic::stability_name(p.floquet.stability) << (p.located ? "" : " (bracketed, not located)")
      << "\n";
  }
}

void write_json(const periodic::ContinuationResult& r, const std::string& out) {
  JsonWriter w(std::cout);
  w.begin_object().field("parameter", r.parameter).field("units", r.units).field("state_names", r.state_names);
  w.field("points", static_cast<int>(r.points.size())).field("out", out);
  w.key("branches").begin_array();
  for (const auto& b : r.branches) {
    w.begin_object().field("id", b.id).field("parent", b.parent).field("parent_point", b.parent_point);
    w.field("segments", b.segments).field("end_reason", b.end_reason).end_object();
  }
  w.end_array();
  w.key("special_points").begin_array();
  for (std::size_t k = 0; k < r.points.size(); ++k) {
    const auto& p = r.points[k];
    if (p.type == periodic::PointType::regular) continue;
    w.begin_object().field("index", static_cast<int>(k)).field("branch", p.branch);
    w.field("type", periodic::point_type_name(p.type)).field("label", periodic::point_type_label(p.type));
    w.field("located", p.located).field("location_error", p.location_error);
    w.field("parameter", p.parameter).field("period", p.period);
    w.field("energy", p.energy).field("state", p.state).field("residual", p.residual);
    write_multipliers(w, p.floquet);
    w.end_object();
  }
  w.end_array();
  w.end_object();
  std::cout << "\n";
}

int run_continue(const ContinueCommandOptions& opt) {
  if (opt.param.empty()) throw InputError("--param", "the continuation parameter is required");
  periodic::BranchFile restart;
  std::size_t restart_index = 0;
  RestartGuess guess_from_file;
  const bool restarting = !opt.restart.empty();
  if (restarting) {
    restart = periodic::read_branch_file(opt.restart);
    if (restart.result.parameter != opt.param)
      throw InputError("--param",
                       "the branch file continues '" + restart.result.parameter + "', not '" + opt.param + "'");
    if (opt.point.empty()) throw InputError("--point", "a restart needs the point to start from");
    restart_index = pick_point(restart.result, opt.point);
    guess_from_file.state = restart.result.points[restart_index].state;
    guess_from_file.period = restart.result.points[restart_index].period;
  } else if (!opt.point.empty()) {
    throw InputError("--point", "applies to --restart only");
  }
  CliProblem cp = parse_problem(opt.problem, restarting ? &guess_from_file : nullptr);
  const periodic::BranchPoint* from = restarting ? &restart.result.points[restart_index] : nullptr;
  if (from) cp.orbit.segments = from->segments;
  if (!opt.out.empty()) {
    if (std::filesystem::exists(opt.out) && !opt.force)
      throw InputError("--out", "'" + opt.out + "' exists (use --force to replace it)");
    if (const auto dir = std::filesystem::path(opt.out).parent_path();
        !dir.empty() && !std::filesystem::is_directory(dir))
      throw InputError("--out", "directory '" + dir.string() + "' does not exist");
  }
  periodic::ContinuationOptions co;
  co.orbit = cp.orbit;
  co.ds = parse_number(opt.ds, "--ds");
  co.ds_min = parse_number(opt.ds_min, "--ds-min");
  co.ds_max = parse_number(opt.ds_max, "--ds-max");
  if (!opt.min.empty()) co.parameter_min = parse_number(opt.min, "--min");
  if (!opt.max.empty()) co.parameter_max = parse_number(opt.max, "--max");
  if (opt.direction != "+1" && opt.direction != "1" && opt.direction != "-1")
    throw InputError("--direction", "must be +1 or -1, got '" + opt.direction + "'");
  co.direction = opt.direction == "-1" ? -1 : 1;
  co.max_points = opt.max_points;
  co.locate_tolerance = parse_number(opt.locate_tol, "--locate-tol");
  co.period_doubling_levels = opt.switch_pd;
  periodic::validate(co);

  periodic::ParameterFamily family = cp.is_map ? periodic::map_family(cp.map, cp.map_values, opt.param)
                                               : periodic::flow_family(cp.flow, opt.param, cp.state, cp.orbit.energy);
  periodic::ContinuationResult result;
  if (from) {
    family.start = from->parameter;
    if (from->type == periodic::PointType::period_doubling && opt.switch_pd > 0) {
      result = periodic::continue_doubled(family, *from, co);
    } else {
      periodic::OrbitGuess g;
      for (int i = 0; i < from->segments; ++i)
        g.points.push_back(from->unknowns.segment(i * from->state.size(), from->state.size()));
      g.period = from->period;
      result = periodic::continue_orbits(family, g, co);
    }
  } else {
    periodic::OrbitGuess g;
    g.points = {cp.state};
    g.period = cp.period;
    result = periodic::continue_orbits(family, g, co);
  }
  if (result.points.empty()) {
    if (opt.json) write_json(result, "");
    std::cerr << "chaoskit: no branch: " << result.branches.front().end_reason << "\n";
    return 1;
  }
  if (!opt.out.empty()) {
    io::Attributes attrs{{"command_line", command_line()}, {"content", std::string("branch")}};
    if (cp.is_map) {
      attrs["map"] = cp.map;
      attrs["map_params"] = opt.problem.map_params;
    } else {
      attrs["model"] = opt.problem.model;
      attrs["params"] = cp.params_label;
      attrs["params_values"] = param_values_text(cp.params_label);
      attrs["integrator"] = describe_integrator(cp.integrator);
      attrs["inputs"] = cp.inputs_text;
      if (cp.flow.section.active()) attrs["at_event"] = cp.flow.section.event;
    }
    if (restarting) attrs["restart"] = opt.restart + " point " + opt.point;
    periodic::write_branch_file(opt.out, result, attrs, opt.force);
  }
  if (opt.json)
    write_json(result, opt.out);
  else
    print_summary(std::cout, result);
  return 0;
}

}  // namespace

CommandRunner register_continue_command(CLI::App& app) {
  auto opt = std::make_shared<ContinueCommandOptions>();
  CLI::App* cmd = app.add_subcommand("continue");
  set_man_page(
      cmd,
      {
          .summary =
              "follow a periodic orbit as a parameter changes; locate folds, period doublings, Neimark-Sacker points",
          .synopsis = "chaoskit continue --model NAME --state LIST --period SECONDS --param NAME [--min P] [--max P] "
                      "[--out FILE.h5] [OPTIONS]\n"
                      "chaoskit continue --map henon --state LIST --param a [--switch-pd LEVELS] [OPTIONS]\n"
                      "chaoskit continue --restart FILE.h5 --point LABEL --param NAME (--model NAME | --map NAME) "
                      "[OPTIONS]",
          .description =
              "Finds the periodic orbit near the guess (as chaoskit periodic does) and follows it by "
              "pseudo-arclength continuation in --param: energy (conservative flows: the family of orbits of "
              "one energy each), an input's constant moment (tau1, ...), any key of the parameter set's [values] "
              "(L1, m2, g; an array element as b2), or a map's parameter (henon: a, b). With --at-event the orbit is "
              "a fixed point (or period-K point) of the model's map at that event, such as a walker's stride map "
              "continued in its slope (--param gamma). Steps that converge "
              "quickly grow (to --ds-max), slow or failed ones shrink; the branch ends below --ds-min, after "
              "--max-points points, or where the parameter leaves [--min, --max].\n"
              "\n"
              "Along the branch the nontrivial Floquet multipliers are watched: a real multiplier through +1 is a "
              "fold (LP, where the parameter turns back) or a branch point (BP), through -1 a period doubling "
              "(PD), a complex pair through |mu| = 1 a Neimark-Sacker point (NS). Each is located between two "
              "points by regula falsi on its test function, to --locate-tol in the arclength (and so in the "
              "parameter), and inserted in the branch. --switch-pd L switches onto the period-doubled branch at "
              "each period doubling, L doublings deep (the cascade). --restart continues from a point of a branch "
              "file (the problem options are given again): from a PD point with --switch-pd it switches there.",
          .output = "A summary of the branches and their special points on stdout, or with --json one object:\n"
                    "parameter, units, state_names, points, out\tthe continuation parameter, the number of points, "
                    "the file written\n"
                    "branches\t[{id, parent, parent_point, segments, end_reason}]\n"
                    "special_points\t[{index, branch, type, label, located, parameter, period, energy, state, "
                    "residual, multipliers, stability, ...}]\n"
                    "--out FILE.h5 writes every point (netCDF-4 layout: parameter, state, period, energy, "
                    "multipliers, stability, point_type, monodromy, ...); tools/plot_branch draws it.",
          .exit_status = common_exit_status("the start orbit was not found (the reason on stderr)"),
          .examples = "$ chaoskit continue --map henon --map-params a=0.1 --state 1.2,0.36 --param a \\\n"
                      "    --max 1.0 --switch-pd 2 --out henon.h5\n"
                      "The Henon map's fixed point from a = 0.1: its period doubling at a = 0.3675, the period-2 "
                      "branch and its own doubling at a = 0.9125, written to henon.h5.\n"
                      "$ chaoskit continue --restart henon.h5 --point PD1 --param a --map henon \\\n"
                      "    --max 1.0 --switch-pd 1 --out pd.h5 --json\n"
                      "The period-2 branch again, switched onto from the saved period doubling.\n"
                      "$ chaoskit continue --model chain --params chain1_rod --state 0.5,0 --period 1.7 \\\n"
                      "    --param energy --max 4 --max-points 40\n"
                      "The free rod pendulum's family of oscillations in energy.\n"
                      "$ chaoskit continue --model data/models/simplest_walker.toml --at-event heel_strike \\\n"
                      "    --state 0.2003109,0.4006218,-0.1998325,-0.0158 --param gamma --max 0.02 --switch-pd 3\n"
                      "The simplest walker's period-one gait in the slope: its period doubling and the doubled "
                      "gaits' cascade.",
          .environment =
              parameter_set_environment() + "OMP_NUM_THREADS\tThe thread count when --threads is 0 (default).\n",
      });
  opt->problem.add_to(cmd);
  cmd->add_option("--param", opt->param, "The continuation parameter: energy, an input (tau1), a [values] key, a map's")
      ->type_name("NAME");
  cmd->add_option("--min", opt->min, "Lower bound of the parameter: the branch ends there (default none)")
      ->type_name("VALUE");
  cmd->add_option("--max", opt->max, "Upper bound of the parameter (default none)")->type_name("VALUE");
  cmd->add_option("--direction", opt->direction, "+1 (default): the parameter increases first; -1: decreases")
      ->type_name("SIGN");
  cmd->add_option("--ds", opt->ds, "First step in the weighted arclength (default 0.01)")->type_name("STEP");
  cmd->add_option("--ds-min", opt->ds_min, "Smallest step: the branch ends below it (default 1e-8)")->type_name("STEP");
  cmd->add_option("--ds-max", opt->ds_max, "Largest step (default 0.1)")->type_name("STEP");
  cmd->add_option("--max-points", opt->max_points, "Points per branch at most (default 200)")->type_name("COUNT");
  cmd->add_option("--locate-tol", opt->locate_tol,
                  "Tolerance of located special points in the arclength (default 1e-10)")
      ->type_name("NUMBER");
  cmd->add_option("--switch-pd", opt->switch_pd,
                  "Switch onto the period-doubled branch at each period doubling, this many doublings deep (default 0)")
      ->type_name("LEVELS");
  cmd->add_option("--restart", opt->restart, "Start from a point of this branch file (with --point)")
      ->type_name("FILE");
  cmd->add_option("--point", opt->point,
                  "The restart point: its index in the file, or a label (PD1, LP2, BP1, NS1, end1)")
      ->type_name("LABEL");
  cmd->add_option("--out", opt->out, "Write the branches to FILE.h5")->type_name("FILE");
  cmd->add_flag("--force", opt->force, "Replace an existing --out file");
  cmd->add_flag("--json", opt->json, "Print one JSON object instead of text (keys under OUTPUT)");
  return [opt] { return run_continue(*opt); };
}

}  // namespace chaoskit::cli
