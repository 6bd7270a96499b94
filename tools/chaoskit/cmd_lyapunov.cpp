// `chaoskit lyapunov`: the largest Lyapunov exponent (one tangent vector) or, with --spectrum, the
// whole spectrum (Householder QR every --renorm seconds), each with a block-average error bar, a
// convergence flag and the running estimate (--history FILE.csv for a convergence plot).
#include <fstream>
#include <iomanip>
#include <iostream>

#include "chaoskit/indicators/fast_indicators.hpp"
#include "chaoskit/indicators/instances.hpp"
#include "chaoskit/indicators/lyapunov.hpp"
#include "chaoskit/indicators/orbit_classification.hpp"
#include "chaoskit/io/atomic_file.hpp"
#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "commands.hpp"
#include "integration_cli.hpp"
#include "json_writer.hpp"
#include "man_page.hpp"

namespace chaoskit::cli {

namespace {

struct LyapunovCliOptions {
  std::string model, state, time, transient = "0", renorm = "1", settle = "0", history;
  int blocks = 10;
  bool spectrum = false, json = false, indicators = false;
  IntegrationCliOptions common;
};

void write_history(const std::string& path, const LyapunovResult& r) {
  io::AtomicFile file(path);
  std::ofstream out(file.temp_path());
  if (!out) throw InputError("--history", "cannot write '" + path + "'");
  out << std::setprecision(17) << "t";
  for (std::size_t i = 0; i < r.exponents.size(); ++i) out << ",lambda_" << i + 1;
  out << "\n";
  for (std::size_t k = 0; k < r.history_t.size(); ++k) {
    out << r.history_t[k];
    for (double v : r.history[k]) out << "," << v;
    out << "\n";
  }
  out.close();
  if (!out) throw std::runtime_error("writing '" + path + "' failed");
  file.commit();
}

template <Model M>
int run_model(const M& model, const LyapunovCliOptions& opt, const std::string& params_label) {
  constexpr int kStates = M::state_dim;
  const int n = state_count(model);
  const std::vector<double> xs = parse_number_list(opt.state, "--state", model.state_names());
  const Vec<double, kStates> x0 = Eigen::Map<const Vec<double, kStates>>(xs.data(), n);
  LyapunovOptions lo;
  lo.time = parse_duration(opt.time);
  lo.transient = parse_number(opt.transient, "--transient");
  lo.renorm = parse_number(opt.renorm, "--renorm");
  lo.settle_tol = parse_number(opt.settle, "--settle");
  lo.blocks = opt.blocks;
  // SALI's two deviation vectors need two states: refused before lambda is computed, not after.
  if (opt.indicators) require_two_deviation_vectors(n, "--indicators", "SALI and GALI follow");
  const IntegratorOptions io = opt.common.integrator(Workload::tangent_flow);
  const InputSchedule inputs = opt.common.schedule(input_count(model), input_names_of(model), opt.model);
  const LyapunovResult r = opt.spectrum ? lyapunov_exponents<kStates>(model, x0, inputs, lo, io)
                                        : lyapunov_exponents<1>(model, x0, inputs, lo, io);
  if (!r.report.ok()) {
    std::cerr << "chaoskit: integration failed at t = " << r.report.t << " s: " << status_name(r.report.status) << " ("
              << status_explanation(r.report.status) << ")\n";
    return 1;
  }
  if (!opt.history.empty()) write_history(opt.history, r);

  // Fast indicators over the same time span (after the same transient state is not needed:
  // they start from x0 and run --time seconds).
  AlignmentResult align;
  MegnoResult meg;
  if (opt.indicators) {
    FastIndicatorOptions fo;
    fo.time = lo.time;
    fo.renorm = lo.renorm;
    align = alignment_indices<kStates>(model, x0, inputs, fo, io);
    meg = megno(model, x0, inputs, fo, io);
    if (!align.report.ok() || !meg.report.ok()) {
      std::cerr << "chaoskit: integration of the indicators failed: "
                << status_name(align.report.ok() ? meg.report.status : align.report.status) << "\n";
      return 1;
    }
  }

  if (opt.json) {
    JsonWriter w(std::cout);
    w.begin_object().field("model", opt.model).field("params", params_label).field("state", x0);
    w.field("lambda_max", r.exponents[0]).field("lambda_max_error", r.errors[0]);
    if (opt.spectrum) w.field("spectrum", r.exponents).field("spectrum_error", r.errors);
    w.field("converged", r.converged).field("half_time_estimate", r.half_time_estimate);
    w.field("stopped_early", r.stopped_early).field("time", r.elapsed).field("transient", lo.transient);
    w.field("renorm", lo.renorm).field("blocks", lo.blocks).field("energy_drift", r.energy_drift);
    w.field("status", status_name(r.report.status)).field("steps", static_cast<double>(r.report.accepted));
    w.field("integrator", describe_integrator(io)).field("inputs", inputs.describe());
    if (opt.indicators) {
      w.field("sali", align.sali).field("sali_min", align.sali_min).field("gali", align.gali).field("megno", meg.megno);
      w.key("classification").begin_object().field("lyapunov", orbit_class_name(classify_lyapunov(r)));
      w.field("sali", orbit_class_name(align.sali_class)).field("gali", orbit_class_name(align.gali_class));
      w.field("megno", orbit_class_name(meg.megno_class));
      w.field("verdict", orbit_class_name(agreed_class(classify_lyapunov(r), align.sali_class))).end_object();
    }
    w.key("history").begin_object().field("t", r.history_t).key("lambda").begin_array();
    for (const auto& row : r.history) w.value(row);
    w.end_array().end_object().end_object();
    std::cout << "\n";
    return 0;
  }
  std::ostream& o = std::cout;
  o << std::setprecision(6);
  o << "model " << opt.model << "  params " << params_label << "  state " << x0.transpose() << "\n";
  o << "averaged over " << r.elapsed << " s after a " << lo.transient << " s transient, renormalised every "
    << lo.renorm << " s, " << describe_integrator(io) << "\n";
  if (opt.spectrum) {
    for (std::size_t i = 0; i < r.exponents.size(); ++i)
      o << "  lambda_" << i + 1 << " = " << std::setw(12) << r.exponents[i] << " +- " << r.errors[i] << " 1/s\n";
    double sum = 0;
    for (double v : r.exponents) sum += v;
    o << "  sum       = " << std::setw(12) << sum << " 1/s\n";
  } else {
    o << "  lambda_max = " << r.exponents[0] << " +- " << r.errors[0] << " 1/s\n";
  }
  o << "  estimate at T/2 = " << r.half_time_estimate
    << " 1/s: " << (r.converged ? "settled (within 3 error bars)" : "NOT settled: lengthen --time") << "\n";
  if (std::abs(r.exponents[0]) <= 3 * r.errors[0])
    o << "  lambda_max is consistent with 0 within 3 error bars: no evidence of chaos at this T\n";
  if (std::isfinite(r.energy_drift)) o << "  relative energy drift " << r.energy_drift << "\n";
  if (r.stopped_early) o << "  stopped early: settled to --settle " << lo.settle_tol << "\n";
  o << "  classification from lambda_max: " << orbit_class_name(classify_lyapunov(r)) << "\n";
  if (opt.indicators) {
    o << "  SALI  = " << align.sali << " (min " << align.sali_min << "): " << orbit_class_name(align.sali_class)
      << "   [chaotic < 1e-8, regular > 1e-4]\n";
    o << "  GALI_2..GALI_" << n << " =";
    for (double g : align.gali) o << " " << g;
    o << ": " << orbit_class_name(align.gali_class) << "\n";
    o << "  MEGNO <Y> = " << meg.megno << ": " << orbit_class_name(meg.megno_class)
      << "   [regular < 2.5, chaotic > 4]\n";
    o << "  verdict (lambda_max and SALI must agree): "
      << orbit_class_name(agreed_class(classify_lyapunov(r), align.sali_class)) << "\n";
  }
  return 0;
}

int run_lyapunov(const LyapunovCliOptions& opt) {
  return with_model(opt.model, opt.common.params,
                    [&](const auto& m, const std::string& label) { return run_model(m, opt, label); });
}

}  // namespace

CommandRunner register_lyapunov_command(CLI::App& app) {
  auto opt = std::make_shared<LyapunovCliOptions>();
  CLI::App* cmd = app.add_subcommand("lyapunov");
  set_man_page(
      cmd,
      {
          .summary = "the largest Lyapunov exponent or the whole spectrum, with error bars",
          .synopsis = "chaoskit lyapunov --model NAME --state LIST --time SECONDS [--spectrum] [--indicators] "
                      "[OPTIONS]",
          .description = "Integrates the orbit from --state together with its tangent flow (variational equations, "
                         "Jacobians by automatic differentiation) and averages the logarithmic growth of deviation "
                         "vectors over --time seconds after a discarded --transient: the largest exponent lambda_max "
                         "with one vector, or with --spectrum all exponents, re-orthonormalising by Householder QR "
                         "every --renorm seconds (Benettin et al. 1980).\n"
                         "\n"
                         "The error bar is the standard error of --blocks block averages. The estimate has settled "
                         "when the estimates at T and T/2 agree within 3 error bars. A regular orbit's estimate keeps "
                         "decaying like log(t)/t and stays within its error bar of 0, so read the error bar and the "
                         "T/2 estimate, never a bare finite-time number. The relative energy drift of the orbit "
                         "(models with an energy) checks the integration. --indicators adds SALI (chaotic < 1e-8, "
                         "regular > 1e-4), GALI_2..GALI_n and MEGNO <Y> (regular < 2.5, chaotic > 4) over the same "
                         "--time, and a verdict that needs lambda_max and SALI to agree.",
          .output = "Text on stdout, or with --json one JSON object:\n"
                    "lambda_max, lambda_max_error\tthe largest exponent and its error bar [1/s]\n"
                    "spectrum, spectrum_error\t(--spectrum) every exponent, largest first [1/s]\n"
                    "converged, half_time_estimate\testimates at T and T/2 within 3 error bars; the estimate at T/2\n"
                    "stopped_early, time\t--settle reached; the averaging time used [s]\n"
                    "energy_drift\t|E(T) - E(0)| / |E(0)| at the end of the orbit (null for models without an energy)\n"
                    "status, steps, integrator, inputs\tthe integration's outcome and settings\n"
                    "sali, sali_min, gali, megno, classification\t(--indicators) the indicators and the class "
                    "from each: regular, chaotic or undecided\n"
                    "history\t{t, lambda}: the running estimate after every renormalisation\n"
                    "With --history FILE.csv the running estimate is also written as CSV (columns t, lambda_1, ..), "
                    "under a temporary name renamed when complete.",
          .exit_status = common_exit_status("the integration failed: step_underflow, non_finite or max_steps; "
                                            "the status and time are printed"),
          .examples = "$ chaoskit lyapunov --model golf --state 2,-1,0,0 --time 200 --transient 10 --spectrum\n"
                      "The four exponents of a free golf swing at high energy; they come in pairs +-lambda.\n"
                      "$ chaoskit lyapunov --model henon_heiles --state 0,0.1,0.3,0 --time 500 --indicators \\\n"
                      "    --history lam.csv\n"
                      "lambda_max with SALI, GALI and MEGNO for the Henon-Heiles system, and the running estimate "
                      "in lam.csv for a convergence plot.",
          .environment = parameter_set_environment(),
      });
  add_model_state_time(cmd, opt->model, opt->state, opt->time,
                       "Averaging time T after the transient [s] (> 0; the error bar shrinks like 1/sqrt(T))");
  cmd->add_option("--transient", opt->transient, "Time integrated and discarded before averaging [s] (default 0)")
      ->type_name("SECONDS");
  cmd->add_option(
         "--renorm", opt->renorm,
         "Interval between re-orthonormalisations of the deviation vectors [s] (default 1; > 0, at most --time)")
      ->type_name("SECONDS");
  cmd->add_option("--blocks", opt->blocks, "Number of blocks of the block-average error bar (default 10; >= 2)")
      ->type_name("COUNT");
  cmd->add_option("--settle", opt->settle,
                  "Stop early once lambda_max has settled to within this tolerance [1/s] (default 0: off, run "
                  "the whole --time)")
      ->type_name("TOL");
  cmd->add_flag("--spectrum", opt->spectrum, "Compute every exponent (default: the largest only)");
  cmd->add_flag("--indicators", opt->indicators,
                "Also compute SALI, GALI_2..GALI_n and MEGNO over --time and classify the orbit with each");
  cmd->add_option("--history", opt->history, "Write the running estimate to this CSV file (columns t, lambda_1..k)")
      ->type_name("FILE");
  cmd->add_flag("--json", opt->json, "Print one JSON object instead of text (keys under OUTPUT)");
  opt->common.add_to(cmd);
  return [opt] { return run_lyapunov(*opt); };
}

}  // namespace chaoskit::cli
