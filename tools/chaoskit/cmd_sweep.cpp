// `chaoskit sweep JOB.toml`: runs a job's grid in parallel into one HDF5 results file, with
// progress on stderr, --resume after any interruption and --force to replace a finished file.
#include <omp.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <iterator>
#include <optional>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/sweep/quantities/results_layout.hpp"
#include "chaoskit/sweep/reading/energy_sample.hpp"
#include "chaoskit/sweep/reading/job_reader.hpp"
#include "chaoskit/sweep/runs/results_file.hpp"
#include "chaoskit/sweep/runs/runner.hpp"
#include "commands.hpp"
#include "json_writer.hpp"
#include "man_page.hpp"
#include "sweep_launch.hpp"

namespace chaoskit::cli {

namespace {

struct SweepCliOptions {
  std::string job, out, progress = "auto";
  int threads = 0;
  double log_interval = 10.0;
  bool resume = false, force = false, json = false, dry_run = false;
};

void print_plan(const sweep::Job& job, const std::string& out) {
  const sweep::ResultsLayout layout = sweep::results_layout(job);
  std::cout << "job " << job.source << ": model " << job.model_name << ", params " << job.params.label << "\n";
  if (job.point_source == sweep::PointSource::point_list) {
    // The list's size and where it comes from, then each column's range over the rows.
    const sweep::PointTable& t = job.points.table;
    std::cout << "points " << t.rows() << " from " << t.file << " (lines " << t.lines.front() << ".." << t.lines.back()
              << "), dimension point[" << t.rows() << "]:";
    for (std::size_t c = 0; c < job.points.columns.size(); ++c) {
      double lo = t.row(0)[c], hi = lo;
      for (std::size_t r = 1; r < t.rows(); ++r) lo = std::min(lo, t.row(r)[c]), hi = std::max(hi, t.row(r)[c]);
      const auto& col = job.points.columns[c];
      std::cout << "  " << col.name << " " << lo << ".." << hi << " " << col.units << " ("
                << sweep::target_name(col.target) << ")";
    }
  } else if (job.point_source == sweep::PointSource::energy_sample) {
    std::cout << sweep::describe_sample(job);
  } else {
    std::cout << "grid " << job.point_count() << " points:";
    for (const auto& a : job.axes)
      std::cout << "  " << a.name << "[" << a.values.size() << "] " << a.values.front() << ".." << a.values.back()
                << " " << a.units << " (" << sweep::target_name(a.target) << ")";
  }
  std::cout << "\n";
  for (const auto& f : job.fixed) std::cout << "fixed " << f.name << " = " << f.values[0] << " " << f.units << "\n";
  std::cout << "variables:";
  for (const auto& v : layout.variables) std::cout << " " << v.name;
  std::cout << " status\noutput " << out << " (about " << sweep::estimated_file_bytes(job) / 1e6
            << " MB while running, compressed when complete)\n";
  std::cout << "memory about " << sweep::estimated_memory_bytes(job) / 1e6 << " MB for the "
            << (job.point_source == sweep::PointSource::point_list      ? "point list and its"
                : job.point_source == sweep::PointSource::energy_sample ? "sample's"
                                                                        : "grid's")
            << " bookkeeping\n";
}

void print_summary(const sweep::SweepSummary& s, bool json) {
  if (json) {
    JsonWriter w(std::cout);
    w.begin_object().field("output", s.output).field("points", static_cast<double>(s.total));
    w.field("already_done", static_cast<double>(s.already_done)).field("computed", static_cast<double>(s.computed));
    w.field("failed", static_cast<double>(s.failed))
        .field("seconds", s.seconds)
        .field("write_seconds", s.write_seconds);
    w.field("threads", static_cast<double>(s.threads)).field("ranks", static_cast<double>(s.ranks));
    if (s.ranks == 1) w.field("compute_seconds", s.compute_seconds);
    if (s.ranks > 1) {
      w.field("work_units", static_cast<double>(s.units)).field("messages", static_cast<double>(s.messages));
      w.field("message_bytes", static_cast<double>(s.message_bytes))
          .field("coordinator_seconds", s.coordinator_seconds);
      w.field("writes", static_cast<double>(s.writes));
    }
    w.field("finalized", s.finalized).field("interrupted", s.interrupted).end_object();
    std::cout << "\n";
    return;
  }
  std::cout << std::setprecision(4) << s.output << ": " << s.already_done + s.computed << "/" << s.total
            << " points done (" << s.computed << " in this run, " << s.seconds << " s on ";
  if (s.ranks > 1) std::cout << s.ranks << " ranks x ";
  std::cout << s.threads << " threads, " << s.write_seconds << " s writing)";
  if (s.failed) std::cout << ", " << s.failed << " failed (see the status variable)";
  std::cout << (s.finalized ? ", complete" : ", incomplete: run again with --resume") << "\n";
}

/// This process's command line (Linux /proc), for the results' provenance.
std::string own_command_line() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>()), out;
  for (char c : all) out += c == '\0' ? ' ' : c;
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

int run_sweep_command(const SweepCliOptions& opt) {
  try {
    const SweepLaunch launch;  // MPI build: one rank of the job (1 without mpirun)
    std::optional<sweep::Job> job;
    // Every rank reads the job (a cluster's file system is shared); an error is printed once.
    launch.agree([&] {
      if (opt.threads < 0) throw InputError("--threads", "must be >= 1 (or 0 for all cores)");
      if (!(opt.log_interval > 0)) throw InputError("--log-interval", "must be > 0 s");
      if (opt.resume && opt.force) throw InputError("--force", "give either --resume or --force, not both");
      job.emplace(sweep::read_job_file(opt.job));
      // The runner refuses an existing file too, in its own words; here the user learns the flags.
      const std::string target = opt.out.empty() ? job->output : opt.out;
      if (!opt.dry_run && !opt.resume && !opt.force && std::filesystem::exists(target))
        throw InputError(opt.out.empty() ? "output.file" : "--out",
                         "'" + target + "' exists (use --resume to continue it or --force to replace it)");
    });
    sweep::SweepOptions so;
    so.output = opt.out;
    so.threads = opt.threads;
    so.resume = opt.resume;
    so.force = opt.force;
    so.progress = sweep::parse_progress_mode(opt.progress, "--progress");
    so.log_interval = opt.log_interval;
    so.command_line = own_command_line();
    so.ranks = launch.ranks();
    const std::string out = opt.out.empty() ? job->output : opt.out;
    if (opt.dry_run) {
      if (launch.reports()) print_plan(*job, out);
      return 0;
    }
    const sweep::SweepSummary s = launch.run(*job, so);
    if (launch.reports()) print_summary(s, opt.json);
    return s.interrupted ? 128 + s.signal : 0;
  } catch (const sweep::ReportedElsewhere& e) { return e.exit_code; }
}

}  // namespace

CommandRunner register_sweep_command(CLI::App& app) {
  auto opt = std::make_shared<SweepCliOptions>();
  CLI::App* cmd = app.add_subcommand("sweep");
  set_man_page(
      cmd,
      {
          .summary = "compute quantities at every point of a grid into one HDF5 results file",
          .synopsis = "chaoskit sweep JOB.toml [--out FILE.h5] [--threads N] [--resume | --force] [--dry-run] "
                      "[OPTIONS]\n"
                      "mpirun -n RANKS chaoskit sweep JOB.toml [OPTIONS]   (an MPI build, -DCHAOSKIT_MPI=ON)",
          .description =
              "Runs a sweep job: a TOML file naming a model and parameter set, a grid (axes over state "
              "components, the energy, model parameters or input parameters; single values fix the rest) "
              "or a list of points ([points] file = \"states.csv\": a header of the same names, one row "
              "per point; the results then have one dimension, point, and store each column and the "
              "initial state integrated), or random states on energy surfaces ([sample] energy = levels in "
              "J, n per level, measure = \"liouville\" | \"section\", seed: dimensions energy and sample, the "
              "states stored as initial_state, for the chaotic fraction of each surface) "
              "and the quantities to compute at each point (lambda_max, spectrum, stm, ftle, sali, "
              "megno, orbit_class, final_state, endpoint_sensitivity, section, basin). The points run in "
              "parallel on OpenMP threads and stream into one HDF5 results file in netCDF-4 layout, "
              "with every point's status (1 ok, 2 step underflow, 3 non-finite, 4 step budget, 5 no "
              "admissible state, 6 internal error, 0 not computed yet) and the job, parameters, "
              "chaoskit version and commit as provenance. The job file reference is "
              "src/chaoskit/sweep/README.md.\n"
              "\n"
              "Results are bit-identical for any thread count, MPI rank count and interruption history. "
              "A killed sweep keeps every batch written: the same command with --resume computes only "
              "the rest (and refuses a file of a different job or chaoskit build, naming the first "
              "difference). SIGINT and SIGTERM finish the points in flight, save them and exit with "
              "128+signal. An existing file is never replaced without --force, and a sweep that would "
              "not fit on the disk is refused before it starts. The file is compressed when the last "
              "point is written.\n"
              "\n"
              "An MPI build spreads the grid over ranks (mpirun -n N chaoskit sweep JOB, "
              "tools/cluster/README.md) and writes the same file; --threads then counts per rank.",
          .output = "The results file: --out, else the [output] file of the job, else JOB.h5 beside the job "
                    "file. Progress on stderr. A summary line on stdout, or with --json one JSON object: "
                    "output, points, already_done, computed, failed, seconds, write_seconds, threads, ranks, "
                    "finalized (complete and compressed), interrupted, compute_seconds (of seconds, the time "
                    "computing the points; the rest is the file's creation, writes and compression) without "
                    "MPI, and under MPI work_units, messages, "
                    "message_bytes, coordinator_seconds, writes. --dry-run prints the grid, the variables and "
                    "the expected file size instead.",
          .exit_status = common_exit_status("e.g. a write error or a full disk while the sweep runs") +
                         "128+N\tStopped by signal N (130 for SIGINT, 143 for SIGTERM) after saving the points in "
                         "flight; the file is incomplete and --resume continues it.\n",
          .examples = "A 3 x 3 grid of golf-swing states, lambda_max over 20 s at each:\n"
                      "$ cat > quick.toml <<'EOF'\n"
                      "[model]\n"
                      "name = \"golf\"\n"
                      "[grid]\n"
                      "th1 = { linspace = [0.5, 2.5, 3] }\n"
                      "th2 = { linspace = [-1.0, 1.0, 3] }\n"
                      "[compute]\n"
                      "lambda_max = { time = 20.0 }\n"
                      "EOF\n"
                      "$ chaoskit sweep quick.toml --dry-run\n"
                      "Checks the job and prints the grid, the variables and the file size; computes nothing.\n"
                      "$ chaoskit sweep quick.toml --threads 2 --progress log\n"
                      "Writes quick.h5 beside the job; chaoskit query quick.h5 describe shows what is in it.\n"
                      "$ chaoskit sweep quick.toml --resume --json\n"
                      "After an interruption, computes the points still missing (here none) and prints the "
                      "summary as JSON.",
          .environment = parameter_set_environment() +
                         "OMP_NUM_THREADS\tThe thread count when --threads is 0 (default): otherwise every core this "
                         "process may use.\n",
      });
  cmd->add_option("job", opt->job, "The job file (TOML; reference: src/chaoskit/sweep/README.md)")->required();
  cmd->add_option("--out", opt->out,
                  "Results file (default: the [output] file of the job, else JOB.h5 beside the job file)")
      ->type_name("FILE");
  cmd->add_option("--threads", opt->threads,
                  "OpenMP threads, per rank under mpirun (default 0: OMP_NUM_THREADS or the cores this process "
                  "may use); the results do not depend on it")
      ->type_name("N");
  cmd->add_flag("--resume", opt->resume,
                "Continue an interrupted sweep of the same job and build, computing only the missing points "
                "(starts a new file if none exists)");
  cmd->add_flag("--force", opt->force, "Replace an existing results file (not with --resume)");
  cmd->add_option("--progress", opt->progress,
                  "Progress on stderr: auto (default: a bar on a terminal, else log lines) | bar | log | quiet")
      ->type_name("MODE");
  cmd->add_option("--log-interval", opt->log_interval, "Seconds between progress lines in log mode (default 10; > 0)")
      ->type_name("SECONDS");
  cmd->add_flag("--dry-run", opt->dry_run,
                "Check the job and print the grid, the variables and the file size; compute nothing");
  cmd->add_flag("--json", opt->json, "Print the summary as one JSON object (keys under OUTPUT)");
  return [opt] { return run_sweep_command(*opt); };
}

}  // namespace chaoskit::cli
