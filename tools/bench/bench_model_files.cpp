// chaoskit_bench_model_files: the cost of a model written as a TOML file (data/models/) against the
// built-in model it copies, on the job the issue names: λ_max throughput.
//
//   chaoskit_bench_model_files [--time 100] [--states 16] [--repeat 3] [--calls 1000000] [--model NAME]
//
// For golf, limb and lorenz: lyapunov_exponents<1> (one tangent vector, renormalised every 1 s,
// a default IntegratorOptions: dopri5 at rtol = atol = 1e-10, as callgrind's profile shows) on
// --states initial states, one thread, best of --repeat
// runs, for the built-in (hand-derived tangent rhs, scalar path) and for the file model (the
// compiled and optimised register program with dual numbers); then the time of one rhs and one tangent rhs
// (K = 1) call, averaged over --calls calls (0: none). --model golf|limb|lorenz runs that model
// alone (for a profile: valgrind --tool=callgrind ... --model golf --calls 0). Prints a Markdown
// table; tools/bench/RESULTS.md keeps it.
// The sweep's SIMD lanes, which the built-in golf and limb also have, are not used here: a model
// file runs on the scalar path only, so the built-in's lane throughput (README.md) is a further
// factor of 2 (AVX2) to 4 (AVX-512) beyond the ratios below.
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

}  // namespace

int main(int argc, char** argv) {
  double time = 100.0;
  int n_states = 16, repeat = 3, calls = 1000000;
  std::string only;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--time")) time = std::stod(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--states")) n_states = std::stoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--repeat")) repeat = std::stoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--calls")) calls = std::stoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--model")) only = argv[i + 1];
  }
  auto wanted = [&](const char* name) { return only.empty() || only == name; };
  const auto models = data_directory() / "models";
  std::vector<Vec<double, 4>> rest;  // rest states (θ1, θ2, 0, 0) spread over [0.3, 2.5] × [−2, 2]
  for (int k = 0; k < n_states; ++k)
    rest.emplace_back(0.3 + 2.2 * (k % 4) / 3.0, -2.0 + 4.0 * (k / 4 % 4) / 3.0, 0.0, 0.0);
  std::vector<Vec<double, 3>> flows;
  for (int k = 0; k < n_states; ++k) flows.emplace_back(1.0 + 0.1 * k, 1.0, 20.0);

  std::printf("λ_max over %g s, %d states, one thread, best of %d (traj/s); call times in ns\n\n", time, n_states, repeat);
  std::printf("| model | built-in traj/s | file traj/s | ratio | rhs ns (built-in / file) | tangent rhs ns | instructions, raw → optimised (sin/cos polynomials) |\n");
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
  return 0;
}
