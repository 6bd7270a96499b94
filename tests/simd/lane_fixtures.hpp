#pragma once
// Shared by the lane tests (tests/simd/): every path this CPU runs, a batch of tasks through a
// lane engine with lanes refilled as they free, and bit-for-bit comparisons of each indicator's
// result (values, histories, verdicts and the integration report's work counts).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <functional>
#include <optional>
#include <random>
#include <type_traits>
#include <utility>
#include <vector>

#include "../support/same_bits.hpp"
#include "chaoskit/indicators/event_map_iterates.hpp"
#include "chaoskit/indicators/instances.hpp"
#include "chaoskit/indicators/state_transition.hpp"
#include "chaoskit/simd/lane_dispatch.hpp"
#include "chaoskit/simd/lane_tasks.hpp"

namespace chaoskit::test {

/// A double of random sign and magnitude over binades 2^-max_exponent .. 2^max_exponent, so that
/// sums round differently when their order changes (the lane pieces' bit-for-bit tests).
inline double spread(std::mt19937& rng, int max_exponent) {
  std::uniform_real_distribution<double> mantissa(-1.0, 1.0);
  std::uniform_int_distribution<int> exponent(-max_exponent, max_exponent);
  return std::ldexp(mantissa(rng), exponent(rng));
}

/// Every path up to the widest this CPU has.
inline std::vector<simd::LanePath> runnable_paths() {
  std::vector<simd::LanePath> paths;
  for (simd::LanePath p : {simd::LanePath::sse2, simd::LanePath::avx2, simd::LanePath::avx512})
    if (static_cast<int>(p) <= static_cast<int>(simd::widest_supported_path())) paths.push_back(p);
  return paths;
}

/// Runs the tasks through `engine`, refilling lanes as they free; the results in task order.
/// make(i, done) wraps task i as the lane task the engine takes (done stores its result).
template <class Task, class MakeLaneTask>
std::vector<typename std::decay_t<decltype(std::declval<Task>().result())>> run_lane_tasks(
    simd::LaneEngine& engine, const std::vector<Task>& tasks, MakeLaneTask&& make) {
  using R = std::decay_t<decltype(std::declval<Task>().result())>;
  std::vector<std::optional<R>> out(tasks.size());
  std::size_t next = 0;
  auto feed = [&] {
    while (next < tasks.size() && engine.idle_lanes() > 0) {
      const std::size_t i = next++;
      engine.add(make(i, std::function<void(Task&)>([&out, i](Task& t) { out[i] = t.result(); })));
    }
  };
  feed();
  while (engine.busy_lanes() > 0) {
    engine.run_until_a_lane_frees();
    feed();
  }
  std::vector<R> results;
  for (auto& r : out) {
    REQUIRE(r.has_value());
    results.push_back(*r);
  }
  return results;
}

/// run_lane_tasks with each task as a SampledLaneTask. With `constants`, task i carries
/// (*constants)[i] as its model's (simd::lane_constants_of).
template <class Task>
std::vector<typename std::decay_t<decltype(std::declval<Task>().result())>> run_in_lanes(
    simd::LaneEngine& engine, const std::vector<Task>& tasks, const std::vector<InputSchedule>& inputs, int input_dim,
    const std::vector<std::vector<double>>* constants = nullptr) {
  return run_lane_tasks(engine, tasks, [&](std::size_t i, std::function<void(Task&)> done) {
    return new simd::SampledLaneTask<Task>(tasks[i], inputs[i], input_dim, std::move(done),
                                           constants ? (*constants)[i] : std::vector<double>{});
  });
}

inline void check_same(const IntegrationReport& a, const IntegrationReport& b) {
  CHECK(a.status == b.status);
  CHECK(same_bits(a.t, b.t));
  CHECK(a.accepted == b.accepted);
  CHECK(a.rejected == b.rejected);
  CHECK(a.rhs_calls == b.rhs_calls);
  CHECK(a.events == b.events);
  CHECK(a.stopped_by_observer == b.stopped_by_observer);
}

inline void check_same(const OrbitClassification& a, const OrbitClassification& b) {
  for (auto [x, y] : {std::pair{a.lambda_max, b.lambda_max},
                      {a.lambda_error, b.lambda_error},
                      {a.lambda_half, b.lambda_half},
                      {a.sali, b.sali},
                      {a.sali_min, b.sali_min},
                      {a.megno, b.megno},
                      {a.growth_power, b.growth_power},
                      {a.time, b.time}})
    CHECK(same_bits(x, y));
  CHECK(a.verdict == b.verdict);
  CHECK(a.lambda_vote == b.lambda_vote);
  CHECK(a.sali_vote == b.sali_vote);
  CHECK(a.megno_vote == b.megno_vote);
  check_same(a.report, b.report);
}

inline void check_same(const LyapunovResult& a, const LyapunovResult& b) {
  REQUIRE(a.exponents.size() == b.exponents.size());
  for (std::size_t i = 0; i < a.exponents.size(); ++i) {
    CHECK(same_bits(a.exponents[i], b.exponents[i]));
    CHECK(same_bits(a.errors[i], b.errors[i]));
  }
  CHECK(same_bits(a.half_time_estimate, b.half_time_estimate));
  CHECK(same_bits(a.energy_drift, b.energy_drift));
  CHECK(same_bits(a.elapsed, b.elapsed));
  CHECK(a.converged == b.converged);
  CHECK(a.stopped_early == b.stopped_early);
  CHECK(a.history == b.history);
  check_same(a.report, b.report);
}

inline void check_same(const AlignmentResult& a, const AlignmentResult& b) {
  for (auto [x, y] :
       {std::pair{a.sali, b.sali}, {a.sali_min, b.sali_min}, {a.time_below_chaotic, b.time_below_chaotic}})
    CHECK(same_bits(x, y));
  REQUIRE(a.gali.size() == b.gali.size());
  for (std::size_t i = 0; i < a.gali.size(); ++i) CHECK(same_bits(a.gali[i], b.gali[i]));
  CHECK(a.history_sali == b.history_sali);
  CHECK(a.sali_class == b.sali_class);
  CHECK(a.gali_class == b.gali_class);
  check_same(a.report, b.report);
}

template <class M>
void check_same(const StateTransitionResult<M>& a, const StateTransitionResult<M>& b) {
  CHECK(same_bits(a.T, b.T));
  for (int i = 0; i < M::state_dim; ++i) {
    CHECK(same_bits(a.xT(i), b.xT(i)));
    for (int j = 0; j < M::state_dim; ++j) CHECK(same_bits(a.stm(i, j), b.stm(i, j)));
  }
  check_same(a.report, b.report);
}

inline void check_same(const MegnoResult& a, const MegnoResult& b) {
  CHECK(same_bits(a.megno, b.megno));
  CHECK(same_bits(a.lambda_estimate, b.lambda_estimate));
  CHECK(a.history_megno == b.history_megno);
  CHECK(a.megno_class == b.megno_class);
  check_same(a.report, b.report);
}

inline void check_same(const EventMapIterates& a, const EventMapIterates& b) {
  CHECK(a.recorded == b.recorded);
  CHECK(a.steps == b.steps);
  CHECK(same_bits(a.lambda, b.lambda));
  REQUIRE(a.states.size() == b.states.size());
  for (std::size_t i = 0; i < a.states.size(); ++i) CHECK(same_bits(a.states[i], b.states[i]));
  REQUIRE(a.times.size() == b.times.size());
  for (std::size_t i = 0; i < a.times.size(); ++i) CHECK(same_bits(a.times[i], b.times[i]));
  check_same(a.report, b.report);
}

inline IntegratorOptions rkf78_at(double tol) {
  IntegratorOptions io;
  io.stepper = StepperKind::rkf78;
  io.rtol = io.atol = tol;
  return io;
}

/// Runs `tasks` in lanes on every path, task i with `inputs[i]`, and compares each result with
/// `scalar[i]` (the scalar driver's), bit for bit; with `alone`, each task also alone in an engine
/// of its own.
template <class Task, class Result>
void check_every_lane(const AnyModel& any, simd::LaneSystem system, const IntegratorOptions& io,
                      const std::vector<Task>& tasks, const std::vector<Result>& scalar,
                      const std::vector<InputSchedule>& inputs, int input_dim, bool alone) {
  for (simd::LanePath path : runnable_paths()) {
    INFO("path " << simd::lane_path_name(path));
    auto engine = simd::make_lane_engine(any, system, io, path);
    REQUIRE(engine);
    const auto batch = run_in_lanes(*engine, tasks, inputs, input_dim);
    for (std::size_t i = 0; i < tasks.size(); ++i) {
      INFO("orbit " << i << " in a full batch");
      check_same(batch[i], scalar[i]);
      if (!alone) continue;
      auto solo_engine = simd::make_lane_engine(any, system, io, path);
      INFO("alone");
      check_same(run_in_lanes(*solo_engine, std::vector{tasks[i]}, std::vector{inputs[i]}, input_dim)[0], batch[i]);
    }
  }
}

/// The same without inputs (every task's schedule empty).
template <class Task, class Result>
void check_every_lane(const AnyModel& any, simd::LaneSystem system, const IntegratorOptions& io,
                      const std::vector<Task>& tasks, const std::vector<Result>& scalar, int input_dim, bool alone) {
  const std::vector<InputSchedule> inputs(tasks.size(), InputSchedule(input_dim));
  check_every_lane(any, system, io, tasks, scalar, inputs, input_dim, alone);
}

/// The options of check_every_system: one set per tangent-flow system.
struct EverySystemOptions {
  LyapunovOptions lambda_max, spectrum;
  FastIndicatorOptions sali, megno;
  OrbitClassOptions orbit_class;
  bool orbit_class_alone = false;  ///< the classifier's tasks alone in an engine too
};

/// One system of check_every_system: task i from make_task(i), its scalar result from
/// run_scalar(i), for each of `count` states, then check_every_lane.
template <class MakeTask, class RunScalar>
void check_system(const AnyModel& any, simd::LaneSystem system, const IntegratorOptions& io, std::size_t count,
                  const std::vector<InputSchedule>& inputs, int input_dim, bool alone, MakeTask make_task,
                  RunScalar run_scalar) {
  std::vector<decltype(make_task(std::size_t{}))> tasks;
  std::vector<decltype(run_scalar(std::size_t{}))> scalar;
  for (std::size_t i = 0; i < count; ++i) {
    tasks.push_back(make_task(i));
    scalar.push_back(run_scalar(i));
  }
  check_every_lane(any, system, io, tasks, scalar, inputs, input_dim, alone);
}

/// λ_max (in a full batch and alone), the full spectrum, SALI, MEGNO and orbit_class of `model`
/// from each of `xs` with `inputs[i]`, in every lane of every path, against the scalar driver, bit
/// for bit: every system a model's lane kernel serves.
template <class M>
void check_every_system(const M& model, const std::vector<Vec<double, M::state_dim>>& xs,
                        const std::vector<InputSchedule>& inputs, const IntegratorOptions& io,
                        const EverySystemOptions& o) {
  constexpr int n = M::state_dim, m = M::input_dim;
  const AnyModel any(model);
  const std::size_t count = xs.size();
  {
    INFO("lambda_max");
    check_system(
        any, simd::LaneSystem::tangent1, io, count, inputs, m, true,
        [&](std::size_t i) { return LyapunovTask<1, M>(model, xs[i], o.lambda_max, io); },
        [&](std::size_t i) {
          LyapunovResult r = lyapunov_exponents<1>(model, xs[i], inputs[i], o.lambda_max, io);
          REQUIRE(r.report.ok());
          return r;
        });
  }
  {
    INFO("spectrum");
    check_system(
        any, simd::LaneSystem::tangent_full, io, count, inputs, m, false,
        [&](std::size_t i) { return LyapunovTask<n, M>(model, xs[i], o.spectrum, io); },
        [&](std::size_t i) { return lyapunov_exponents<n>(model, xs[i], inputs[i], o.spectrum, io); });
  }
  {
    INFO("SALI");
    check_system(
        any, simd::LaneSystem::tangent2, io, count, inputs, m, false,
        [&](std::size_t i) { return AlignmentTask<2, M>(xs[i], o.sali); },
        [&](std::size_t i) { return alignment_indices<2>(model, xs[i], inputs[i], o.sali, io); });
  }
  {
    INFO("MEGNO");
    check_system(
        any, simd::LaneSystem::megno, io, count, inputs, m, false,
        [&](std::size_t i) { return MegnoTask<M>(xs[i], o.megno); },
        [&](std::size_t i) { return megno(model, xs[i], inputs[i], o.megno, io); });
  }
  {
    INFO("orbit_class");
    check_system(
        any, simd::LaneSystem::classifier, io, count, inputs, m, o.orbit_class_alone,
        [&](std::size_t i) { return OrbitClassTask<M>(xs[i], o.orbit_class); },
        [&](std::size_t i) { return classify_orbit(model, xs[i], inputs[i], o.orbit_class, io); });
  }
}

}  // namespace chaoskit::test
