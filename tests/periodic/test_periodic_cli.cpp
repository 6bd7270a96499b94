// `chaoskit periodic` and `chaoskit continue` end to end: --json keys and values, the branch file
// and a restart from it, one-line failures (exit 1) and bad input (exit 2, one line naming the option).
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "chaoskit/periodic/branch_file.hpp"
#include "periodic/periodic_fixtures.hpp"
#include "support/json_lite.hpp"
#include "support/run_cli.hpp"

using namespace chaoskit;
using namespace chaoskit::test;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

TEST_CASE("periodic cli: the free pendulum's orbit as JSON", "[periodic][cli]") {
  const CliResult r = run_cli("periodic --model chain --params chain1_rod --state 2,0 --period 2 --json");
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const Json j = JsonParser::parse(r.out);
  CHECK(j["status"].str == "converged");
  CHECK(j["kind"].str == "autonomous_flow");
  CHECK(j["conservative"].b);
  const double omega0 = std::sqrt(9.81 * 0.5 / (1.0 / 12.0 + 0.25));
  CHECK(std::abs(j["period"].number() - 4.0 * elliptic_k(std::sin(1.0)) / omega0) < 1e-9);
  CHECK(j["residual"].number() <= 1e-10);
  REQUIRE(j["multipliers"].size() == 2);
  CHECK(j["multipliers"][0]["trivial"].b);
  CHECK(j["multipliers"][0]["origin"].str == "flow direction");
  CHECK(j["multipliers"][1]["origin"].str == "energy");
  CHECK(j["monodromy"].size() == 2);
  for (const char* key : {"model", "params", "integrator", "inputs", "state", "points", "energy", "beta", "stability",
                          "max_multiplier", "iterations", "segments", "state_names", "message"})
    CHECK(j.has(key));
}

TEST_CASE("periodic cli: text output, a map, and the orbit file", "[periodic][cli]") {
  ScratchDir dir("periodic_cli");
  const std::string out = dir.file("orbit.h5");
  const CliResult r =
      run_cli("periodic --map henon --map-params a=1.2 --state 1,-0.2 --iterates 2 --out " + shell_quote(out));
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Contains("map henon"));
  CHECK_THAT(r.out, Contains("Floquet multipliers"));
  CHECK_THAT(r.out, Contains("stability: "));
  const periodic::BranchFile f = periodic::read_branch_file(out);
  REQUIRE(f.result.points.size() == 1);
  CHECK(f.result.points.front().segments == 2);
  CHECK(std::get<std::string>(f.attributes.at("content")) == "orbit");
}

TEST_CASE("continue cli: the Henon map's doublings, the branch file and a restart from it", "[periodic][cli]") {
  ScratchDir dir("continue_cli");
  const std::string out = dir.file("henon.h5"), again = dir.file("pd.h5");
  const CliResult r = run_cli(
      "continue --map henon --map-params a=0.1 --state 1.2,0.36 --param a --max 1 "
      "--switch-pd 1 --json --out " +
      shell_quote(out));
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const Json j = JsonParser::parse(r.out);
  CHECK(j["parameter"].str == "a");
  REQUIRE(j["branches"].size() == 2);
  int doublings = 0;
  for (const auto& p : j["special_points"].arr)
    if (p["label"].str == "PD") {
      ++doublings;
      if (p["branch"].number() == 0) CHECK(std::abs(p["parameter"].number() - 0.3675) < 1e-9);
      if (p["branch"].number() == 1) CHECK(std::abs(p["parameter"].number() - 0.9125) < 1e-9);
    }
  CHECK(doublings == 2);
  REQUIRE(std::filesystem::exists(out));
  const CliResult re = run_cli("continue --restart " + shell_quote(out) +
                               " --point PD1 --param a --map henon --max 1 "
                               "--switch-pd 1 --out " +
                               shell_quote(again));
  INFO(re.err);
  REQUIRE(re.exit_code == 0);
  CHECK_THAT(re.out, Contains("switched from branch 0"));
  const periodic::BranchFile f = periodic::read_branch_file(again);
  CHECK(f.result.branches.size() == 2);
  CHECK_THAT(std::get<std::string>(f.attributes.at("restart")), Contains("point PD1"));

  // query describes a branch file: its branches, where they are stable, the labelled points.
  const CliResult d = run_cli("query " + shell_quote(out) + " describe");
  INFO(d.err);
  REQUIRE(d.exit_code == 0);
  CHECK_THAT(d.out, Contains("branch file (chaoskit continue / periodic): "));
  CHECK_THAT(d.out, Contains("period_doubling  branch 0  a = 0.3675"));
  CHECK_THAT(d.out, Contains("switched from branch 0, period 2"));
  const CliResult dj = run_cli("query " + shell_quote(out) + " describe --json");
  REQUIRE(dj.exit_code == 0);
  const Json q = JsonParser::parse(dj.out);
  CHECK(q["content"].str == "branch");
  REQUIRE(q["branches"].size() == 2);
  // Henon's period-one orbit is stable from its start up to the doubling at a = 0.3675.
  REQUIRE(q["branches"][0]["stable"].size() == 1);
  CHECK(q["branches"][0]["stable"][0][1].number() <= 0.3675 + 1e-9);
  CHECK(q["branches"][0]["stable"][0][1].number() > 0.3);
  int pd = 0;
  for (const auto& b : q["bifurcations"].arr) pd += b["type"].str == "period_doubling";
  CHECK(pd == 2);
  // The sweep subcommands are for results files: one line saying what this file is.
  const CliResult bad = run_cli("query " + shell_quote(out) + " stats parameter");
  CHECK(bad.exit_code == 2);
  CHECK_THAT(bad.err, Contains("is a branch file (chaoskit continue / periodic): query describes it"));
}

TEST_CASE("periodic cli: no orbit is one line on stderr and exit 1", "[periodic][cli][errors]") {
  const CliResult r = run_cli("periodic --model lorenz --state -10,-10,25 --period 1.2 --max-iter 1");
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.err, StartsWith("chaoskit: no periodic orbit: no convergence: residual "));
  CHECK(line_count(r.err) == 1);
}

TEST_CASE("periodic cli: bad input is one line naming the option, exit 2", "[periodic][cli][errors]") {
  ScratchDir dir("periodic_cli_bad");
  const std::string existing = dir.file("exists.h5");
  { std::ofstream(existing) << "x"; }
  const struct {
    std::string args, starts;
  } cases[] = {
      {"periodic --model lorenz --state 1,1,1 --period 1 --segments 0", "chaoskit: --segments: must be >= 1"},
      {"periodic --model lorenz --state 1,1,1", "chaoskit: --period: a guess of the period is required"},
      {"periodic --model lorenz --state 1,1 --period 1", "chaoskit: --state: expected 3"},
      {"periodic --model lorenz --state 1,1,1 --period -1", "chaoskit: --period: must be > 0"},
      {"periodic --state 1,1 --period 1", "chaoskit: --model: give either --model or --map"},
      {"periodic --map cat --state 1,1", "chaoskit: --map: unknown map 'cat'"},
      {"periodic --map henon --map-params a1.4 --state 1,1", "chaoskit: --map-params: expected NAME=VALUE"},
      {"periodic --map henon --map-params c=2 --state 1,1", "chaoskit: --map-params: the henon map has parameters"},
      {"periodic --map henon --state 1,1 --period 2", "chaoskit: --period: applies to a model's flow"},
      {"periodic --map henon --state 1,1 --segments 2", "chaoskit: --segments: applies to flows"},
      {"periodic --model lorenz --state 1,1,1 --period 1 --winding 1", "chaoskit: --winding: rotating orbits need"},
      {"periodic --model lorenz --state 1,1,1 --period 1 --conservative maybe", "chaoskit: --conservative: expected"},
      {"periodic --model lorenz --state 1,1,1 --period 1 --conservative yes",
       "chaoskit: --conservative: the model has no energy"},
      {"periodic --model golf --state 0.1,0,0,0 --period 1 --torque-table /nonexistent.csv",
       "chaoskit: --torque-table"},
      {"periodic --model lorenz --state 1,1,1 --period 1 --tol 0", "chaoskit: --tol: must be > 0"},
      {"periodic --model lorenz --state 1,1,1 --period 1 --out " + shell_quote(existing), "chaoskit: --out: "},
      {"continue --map henon --state 1,1", "chaoskit: --param: the continuation parameter is required"},
      {"continue --map henon --state 1,1 --param q", "chaoskit: --param: the henon map has parameters a and b"},
      {"continue --model chain --params chain1_rod --state 1,0 --period 2 --param L9",
       "chaoskit: --param: unknown parameter 'L9' (known: energy, tau1, I1, L1"},
      {"continue --model lorenz --state 1,1,1 --period 1 --param energy", "chaoskit: --param: energy continuation"},
      {"continue --map henon --state 1,1 --param a --ds 0", "chaoskit: --ds: must be > 0"},
      {"continue --map henon --state 1,1 --param a --direction 2", "chaoskit: --direction: must be +1 or -1"},
      {"continue --map henon --state 1,1 --param a --min 2 --max 1",
       "chaoskit: --min: the lower bound must be below the upper bound"},
      {"continue --map henon --state 1,1 --param a --point PD1", "chaoskit: --point: applies to --restart only"},
      {"continue --map henon --state 1,1 --param a --max 1", "chaoskit: --max: the start value 1.4 of a lies outside"},
      {"continue --map henon --param a --restart " + shell_quote(existing) + " --point 0", "chaoskit: "},
  };
  for (const auto& c : cases) {
    INFO(c.args);
    const CliResult r = run_cli(c.args);
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, StartsWith(c.starts));
    CHECK(line_count(r.err) == 1);
    CHECK(r.out.empty());
  }
}
