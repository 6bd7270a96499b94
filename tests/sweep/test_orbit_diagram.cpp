// orbit_diagram (sweep/quantities/orbit_diagram.hpp): the simplest walker's stride map iterated in
// a slope sweep: a period-one gait recorded as one repeated state (the fixed point Newton finds)
// with λ of the map = log of its largest multiplier's modulus, period two beyond the doubling, the
// same bits for any thread count, the iterates those of flow_to_event (Newton's stride map) to the bit,
// and the job errors.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>

#include "../support/event_models.hpp"
#include "../support/model_files.hpp"
#include "../support/same_bits.hpp"
#include "chaoskit/indicators/event_flow.hpp"
#include "chaoskit/indicators/event_map_iterates.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "chaoskit/periodic/orbit.hpp"
#include "chaoskit/periodic/parameter_family.hpp"
#include "chaoskit/sweep/reading/job_reader.hpp"
#include "chaoskit/sweep/runs/memory_run.hpp"

using namespace chaoskit;
using namespace chaoskit::sweep;
using namespace chaoskit::test;

namespace {

const std::string kWalker = (data_directory() / "models" / "simplest_walker.toml").string();

/// A slope sweep of the simplest walker from (theta, theta') just after heel strike.
std::string walker_job(const std::string& slopes, const std::string& compute, double theta = 0.2,
                       double dtheta = -0.2) {
  const double dphi = (1.0 - std::cos(2.0 * theta)) * dtheta;
  return "[model]\nname = \"" + kWalker + "\"\n[grid]\ngamma = " + slopes + "\ntheta = " + std::to_string(theta) +
         "\nphi = " + std::to_string(2.0 * theta) + "\ndtheta = " + std::to_string(dtheta) +
         "\ndphi = " + std::to_string(dphi) +
         "\n[integrator]\nrtol = 1e-12\natol = 1e-12\n[compute]\norbit_diagram = " + compute + "\n";
}

std::vector<double> values(const MemoryRun& run, const std::string& name) {
  const int v = run.layout.find(name);
  REQUIRE(v >= 0);
  return std::visit([](auto column) { return std::vector<double>(column.begin(), column.end()); },
                    run.values.view(static_cast<std::size_t>(v)));
}

bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

/// The fixed point of the stride map at slope gamma, by Newton (periodic/).
periodic::PeriodicOrbit newton_gait(double gamma, const Eigen::VectorXd& guess, int k) {
  periodic::FlowSetup s;
  s.model = kWalker;
  ParamFile f = read_param_file(kWalker);
  (*f.table["values"].as_table()).insert_or_assign("gamma", gamma);
  s.file = f;
  s.flow.integrator.stepper = StepperKind::rkf78;
  s.flow.integrator.rtol = s.flow.integrator.atol = 1e-12;
  s.section.event = "heel_strike";
  periodic::OrbitOptions o;
  o.segments = k;
  return periodic::find_periodic_orbit(periodic::flow_problem(s, guess), {{guess}, NAN}, o);
}

}  // namespace

TEST_CASE("orbit diagram: the simplest walker's period-one and period-two gaits in a slope sweep",
          "[sweep][orbit_diagram]") {
  const std::string compute = "{ at_event = \"heel_strike\", transient = 150, iterates = 8 }";
  // gamma = 0.009 from near Garcia's gait; gamma = 0.017 from near the (unstable) period-one gait there.
  const MemoryRun run = compute_in_memory(parse_job(walker_job("[0.009]", compute), "a.toml"), 1, [] { return false; });
  const MemoryRun limp =
      compute_in_memory(parse_job(walker_job("[0.017]", compute, 0.246, -0.24), "b.toml"), 1, [] { return false; });
  REQUIRE(run.status == std::vector<std::int8_t>{1});
  REQUIRE(limp.status == std::vector<std::int8_t>{1});
  CHECK(values(run, "orbit_diagram_count") == std::vector<double>{8});
  CHECK(values(run, "orbit_diagram_steps") == std::vector<double>{158});
  CHECK(values(limp, "orbit_diagram_count") == std::vector<double>{8});
  const auto state = values(run, "orbit_diagram_state"), state2 = values(limp, "orbit_diagram_state");
  const auto time = values(run, "orbit_diagram_time");
  const double lambda = values(run, "orbit_diagram_lambda")[0], lambda2 = values(limp, "orbit_diagram_lambda")[0];
  // gamma = 0.009: every recorded step is the period-one gait, Newton's fixed point.
  Eigen::VectorXd last(4);
  for (int i = 0; i < 4; ++i) last(i) = state[7 * 4 + i];
  const periodic::PeriodicOrbit one = newton_gait(0.009, last, 1);
  REQUIRE(one.converged());
  for (int k = 0; k < 8; ++k)
    for (int i = 0; i < 4; ++i) CHECK(std::abs(state[k * 4 + i] - one.points[0](i)) < 1e-7);
  CHECK(std::abs(time[7] - one.return_time) < 1e-7);
  // λ of the map over the recorded steps: the log of the largest multiplier's modulus (a complex
  // pair: the tangent vector turns, so λ converges as 1/N: loosely).
  CHECK(std::abs(lambda - std::log(one.floquet.max_modulus)) < 0.15);
  CHECK(lambda < 0.0);
  // gamma = 0.017: period two ("limping", Garcia et al. 1998), the iterates alternating between the
  // two points of Newton's period-2 orbit.
  for (int i = 0; i < 4; ++i) last(i) = state2[7 * 4 + i];
  const periodic::PeriodicOrbit two = newton_gait(0.017, last, 2);
  REQUIRE(two.converged());
  for (int k = 0; k < 8; ++k)
    for (int i = 0; i < 4; ++i) CHECK(std::abs(state2[k * 4 + i] - two.points[(k + 1) % 2](i)) < 1e-7);
  CHECK(std::abs(state2[0] - state2[4]) > 1e-3);
  CHECK(lambda2 < 0.0);
}

TEST_CASE("orbit diagram: the same bits for any thread count", "[sweep][orbit_diagram][threads]") {
  const Job job = parse_job(
      walker_job("{ linspace = [0.012, 0.0195, 6] }", "{ at_event = \"heel_strike\", transient = 20, iterates = 10 }"),
      "walker.toml");
  const MemoryRun a = compute_in_memory(job, 1, [] { return false; });
  const MemoryRun b = compute_in_memory(job, 2, [] { return false; });
  CHECK(a.status == b.status);
  for (const char* name : {"orbit_diagram_count", "orbit_diagram_state", "orbit_diagram_time", "orbit_diagram_lambda",
                           "orbit_diagram_steps"}) {
    CAPTURE(name);
    CHECK(same_bits(values(a, name), values(b, name)));
  }
}

TEST_CASE("orbit diagram: a walker that falls records fewer iterates and says where it stopped",
          "[sweep][orbit_diagram]") {
  // Too slow to pass over the stance foot: no heel strike ever happens.
  const Job job = parse_job("[model]\nname = \"" + kWalker +
                                "\"\n[grid]\ngamma = [0.009]\ntheta = 0.2\nphi = 0.4\ndtheta = -0.02\n[compute]\n"
                                "orbit_diagram = { at_event = \"heel_strike\", transient = 2, iterates = 3, "
                                "max_time = 30 }\n",
                            "fall.toml");
  const MemoryRun run = compute_in_memory(job, 1, [] { return false; });
  REQUIRE(run.status == std::vector<std::int8_t>{1});
  CHECK(values(run, "orbit_diagram_count") == std::vector<double>{0});
  CHECK(values(run, "orbit_diagram_steps") == std::vector<double>{0});
  CHECK(std::isnan(values(run, "orbit_diagram_lambda")[0]));
  CHECK(std::isnan(values(run, "orbit_diagram_state")[0]));
}

TEST_CASE("orbit diagram: job errors name the field", "[sweep][orbit_diagram][errors]") {
  using Catch::Matchers::Contains;
  CHECK_THROWS_WITH(parse_job(walker_job("[0.009]", "{ transient = 5 }"), "j.toml"),
                    Contains("compute.orbit_diagram.at_event: missing"));
  CHECK_THROWS_WITH(
      parse_job(walker_job("[0.009]", "{ at_event = \"toe_off\" }"), "j.toml"),
      Contains("compute.orbit_diagram.at_event: unknown event 'toe_off' (the model has heel_strike, fall)"));
  CHECK_THROWS_WITH(parse_job(walker_job("[0.009]", "{ at_event = \"heel_strike\", iterates = 0 }"), "j.toml"),
                    Contains("compute.orbit_diagram.iterates"));
  CHECK_THROWS_WITH(parse_job(walker_job("[0.009]", "{ at_event = \"heel_strike\", colour = 1 }"), "j.toml"),
                    Contains("colour"));
  CHECK_THROWS_WITH(parse_job("[model]\nname = \"golf\"\n[grid]\nth1 = [0.1]\n[compute]\norbit_diagram = { at_event = "
                              "\"heel_strike\" }\n",
                              "j.toml"),
                    Contains("compute.orbit_diagram.at_event: the model has no events"));
}

namespace {

/// The map iterated step by step with flow_to_event (indicators/event_flow.hpp, Newton's stride
/// map): the reference for iterate_event_map, which runs the same integrations as one task.
template <int N>
EventMapIterates iterate_with_flow_to_event(const FileModel<N>& model, Vec<double, N> x, const EventMapOptions& o,
                                            const IntegratorOptions& io) {
  EventMapIterates out;
  const EventInfo info = model.event_info(o.event);
  int mode = info.to_mode >= 0 ? info.to_mode : (info.from_mode >= 0 ? info.from_mode : 0);
  Vec<double, N> v = Vec<double, N>::Constant(1.0 / std::sqrt(static_cast<double>(N)));
  double t = 0.0, log_sum = 0.0;
  for (long k = 0; k < o.transient + o.iterates; ++k) {
    const EventFlow<FileModel<N>> r = flow_to_event(model, x, mode, t, o.event, 1, InputSchedule(), o.max_time, io);
    out.report = r.report;
    if (!r.reached) break;
    ++out.steps;
    const Vec<double, N> w = r.map_jacobian * v;
    const double growth = w.norm();
    if (k >= o.transient) {
      for (int i = 0; i < N; ++i) out.states.push_back(r.x(i));
      out.times.push_back(r.t - t);
      log_sum += std::log(growth);
      ++out.recorded;
    }
    v = growth > 0.0 ? Vec<double, N>(w / growth) : Vec<double, N>(Vec<double, N>::Unit(0));
    x = r.x, mode = r.mode, t = r.t;
  }
  if (out.recorded == o.iterates) out.lambda = log_sum / static_cast<double>(out.recorded);
  return out;
}

}  // namespace

TEST_CASE("orbit diagram: the iterates are flow_to_event's, bit for bit", "[sweep][orbit_diagram]") {
  IntegratorOptions io;
  io.stepper = StepperKind::rkf78;
  io.rtol = io.atol = 1e-10;
  const auto check = [&](const FileModel<4>& walker, const Vec<double, 4>& x0, long transient, long iterates,
                         double max_time, IntegrationStatus end) {
    const EventMapOptions o{.event = event_index_named(walker, "heel_strike", "test", "the walker"),
                            .transient = transient,
                            .iterates = iterates,
                            .max_time = max_time};
    const EventMapIterates a = iterate_event_map(walker, x0, InputSchedule(), o, io);
    const EventMapIterates b = iterate_with_flow_to_event(walker, x0, o, io);
    CHECK(a.report.status == end);
    CHECK(a.report.status == b.report.status);
    CHECK(a.steps == b.steps);
    REQUIRE(a.recorded == b.recorded);
    CHECK(same_bits(a.lambda, b.lambda));
    REQUIRE(a.states.size() == b.states.size());
    for (std::size_t i = 0; i < a.states.size(); ++i) CHECK(same_bits(a.states[i], b.states[i]));
    for (std::size_t i = 0; i < a.times.size(); ++i) CHECK(same_bits(a.times[i], b.times[i]));
    return a;
  };
  // The simplest walker in its period-two gait: every step reaches the heel strike.
  const FileModel<4> simplest =
      file_model_with<4>(shipped_model_file("simplest_walker"), std::map<std::string, double>{{"gamma", 0.017}});
  const double theta = 0.246, dtheta = -0.24;
  const Vec<double, 4> limping(theta, 2.0 * theta, dtheta, (1.0 - std::cos(2.0 * theta)) * dtheta);
  const EventMapIterates walk = check(simplest, limping, 20, 12, 100.0, IntegrationStatus::ok);
  CHECK(walk.recorded == 12);
  CHECK(walk.report.events >= 32);
  // A compass gait that falls (the terminal event ends the iteration).
  const FileModel<4> compass = shipped_file_model<4>("compass_gait");
  const Vec<double, 4> pushed(0.21877461798064055, -0.32377461798066287, -1.0928668105845611 - 0.35,
                              -0.37613459352843526);
  const EventMapIterates fall = check(compass, pushed, 2, 20, 100.0, IntegrationStatus::terminal_event);
  CHECK(fall.recorded < 20);
  CHECK(std::isnan(fall.lambda));
}

TEST_CASE("orbit diagram: the iteration's options are checked", "[sweep][orbit_diagram][errors]") {
  using Catch::Matchers::Contains;
  const FileModel<4> walker = shipped_file_model<4>("simplest_walker");
  const Vec<double, 4> x(0.2, 0.4, -0.2, -0.2);
  CHECK_THROWS_WITH(EventMapIterationTask(walker, x, EventMapOptions{.event = 7}),
                    Contains("event: the model has no event 7"));
  CHECK_THROWS_WITH(EventMapIterationTask(walker, x, EventMapOptions{.event = 0, .iterates = 0}), Contains("iterates"));
  CHECK_THROWS_WITH(EventMapIterationTask(walker, x, EventMapOptions{.event = 0, .max_time = 0.0}),
                    Contains("max_time: must be > 0 s"));
}
