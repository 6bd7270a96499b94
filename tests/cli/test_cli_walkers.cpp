// The shipped walker files through the command line: `simulate` prints the event log and stores it
// in --out files (HDF5 and CSV, the same numbers), `section --at-event heel_strike` records the
// stride map's iterates (for Garcia's gait, its fixed point again and again), and `models` lists
// the event files with their events and modes.
#include <catch2/catch.hpp>

#include <cmath>
#include <sstream>

#include "../support/model_files.hpp"
#include "chaoskit/indicators/event_flow.hpp"
#include "chaoskit/integrate/trajectory.hpp"
#include "chaoskit/integrate/trajectory_file.hpp"
#include "chaoskit/sections/section_file.hpp"
#include "support/event_models.hpp"
#include "support/json_lite.hpp"
#include "support/run_cli.hpp"
#include "support/scratch.hpp"
#include "support/walker_physics.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

namespace {

const double kTheta = 0.20031090049483, kDtheta = -0.19983247291764;

/// Garcia's gait at gamma = 0.009 just after heel strike, as --state text and as a vector.
Vec<double, 4> garcia_start() {
  return Vec<double, 4>(kTheta, 2 * kTheta, kDtheta, (1 - std::cos(2 * kTheta)) * kDtheta);
}
std::string state_arg(const Vec<double, 4>& x) {
  std::ostringstream o;
  o.precision(17);
  o << x(0) << "," << x(1) << "," << x(2) << "," << x(3);
  return o.str();
}

}  // namespace

TEST_CASE("walker CLI: simulate prints the event log and stores it in HDF5 and CSV", "[cli][model_events][walkers]") {
  const ScratchDir scratch("cli_walker_simulate");
  const std::string model = shell_quote(shipped_model_file("simplest_walker"));
  const std::string args = "simulate --model " + model + " --state " + state_arg(garcia_start()) +
                           " --time 12 --dt-out 0.5 --rtol 1e-12 --atol 1e-12 --out ";
  const CliResult h5 = run_cli(args + shell_quote(scratch.file("w.h5")));
  const CliResult csv = run_cli(args + shell_quote(scratch.file("w.csv")));
  CAPTURE(h5.out, h5.err, csv.err);
  REQUIRE(h5.exit_code == 0);
  REQUIRE(csv.exit_code == 0);
  CHECK(h5.out.find("events 3 (heel_strike 3, fall 0)") != std::string::npos);
  CHECK(h5.out.find("heel_strike  default -> default") != std::string::npos);

  // The same run in-process (simulate's dopri5 at the same tolerances): the same events.
  const FileModel<4> w = shipped_file_model<4>("simplest_walker");
  IntegratorOptions io;
  io.stepper = StepperKind::dopri5;
  io.rtol = io.atol = 1e-12;
  const auto tr = simulate(w, garcia_start(), InputSchedule(), 0.0, 12.0, output_grid(0.0, 12.0, 0.5), io);
  REQUIRE(tr.events.size() == 3);

  const TrajectoryTable a = read_trajectory(scratch.file("w.h5"));
  const TrajectoryTable b = read_trajectory(scratch.file("w.csv"));
  for (const TrajectoryTable* t : {&a, &b}) {
    REQUIRE(t->events.present());
    CHECK(t->events.event_names == std::vector<std::string>{"heel_strike", "fall"});
    CHECK(t->events.mode_names == std::vector<std::string>{"default"});
    REQUIRE(t->events.size() == 3);
    for (std::size_t k = 0; k < 3; ++k) {
      CAPTURE(k);
      CHECK(t->events.event[k] == 0);
      CHECK(t->events.t[k] == Approx(tr.events[k].t).epsilon(1e-12));
      for (int i = 0; i < 4; ++i) {
        CHECK(t->events.state_before[k][static_cast<std::size_t>(i)] == Approx(tr.events[k].x_minus(i)).margin(1e-12));
        CHECK(t->events.state_after[k][static_cast<std::size_t>(i)] == Approx(tr.events[k].x_plus(i)).margin(1e-12));
      }
      // On the guard phi - 2 theta = 0, and the paper's reset.
      const auto& xm = t->events.state_before[k];
      CHECK(std::abs(xm[1] - 2 * xm[0]) <= 1e-12);
      CHECK(t->events.state_after[k][0] == -xm[0]);
      // The stance leg's energy ½θ'² + cos(θ − γ) on both sides.
      const auto& xp = t->events.state_after[k];
      CHECK(t->events.energy_before[k] == Approx(0.5 * xm[2] * xm[2] + std::cos(xm[0] - 0.009)).epsilon(1e-14));
      CHECK(t->events.energy_after[k] == Approx(0.5 * xp[2] * xp[2] + std::cos(xp[0] - 0.009)).epsilon(1e-14));
    }
  }
  // CSV keeps 17 significant digits: the same numbers as the HDF5 file.
  CHECK(a.events.t == b.events.t);
  CHECK(a.events.state_after == b.events.state_after);
  CHECK(a.events.energy_before == b.events.energy_before);
}

TEST_CASE("walker CLI: section --at-event heel_strike gives the stride map's iterates",
          "[cli][model_events][walkers]") {
  const ScratchDir scratch("cli_walker_section");
  const std::string out = scratch.file("stride.h5");
  const CliResult r = run_cli("section --model " + shell_quote(shipped_model_file("compass_gait")) +
                              " --state 0.2,-0.3,-1.0,0.4 --at-event heel_strike --crossings 6 --max-time 20 "
                              "--rtol 1e-12 --atol 1e-12 --json --out " +
                              shell_quote(out));
  CAPTURE(r.out, r.err);
  REQUIRE(r.exit_code == 0);
  const Json j = JsonParser::parse(r.out);
  CHECK(j["crossings"].number() == 6);
  CHECK(j["at_event"].str == "heel_strike");
  const SectionTable tb = read_section_file(out);
  REQUIRE(tb.crossings() == 6);
  // Each iterate is flow_to_event's k-th stride map from the start (dopri5 at the same tolerances).
  const FileModel<4> cg = shipped_file_model<4>("compass_gait");
  IntegratorOptions io;
  io.stepper = StepperKind::dopri5;
  io.rtol = io.atol = 1e-12;
  const Vec<double, 4> x0(0.2, -0.3, -1.0, 0.4);
  for (std::size_t k = 0; k < 6; ++k) {
    CAPTURE(k);
    const auto p = flow_to_event(cg, x0, 0, 0.0, 0, static_cast<int>(k) + 1, InputSchedule(), 20.0, io);
    REQUIRE(p.reached);
    CHECK(tb.t[k] == Approx(p.t).epsilon(1e-10));
    for (int i = 0; i < 4; ++i) CHECK(tb.state[k * 4 + static_cast<std::size_t>(i)] == Approx(p.x(i)).margin(1e-9));
    // Just after a heel strike: both feet on the slope, the guard zero.
    CHECK(std::abs(tb.state[k * 4] + tb.state[k * 4 + 1] + 2 * 0.0525) <= 1e-11);
  }
}

TEST_CASE("walker CLI: Garcia's gait is a fixed point of section --at-event", "[cli][model_events][walkers]") {
  const ScratchDir scratch("cli_walker_garcia");
  const std::string out = scratch.file("garcia.h5");
  const CliResult r = run_cli("section --model " + shell_quote(shipped_model_file("simplest_walker")) + " --state " +
                              state_arg(garcia_start()) + " --at-event heel_strike --crossings 4 --max-time 30 " +
                              "--rtol 1e-12 --atol 1e-12 --out " + shell_quote(out));
  CAPTURE(r.out, r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("after each heel_strike") != std::string::npos);
  const SectionTable tb = read_section_file(out);
  REQUIRE(tb.crossings() == 4);
  for (std::size_t k = 0; k < 4; ++k)
    for (int i = 0; i < 4; ++i)
      CHECK(tb.state[k * 4 + static_cast<std::size_t>(i)] == Approx(garcia_start()(i)).margin(1e-9));
  // An event the model does not have is refused, naming the ones it has.
  const CliResult bad =
      run_cli("section --model " + shell_quote(shipped_model_file("simplest_walker")) +
              " --state 0.2,0.4,-0.2,0 --at-event toe_off --crossings 2 --out " + shell_quote(scratch.file("bad.h5")));
  CHECK(bad.exit_code == 2);
  CHECK(line_count(bad.err) == 1);
  CHECK(bad.err.find("heel_strike") != std::string::npos);
}

TEST_CASE("walker CLI: models lists the event files with their events and modes", "[cli][model_events][walkers]") {
  const CliResult r = run_cli("models");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("events: knee_strike, heel_strike, fall; modes: unlocked, locked") != std::string::npos);
  CHECK(r.out.find("events: knee_stop, knee_lock, knee_unlock; modes: free, locked") != std::string::npos);
  CHECK(r.out.find("events: heel_strike, fall\n") != std::string::npos);  // the simplest walker and the compass gait
}
