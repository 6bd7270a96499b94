// `chaoskit periodic`: a periodic orbit of a model's flow (the period unknown, or fixed by a forcing
// period) or a fixed point / period-k orbit of an explicit map, by Newton on single or multiple
// shooting with the state-transition matrices as the Jacobian (src/chaoskit/periodic/orbit.hpp);
// prints the orbit, its residual, the monodromy matrix and the Floquet multipliers with the trivial
// ones identified and the stability verdict; --out writes the orbit as a one-point branch file.
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

struct PeriodicCommandOptions {
  PeriodicCliOptions problem;
  std::string out;
  bool force = false, json = false;
};

int run_periodic(const PeriodicCommandOptions& opt) {
  const CliProblem cp = parse_problem(opt.problem);
  if (!opt.out.empty()) {
    if (std::filesystem::exists(opt.out) && !opt.force)
      throw InputError("--out", "'" + opt.out + "' exists (use --force to replace it)");
    if (const auto dir = std::filesystem::path(opt.out).parent_path();
        !dir.empty() && !std::filesystem::is_directory(dir))
      throw InputError("--out", "directory '" + dir.string() + "' does not exist");
  }
  const periodic::PeriodicProblem problem = build_problem(cp);
  periodic::OrbitGuess guess;
  guess.points = {cp.state};
  guess.period = cp.period;
  const periodic::PeriodicOrbit o = periodic::find_periodic_orbit(problem, guess, cp.orbit);
  const std::string what = cp.is_map ? cp.map : opt.problem.model;

  if (opt.json) {
    JsonWriter w(std::cout);
    w.begin_object().field(cp.is_map ? "map" : "model", what);
    if (!cp.is_map) w.field("params", cp.params_label).field("integrator", describe_integrator(cp.integrator));
    if (!cp.is_map) w.field("inputs", cp.inputs_text);
    if (cp.flow.section.active()) w.field("at_event", cp.flow.section.event);
    w.field("kind", periodic::problem_kind_name(problem.kind)).field("conservative", problem.conservative());
    w.field("status", periodic::orbit_status_name(o.status)).field("message", o.message);
    w.field("iterations", o.iterations).field("residual", o.residual).field("segments", o.segments);
    w.field("state_names", cp.state_names);
    if (o.converged()) {
      w.field("state", o.points.front());
      w.key("points").begin_array();
      for (const auto& x : o.points) w.value(x);
      w.end_array();
      w.field("period", o.period).field("return_time", o.return_time).field("energy", o.energy).field("beta", o.beta);
      w.field("monodromy", o.monodromy);
      write_multipliers(w, o.floquet);
    }
    w.end_object();
    std::cout << "\n";
  } else if (o.converged()) {
    std::ostream& s = std::cout;
    s << std::setprecision(12);
    s << (cp.is_map ? "map " : "model ") << what;
    if (!cp.is_map) s << "  params " << cp.params_label << "\nintegrator " << describe_integrator(cp.integrator);
    s << "\nproblem " << periodic::problem_kind_name(problem.kind) << (problem.conservative() ? ", conservative" : "");
    if (cp.flow.section.active()) s << " at event " << cp.flow.section.event;
    s << ", " << o.segments << (problem.is_flow() ? " segment(s)" : " iterate(s)") << "\n" << o.message << "\n";
    s << "state";
    for (std::size_t i = 0; i < cp.state_names.size(); ++i)
      s << "  " << cp.state_names[i] << " = " << o.points.front()(static_cast<Eigen::Index>(i));
    s << "\n";
    if (problem.is_flow()) s << "period T = " << o.period << " s\n";
    if (!problem.is_flow() && std::isfinite(o.return_time))
      s << (cp.flow.section.active() ? "step time = " : "return time = ") << o.return_time
        << (cp.flow.section.active() && o.segments > 1 ? " (all " + std::to_string(o.segments) + " steps)" : "")
        << " s\n";
    if (problem.conservative()) s << "energy E = " << o.energy << " J  (unfolding beta = " << o.beta << ")\n";
    s << "monodromy matrix:\n";
    for (Eigen::Index i = 0; i < o.monodromy.rows(); ++i) {
      s << " ";
      for (Eigen::Index j = 0; j < o.monodromy.cols(); ++j) s << std::setw(20) << o.monodromy(i, j);
      s << "\n";
    }
    print_multipliers(s, o.floquet);
  }
  if (!o.converged()) {
    std::cerr << "chaoskit: no periodic orbit: " << o.message << "\n";
    return 1;
  }
  if (!opt.out.empty()) {
    io::Attributes attrs{{"command_line", command_line()}, {"content", std::string("orbit")}};
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
    attrs["kind"] = std::string(periodic::problem_kind_name(problem.kind));
    attrs["status"] = std::string(periodic::orbit_status_name(o.status));
    attrs["message"] = o.message;
    attrs["conservative"] = std::string(problem.conservative() ? "yes" : "no");
    write_branch_file(opt.out, periodic::orbit_result(o, "a single orbit (chaoskit periodic)"), attrs, opt.force);
  }
  return 0;
}

}  // namespace

CommandRunner register_periodic_command(CLI::App& app) {
  auto opt = std::make_shared<PeriodicCommandOptions>();
  CLI::App* cmd = app.add_subcommand("periodic");
  set_man_page(
      cmd,
      {
          .summary = "a periodic orbit (or a map's periodic point), its Floquet multipliers and its stability",
          .synopsis = "chaoskit periodic --model NAME --state LIST --period SECONDS [--segments M] [OPTIONS]\n"
                      "chaoskit periodic --model NAME --state LIST --forcing-period SECONDS [--iterates K] [OPTIONS]\n"
                      "chaoskit periodic --model FILE.toml --at-event NAME --state LIST [--iterates K] [OPTIONS]\n"
                      "chaoskit periodic --map henon [--map-params a=A,b=B] --state LIST [--iterates K] [OPTIONS]",
          .description =
              "Finds a periodic orbit near the guess --state by Newton's method on the shooting equations, with the "
              "state-transition matrices of the variational equations (or the map's Jacobian) as the Jacobian. With "
              "--segments M > 1 the orbit is cut into M segments solved together (multiple shooting), which "
              "converges to unstable orbits that single shooting cannot hold.\n"
              "\n"
              "An autonomous flow's period is an unknown (give a guess with --period); a phase condition (the orbit's "
              "start stays on the hyperplane through the guess normal to the flow) removes the time shift. A "
              "conservative flow (detected, or --conservative yes) has its periodic orbits in families of energy: "
              "the energy is fixed (--energy, default the guess's) and an unfolding parameter beta, which is 0 at a "
              "solution, makes the equations square. A forced flow (--forcing-period) has its period fixed: the orbit "
              "is a fixed point (or with --iterates K a period-K point) of the stroboscopic map. --map henon finds "
              "fixed points and period-K orbits of the Henon map. --at-event NAME takes a model with events (a "
              "walker) at that event: the map from the state just after one occurrence to the state just after the "
              "next (a stride map from heel strike to heel strike), with its Jacobian through the saltation "
              "matrices; --state is a state just after the event, and the step time is reported. Its trivial "
              "multipliers are 0: the flow direction (section), and the directions an impact of lower rank "
              "erases (impact). A step that does not reach the event within --max-time fails with 'guard not "
              "reached'.\n"
              "\n"
              "Reports the orbit, its period, the shooting residual (converged when max |residual| <= --tol), the "
              "monodromy matrix and the Floquet multipliers: the trivial ones (+1 along the flow, +1 for the "
              "energy of a conservative flow) are identified by deflation, and the verdict is asymptotically_stable "
              "(every other |mu| < 1 - 1e-6), unstable (some |mu| > 1 + 1e-6) or linearly_stable (on the unit "
              "circle, as a conservative system's elliptic orbits). A failure says why in one line: no "
              "convergence, a singular Jacobian, or a failed integration.",
          .output =
              "Text on stdout, or with --json one JSON object:\n"
              "status, message\tconverged | no_convergence | singular_jacobian | step_failed | equilibrium | unfolded, "
              "and the one-line reason\n"
              "state, points, period, return_time, energy, beta\tx_0, every segment's start, T [s], the "
              "steps' time [s], E [J], the unfolding parameter\n"
              "iterations, residual, segments\tNewton iterations, max |residual|, segments (maps: the period K)\n"
              "monodromy, multipliers\tthe monodromy matrix; [{re, im, abs, arg, trivial, origin}]\n"
              "stability, max_multiplier, unstable_multipliers\tthe verdict and its evidence\n"
              "model | map, params, integrator, inputs, kind, conservative, state_names\tprovenance\n"
              "--out FILE.h5 writes the orbit in the branch file layout of chaoskit continue (one point).",
          .exit_status = common_exit_status("no periodic orbit was found (the reason on stderr)"),
          .examples = "$ chaoskit periodic --model chain --params chain1_rod --state 2,0 --period 2\n"
                      "The free rod pendulum's orbit of amplitude 2 rad: its period (4 K(sin 1) / omega0) and its two "
                      "trivial multipliers.\n"
                      "$ chaoskit periodic --model lorenz --state -13.76,-19.58,27 --period 1.5587 \\\n"
                      "    --segments 4 --json\n"
                      "The Lorenz system's shortest unstable periodic orbit (AB) by multiple shooting, as JSON.\n"
                      "$ chaoskit periodic --map henon --map-params a=1.2 --state 0.6,0.2 --iterates 2\n"
                      "A period-2 orbit of the Henon map at a = 1.2.\n"
                      "$ chaoskit periodic --model data/models/simplest_walker.toml --at-event heel_strike \\\n"
                      "    --state 0.2003109,0.4006218,-0.1998325,-0.0158\n"
                      "The simplest walker's period-one gait at slope 0.009 (Garcia et al. 1998), its step time and "
                      "its two nontrivial stride-map eigenvalues.",
          .environment =
              parameter_set_environment() + "OMP_NUM_THREADS\tThe thread count when --threads is 0 (default).\n",
      });
  opt->problem.add_to(cmd);
  cmd->add_option("--out", opt->out, "Also write the orbit to FILE.h5 (the branch file layout, one point)")
      ->type_name("FILE");
  cmd->add_flag("--force", opt->force, "Replace an existing --out file");
  cmd->add_flag("--json", opt->json, "Print one JSON object instead of text (keys under OUTPUT)");
  return [opt] { return run_periodic(*opt); };
}

}  // namespace chaoskit::cli
