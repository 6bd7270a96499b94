// chaoskit_bench_lanes: the vector lanes (src/chaoskit/simd/) on sweep jobs as users write them,
// every vector path this CPU has side by side with the scalar driver, in one run.
//
//   chaoskit_bench_lanes [--repeat 3] [--threads N (all cores)] [--samples 200] [--quick] [--only PREFIX]
//                        [--out table.md]
// (--only keeps the workloads whose name starts with PREFIX, e.g. "ftle" or "λ_max golf".)
//
// Each workload is a job file's text, read by the job reader and computed by the sweep's own
// compute_batches (lanes, refilling, scheduling and all), with the results kept in memory; only
// the file writing is left out. The job names no stepper: the tangent flow gets its default, rkf78.
//   λ_max golf  : rest states on a 16 × 16 grid (θ1 0.3…2.5, θ2 −2…2), T = 100 s, Δt = 1 s,
//                 rtol = atol = 1e-9 — the workload of chaoskit_bench and its peers (RESULTS.md);
//   λ_max limb  : the same on the limb's angles (θ1 −2…2, θ2 −2.5…2.5);
//   orbit_class : the verdicts' settings (analyses/*/run, FULL: time 235 s, max_time 2·10⁴ s,
//                 λ_floor 0.005 1/s, rkf78 at 1e-10) on --samples Liouville samples of one energy
//                 level just above each model's onset of chaos (golf 0.8, limb 0.9 ΔE_flip), where
//                 orbits end anywhere from 235 s to 2·10⁴ s — the case lanes must not wait on;
//   ftle golf   : the analyses' 48 × 48 rest grid (θ1 0.3…2.5, θ2 −2…2), ftle = { time = 0.3 } (a
//                 swing) and { time = 5 }, with no [integrator] at all (the defaults a user gets):
//                 Ψ(T, 0) as [x | Ψ], K = 4;
//   λ_max chain3: the three unit rods from rest on a 6 × 6 × 6 grid of angles, T = 50 s, 1e-9;
//   orbit_class knee stop: a model with events (data/models/limb_knee_stop.toml, perfectly elastic,
//                 e_knee = 1) on the first --samples of analyses/walking's onset states (the limb's
//                 Liouville samples with the knee flexed), the verdicts' settings: each lane's task
//                 finds and applies its impacts (simd/lane_hybrid_tasks.hpp). A model file: no flop
//                 count (its program is not counted), so no GFLOP/s.
//   orbit_diagram walker: the simplest walker's stride map iterated (data/models/simplest_walker.toml),
//                 analyses/walking's job on --samples (at most 400) of its slopes from 0.012 to 0.019
//                 (period one, the doublings, chaos), each started on the period-one branch: 1000
//                 steps of transient, 128 recorded, rkf78 at 1e-10. Each step of the map is a run of
//                 [x | Φ] from Φ = I to the next heel strike (indicators/event_map_iterates.hpp).
// Then the chains' tangent rhs, hand-derived (models/chain_tangent.hpp) against the AutoDiff
// directional derivatives it replaced: λ_max of 16 rest states over 50 s on the scalar driver,
// each way, for 2, 3 and 5 links (--only "chain tangent" runs this alone).
// Per path: wall time on 1 thread and on all (best of --repeat, and of more runs for a workload
// under a second, up to a second of runs; orbit_class once unless --repeat is given), trajectories/s per core and on
// all cores, ns per trajectory step (one attempted step of one trajectory, from the lanes' count) and per vector step,
// the lane utilisation (busy lanes over lanes in the vector steps), the flop rate against the path's measured FMA-free
// peak (lane_peak_flops), and whether every value equals the scalar path's bits. Flops per trajectory step: the tangent
// rhs counted with bench::Cnt (op_count.hpp) plus the 94 of the two-angle sin/cos polynomial (models/sincos_pair.hpp),
// 13 evaluations per step, plus the Runge–Kutta sums and error norm per state component (137 for rkf78, as
// chaoskit_bench counts).
#include <omp.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "chaoskit/indicators/lyapunov.hpp"
#include "chaoskit/integrate/trajectory.hpp"
#include "chaoskit/models/chain.hpp"
#include "chaoskit/models/golf.hpp"
#include "chaoskit/models/limb.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "chaoskit/simd/lane_dispatch.hpp"
#include "chaoskit/sweep/engine/batch_engine.hpp"
#include "chaoskit/sweep/quantities/results_layout.hpp"
#include "chaoskit/sweep/reading/job_reader.hpp"
#include "op_count.hpp"

using namespace chaoskit;

namespace {

/// Batches of consecutive points, as the results file would hand them out.
class MemoryFeed final : public sweep::BatchFeed {
 public:
  explicit MemoryFeed(std::size_t points) : points_(points) {}
  std::optional<sweep::Batch> next() override {
    if (next_ >= points_) return std::nullopt;
    const sweep::Batch b{next_, std::min<std::size_t>(16, points_ - next_)};
    next_ += b.count;
    return b;
  }

 private:
  std::size_t points_, next_ = 0;
};

/// The results in memory, one column per variable.
class MemorySink final : public sweep::BatchSink {
 public:
  MemorySink(const sweep::ResultsLayout& layout, std::size_t points)
      : values(layout.variables, points), status(points) {}
  void put(std::size_t first, const sweep::PointColumns& v, std::span<const std::int8_t> s) override {
    std::lock_guard<std::mutex> lock(mutex_);
    values.assign_points(first, v);
    std::copy(s.begin(), s.end(), status.begin() + static_cast<long>(first));
  }
  sweep::PointColumns values;
  std::vector<std::int8_t> status;

 private:
  std::mutex mutex_;
};

struct BenchWorkload {
  std::string name, job_text;
  int rhs_flops = 0;  // per tangent rhs evaluation, trig polynomial included
  int components = 0;
  int repeat = 1;
};

struct Measurement {
  double secs1 = NAN, secsN = NAN;
  sweep::EngineReport report1;
  sweep::PointColumns values;
  std::vector<std::int8_t> status;
};

Measurement measure(const sweep::Job& job, simd::LanePath path, int threads, int repeat) {
  ::setenv("CHAOSKIT_SIMD", simd::lane_path_name(path).c_str(), 1);
  const sweep::ResultsLayout layout = sweep::results_layout(job);
  const std::size_t points = job.point_count();
  Measurement m;
  // Best wall time of at least `repeat` runs on nt threads, and of as many more as fit in a second
  // when the workload is shorter (at most 30): on a shared virtual machine an occasional run is
  // slowed by other guests, and a two-thread λ_max run of 0.07 s measured three times showed half
  // the speed in one benchmark of two. The 1-thread runs also keep the results.
  constexpr double kMinTotalSeconds = 1.0;
  constexpr int kMaxRuns = 30;
  auto best_of = [&](int nt) {
    double best = 1e300, total = 0.0;
    for (int r = 0; r < repeat || (total < kMinTotalSeconds && r < kMaxRuns); ++r) {
      MemoryFeed feed(points);
      MemorySink sink(layout, points);
      const auto start = std::chrono::steady_clock::now();
      const sweep::EngineReport rep = sweep::compute_batches(job, layout, nt, feed, sink, [] { return false; });
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      best = std::min(best, seconds);
      total += seconds;
      if (nt == 1) m.report1 = rep, m.values = sink.values, m.status = sink.status;
    }
    return best;
  };
  m.secs1 = best_of(1);
  m.secsN = threads == 1 ? m.secs1 : best_of(threads);
  ::unsetenv("CHAOSKIT_SIMD");
  return m;
}

template <class M, int K>
int tangent_rhs_flops(const M& model, bool megno) {
  using bench::Cnt;
  const Vec<Cnt, 4> x(1.0, 0.5, 0.1, 0.2);
  const Vec<Cnt, 2> u(0.0, 0.0);
  Mat<Cnt, 4, K> w;
  for (int j = 0; j < K; ++j) w.col(j) = Vec<Cnt, 4>(0.1 + j, 0.2, 0.3, 0.4);
  Vec<Cnt, 4> f;
  Mat<Cnt, 4, K> Jw;
  bench::g_ops = {};
  model.tangent_rhs(x, u, Cnt(0.0), w, f, Jw);
  // MEGNO's rates (orbit_class): two 4-term dot products, h and P/t (L's rate is a copy).
  return static_cast<int>(bench::g_ops.flops()) + 94 + (megno ? 7 + 7 + 1 + 1 : 0);
}

std::string fmt(const char* f, double v);

/// Flops of a chain's tangent rhs, counted as tangent_rhs_flops does (its sin/cos pairs, 94 each).
template <int N, int K>
int chain_rhs_flops(const ChainModel<N>& chain) {
  using bench::Cnt;
  Vec<Cnt, 2 * N> x;
  Vec<Cnt, N> u;
  for (int i = 0; i < N; ++i) x(i) = 0.3 + 0.2 * i, x(N + i) = 0.1 * i, u(i) = 0.0;
  Mat<Cnt, 2 * N, K> w;
  for (int i = 0; i < 2 * N; ++i)
    for (int j = 0; j < K; ++j) w(i, j) = 0.1 + i + j;
  Vec<Cnt, 2 * N> f;
  Mat<Cnt, 2 * N, K> Jw;
  bench::g_ops = {};
  chain.tangent_rhs(x, u, Cnt(0.0), w, f, Jw);
  return static_cast<int>(bench::g_ops.flops()) + 94 * ((N + 1) / 2);
}

/// A model seen only through its rhs, so that the tangent flow takes AutoDiff directional
/// derivatives (integrate/tangent_rhs.hpp): the chains' path before their hand-derived tangent.
template <class M>
struct AutoDiffOnly {
  static constexpr int state_dim = M::state_dim;
  static constexpr int input_dim = M::input_dim;
  const M& inner;
  std::vector<std::string> state_names() const { return inner.state_names(); }
  template <class S>
  Vec<S, state_dim> rhs(const Vec<S, state_dim>& x, const Vec<S, input_dim>& u, S t) const {
    return inner.rhs(x, u, t);
  }
};

/// Seconds (best of `repeat`) for λ_max of `states` on the scalar driver, and the sum of the
/// exponents (to compare the two ways: they agree to the integration tolerance, not to the bit).
template <class M, int n>
std::pair<double, double> lambda_seconds(const M& model, const std::vector<Vec<double, n>>& states, int inputs,
                                         int repeat) {
  LyapunovOptions lo;
  lo.time = 50;
  lo.renorm = 1;
  IntegratorOptions io;
  io.stepper = StepperKind::rkf78;
  io.rtol = io.atol = 1e-9;
  double best = 1e300, sum = 0;
  for (int r = 0; r < repeat; ++r) {
    sum = 0;
    const auto start = std::chrono::steady_clock::now();
    for (const auto& x : states) sum += lyapunov_exponents<1>(model, x, InputSchedule(inputs), lo, io).exponents[0];
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return {best, sum};
}

/// One row of the chains' comparison: hand-derived against AutoDiff, λ_max on the scalar driver.
template <int N>
std::string chain_tangent_row(const ChainParams& params, int repeat) {
  const ChainModel<N> chain(params);
  std::vector<Vec<double, 2 * N>> states;
  for (int k = 0; k < 16; ++k) {
    Vec<double, 2 * N> x = Vec<double, 2 * N>::Zero();
    for (int i = 0; i < N; ++i) x(i) = 0.4 + 0.15 * k - 0.5 * i;
    states.push_back(x);
  }
  std::cerr << "chaoskit_bench_lanes: chain tangent, " << N << " links\n";
  const auto [hand, hand_sum] = lambda_seconds<ChainModel<N>, 2 * N>(chain, states, N, repeat);
  const auto [ad, ad_sum] =
      lambda_seconds<AutoDiffOnly<ChainModel<N>>, 2 * N>(AutoDiffOnly<ChainModel<N>>{chain}, states, N, repeat);
  return "| " + std::to_string(N) + " | " + fmt("%.3f", ad) + " | " + fmt("%.3f", hand) + " | " +
         fmt("%.2f", ad / hand) + " | " + fmt("%.3g", std::abs(hand_sum - ad_sum) / 16) + " |\n";
}

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

template <class M>
double energy(const M& model, double th1, double th2) {
  return state_energy(model, Vec<double, 4>(th1, th2, 0.0, 0.0));
}

std::string lambda_job(const std::string& model, const std::string& params, const std::string& th1,
                       const std::string& th2) {
  return "[model]\nname = \"" + model + "\"\nparams = \"" + params + "\"\n[grid]\nth1 = { linspace = [" + th1 +
         ", 16] }\nth2 = { linspace = [" + th2 + ", 16] }\ndth1 = 0.0\ndth2 = 0.0\n[compute]\n" +
         "lambda_max = { time = 100, renorm = 1 }\n[integrator]\nrtol = 1e-9\natol = 1e-9\n";
}

// The 48 × 48 rest grid of the analyses' Ψ(0.3 s) map (analyses/golf_chaos/run, rest_stm_job): at
// 16 × 16 a two-thread run is two milliseconds of work, and its efficiency measures thread start-up.
std::string ftle_job(double time) {
  return "[model]\nname = \"golf\"\nparams = \"golf_manufactured\"\n[grid]\nth1 = { linspace = [0.3, 2.5, 48] }\n"
         "th2 = { linspace = [-2.0, 2.0, 48] }\ndth1 = 0.0\ndth2 = 0.0\n[compute]\nftle = { time = " +
         fmt("%g", time) + " }\n";
}

std::string class_job(const std::string& model, const std::string& params, double energy_value, int samples) {
  return "[model]\nname = \"" + model + "\"\nparams = \"" + params + "\"\n[sample]\nenergy = { list = [" +
         fmt("%.17g", energy_value) + "] }\nn = " + std::to_string(samples) +
         "\nmeasure = \"liouville\"\nseed = 21\n[compute]\n"
         "orbit_class = { time = 235, max_time = 20000, lambda_floor = 0.005 }\n"
         "[integrator]\nrtol = 1e-10\natol = 1e-10\n";
}

/// The directory the workloads' files are written to, removed at exit (a job is read again for every path).
const std::filesystem::path& scratch_dir() {
  namespace fs = std::filesystem;
  static const struct Scratch {
    fs::path dir = fs::temp_directory_path() / ("chaoskit_bench_lanes_" + std::to_string(::getpid()));
    ~Scratch() {
      std::error_code ignored;
      fs::remove_all(dir, ignored);
    }
  } scratch;
  fs::create_directories(scratch.dir);
  return scratch.dir;
}

/// analyses/walking's orbit diagram of the simplest walker (its job: transient 1000, 128 iterates,
/// rkf78 at 1e-10, each slope started on the period-one branch) on `samples` of its 400 slopes,
/// evenly spaced over 0.012 to 0.019.
std::string walker_job(int samples) {
  std::ifstream in(data_directory().parent_path() / "analyses" / "walking" / "results" / "garcia_orbit_diagram.csv");
  std::vector<std::string> rows;
  std::string header;
  std::getline(in, header);
  for (std::string line; std::getline(in, line);) rows.push_back(line);
  if (rows.empty()) throw std::runtime_error("no slopes in analyses/walking/results/garcia_orbit_diagram.csv");
  const std::filesystem::path csv = scratch_dir() / "slopes.csv";
  std::ofstream out(csv);
  out << header << "\n";
  const int n = std::min<int>(samples, static_cast<int>(rows.size()));
  for (int i = 0; i < n; ++i)
    out << rows[static_cast<std::size_t>(i) * rows.size() / static_cast<std::size_t>(n)] << "\n";
  return "[model]\nname = \"" + (data_directory() / "models" / "simplest_walker.toml").string() +
         "\"\n[points]\nfile = \"" + csv.string() +
         "\"\n[compute]\norbit_diagram = { at_event = \"heel_strike\", transient = 1000, iterates = 128, max_time = 60 "
         "}\n"
         "[integrator]\nrtol = 1e-10\natol = 1e-10\n";
}

/// The knee stop made perfectly elastic and the first `samples` onset states of analyses/walking,
/// written beside each other in the temporary directory; the orbit_class job on them.
std::string knee_stop_job(int samples) {
  namespace fs = std::filesystem;
  const fs::path& dir = scratch_dir();
  std::ifstream model_in(data_directory() / "models" / "limb_knee_stop.toml");
  std::ofstream model_out(dir / "knee_stop_elastic.toml");
  for (std::string line; std::getline(model_in, line);)
    model_out << (line.rfind("e_knee = 0", 0) == 0 ? "e_knee = 1.0" : line) << "\n";  // [values] only
  std::ifstream states_in(data_directory().parent_path() / "analyses" / "walking" / "results" /
                          "knee_onset_elastic_states.csv");
  std::ofstream states_out(dir / "states.csv");
  int rows = -1;  // the header first
  for (std::string line; rows < samples && std::getline(states_in, line);)
    if (line.rfind("#", 0) != 0) states_out << line << "\n", ++rows;
  if (rows < 1) throw std::runtime_error("no onset states in analyses/walking/results/knee_onset_elastic_states.csv");
  return "[model]\nname = \"" + (dir / "knee_stop_elastic.toml").string() + "\"\n[points]\nfile = \"" +
         (dir / "states.csv").string() +
         "\"\n[compute]\norbit_class = { time = 235, max_time = 20000, lambda_floor = 0.005 }\n"
         "[integrator]\nrtol = 1e-10\natol = 1e-10\n";
}

}  // namespace

int main(int argc, char** argv) {
  // 200 samples: as many as the analyses' onset scans draw per energy level (analyses/golf_chaos/run,
  // FULL onset_n). With 48 the run ends on one or two long undecided orbits in otherwise empty lanes,
  // and the two-core figure measures that tail (tools/bench/README.md).
  int repeat = 3, threads = omp_get_num_procs(), samples = 200;
  bool repeat_given = false, quick = false;
  std::string out, only;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw std::runtime_error(a + " needs a value");
      return argv[++i];
    };
    if (a == "--repeat")
      repeat = std::stoi(value()), repeat_given = true;
    else if (a == "--threads")
      threads = std::stoi(value());
    else if (a == "--samples")
      samples = std::stoi(value());
    else if (a == "--quick")
      quick = true;
    else if (a == "--out")
      out = value();
    else if (a == "--only")
      only = value();
    else {
      std::cerr << "chaoskit_bench_lanes: unknown option " << a << "\n";
      return 2;
    }
  }
  if (quick) samples = std::min(samples, 8), repeat = repeat_given ? repeat : 1;

  const GolfModel golf(golf_params(read_param_file("golf_manufactured")));
  const LimbModel limb(limb_params(read_param_file("limb_paper_reconstructed")));
  const double golf_min = energy(golf, 0, 0), limb_min = energy(limb, 0, 0);
  const double golf_flip = std::min(energy(golf, 0, M_PI), energy(golf, M_PI, -M_PI)) - golf_min;
  const double limb_flip = std::min(energy(limb, 0, M_PI), energy(limb, M_PI, 0)) - limb_min;

  std::vector<BenchWorkload> work;
  const int rk_per_component = 137;  // rkf78: stage sums, solution, error estimate and norm
  work.push_back({"λ_max golf, 256 rest states, T = 100 s",
                  lambda_job("golf", "golf_manufactured", "0.3, 2.5", "-2.0, 2.0"),
                  tangent_rhs_flops<GolfModel, 1>(golf, false), 8, repeat});
  work.push_back({"λ_max limb, 256 rest states, T = 100 s",
                  lambda_job("limb", "limb_paper_reconstructed", "-2.0, 2.0", "-2.5, 2.5"),
                  tangent_rhs_flops<LimbModel, 1>(limb, false), 8, repeat});
  for (double T : {0.3, 5.0})
    work.push_back({"ftle golf, 2304 rest states, T = " + fmt("%g", T) + " s, default tolerances", ftle_job(T),
                    tangent_rhs_flops<GolfModel, 4>(golf, false), 20, repeat});
  work.push_back({"orbit_class golf, " + std::to_string(samples) + " samples at 0.8 ΔE_flip",
                  class_job("golf", "golf_manufactured", golf_min + 0.8 * golf_flip, samples),
                  tangent_rhs_flops<GolfModel, 2>(golf, true), 16, repeat_given ? repeat : 1});
  work.push_back({"orbit_class limb, " + std::to_string(samples) + " samples at 0.9 ΔE_flip",
                  class_job("limb", "limb_paper_reconstructed", limb_min + 0.9 * limb_flip, samples),
                  tangent_rhs_flops<LimbModel, 2>(limb, true), 16, repeat_given ? repeat : 1});

  {
    const ChainModel<3> chain3(chain_params(read_param_file("chain3_uniform_rods")));
    work.push_back({"λ_max chain3, 216 rest states, T = 50 s",
                    "[model]\nname = \"chain\"\nparams = \"chain3_uniform_rods\"\n[grid]\n"
                    "th1 = { linspace = [0.3, 2.5, 6] }\nth2 = { linspace = [-2.0, 2.0, 6] }\n"
                    "th3 = { linspace = [-2.0, 2.0, 6] }\ndth1 = 0.0\ndth2 = 0.0\ndth3 = 0.0\n[compute]\n"
                    "lambda_max = { time = 50, renorm = 1 }\n[integrator]\nrtol = 1e-9\natol = 1e-9\n",
                    chain_rhs_flops<3, 1>(chain3), 12, repeat});
  }
  if (std::string("orbit_class knee stop").rfind(only, 0) == 0)  // (it writes its files only when it runs)
    work.push_back({"orbit_class knee stop (events), " + std::to_string(samples) + " onset states, e_knee = 1",
                    knee_stop_job(samples), 0, 16, repeat_given ? repeat : 1});
  if (std::string("orbit_diagram walker").rfind(only, 0) == 0)  // (it writes its files only when it runs)
    work.push_back({"orbit_diagram walker (events), " + std::to_string(std::min(samples, 400)) + " slopes",
                    walker_job(samples), 0, 20, repeat_given ? repeat : 1});
  const bool chain_tangent = std::string("chain tangent").rfind(only, 0) == 0;
  std::erase_if(work, [&](const BenchWorkload& w) { return w.name.rfind(only, 0) != 0; });
  if (work.empty() && !chain_tangent) {
    std::cerr << "chaoskit_bench_lanes: --only " << only << " names no workload\n";
    return 2;
  }

  std::vector<simd::LanePath> paths = {simd::LanePath::scalar};
  for (simd::LanePath p : {simd::LanePath::sse2, simd::LanePath::avx2, simd::LanePath::avx512})
    if (static_cast<int>(p) <= static_cast<int>(simd::widest_supported_path())) paths.push_back(p);

  std::ostringstream table;
  table << "| workload | path | 1 thread [s] | " << threads << " threads [s] | traj/s per core | traj/s all cores | "
        << "× scalar (1 thread) | ns per traj-step | ns per vector step | lanes busy | GFLOP/s | of FMA-free peak | "
           "same bits |\n"
        << "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n";
  std::ostringstream peaks;
  for (simd::LanePath p : paths)
    peaks << "- " << simd::lane_path_description(p) << ": " << fmt("%.1f", simd::lane_peak_flops(p) / 1e9)
          << " GFLOP/s (multiply and add chains, one core)\n";
  for (const BenchWorkload& w : work) {
    const sweep::Job job = sweep::parse_job(w.job_text, "bench.toml");
    const double points = static_cast<double>(job.point_count());
    Measurement scalar;
    long traj_steps = 0;
    std::vector<std::pair<simd::LanePath, Measurement>> runs;
    for (simd::LanePath p : paths) {
      std::cerr << "chaoskit_bench_lanes: " << w.name << ", " << simd::lane_path_name(p) << "\n";
      runs.emplace_back(p, measure(job, p, threads, w.repeat));
      if (p == simd::LanePath::scalar)
        scalar = runs.back().second;
      else
        traj_steps = runs.back().second.report1.busy_lane_steps;  // the same for every path
    }
    const double flops_per_step = 13.0 * w.rhs_flops + static_cast<double>(rk_per_component) * w.components;
    for (const auto& [p, m] : runs) {
      const double peak = simd::lane_peak_flops(p);
      const long vector_steps = p == simd::LanePath::scalar ? traj_steps : m.report1.lane_steps / simd::lane_width(p);
      const double busy = p == simd::LanePath::scalar ? 1.0
                                                      : static_cast<double>(m.report1.busy_lane_steps) /
                                                            static_cast<double>(m.report1.lane_steps);
      const double rate = flops_per_step * static_cast<double>(traj_steps) / m.secs1;
      table << "| " << w.name << " | " << simd::lane_path_description(p) << " | " << fmt("%.2f", m.secs1) << " | "
            << fmt("%.2f", m.secsN) << " | " << fmt("%.1f", points / m.secs1) << " | " << fmt("%.1f", points / m.secsN)
            << " | " << fmt("%.2f", scalar.secs1 / m.secs1) << " | "
            << fmt("%.0f", m.secs1 * 1e9 / static_cast<double>(traj_steps)) << " | "
            << fmt("%.0f", m.secs1 * 1e9 / static_cast<double>(vector_steps)) << " | " << fmt("%.1f %%", 100 * busy)
            << " | " << (w.rhs_flops > 0 ? fmt("%.2f", rate / 1e9) : "–") << " | "
            << (w.rhs_flops > 0 ? fmt("%.1f %%", 100 * rate / peak) : "–") << " | "
            << (m.values.same_bits(scalar.values) && m.status == scalar.status ? "yes" : "**no**") << " |\n";
    }
  }
  std::ostringstream chains;
  if (chain_tangent) {
    ChainParams five;
    for (int i = 0; i < 5; ++i) {
      five.L.push_back(0.9 - 0.1 * i), five.m.push_back(2.0 - 0.3 * i), five.r.push_back(0.4 - 0.03 * i);
      five.I.push_back(0.12 - 0.015 * i), five.b.push_back(0.0);
    }
    five.g = 9.81;
    chains << "\nChains, λ_max of 16 rest states over 50 s on the scalar driver (rkf78 at 1e-9, one thread, best of "
           << repeat << "): the tangent rhs by AutoDiff directional derivatives against the hand-derived one\n\n"
           << "| links | AutoDiff [s] | hand-derived [s] | speed-up | mean abs difference of λ_max [1/s] |\n"
           << "|---|---|---|---|---|\n"
           << chain_tangent_row<2>(chain_params(read_param_file("chain2_damped_rods")), repeat)
           << chain_tangent_row<3>(chain_params(read_param_file("chain3_uniform_rods")), repeat)
           << chain_tangent_row<5>(five, repeat);
  }
  std::ostringstream doc;
  if (work.empty()) {  // --only "chain tangent": that comparison alone
    doc << chains.str();
  } else {
    doc << table.str() << chains.str() << "\nFMA-free peaks measured in this run:\n"
        << peaks.str()
        << "\nTrajectory steps per workload are the lanes' count of attempted steps (the scalar driver attempts the "
           "same steps).";
    if (std::any_of(work.begin(), work.end(), [](const BenchWorkload& w) { return w.rhs_flops > 0; })) {
      doc << " Flops per trajectory step: 13 tangent-rhs evaluations (";
      for (const BenchWorkload& w : work)
        if (w.rhs_flops > 0) doc << w.rhs_flops << " ";
      doc << "flops each, in the order above) plus 137 per state component for the Runge–Kutta sums and error norm.";
    }
    doc << "\n";
  }
  std::cout << doc.str();
  if (!out.empty()) std::ofstream(out) << doc.str();
  return 0;
}
