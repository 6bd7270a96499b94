// chaoskit_bench: largest-Lyapunov throughput of chaoskit on the golf model, side by side with the
// two peers (tools/bench/peer_odeint.cpp, tools/bench/peer_scipy.py, run as subprocesses on the
// same states and options), with the work per step set against a floating-point count of the step.
// It is over 500 lines because every figure of its table (the runs, the peers, the step counts and
// the machine's sin/cos and clock speed) comes from one program run.
//
//   chaoskit_bench [--th1 0.3:2.5:16] [--th2 -2:2:16] [--time 100] [--renorm 1] [--tol 1e-9]
//                  [--threads N (all cores)] [--repeat 3] [--scipy-states 4] [--no-scipy]
//                  [--params golf_manufactured] [--peer-odeint PATH] [--peer-scipy PATH]
//                  [--regular 0.1] [--stepper rkf78] [--out table.md] [--csv per_state.csv]
//                  [--probe th1,th2 (one chaoskit trajectory only, for callgrind)]
//
// Job: λ_max (one tangent vector, renormalised every --renorm s, no transient) over T = --time s
// at rtol = atol = --tol, from the rest states (θ1, θ2, 0, 0) of the grid. chaoskit runs
// lyapunov_exponents<1> (golf's hand-derived tangent rhs, fixed-size Eigen state) with OpenMP,
// dynamic schedule, with --stepper (default rkf78, its choice for this job: far fewer rhs per unit
// time at 1e-9 than dopri5) and, for the comparison at equal method, once more with dopri5, the
// peer's method. The odeint peer always runs dopri5, scipy DOP853.
// Timings are the best of --repeat runs (the machine may be shared). The scipy peer is slow and
// runs on --scipy-states states spread evenly through the grid; its ratio uses chaoskit's time on
// those same states.
//
// Agreement. The three run the same algorithm from the same initial tangent vector; they differ
// by rounding (chaoskit vs the odeint peer: same dopri5 and controller, different arithmetic order)
// or by the integrator (scipy: DOP853). A difference δ ~ 1e-9 in the state grows like δ e^{λt},
// so on states with λ·T below ~10 the estimates must agree to 1e-3 or better (the check); on
// chaotic states the orbits decorrelate after ~20/λ s and the finite-time estimates are two
// samples of the same distribution: there the table compares means and the spread of differences.
//
// Floating-point count (no hardware counters in this VM: `perf stat` reports cycles and
// fp_arith_inst_retired as not supported, so the count is done in software): the right-hand
// sides are instantiated with a counting scalar (op_count.hpp). Per tangent rhs:
//   chaoskit  : AutoDiff (6-wide gradient: 4 states + 2 inputs) of the golf rhs, then fx · v;
//   hand-made : peer_golf_equations.hpp's f + J and the full 4×4 J · v;
// plus the stepper's own vector work on the 8 numbers of [x | v], per component and attempt:
//   chaoskit (explicit_rk.hpp: sums over the tableau's nonzero entries, counted from the tableau):
//     each stage sum x + Σ c_j k_j 2 flops per nonzero, the solution likewise, the error estimate
//     2·nonzeros − 1, the error norm 6 (|h||f|, + |x|, × rtol, + atol, ÷, max): dopri5 (stage rows
//     1..5; row 6 is the solution) 57 × 8 = 456, rkf78 (55 stage entries) 137 × 8 = 1096;
//   the odeint peer (odeint's dopri5, which also multiplies x by 1.0 in each sum): stage sums with
//     2..6 terms (3+5+7+9+11 = 35), the solution (6 terms, 11), the error estimate (6 terms, 11), the
//     error norm |err|/(atol + rtol(a_x|x| + a_dxdt dt|ẋ|)) (7): 64 × 8 = 512.
// Peak: measured here by simd::lane_peak_flops(scalar) (12 independent mul+add chains, kept scalar
// as -O2 compiles without -march) and the vector peak of the core (AVX-512, 2 FMA units: 32 flops/cycle × the
// clock in /proc/cpuinfo) for reference; libm's sin+cos of one angle (the peer's) and chaoskit's
// sincos_pair of two angles (models/sincos_pair.hpp, in GolfModel::tangent_rhs) are timed the same
// way. The counting scalar runs the golf tangent rhs through libm (sincos_pair is for double only),
// so chaoskit's flop count leaves out sincos_pair's arithmetic, and its floor adds the pair's time.
#include <omp.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <numeric>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "chaoskit/core/autodiff.hpp"
#include "chaoskit/indicators/instances.hpp"
#include "chaoskit/indicators/lyapunov.hpp"
#include "chaoskit/integrate/dopri5_stepper.hpp"
#include "chaoskit/integrate/rkf78_stepper.hpp"
#include "chaoskit/models/golf.hpp"
#include "chaoskit/models/sincos_pair.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "chaoskit/simd/lane_dispatch.hpp"
#include "op_count.hpp"
#include "peer_golf_equations.hpp"

#ifndef CHAOSKIT_BENCH_DIR
#define CHAOSKIT_BENCH_DIR "tools/bench"
#endif

using namespace chaoskit;

namespace {

/// Flops per state component of one attempted step of an explicit Runge–Kutta pair as
/// explicit_rk.hpp computes it (see the comment at the top): the stage rows 1..stage_rows of a,
/// the solution b, the error estimate db and the error norm.
template <std::size_t S>
int rk_vector_flops(const std::array<std::array<double, S>, S>& a, std::size_t stage_rows,
                    const std::array<double, S>& b, const std::array<double, S>& db) {
  auto nonzeros = [](const std::array<double, S>& row) {
    return static_cast<int>(std::count_if(row.begin(), row.end(), [](double v) { return v != 0.0; }));
  };
  int flops = 0;
  for (std::size_t i = 1; i <= stage_rows; ++i) flops += 2 * nonzeros(a[i]);
  return flops + 2 * nonzeros(b) + 2 * nonzeros(db) - 1 + 6;
}

struct Options {
  double th1a = 0.3, th1b = 2.5, th2a = -2.0, th2b = 2.0;
  int n1 = 16, n2 = 16;
  double time = 100, renorm = 1, tol = 1e-9, regular = 0.1;
  StepperKind stepper = StepperKind::rkf78;
  int threads = 0, repeat = 3, scipy_states = 4;
  bool scipy = true;
  std::string params = "golf_manufactured", peer_odeint, peer_scipy, out, probe, csv;
};

struct Traj {
  double th1 = 0, th2 = 0, lambda = NAN;
  long steps = 0, rhs = 0;  // accepted steps, rhs evaluations
};

struct Run {
  std::vector<Traj> traj;
  double secs1 = NAN, secsN = NAN;  // best wall time with 1 thread and with all threads
  int threads = 1;
  long steps() const {
    return std::accumulate(traj.begin(), traj.end(), 0L, [](long a, const Traj& t) { return a + t.steps; });
  }
  long rhs() const {
    return std::accumulate(traj.begin(), traj.end(), 0L, [](long a, const Traj& t) { return a + t.rhs; });
  }
};

void parse_range(const std::string& s, double& a, double& b, int& n, const char* name) {
  double x, y;
  int k;
  char c1, c2;
  std::istringstream in(s);
  if (!(in >> x >> c1 >> y >> c2 >> k) || c1 != ':' || c2 != ':' || k < 1)
    throw std::runtime_error(std::string(name) + ": expected START:STOP:COUNT");
  a = x, b = y, n = k;
}

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

std::string states_arg(const std::vector<Traj>& t) {
  std::string s;
  for (const Traj& x : t) s += fmt("%.17g", x.th1) + "," + fmt("%.17g", x.th2) + ";";
  return s;
}

// chaoskit on the given states with `threads` threads; best wall time of `repeat` runs.
double run_chaoskit(const GolfModel& model, std::vector<Traj>& traj, int threads, int repeat, const Options& o,
                    StepperKind stepper) {
  LyapunovOptions lo;
  lo.time = o.time;
  lo.renorm = o.renorm;
  IntegratorOptions io;
  io.stepper = stepper;
  io.rtol = io.atol = o.tol;
  const InputSchedule inputs(GolfModel::input_dim);
  double best = 1e300;
  for (int r = 0; r < repeat; ++r) {
    const auto start = std::chrono::steady_clock::now();
#pragma omp parallel for schedule(dynamic) num_threads(threads)
    for (long i = 0; i < static_cast<long>(traj.size()); ++i) {
      const Vec<double, 4> x0(traj[i].th1, traj[i].th2, 0.0, 0.0);
      const LyapunovResult res = lyapunov_exponents<1>(model, x0, inputs, lo, io);
      traj[i].lambda = res.report.ok() ? res.exponents[0] : NAN;
      traj[i].steps = res.report.accepted;
      traj[i].rhs = res.report.rhs_calls;
    }
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return best;
}

// Runs a peer (odeint binary or `python3 script`) and reads its `lambda` and `time` lines.
double run_peer(const std::string& command, std::vector<Traj>& traj, int threads, int repeat, const Options& o,
                const std::string& params_csv, bool pass_repeat) {
  std::string cmd = command + " --states '" + states_arg(traj) + "' --time " + fmt("%.17g", o.time) + " --renorm " +
                    fmt("%.17g", o.renorm) + " --tol " + fmt("%.17g", o.tol) + " --threads " + std::to_string(threads) +
                    " --params " + params_csv;
  if (pass_repeat) cmd += " --repeat " + std::to_string(repeat);
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) throw std::runtime_error("cannot run " + command);
  char line[512];
  double secs = NAN;
  std::size_t seen = 0;
  while (std::fgets(line, sizeof line, pipe)) {
    std::istringstream in(line);
    std::string tag;
    in >> tag;
    if (tag == "lambda") {
      std::size_t i;
      Traj t;
      in >> i >> t.th1 >> t.th2 >> t.lambda >> t.steps >> t.rhs;
      if (i < traj.size()) traj[i] = t, ++seen;
    } else if (tag == "time") {
      int th;
      std::size_t n;
      in >> th >> n >> secs;
    }
  }
  const int rc = pclose(pipe);
  if (rc != 0 || seen != traj.size() || !std::isfinite(secs))
    throw std::runtime_error("peer failed (exit " + std::to_string(rc) + "): " + command);
  return secs;
}

// Seconds per call of f(x) over 2·10⁶ arguments x in [−3, 3], its results summed so that no call
// can be dropped.
template <class F>
double seconds_per_call(F&& f) {
  const long n = 2'000'000;
  volatile double sink = 0;
  double acc = 0;
  const auto start = std::chrono::steady_clock::now();
  for (long k = 0; k < n; ++k) acc += f(-3.0 + 6.0 * static_cast<double>(k) / n);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  sink = acc;
  (void)sink;
  return secs / n;
}

// Time of one sin and one cos of the same argument (libm) [s].
double sincos_pair_time() {
  return seconds_per_call([](double x) { return std::sin(x) + std::cos(x); });
}

// Time of one chaoskit::sincos_pair call: sin and cos of two angles [s].
double chaoskit_pair_time() {
  return seconds_per_call([](double x) {
    double s1, c1, s2, c2;
    sincos_pair(x, 0.5 * x, s1, c1, s2, c2);
    return s1 + c1 + s2 + c2;
  });
}

double cpu_mhz() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("cpu MHz", 0) == 0) return std::stod(line.substr(line.find(':') + 1));
  return NAN;
}

struct StepCount {
  long rhs_flops = 0, sin = 0, cos = 0;
};

// chaoskit's tangent rhs for λ_max: GolfModel::tangent_rhs with one direction (f and J·v).
StepCount count_chaoskit(const GolfModel& model) {
  using bench::Cnt;
  const Vec<Cnt, 4> x(1.0, 0.5, 0.1, 0.2);
  const Vec<Cnt, 2> u(0.0, 0.0);
  const Mat<Cnt, 4, 1> v(0.1, 0.2, 0.3, 0.4);
  Vec<Cnt, 4> f;
  Mat<Cnt, 4, 1> Jv;
  bench::g_ops = {};
  model.tangent_rhs(x, u, Cnt(0.0), v, f, Jv);
  return {bench::g_ops.flops(), bench::g_ops.sin, bench::g_ops.cos};
}

// The generic AutoDiff path before this fast path (full 6-wide Jacobian, then f_x · v), for reference.
StepCount count_autodiff(const GolfModel& model) {
  using bench::Cnt;
  using AD = Eigen::AutoDiffScalar<Vec<Cnt, 6>>;
  Vec<AD, 4> xa;
  Vec<AD, 2> ua;
  const double x[4] = {1.0, 0.5, 0.1, 0.2};
  for (int i = 0; i < 4; ++i) xa(i) = AD(Cnt(x[i]), 6, i);
  for (int j = 0; j < 2; ++j) ua(j) = AD(Cnt(0.0), 6, 4 + j);
  bench::g_ops = {};
  const Vec<AD, 4> fa = model.rhs(xa, ua, AD(Cnt(0.0)));
  Mat<Cnt, 4, 4> fx;
  for (int i = 0; i < 4; ++i) fx.row(i) = fa(i).derivatives().head<4>().transpose();
  Vec<Cnt, 4> v(0.1, 0.2, 0.3, 0.4);
  const Vec<Cnt, 4> dv = fx * v;
  (void)dv;
  return {bench::g_ops.flops(), bench::g_ops.sin, bench::g_ops.cos};
}

StepCount count_hand(const peer_golf::Constants& k) {
  using bench::Cnt;
  Cnt X[8] = {1.0, 0.5, 0.1, 0.2, 0.1, 0.2, 0.3, 0.4}, dX[8];
  bench::g_ops = {};
  peer_golf::tangent_rhs(k, X, dX);
  return {bench::g_ops.flops(), bench::g_ops.sin, bench::g_ops.cos};
}

StepCount count_plain_rhs(const GolfModel& model) {
  using bench::Cnt;
  Vec<Cnt, 4> x(1.0, 0.5, 0.1, 0.2);
  Vec<Cnt, 2> u(0.0, 0.0);
  bench::g_ops = {};
  const Vec<Cnt, 4> f = model.rhs(x, u, Cnt(0.0));
  (void)f;
  return {bench::g_ops.flops(), bench::g_ops.sin, bench::g_ops.cos};
}

struct Agreement {
  std::string pair;
  int n = 0, n_regular = 0;
  double max_regular = 0, median_chaotic = NAN, mean_a = NAN, mean_b = NAN, se = NAN;
  int n_chaotic = 0;
  double mean_diff = NAN, null_rms = NAN, null_median = NAN;  // null: chaoskit vs itself from θ1 ± ε
  bool ok = true;
};

// Mean and median |Δ| of λ between two runs over the chaotic states (ref[i] ≥ regular).
std::pair<double, double> chaotic_diff(const std::vector<Traj>& ref, const std::vector<Traj>& a,
                                       const std::vector<Traj>& b, double regular) {
  std::vector<double> d;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (ref[i].lambda >= regular && std::isfinite(a[i].lambda - b[i].lambda)) d.push_back(a[i].lambda - b[i].lambda);
  if (d.empty()) return {NAN, NAN};
  const double mean = std::accumulate(d.begin(), d.end(), 0.0) / d.size();
  for (double& x : d) x = std::abs(x);
  std::sort(d.begin(), d.end());
  return {mean, d[d.size() / 2]};
}

// Null: each program against itself from θ1 shifted by a few 1e-9 rad (nulls_a: a's runs, nulls_b:
// b's runs). Their shifts of the chaotic mean and their median |Δ| are what "the same up to chaos"
// looks like on this grid; the RMS is taken over the shifts of both programs.
Agreement compare(const std::string& name, const std::vector<Traj>& a, const std::vector<Traj>& b, double regular,
                  const std::vector<std::vector<Traj>>& nulls_a, const std::vector<std::vector<Traj>>& nulls_b) {
  Agreement g;
  if (!nulls_a.empty() || !nulls_b.empty()) {
    double ss = 0;
    std::vector<double> med;
    auto add = [&](const std::vector<Traj>& x, const std::vector<Traj>& y) {
      const auto [m, md] = chaotic_diff(a, x, y, regular);
      ss += m * m;
      med.push_back(md);
    };
    for (const auto& n : nulls_a) add(a, n);
    for (const auto& n : nulls_b) add(b, n);
    g.null_rms = std::sqrt(ss / med.size());
    std::sort(med.begin(), med.end());
    g.null_median = med[med.size() / 2];
  }
  g.pair = name;
  g.n = static_cast<int>(a.size());
  std::vector<double> dchaos, la, lb;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const double d = std::abs(a[i].lambda - b[i].lambda);
    if (!std::isfinite(d)) {
      g.ok = false;
      continue;
    }
    if (a[i].lambda < regular) {
      ++g.n_regular;
      g.max_regular = std::max(g.max_regular, d);
    } else {
      dchaos.push_back(d);
      la.push_back(a[i].lambda);
      lb.push_back(b[i].lambda);
    }
  }
  g.n_chaotic = static_cast<int>(dchaos.size());
  if (!dchaos.empty()) {
    std::sort(dchaos.begin(), dchaos.end());
    g.median_chaotic = dchaos[dchaos.size() / 2];
    g.mean_a = std::accumulate(la.begin(), la.end(), 0.0) / la.size();
    g.mean_b = std::accumulate(lb.begin(), lb.end(), 0.0) / lb.size();
    // Standard error of the mean difference (paired samples).
    double m = 0, s = 0;
    for (std::size_t i = 0; i < la.size(); ++i) m += (la[i] - lb[i]) / la.size();
    for (std::size_t i = 0; i < la.size(); ++i) s += (la[i] - lb[i] - m) * (la[i] - lb[i] - m);
    g.se = la.size() > 1 ? std::sqrt(s / (la.size() - 1) / la.size()) : NAN;
    g.mean_diff = m;
    // Same distribution: the mean difference within 3 × the larger of its standard error and the
    // null's RMS shift, and a typical |Δ| no larger than twice the null's.
    const double scale = std::max(std::isfinite(g.se) ? g.se : 0.0, std::isfinite(g.null_rms) ? g.null_rms : 0.0);
    if (la.size() > 1 && std::abs(m) > 3 * scale + 1e-3) g.ok = false;
    if (std::isfinite(g.null_median) && g.median_chaotic > 2 * g.null_median + 1e-3) g.ok = false;
  }
  if (g.max_regular > 1e-3) g.ok = false;
  return g;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    Options o;
    const std::filesystem::path self_dir = std::filesystem::absolute(argv[0]).parent_path();
    o.peer_odeint = (self_dir / "chaoskit_peer_odeint").string();
    o.peer_scipy = std::string("/usr/bin/python3 ") + CHAOSKIT_BENCH_DIR + "/peer_scipy.py";
    for (int i = 1; i < argc; ++i) {
      const std::string a = argv[i];
      if (a == "--no-scipy") {
        o.scipy = false;
        continue;
      }
      if (a == "--help" || a == "-h") {
        std::cout << "chaoskit_bench: see the comment at the top of tools/bench/bench_lyapunov.cpp\n";
        return 0;
      }
      if (i + 1 >= argc) throw std::runtime_error("missing value after " + a);
      const std::string v = argv[++i];
      if (a == "--th1")
        parse_range(v, o.th1a, o.th1b, o.n1, "--th1");
      else if (a == "--th2")
        parse_range(v, o.th2a, o.th2b, o.n2, "--th2");
      else if (a == "--time")
        o.time = std::stod(v);
      else if (a == "--renorm")
        o.renorm = std::stod(v);
      else if (a == "--tol")
        o.tol = std::stod(v);
      else if (a == "--threads")
        o.threads = std::stoi(v);
      else if (a == "--repeat")
        o.repeat = std::max(1, std::stoi(v));
      else if (a == "--scipy-states")
        o.scipy_states = std::stoi(v);
      else if (a == "--params")
        o.params = v;
      else if (a == "--peer-odeint")
        o.peer_odeint = v;
      else if (a == "--peer-scipy")
        o.peer_scipy = v;
      else if (a == "--regular")
        o.regular = std::stod(v);
      else if (a == "--stepper")
        o.stepper = parse_stepper(v);
      else if (a == "--out")
        o.out = v;
      else if (a == "--probe")
        o.probe = v;
      else if (a == "--csv")
        o.csv = v;
      else
        throw std::runtime_error("unknown option " + a);
    }
    const int all = o.threads > 0 ? o.threads : omp_get_num_procs();

    const GolfParams gp = golf_params(read_param_file(o.params));
    const GolfModel model(gp);
    const std::string params_csv = fmt("%.17g", gp.L1) + "," + fmt("%.17g", gp.m1) + "," + fmt("%.17g", gp.m2) + "," +
                                   fmt("%.17g", gp.r1) + "," + fmt("%.17g", gp.r2) + "," + fmt("%.17g", gp.I1) + "," +
                                   fmt("%.17g", gp.I2) + "," + fmt("%.17g", gp.g);
    peer_golf::Params pp{gp.L1, gp.m1, gp.m2, gp.r1, gp.r2, gp.I1, gp.I2, gp.g};
    const peer_golf::Constants pk(pp);

    if (!o.probe.empty()) {
      // One chaoskit trajectory and nothing else, for call counting under valgrind (tools/bench/run).
      Traj t;
      char comma = 0;
      std::istringstream in(o.probe);
      if (!(in >> t.th1 >> comma >> t.th2) || comma != ',') throw std::runtime_error("--probe: expected th1,th2");
      std::vector<Traj> one{t};
      run_chaoskit(model, one, 1, 1, o, o.stepper);
      std::printf("lambda 0 %.17g %.17g %.17g %ld %ld\n", one[0].th1, one[0].th2, one[0].lambda, one[0].steps,
                  one[0].rhs);
      return 0;
    }

    std::vector<Traj> grid;
    for (int i = 0; i < o.n1; ++i)
      for (int j = 0; j < o.n2; ++j) {
        Traj t;
        t.th1 = o.n1 > 1 ? o.th1a + (o.th1b - o.th1a) * i / (o.n1 - 1) : o.th1a;
        t.th2 = o.n2 > 1 ? o.th2a + (o.th2b - o.th2a) * j / (o.n2 - 1) : o.th2a;
        grid.push_back(t);
      }
    std::cerr << "chaoskit_bench: " << grid.size() << " states, T = " << o.time << " s, " << all << " threads\n";

    Run ck, ck_eq, od;  // chaoskit with its stepper, chaoskit with dopri5 (the peer's method), the peer
    ck.traj = ck_eq.traj = grid;
    ck.threads = ck_eq.threads = od.threads = all;
    const bool same_method = o.stepper == StepperKind::dopri5;
    ck.secs1 = run_chaoskit(model, ck.traj, 1, o.repeat, o, o.stepper);
    ck.secsN = run_chaoskit(model, ck.traj, all, o.repeat, o, o.stepper);
    if (same_method) {
      ck_eq = ck;
    } else {
      ck_eq.secs1 = run_chaoskit(model, ck_eq.traj, 1, o.repeat, o, StepperKind::dopri5);
      ck_eq.secsN = run_chaoskit(model, ck_eq.traj, all, o.repeat, o, StepperKind::dopri5);
    }
    std::vector<std::vector<Traj>> nulls;
    for (double eps : {1e-9, -1e-9, 2e-9, -2e-9}) {
      std::vector<Traj> t = grid;
      for (Traj& x : t) x.th1 += eps;
      run_chaoskit(model, t, all, 1, o, o.stepper);
      nulls.push_back(t);
    }
    std::cerr << "  chaoskit done\n";
    od.traj = grid;
    od.secs1 = run_peer(o.peer_odeint, od.traj, 1, o.repeat, o, params_csv, true);
    od.secsN = run_peer(o.peer_odeint, od.traj, all, o.repeat, o, params_csv, true);
    std::vector<std::vector<Traj>> nulls_od;
    for (double eps : {1e-9, -1e-9, 2e-9, -2e-9}) {
      std::vector<Traj> t = grid;
      for (Traj& x : t) x.th1 += eps;
      run_peer(o.peer_odeint, t, all, 1, o, params_csv, true);
      nulls_od.push_back(t);
    }
    std::cerr << "  odeint peer done\n";

    // scipy: a few states spread evenly through the grid; chaoskit timed again on exactly those.
    Run sp, ck_sub;
    if (o.scipy && o.scipy_states > 0) {
      const int k = std::min<int>(o.scipy_states, grid.size());
      for (int i = 0; i < k; ++i) sp.traj.push_back(grid[(2 * i + 1) * grid.size() / (2 * k)]);
      ck_sub.traj = sp.traj;
      sp.threads = ck_sub.threads = all;
      ck_sub.secs1 = run_chaoskit(model, ck_sub.traj, 1, o.repeat, o, o.stepper);
      ck_sub.secsN = run_chaoskit(model, ck_sub.traj, all, o.repeat, o, o.stepper);
      sp.secs1 = run_peer(o.peer_scipy, sp.traj, 1, 1, o, params_csv, false);
      sp.secsN = run_peer(o.peer_scipy, sp.traj, all, 1, o, params_csv, false);
      std::cerr << "  scipy peer done\n";
    }

    // Work per step.
    const StepCount c_ck = count_chaoskit(model), c_hand = count_hand(pk), c_plain = count_plain_rhs(model),
                    c_ad = count_autodiff(model);
    constexpr int kComponents = 8;  // [x | v] of the golf model
    const double ck_rk_flops = kComponents * rk_vector_flops(dopri5::a, 5, dopri5::b, dopri5::db);
    const double ck_rk78_flops = kComponents * rk_vector_flops(rkf78::a, rkf78::kStages - 1, rkf78::b, rkf78::db);
    const double od_rk_flops = 512;                       // odeint's dopri5 (see the comment at the top)
    double flop_rate = 0, pair = 1e300, ck_pair = 1e300;  // best of 3: the machine may be shared
    for (int r = 0; r < 3; ++r) {
      flop_rate = std::max(flop_rate, simd::lane_peak_flops(simd::LanePath::scalar));
      pair = std::min(pair, sincos_pair_time());
      ck_pair = std::min(ck_pair, chaoskit_pair_time());
    }
    // The trigonometry of one tangent rhs: chaoskit one sincos_pair (θ1 and θ2), the peer one libm
    // sin+cos pair per angle.
    const double ck_trig = ck_pair, od_trig = pair * c_hand.sin;
    const double mhz = cpu_mhz();
    const double vector_peak = 32.0 * mhz * 1e6;

    std::ostringstream md;
    auto tput = [](std::size_t n, double s) { return static_cast<double>(n) / s; };
    md << "### Throughput: λ_max of the golf model, T = " << o.time << " s, renormalisation every " << o.renorm
       << " s, rtol = atol = " << fmt("%g", o.tol) << "\n\n";
    md << "| program | method | states | traj/s, 1 thread | traj/s, " << all
       << " threads | parallel efficiency | accepted steps/traj | rhs/step | ns/step | ns/rhs | chaoskit ÷ this, per "
          "core |\n";
    md << "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    auto row = [&](const std::string& name, const std::string& method, const Run& r, const Run* ref) {
      const double t1 = tput(r.traj.size(), r.secs1), tn = tput(r.traj.size(), r.secsN);
      md << "| " << name << " | " << method << " | " << r.traj.size() << " | " << fmt("%.4g", t1) << " | "
         << fmt("%.4g", tn) << " | " << fmt("%.0f %%", 100.0 * tn / t1 / r.threads) << " | "
         << fmt("%.0f", double(r.steps()) / r.traj.size()) << " | " << fmt("%.2f", double(r.rhs()) / r.steps()) << " | "
         << fmt("%.0f", 1e9 * r.secs1 / r.steps()) << " | " << fmt("%.0f", 1e9 * r.secs1 / r.rhs()) << " | ";
      if (ref)
        md << fmt("%.2f", tput(ref->traj.size(), ref->secs1) / t1);
      else
        md << "1";
      md << " |\n";
    };
    const std::string ck_method = stepper_name(o.stepper);
    row("chaoskit (grid)", ck_method, ck, nullptr);
    if (!same_method) row("chaoskit (grid), the peer's method", "dopri5", ck_eq, &ck);
    row("Boost.Odeint peer (grid)", "dopri5", od, &ck);
    if (!sp.traj.empty()) {
      row("chaoskit (scipy's states)", ck_method, ck_sub, nullptr);
      row("scipy solve_ivp peer", "DOP853", sp, &ck_sub);
    }
    md << "\nGrid: θ1 ∈ [" << o.th1a << ", " << o.th1b << "] × θ2 ∈ [" << o.th2a << ", " << o.th2b << "], " << o.n1
       << "×" << o.n2 << " rest states; best of " << o.repeat << " runs (scipy: 1 run";
    if (!sp.traj.empty()) md << ", on " << sp.traj.size() << " of the states spread through the grid";
    md << "). ns/step and ns/rhs: 1-thread wall time per accepted step and per rhs evaluation (odeint's and scipy's "
          "counts include their own overheads; scipy's step is DOP853, 12 rhs).";
    md << " At equal method (dopri5 both), chaoskit ÷ the odeint peer per core: "
       << fmt("%.2f", tput(ck_eq.traj.size(), ck_eq.secs1) / tput(od.traj.size(), od.secs1))
       << " (ns per accepted step " << fmt("%.0f", 1e9 * ck_eq.secs1 / ck_eq.steps()) << " vs "
       << fmt("%.0f", 1e9 * od.secs1 / od.steps()) << ").\n\n";

    // Per step at equal method: chaoskit's dopri5 run against the peer's.
    const double ck_step = ck_eq.secs1 / ck_eq.steps(), od_step = od.secs1 / od.steps();
    const double ck_rps = double(ck_eq.rhs()) / ck_eq.steps(), od_rps = double(od.rhs()) / od.steps();
    const double ck_flops_step = ck_rps * c_ck.rhs_flops + ck_rk_flops;
    const double od_flops_step = od_rps * c_hand.rhs_flops + od_rk_flops;
    md << "### Work per step (1 thread, both dopri5)\n\n";
    md << "| | chaoskit (hand-derived J·v, GolfModel::tangent_rhs) | Boost.Odeint peer (hand-written Jacobian, then J "
          "v) |\n|---|---:|---:|\n";
    md << "| flops per tangent rhs (f and ∂f/∂x·v) | " << c_ck.rhs_flops << " | " << c_hand.rhs_flops << " |\n";
    md << "| sin + cos per tangent rhs | " << c_ck.sin << " + " << c_ck.cos
       << " (one sincos_pair: both angles in one 2-wide polynomial evaluation) | " << c_hand.sin << " + " << c_hand.cos
       << " (libm; GCC merges each pair into one sincos call) |\n";
    md << "| rhs per accepted step (measured) | " << fmt("%.2f", ck_rps) << " | " << fmt("%.2f", od_rps) << " |\n";
    md << "| flops per accepted step (rhs × count + the dopri5 step's vector work: " << fmt("%.0f", ck_rk_flops)
       << " chaoskit, " << fmt("%.0f", od_rk_flops) << " odeint) | " << fmt("%.0f", ck_flops_step) << " | "
       << fmt("%.0f", od_flops_step) << " |\n";
    md << "| measured time per accepted step | " << fmt("%.0f ns", 1e9 * ck_step) << " | "
       << fmt("%.0f ns", 1e9 * od_step) << " |\n";
    md << "| achieved rate | " << fmt("%.2f GFLOP/s", ck_flops_step / ck_step / 1e9) << " | "
       << fmt("%.2f GFLOP/s", od_flops_step / od_step / 1e9) << " |\n";
    md << "| fraction of the measured scalar peak (" << fmt("%.2f GFLOP/s", flop_rate / 1e9) << ") | "
       << fmt("%.1f %%", 100 * ck_flops_step / ck_step / flop_rate) << " | "
       << fmt("%.1f %%", 100 * od_flops_step / od_step / flop_rate) << " |\n";
    md << "| fraction of the AVX-512 FMA peak (32 flops/cycle × " << fmt("%.0f MHz", mhz) << " = "
       << fmt("%.1f GFLOP/s", vector_peak / 1e9) << ") | "
       << fmt("%.2f %%", 100 * ck_flops_step / ck_step / vector_peak) << " | "
       << fmt("%.2f %%", 100 * od_flops_step / od_step / vector_peak) << " |\n";
    md << "| time of the step's sin/cos alone (measured: " << fmt("%.1f ns", 1e9 * ck_pair) << " per sincos_pair, "
       << fmt("%.1f ns", 1e9 * pair) << " per libm sin+cos) | " << fmt("%.0f ns", 1e9 * ck_trig * ck_rps) << " | "
       << fmt("%.0f ns", 1e9 * od_trig * od_rps) << " |\n";
    md << "| the step's flops at the measured scalar peak (a floor for this code) | "
       << fmt("%.0f ns", 1e9 * ck_flops_step / flop_rate) << " | " << fmt("%.0f ns", 1e9 * od_flops_step / flop_rate)
       << " |\n";
    const double ck_floor = ck_flops_step / flop_rate + ck_trig * ck_rps,
                 od_floor = od_flops_step / flop_rate + od_trig * od_rps;
    md << "| floor of this step on one core, scalar: its flops at the measured scalar peak + its sin/cos at the "
          "measured times | "
       << fmt("%.0f ns", 1e9 * ck_floor) << " | " << fmt("%.0f ns", 1e9 * od_floor) << " |\n";
    md << "| measured ÷ floor | " << fmt("%.2f", ck_step / ck_floor) << " | " << fmt("%.2f", od_step / od_floor)
       << " |\n";
    md << "\nCounts: a counting scalar instantiates each rhs (tools/bench/op_count.hpp); the plain golf rhs of "
          "chaoskit is "
       << c_plain.rhs_flops << " flops with " << c_plain.sin << " sin + " << c_plain.cos
       << " cos (parameter-only arithmetic, a few flops, not counted). For reference, the generic AutoDiff path (the "
       << "full 6-wide Jacobian, then f_x · v, what chaoskit used before the hand-derived fast path) is "
       << c_ad.rhs_flops << " flops with " << c_ad.sin << " sin + " << c_ad.cos << " cos per tangent rhs. "
       << "The stepper's loops over the 8 components may be compiled to 2-wide SSE2 packets (mulpd, addpd), so "
       << "the achieved rate is not strictly bounded by the scalar figure. At the measured scalar rate a libm sin+cos "
       << "pair costs " << fmt("%.0f", pair * flop_rate) << " flops, a sincos_pair (two angles) "
       << fmt("%.0f", ck_pair * flop_rate) << ". No hardware counters here: `perf stat` "
       << "reports cycles and fp_arith_inst_retired as not supported in this VM.\n\n";
    if (o.stepper == StepperKind::rkf78) {
      // rkf78: the stage sums over the tableau's 55 nonzero entries, the solution (7 terms), the error
      // estimate (4 terms) and the norm, counted from the tableau (the comment at the top).
      const double ck78_rps = double(ck.rhs()) / ck.steps(), ck78_step = ck.secs1 / ck.steps();
      const double f78 = ck78_rps * (c_ck.rhs_flops + ck_rk78_flops / 13);
      const double floor78 = f78 / flop_rate + ck_trig * ck78_rps;
      md << "chaoskit's own method (rkf78) per accepted step: " << fmt("%.2f", ck78_rps) << " rhs (13 per attempt; "
         << "the rest are rejected attempts), " << fmt("%.0f", f78) << " flops (" << c_ck.rhs_flops << " per rhs + "
         << fmt("%.0f", ck_rk78_flops) << " per attempt for the stepper's vector work), " << fmt("%.1f", ck78_rps)
         << " sincos_pair calls; floor " << fmt("%.0f ns", 1e9 * floor78) << ", measured "
         << fmt("%.0f ns", 1e9 * ck78_step) << " (" << fmt("%.2f", ck78_step / floor78)
         << " × the floor); per unit time " << fmt("%.0f", ck.rhs() / (o.time * ck.traj.size()))
         << " rhs/s of simulated time against dopri5's " << fmt("%.0f", ck_eq.rhs() / (o.time * ck_eq.traj.size()))
         << ".\n\n";
    }

    md << "### Agreement of the exponents\n\n";
    md << "| pair | states | regular (λ < " << o.regular
       << "/s): n, max \\|Δλ\\| | chaotic: n, median \\|Δλ\\| (null) | chaotic: mean λ a, b; mean Δ ± s.e. (null RMS "
          "shift) | verdict |\n|---|---:|---|---|---|---|\n";
    std::vector<Agreement> ag;
    ag.push_back(
        compare("chaoskit (" + ck_method + ") vs Boost.Odeint peer", ck.traj, od.traj, o.regular, nulls, nulls_od));
    if (!same_method)
      ag.push_back(compare("chaoskit (dopri5) vs Boost.Odeint peer", ck_eq.traj, od.traj, o.regular, nulls, nulls_od));
    if (!sp.traj.empty()) ag.push_back(compare("chaoskit vs scipy peer", ck_sub.traj, sp.traj, o.regular, {}, {}));
    bool all_ok = true;
    for (const Agreement& g : ag) {
      md << "| " << g.pair << " | " << g.n << " | " << g.n_regular << ", " << fmt("%.1e", g.max_regular) << " | "
         << g.n_chaotic << ", " << fmt("%.3f", g.median_chaotic) << " (" << fmt("%.3f", g.null_median) << ") | "
         << fmt("%.4f", g.mean_a) << ", " << fmt("%.4f", g.mean_b) << "; " << fmt("%+.4f", g.mean_diff) << " ± "
         << fmt("%.4f", g.se) << " (" << fmt("%.4f", g.null_rms) << ") | " << (g.ok ? "agree" : "DISAGREE") << " |\n";
      all_ok = all_ok && g.ok;
    }
    md << "\nRegular states (λ·T small: a 1e-9 difference grows less than e^" << fmt("%.0f", o.regular * o.time)
       << ") must agree to 1e-3. Chaotic orbits of two correct programs decorrelate after ~20/λ s, so their "
          "finite-time "
          "estimates are compared as samples against a null: each program against itself from θ1 shifted by ±1e-9 and "
          "±2e-9 rad (the size of the integration error), 8 runs. Verdict: mean difference within 3 × max(standard "
          "error, the null's RMS shift of the mean) + 1e-3, and median |Δλ| within twice the null's median + 1e-3. "
          "With only "
       << sp.traj.size() << " scipy states the chaotic comparison there is per state only.\n";
    if (!sp.traj.empty()) {
      md << "\nPer state on scipy's states (θ1, θ2: chaoskit / odeint peer / scipy): ";
      for (std::size_t i = 0; i < sp.traj.size(); ++i) {
        std::size_t g = 0;
        while (g < grid.size() && !(grid[g].th1 == sp.traj[i].th1 && grid[g].th2 == sp.traj[i].th2)) ++g;
        md << (i ? "; " : "") << "(" << fmt("%.3f", sp.traj[i].th1) << ", " << fmt("%.3f", sp.traj[i].th2)
           << "): " << fmt("%.5f", ck_sub.traj[i].lambda) << " / "
           << (g < grid.size() ? fmt("%.5f", od.traj[g].lambda) : "?") << " / " << fmt("%.5f", sp.traj[i].lambda);
      }
      md << ".\n";
    }

    if (!o.csv.empty()) {
      std::ofstream f(o.csv);
      f << "th1,th2,lambda_chaoskit,lambda_odeint_peer,steps_chaoskit,steps_odeint_peer\n";
      for (std::size_t i = 0; i < grid.size(); ++i)
        f << fmt("%.17g", grid[i].th1) << "," << fmt("%.17g", grid[i].th2) << "," << fmt("%.17g", ck.traj[i].lambda)
          << "," << fmt("%.17g", od.traj[i].lambda) << "," << ck.traj[i].steps << "," << od.traj[i].steps << "\n";
      if (!f) throw std::runtime_error("cannot write " + o.csv);
    }
    std::cout << md.str();
    if (!o.out.empty()) {
      std::ofstream f(o.out);
      f << md.str();
      if (!f) throw std::runtime_error("cannot write " + o.out);
    }
    return all_ok ? 0 : 3;
  } catch (const std::exception& e) {
    std::cerr << "chaoskit_bench: " << e.what() << "\n";
    return 2;
  }
}
