// probe_lane_width: one lane engine (src/chaoskit/simd/lane_engine.hpp) on golf λ_max tasks, alone —
// no sweep, no scheduler — timed in thread CPU time, so that a loaded machine still gives
// comparable figures. Built by tools/bench/probe_lane_width once per (instruction set, lane count),
// e.g. -mavx2 with 4 lanes (one ymm register per lane group) against -mavx2 with 8 lanes (GCC's
// 64-byte vectors, lowered to two ymm registers: two independent dependency chains per operation).
//
// Workload: 64 rest states on an 8 × 8 grid (θ1 0.3…2.5, θ2 −2…2) of a golf-like parameter set,
// tangent flow with one vector, renormalised every 1 s to T = 100 s, rkf78 at rtol = atol = 1e-9,
// lanes refilled as they free (as the sweep does). Prints trajectories per CPU second (best of
// --repeat), ns per lane step, and the sum of the log growths, which must be the same for every
// width (each lane's bits do not depend on the width; only the summation order of the tasks'
// completion may differ, in the last digit).
//
// Compile definitions: CHAOSKIT_LANE_ISA (a namespace), PROBE_WIDTH (lanes per engine).
#include <time.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "chaoskit/models/golf.hpp"
#include "chaoskit/simd/lane_engine.hpp"
#include "chaoskit/simd/lane_kernels.hpp"

// 16 lanes (two zmm registers on AVX-512, which has 32 of them): lanes.hpp stops at 8.
#if PROBE_WIDTH == 16
namespace chaoskit::simd {
inline namespace CHAOSKIT_LANE_ISA {
template <>
struct RawLanes<16> {
  typedef double type __attribute__((vector_size(128)));
};
}  // namespace CHAOSKIT_LANE_ISA
}  // namespace chaoskit::simd
#endif

using namespace chaoskit;
using namespace chaoskit::simd;

namespace {

double thread_cpu_seconds() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

long completed = 0;
double log_growth_sum = 0;

/// λ_max's sampled task, reduced to what the engine sees: 100 one-second segments, renormalise w.
class ProbeTask final : public LaneTask {
 public:
  ProbeTask(double th1, double th2) : th1_(th1), th2_(th2) {
    for (int i = 0; i < 100; ++i) {
      LaneSegment s;
      s.ta = i, s.tb = i + 1;
      segments_.push_back(s);
    }
  }
  void initial_state(double* X) const override {
    const double x[8] = {th1_, th2_, 0, 0, 1, 0, 0, 0};
    for (int i = 0; i < 8; ++i) X[i] = x[i];
  }
  int model_constants(double*, int) const override { return 0; }
  bool next_run(LaneRun& run) override {
    if (ran_) return false;
    ran_ = true;
    run.segments = segments_.data(), run.segment_count = segments_.size();
    run.t0 = 0, run.dt = 1, run.n_samples = 100;
    return true;
  }
  bool sample(double* X, double, long) override {
    const double norm = std::sqrt(X[4] * X[4] + X[5] * X[5] + X[6] * X[6] + X[7] * X[7]);
    log_sum_ += std::log(norm);
    for (int i = 4; i < 8; ++i) X[i] /= norm;
    return true;
  }
  void run_finished(const IntegrationReport&, const double*) override {}
  void complete() override { ++completed, log_growth_sum += log_sum_; }

 private:
  double th1_, th2_, log_sum_ = 0;
  std::vector<LaneSegment> segments_;
  bool ran_ = false;
};

}  // namespace

int main(int argc, char** argv) {
  const int repeat = argc > 1 ? std::atoi(argv[1]) : 5;
  GolfParams p;
  p.L1 = 1.1, p.L2 = 1.0, p.m1 = 7.0, p.m2 = 0.3, p.r1 = 0.55, p.r2 = 0.75, p.I1 = 0.7, p.I2 = 0.03, p.g = 9.81;
  const GolfModel model(p);
  double constants[GolfModel::lane_constant_count];
  model.lane_constants(constants);
  IntegratorOptions io;
  io.stepper = StepperKind::rkf78;
  io.rtol = io.atol = 1e-9;
  constexpr int W = PROBE_WIDTH, total = 64;
  double best = 1e300;
  long lane_steps = 0;
  for (int r = 0; r < repeat; ++r) {
    completed = 0, log_growth_sum = 0;
    Engine<TangentKernel<GolfModel, W, 1>, W> engine(TangentKernel<GolfModel, W, 1>(constants), io);
    int next = 0;
    const double start = thread_cpu_seconds();
    for (;;) {
      while (engine.idle_lanes() > 0 && next < total) {
        const int i = next++;
        engine.add(new ProbeTask(0.3 + 2.2 * (i % 8) / 7.0, -2.0 + 4.0 * (i / 8) / 7.0));
      }
      if (engine.busy_lanes() == 0) break;
      engine.run_until_a_lane_frees();
    }
    const double secs = thread_cpu_seconds() - start;
    if (secs < best) best = secs;
    lane_steps = engine.usage().lane_steps;
  }
  std::printf("%d lanes: %.1f traj/CPU-s, %.1f ns per lane step, %ld lane steps, log-growth sum %.17g\n", W,
              total / best, best * 1e9 / static_cast<double>(lane_steps), lane_steps, log_growth_sum);
  return completed == total ? 0 : 1;
}
