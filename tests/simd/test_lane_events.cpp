// Hybrid models (model files with [[events]]) on lanes: the engine integrates the flow and each
// lane's task finds, locates and applies its events in the scalar driver's code
// (src/chaoskit/simd/lane_hybrid_tasks.hpp). On every path the results are the scalar driver's bits,
// with its event counts and work counts: the limb's knee stop perfectly elastic (impacts and
// rebounds only), partly elastic (rebounds, then a slow impact locks the knee: the task leaves the
// lanes for the scalar driver) and plastic (it locks at the first impact); the compass gait (heel
// strikes that swap the legs, and falls: a terminal event ends the run).
#include <catch2/catch.hpp>

#include <functional>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "../support/event_models.hpp"
#include "../support/model_files.hpp"
#include "chaoskit/indicators/event_map_iterates.hpp"
#include "chaoskit/indicators/instances.hpp"
#include "chaoskit/indicators/state_transition.hpp"
#include "chaoskit/simd/lane_dispatch.hpp"
#include "chaoskit/simd/lane_hybrid_tasks.hpp"
#include "lane_fixtures.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

namespace {

using Leg = FileModel<4>;

Leg knee_stop_with(double e_knee) {
  return file_model_with<4>(shipped_model_file("limb_knee_stop"), std::map<std::string, double>{{"e_knee", e_knee}});
}

/// Admissible states of the knee stop (flexion th1 − th2 ≥ 0) at several energies, a high swing
/// that strikes the stop again and again among them.
std::vector<Vec<double, 4>> knee_states(int count) {
  std::mt19937 rng(20261206);
  std::uniform_real_distribution<double> thigh(-1.6, 1.6), flexion(0.0, 1.2), rate(-2.0, 2.0);
  std::vector<Vec<double, 4>> xs{Vec<double, 4>(2.2, 1.2, 0.0, 0.0)};
  while (static_cast<int>(xs.size()) < count) {
    const double th2 = thigh(rng);
    xs.emplace_back(th2 + flexion(rng), th2, rate(rng), xs.size() % 2 == 0 ? rate(rng) : 0.0);
  }
  return xs;
}

/// The compass gait near its period-one gait (analyses/walking: the state just after heel strike),
/// the rates pushed so that some walkers keep walking and others fall.
std::vector<Vec<double, 4>> walker_states(int count) {
  const Vec<double, 4> gait(0.21877461798064055, -0.32377461798066287, -1.0928668105845611, -0.37613459352843526);
  std::mt19937 rng(6122026);
  std::uniform_real_distribution<double> push(-0.35, 0.35);
  std::vector<Vec<double, 4>> xs;
  for (int i = 0; i < count; ++i) xs.push_back(gait + Vec<double, 4>(0.0, 0.0, push(rng), push(rng)));
  return xs;
}

/// The tasks through `engine` as the sweep hands them over (a hybrid model's task carries its model),
/// lanes refilled as they free; the results in task order.
template <class Task, class M>
auto run_hybrid_in_lanes(simd::LaneEngine& engine, const std::vector<Task>& tasks, const M& model,
                         const IntegratorOptions& io) {
  const int m = input_count(model);
  return run_lane_tasks(engine, tasks, [&](std::size_t i, std::function<void(Task&)> done) {
    return new simd::HybridSampledLaneTask<Task>(tasks[i], InputSchedule(m), m, std::move(done), {}, model, io);
  });
}

struct LaneRunCounts {
  long events = 0;      // events in the scalar results
  long tasks_left = 0;  // tasks that left the lanes, on the widest path
};

/// Each task on the scalar driver (`scalar`) and in every path's lanes, compared bit for bit.
template <class Task, class Scalar, class M>
LaneRunCounts check_in_lanes(const M& model, simd::LaneSystem system, const std::vector<Task>& tasks,
                             const IntegratorOptions& io, Scalar&& scalar) {
  LaneRunCounts counts;
  std::vector<std::decay_t<decltype(scalar(tasks[0]))>> expected;
  for (const Task& task : tasks) {
    expected.push_back(scalar(task));
    counts.events += expected.back().report.events;
  }
  const AnyModel any(model);
  for (simd::LanePath path : runnable_paths()) {
    INFO("path " << simd::lane_path_name(path));
    auto engine = simd::make_lane_engine(any, system, io, path);
    REQUIRE(engine);
    const auto lanes = run_hybrid_in_lanes(*engine, tasks, model, io);
    for (std::size_t i = 0; i < tasks.size(); ++i) {
      INFO("orbit " << i << ", status " << status_name(expected[i].report.status) << ", " << expected[i].report.events
                    << " events");
      check_same(lanes[i], expected[i]);
    }
    counts.tasks_left = engine->usage().tasks_left;
  }
  return counts;
}

LaneRunCounts check_orbit_classes(const Leg& leg, int count) {
  const IntegratorOptions io = rkf78_at(1e-10);
  OrbitClassOptions o;
  o.time = 40;
  o.max_time = 200;
  o.lambda_floor = 0.1;
  std::vector<OrbitClassTask<Leg>> tasks;
  for (const auto& x : knee_states(count)) tasks.emplace_back(x, o);
  return check_in_lanes(leg, simd::LaneSystem::classifier, tasks, io, [&](const OrbitClassTask<Leg>& t) {
    return classify_orbit(leg, t.initial_state().col(0).eval(), InputSchedule(2), o, io);
  });
}

}  // namespace

TEST_CASE("lanes: a model file with events has lane engines (its events in each lane's task)", "[simd][model_events]") {
  for (const char* name : {"limb_knee_stop", "compass_gait", "simplest_walker", "kneed_walker"}) {
    INFO(name);
    const AnyModel model = make_model(shipped_model_file(name));
    CHECK(simd::has_lane_kernel(model));
    CHECK(simd::lanes_take_parameters(model));
    CHECK(simd::lanes_run_as(model, model));
  }
}

TEST_CASE("lanes: orbit_class through a perfectly elastic knee stop is the scalar classification, bit for bit",
          "[simd][model_events][classification]") {
  const LaneRunCounts c = check_orbit_classes(knee_stop_with(1.0), 11);
  CHECK(c.events > 100);  // the stop is struck, again and again, in every lane
}

TEST_CASE("lanes: a knee that locks takes its task to the scalar driver, with the scalar bits",
          "[simd][model_events][classification]") {
  // Partly elastic: rebounds until an impact slower than v_lock locks the knee (a mode with a
  // constraint, which the lane kernel does not integrate); plastic: the first impact locks it.
  for (const double e : {0.6, 0.0}) {
    INFO("e_knee = " << e);
    const LaneRunCounts c = check_orbit_classes(knee_stop_with(e), 7);
    CHECK(c.events > 0);
    CHECK(c.tasks_left > 0);
  }
}

TEST_CASE("lanes: lambda_max and Psi(T, 0) through knee-stop impacts are the scalar path's, bit for bit",
          "[simd][model_events][lyapunov][stm]") {
  const Leg leg = knee_stop_with(1.0);
  const IntegratorOptions io = rkf78_at(1e-10);
  const auto xs = knee_states(9);
  LyapunovOptions lo;
  lo.time = 60;
  auto horizon = [](std::size_t i) { return 1.0 + static_cast<double>(i); };
  std::vector<LyapunovTask<1, Leg>> lambda;
  std::vector<StateTransitionTask<Leg>> psi;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    lambda.emplace_back(leg, xs[i], lo, io);
    psi.emplace_back(xs[i], horizon(i), io);
  }
  const LaneRunCounts l = check_in_lanes(leg, simd::LaneSystem::tangent1, lambda, io, [&](const auto& t) {
    return lyapunov_exponents<1>(leg, t.initial_state().col(0).eval(), InputSchedule(2), lo, io);
  });
  CHECK(l.events > 0);
  std::size_t k = 0;  // the scalar runs come in task order
  const LaneRunCounts p = check_in_lanes(leg, simd::LaneSystem::tangent_full, psi, io, [&](const auto&) {
    const std::size_t i = k++;
    return state_transition_matrix(leg, xs[i], InputSchedule(2), horizon(i), io);
  });
  CHECK(p.events > 0);
}

TEST_CASE("lanes: the compass gait's heel strikes and falls are the scalar path's, bit for bit",
          "[simd][model_events][lyapunov]") {
  const Leg walker = shipped_file_model<4>("compass_gait");
  const IntegratorOptions io = rkf78_at(1e-10);
  LyapunovOptions lo;
  lo.time = 12;
  std::vector<LyapunovTask<1, Leg>> tasks;
  for (const auto& x : walker_states(13)) tasks.emplace_back(walker, x, lo, io);
  int falls = 0;
  const LaneRunCounts c = check_in_lanes(walker, simd::LaneSystem::tangent1, tasks, io, [&](const auto& t) {
    const LyapunovResult r = lyapunov_exponents<1>(walker, t.initial_state().col(0).eval(), InputSchedule(2), lo, io);
    falls += r.report.status == IntegrationStatus::terminal_event;
    return r;
  });
  CHECK(c.events > 13);  // every walker strikes its heel
  CHECK(falls > 0);      // and some fall: the terminal event ends their run in the lane
  CHECK(falls < 13);
}

namespace {

/// orbit_diagram's task (indicators/event_map_iterates.hpp) from each state, in every path's lanes
/// against iterate_event_map on the scalar driver.
template <int N>
LaneRunCounts check_stride_maps(const FileModel<N>& walker, const std::vector<Vec<double, N>>& xs,
                                const EventMapOptions& o, int* falls = nullptr) {
  const IntegratorOptions io = rkf78_at(1e-10);
  std::vector<EventMapIterationTask<FileModel<N>>> tasks;
  for (const auto& x : xs) tasks.emplace_back(walker, x, o);
  std::size_t k = 0;  // the scalar runs come in task order
  return check_in_lanes(walker, simd::LaneSystem::tangent_full, tasks, io, [&](const auto&) {
    const EventMapIterates r = iterate_event_map(walker, xs[k++], InputSchedule(input_count(walker)), o, io);
    if (falls) *falls += r.report.status == IntegrationStatus::terminal_event;
    return r;
  });
}

template <int N>
EventMapOptions heel_strikes(const FileModel<N>& walker, long transient, long iterates, double max_time) {
  return {.event = event_index_named(walker, "heel_strike", "test", "the walker"),
          .transient = transient,
          .iterates = iterates,
          .max_time = max_time};
}

}  // namespace

TEST_CASE("lanes: a walker's stride map iterated (orbit_diagram's task) is the scalar path's, bit for bit",
          "[simd][model_events][orbit_diagram]") {
  // Each step of the map is one run from Phi = I that its task ends at the heel strike (on_event);
  // some compass gaits walk on, others fall (the terminal event ends the iteration).
  const FileModel<4> compass = shipped_file_model<4>("compass_gait");
  int falls = 0;
  const LaneRunCounts c = check_stride_maps(compass, walker_states(11), heel_strikes(compass, 3, 6, 10.0), &falls);
  CHECK(c.events > 11);
  CHECK(falls > 0);
  CHECK(falls < 11);
  CHECK(c.tasks_left == 0);
  // The simplest walker near its period-two gait (gamma = 0.017, the test's job in
  // tests/sweep/test_orbit_diagram.cpp), and steps that end without an event within max_time.
  const FileModel<4> simplest =
      file_model_with<4>(shipped_model_file("simplest_walker"), std::map<std::string, double>{{"gamma", 0.017}});
  std::vector<Vec<double, 4>> starts;
  for (int i = 0; i < 7; ++i) {
    const double theta = 0.2 + 0.01 * i, dtheta = -0.24 + 0.005 * i;
    starts.emplace_back(theta, 2.0 * theta, dtheta, (1.0 - std::cos(2.0 * theta)) * dtheta);
  }
  check_stride_maps(simplest, starts, heel_strikes(simplest, 10, 8, 4.0));
  check_stride_maps(simplest, starts, heel_strikes(simplest, 1, 2, 0.5));  // max_time shorter than a step
}

TEST_CASE("lanes: the kneed walker's stride map leaves the lanes at its first knee strike, with the scalar bits",
          "[simd][model_events][orbit_diagram]") {
  // The knee strike latches the knee (a mode with a constraint, which the lane kernel does not
  // integrate): each task is run again on the scalar driver (simd/lane_hybrid_tasks.hpp).
  const FileModel<6> kneed = shipped_file_model<6>("kneed_walker");
  std::vector<Vec<double, 6>> starts;
  for (int i = 0; i < 3; ++i) starts.emplace_back(0.15, -0.25, -0.25, -1.0 + 0.02 * i, 1.6, 1.6);
  const LaneRunCounts c = check_stride_maps(kneed, starts, heel_strikes(kneed, 1, 2, 4.0));
  CHECK(c.events > 0);
  CHECK(c.tasks_left > 0);
}
