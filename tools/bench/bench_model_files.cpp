// chaoskit_bench_model_files: the cost of a model written as a TOML file (data/models/) against the
// built-in model it copies, on the job the issue names: λ_max throughput.
//
//   chaoskit_bench_model_files [--time 100] [--states 16] [--repeat 3] [--calls 1000000] [--model NAME]
//                              [--sweep-states 16 (0: no sweep table)]
//
// For golf, limb and lorenz: lyapunov_exponents<1> (one tangent vector, renormalised every 1 s,
// a default IntegratorOptions: dopri5 at rtol = atol = 1e-10, as callgrind's profile shows) on
// --states initial states, one thread, best of --repeat
// runs, for the built-in (hand-derived tangent rhs, scalar path) and for the file model (the
// compiled and optimised register program with dual numbers); then the time of one rhs and one tangent rhs
// (K = 1) call, averaged over --calls calls (0: none). --model golf|limb|lorenz runs that model
// alone (for a profile: valgrind --tool=callgrind ... --model golf --calls 0). Prints a Markdown
// table; tools/bench/RESULTS.md keeps it.
// Then the same comparison on sweep jobs as a user writes them (--sweep-states N² rest states, λ_max
// over --time s renormalised every 1 s, no [integrator]: the tangent flow's default, rkf78 on the
// widest SIMD lanes the CPU has, CHAOSKIT_SIMD to narrow it), computed by the sweep's own engine
// into memory on one thread, for the built-in and for its file: each runs its tangent flow on lanes
// (the file's program through simd/lane_program.hpp).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "chaoskit/indicators/instances.hpp"
#include "chaoskit/integrate/tangent_rhs.hpp"
#include "chaoskit/models/model_program_passes.hpp"
#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "chaoskit/simd/lane_dispatch.hpp"
#include "chaoskit/sweep/reading/job_reader.hpp"
#include "chaoskit/sweep/runs/memory_run.hpp"

using namespace chaoskit;
using Clock = std::chrono::steady_clock;

namespace {

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

template <class M>
double lyapunov_seconds(const M& model, const std::vector<Vec<double, M::state_dim>>& states, double time, int repeat,
                        double& checksum) {
  LyapunovOptions lo;
  lo.time = time;
  const IntegratorOptions io;
  double best = 1e300;
  for (int r = 0; r < repeat; ++r) {
    const auto t0 = Clock::now();
    checksum = 0;
    for (const auto& x : states)
      checksum += lyapunov_exponents<1>(model, x, InputSchedule(M::input_dim), lo, io).exponents[0];
    best = std::min(best, seconds_since(t0));
  }
  return best;
}

template <class M>
void call_times(const M& model, const Vec<double, M::state_dim>& x, int calls, double& rhs_ns, double& tangent_ns) {
  constexpr int n = M::state_dim;
  const Vec<double, M::input_dim> u = Vec<double, M::input_dim>::Zero();
  rhs_ns = tangent_ns = NAN;
  if (calls <= 0) return;
  Vec<double, n> acc = Vec<double, n>::Zero(), xi = x;
  auto t0 = Clock::now();
  for (int i = 0; i < calls; ++i) {
    xi(0) = x(0) + 1e-9 * (i & 7);  // keep the compiler from hoisting the call
    acc += model.rhs(xi, u, 0.0);
  }
  rhs_ns = 1e9 * seconds_since(t0) / calls;
  Mat<double, n, 1> W = Mat<double, n, 1>::Ones(), JW;
  Vec<double, n> f;
  t0 = Clock::now();
  for (int i = 0; i < calls; ++i) {
    xi(0) = x(0) + 1e-9 * (i & 7);
    tangent_rhs<1>(model, xi, u, 0.0, W, f, JW);
    acc += JW.col(0);
  }
  tangent_ns = 1e9 * seconds_since(t0) / calls;
  if (!std::isfinite(acc.sum())) std::printf("(non-finite checksum)\n");
}

/// "raw → optimised (sin/cos polynomials raw → optimised)" of the file's rhs program.
std::string program_sizes(const std::string& path) {
  const ParamFile f = read_param_file(path);
  ModelProgramStats raw, opt;
  (void)compile_model_program(f, false, &raw);
  (void)compile_model_program(f, true, &opt);
  return std::to_string(raw.instructions) + " → " + std::to_string(opt.instructions) + " (" +
         std::to_string(raw.trig_evaluations) + " → " + std::to_string(opt.trig_evaluations) + ")";
}

template <class B, class F>
void compare(const char* name, const B& builtin, const F& file, const std::vector<Vec<double, B::state_dim>>& states,
             double time, int repeat, int calls) {
  double cb = 0, cf = 0, rb, tb, rf, tf;
  const double sb = lyapunov_seconds(builtin, states, time, repeat, cb);
  const double sf = lyapunov_seconds(file, states, time, repeat, cf);
  call_times(builtin, states.front(), calls, rb, tb);
  call_times(file, states.front(), calls, rf, tf);
  const double nb = states.size() / sb, nf = states.size() / sf;
  std::printf("| %s | %.1f | %.1f | %.2f | %.0f / %.0f | %.0f / %.0f | %s |\n", name, nb, nf, nb / nf, rb, rf, tb, tf,
              program_sizes(file.source()).c_str());
}

/// A λ_max sweep of `side`² rest states of `model` (a name or a file), as a user writes it; for
/// Lorenz a line of starting points instead.
std::string lambda_job(const std::string& model, bool lorenz, int side, double time) {
  const std::string grid =
      lorenz ? "x = { linspace = [1.0, 2.5, " + std::to_string(side * side) + "] }\ny = 1.0\nz = 20.0\n"
             : "th1 = { linspace = [0.3, 2.5, " + std::to_string(side) + "] }\nth2 = { linspace = [-2.0, 2.0, " +
                   std::to_string(side) + "] }\ndth1 = 0.0\ndth2 = 0.0\n";
  return "[model]\nname = \"" + model + "\"\n[grid]\n" + grid +
         "[compute]\nlambda_max = { time = " + std::to_string(time) + ", renorm = 1 }\n";
}

/// Seconds of the best of `repeat` in-memory runs of the job on one thread, and its lane use.
double sweep_seconds(const std::string& text, int repeat, std::string& lanes, double& checksum) {
  const sweep::Job job = sweep::parse_job(text, "bench.toml");
  double best = 1e300;
  for (int r = 0; r < repeat; ++r) {
    const auto t0 = Clock::now();
    const sweep::MemoryRun run = sweep::compute_in_memory(job, 1, [] { return false; });
    best = std::min(best, seconds_since(t0));
    // The mean λ_max over the points, a check that both computed the same exponents.
    const int var = run.layout.find("lambda_max");
    checksum = 0;
    if (var >= 0)
      for (std::size_t p = 0; p < run.status.size(); ++p)
        checksum += *run.values.at<double>(static_cast<std::size_t>(var), p);
    checksum /= static_cast<double>(run.status.size());
    lanes = run.report.lane_steps > 0 ? "lanes" : "scalar";
  }
  return best;
}

void compare_sweeps(const char* name, const std::string& file, bool lorenz, int side, double time, int repeat) {
  std::string lanes_b, lanes_f;
  double cb = 0, cf = 0;
  const double sb = sweep_seconds(lambda_job(name, lorenz, side, time), repeat, lanes_b, cb);
  const double sf = sweep_seconds(lambda_job(file, lorenz, side, time), repeat, lanes_f, cf);
  const double points = static_cast<double>(side) * side;
  std::printf("| %s | %s: %.1f | %s: %.1f | %.2f | %.4f / %.4f |\n", name, lanes_b.c_str(), points / sb,
              lanes_f.c_str(), points / sf, sf / sb, cb, cf);
}

}  // namespace

int main(int argc, char** argv) {
  double time = 100.0;
  int n_states = 16, repeat = 3, calls = 1000000, sweep_side = 16;
  std::string only;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--time"))
      time = std::stod(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--states"))
      n_states = std::stoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--repeat"))
      repeat = std::stoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--calls"))
      calls = std::stoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--model"))
      only = argv[i + 1];
    else if (!std::strcmp(argv[i], "--sweep-states"))
      sweep_side = std::stoi(argv[i + 1]);
  }
  auto wanted = [&](const char* name) { return only.empty() || only == name; };
  const auto models = data_directory() / "models";
  std::vector<Vec<double, 4>> rest;  // rest states (θ1, θ2, 0, 0) spread over [0.3, 2.5] × [−2, 2]
  for (int k = 0; k < n_states; ++k)
    rest.emplace_back(0.3 + 2.2 * (k % 4) / 3.0, -2.0 + 4.0 * (k / 4 % 4) / 3.0, 0.0, 0.0);
  std::vector<Vec<double, 3>> flows;
  for (int k = 0; k < n_states; ++k) flows.emplace_back(1.0 + 0.1 * k, 1.0, 20.0);

  std::printf("λ_max over %g s, %d states, one thread, best of %d (traj/s); call times in ns\n\n", time, n_states,
              repeat);
  std::printf(
      "| model | built-in traj/s | file traj/s | ratio | rhs ns (built-in / file) | tangent rhs ns | instructions, raw "
      "→ optimised (sin/cos polynomials) |\n");
  std::printf("|---|---:|---:|---:|---:|---:|---:|\n");
  if (wanted("golf"))
    compare("golf", std::get<GolfModel>(make_model("golf")),
            std::get<FileModel<4>>(make_model((models / "golf.toml").string())), rest, time, repeat, calls);
  if (wanted("limb"))
    compare("limb", std::get<LimbModel>(make_model("limb")),
            std::get<FileModel<4>>(make_model((models / "limb.toml").string())), rest, time, repeat, calls);
  if (wanted("lorenz"))
    compare("lorenz", std::get<LorenzModel>(make_model("lorenz")),
            std::get<FileModel<3>>(make_model((models / "lorenz.toml").string())), flows, time, repeat, calls);
  if (sweep_side <= 0) return 0;
  std::printf(
      "\nSweep jobs as a user writes them: λ_max over %g s of %d states, no [integrator] (rkf78 at the "
      "defaults), one thread, vector path %s, best of %d (traj/s; the mean λ_max of each as a check)\n\n",
      time, sweep_side * sweep_side, simd::lane_path_description(simd::selected_lane_path()).c_str(), repeat);
  std::printf("| model | built-in traj/s | file traj/s | file ÷ built-in time | mean λ_max (built-in / file) |\n");
  std::printf("|---|---:|---:|---:|---:|\n");
  if (wanted("golf")) compare_sweeps("golf", (models / "golf.toml").string(), false, sweep_side, time, repeat);
  if (wanted("limb")) compare_sweeps("limb", (models / "limb.toml").string(), false, sweep_side, time, repeat);
  if (wanted("lorenz")) compare_sweeps("lorenz", (models / "lorenz.toml").string(), true, sweep_side, time, repeat);
  return 0;
}
