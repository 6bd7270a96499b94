// `chaoskit periodic --at-event` and `chaoskit continue --at-event`: a walker's stride map end to
// end (JSON keys, the orbit file, the slope continuation's period doubling) and its bad input.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "chaoskit/params/param_sets.hpp"
#include "chaoskit/periodic/branch_file.hpp"
#include "support/json_lite.hpp"
#include "support/run_cli.hpp"

using namespace chaoskit;
using namespace chaoskit::test;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

const std::string kWalker = shell_quote((data_directory() / "models" / "simplest_walker.toml").string());
// Garcia's long gait at slope 0.009, a little off: (theta, phi, theta', phi') just after heel strike.
const std::string kGuess = "--state 0.202,0.404,-0.2,-0.0158";

}  // namespace

TEST_CASE("periodic cli: the simplest walker's stride map at heel strike", "[periodic][stride][cli]") {
  ScratchDir dir("stride_cli");
  const std::string out = dir.file("gait.h5");
  const CliResult r = run_cli("periodic --model " + kWalker + " --at-event heel_strike " + kGuess + " --json --out " +
                              shell_quote(out));
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const Json j = JsonParser::parse(r.out);
  CHECK(j["status"].str == "converged");
  CHECK(j["kind"].str == "map");
  CHECK(j["at_event"].str == "heel_strike");
  CHECK(j["residual"].number() <= 1e-10);
  CHECK(j["iterations"].number() <= 10);
  CHECK(std::abs(j["state"][0].number() - 0.20031090049483) < 1e-9);
  CHECK(std::abs(j["state"][2].number() + 0.19983247291764) < 1e-9);
  CHECK(j["return_time"].number() > 3.0);
  REQUIRE(j["multipliers"].size() == 4);
  CHECK(j["multipliers"][0]["origin"].str == "section");
  CHECK(j["multipliers"][1]["origin"].str == "impact");
  CHECK_FALSE(j["multipliers"][2]["trivial"].b);
  CHECK(j["stability"].str == "asymptotically_stable");
  const periodic::BranchFile f = periodic::read_branch_file(out);
  REQUIRE(f.result.points.size() == 1);
  CHECK(std::get<std::string>(f.attributes.at("at_event")) == "heel_strike");
  // Text output names the event and the step time.
  const CliResult text = run_cli("periodic --model " + kWalker + " --at-event heel_strike " + kGuess);
  REQUIRE(text.exit_code == 0);
  CHECK_THAT(text.out, Contains("at event heel_strike"));
  CHECK_THAT(text.out, Contains("step time = "));
  CHECK_THAT(text.out, Contains("trivial (impact)"));
}

TEST_CASE("continue cli: the simplest walker's gait in the slope loses stability by a period doubling",
          "[periodic][stride][cli]") {
  const CliResult r = run_cli("continue --model " + kWalker + " --at-event heel_strike " + kGuess +
                              " --param gamma --max 0.0155 --ds 0.002 --ds-max 0.004 --json");
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const Json j = JsonParser::parse(r.out);
  int doublings = 0;
  for (std::size_t k = 0; k < j["special_points"].size(); ++k) {
    const Json& p = j["special_points"][k];
    if (p["label"].str != "PD") continue;
    ++doublings;
    // Garcia et al. (1998): stable period-one gaits for 0 < gamma < 0.0151.
    CHECK(std::abs(p["parameter"].number() - 0.0151) < 0.0005);
    CHECK(p["located"].b);
  }
  CHECK(doublings == 1);
}

TEST_CASE("periodic cli: bad stride-map input is one line naming the option, exit 2",
          "[periodic][stride][cli][errors]") {
  struct Case {
    std::string args, starts;
  };
  const std::string base = "periodic --model " + kWalker + " " + kGuess;
  for (const Case& c : {
           Case{base + " --at-event toe_off", "chaoskit: --at-event: unknown event 'toe_off'"},
           Case{"periodic --model limb --state 0.1,0,0,0 --at-event heel_strike", "chaoskit: --at-event: limb has no"},
           Case{base + " --at-event heel_strike --period 3", "chaoskit: --period: applies to a model's flow"},
           Case{base + " --at-event heel_strike --segments 2", "chaoskit: --segments: applies to flows"},
           Case{base + " --at-event heel_strike --max-time 0", "chaoskit: --max-time: must be > 0"},
           Case{base + " --period 3 --max-time 5", "chaoskit: --max-time: applies to --at-event only"},
       }) {
    CAPTURE(c.args);
    const CliResult r = run_cli(c.args);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, StartsWith(c.starts));
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  }
  // A walker that cannot reach its next heel strike: exit 1 with the reason.
  const CliResult fell =
      run_cli("periodic --model " + kWalker + " --at-event heel_strike --state 0.2,0.4,-0.02,0 --max-time 30");
  CHECK(fell.exit_code == 1);
  CHECK_THAT(fell.err, StartsWith("chaoskit: no periodic orbit: guard not reached: the model's terminal event ended "
                                  "the step at t = "));
  // A step longer than --max-time: the event not reached in time.
  const CliResult slow = run_cli("periodic --model " + kWalker + " " + kGuess + " --at-event heel_strike --max-time 1");
  CHECK(slow.exit_code == 1);
  CHECK_THAT(slow.err, StartsWith("chaoskit: no periodic orbit: guard not reached: no heel_strike within 1 time unit"));
}
