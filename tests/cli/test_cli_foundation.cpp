// `chaoskit models` and `chaoskit inspect` end to end: --json keys and values, human output,
// --help, and the bad-input table (exit 2, one line on stderr naming the field).
#include <catch2/catch.hpp>

#include "support/build_paths.hpp"
#include "support/json_lite.hpp"
#include "support/run_cli.hpp"

using namespace chaoskit::test;
using Catch::Matchers::Contains;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

TEST_CASE("cli: models --json lists every model and set", "[cli]") {
  const CliResult r = run_cli("models --json");
  REQUIRE(r.exit_code == 0);
  const Json j = JsonParser::parse(r.out);
  std::vector<std::string> names;
  for (const auto& m : j["models"].arr) names.push_back(m["name"].str);
  CHECK(names == std::vector<std::string>{"limb", "golf", "chain", "lorenz", "henon_heiles"});
  CHECK(j["models"][0]["default_params"].str == "limb_paper_reconstructed");
  CHECK(j["models"][1]["default_params"].str == "golf_manufactured");
  CHECK(j["param_sets"].size() >= 8);
  const CliResult human = run_cli("models");
  CHECK(human.exit_code == 0);
  CHECK_THAT(human.out, Contains("henon_heiles") && Contains("limb_deleva_female"));
}

TEST_CASE("cli: inspect --json gives design.md's keys with the golf chapter's values", "[cli]") {
  const CliResult r = run_cli("inspect --model golf --state 0,-5deg,10,9 --torque 5,0 --modes --json");
  REQUIRE(r.exit_code == 0);
  CHECK(r.err.empty());
  const Json j = JsonParser::parse(r.out);
  for (const char* key : {"M", "c", "G", "qdd", "kinetic_energy", "potential_energy", "energy", "endpoint",
                          "schur_inertia", "modes", "power"})
    CHECK(j.has(key));
  CHECK_THAT(j["M"][0][0].number(), WithinAbs(0.420029758, 5e-10));
  CHECK_THAT(j["qdd"][0].number(), WithinAbs(21.020338033, 5e-9));
  CHECK_THAT(j["qdd"][1].number(), WithinAbs(-26.287527914, 5e-9));
  CHECK_THAT(j["kinetic_energy"].number(), WithinAbs(44.242514485, 5e-9));
  CHECK_THAT(j["power"].number(), WithinAbs(50.0, 1e-12));
  CHECK_THAT(j["endpoint"]["v"][0].number(), WithinAbs(22.427699264, 5e-9));
  CHECK_THAT(j["modes"]["omega"][0].number(), WithinAbs(3.644068205, 5e-10));
  CHECK_THAT(j["modes"]["omega"][1].number(), WithinAbs(7.552873204, 5e-10));
  CHECK(j["modes"]["shapes"].size() == 2);
  // Radians and the deg suffix are the same state.
  const CliResult rad = run_cli("inspect --model golf --state 0,-0.08726646259971647,10,9 --torque 5,0 --json");
  CHECK_THAT(JsonParser::parse(rad.out)["qdd"][0].number(), WithinRel(j["qdd"][0].number(), 1e-15));
}

TEST_CASE("cli: inspect --modes for limb reports the eigenproblem beside eqs. 36-40 as printed", "[cli]") {
  const CliResult r = run_cli("inspect --model limb --state 0,0,0,0 --modes --json");
  REQUIRE(r.exit_code == 0);
  const Json j = JsonParser::parse(r.out);
  CHECK_THAT(j["modes"]["omega"][0].number(), WithinAbs(4.4492, 1e-4));
  CHECK_THAT(j["modes"]["omega"][1].number(), WithinAbs(10.9015, 1e-4));
  const Json& paper = j["paper_small_angle"];
  CHECK_THAT(paper["eq39_omega"].number(), WithinAbs(4.709, 6e-4));
  CHECK_THAT(paper["eq40_r"].number(), WithinAbs(1.618, 5e-4));
  CHECK_THAT(paper["eq39_period"].number(), WithinAbs(1.33, 5e-3));
  CHECK(paper["eq36_37_omega"].size() == 2);
  const CliResult human = run_cli("inspect --model limb --state 0,0,0,0 --modes");
  CHECK_THAT(human.out, Contains("eq. (39): omega = 4.708") && Contains("mode 2: omega = 10.9"));
}

TEST_CASE("cli: inspect works for every model and parameter layout", "[cli]") {
  CHECK(run_cli("inspect --model chain --state 0.1,0.2,0.3,0,0,0 --json").exit_code == 0);
  CHECK(run_cli("inspect --model chain --params golf_manufactured --state 0,-5deg,10,9 --json").exit_code == 0);
  CHECK(run_cli("inspect --model golf --params limb_deleva_female --state 20deg,-30deg,1,2").exit_code == 0);
  const CliResult lz = run_cli("inspect --model lorenz --state 1,1,1 --json");
  REQUIRE(lz.exit_code == 0);
  CHECK_THAT(JsonParser::parse(lz.out)["divergence"].number(), WithinRel(-(10 + 1 + 8.0 / 3), 1e-15));
  const CliResult hh = run_cli("inspect --model henon_heiles --state 0,0.1,0.3,0 --json");
  REQUIRE(hh.exit_code == 0);
  CHECK_THAT(JsonParser::parse(hh.out)["energy"].number(), WithinRel(0.5 * (0.09 + 0.01) - 0.001 / 3, 1e-14));
}

TEST_CASE("cli: --help on every command, --version with the commit", "[cli]") {
  for (const char* cmd : {"--help", "models --help", "inspect --help"}) {
    INFO(cmd);
    const CliResult r = run_cli(cmd);
    CHECK(r.exit_code == 0);
    CHECK(r.out.size() > 100);
  }
  const CliResult v = run_cli("--version");
  CHECK(v.exit_code == 0);
  CHECK_THAT(v.out, Contains("chaoskit") && Contains("commit"));
}

TEST_CASE("cli: bad input exits 2 with one line naming the field", "[cli][errors]") {
  struct Case {
    std::string args, field;
  };
  const std::string dir = std::string(chaoskit::test::test_dir()) + "/cli/bad_params/";
  const std::vector<Case> cases = {
      {"inspect --model pendulum --state 0,0,0,0", "--model: unknown model 'pendulum'"},
      {"inspect --model golf --state 0,0,0", "--state: expected 4 comma-separated components"},
      {"inspect --model golf --state 0,0,0,0,0", "--state: expected 4"},
      {"inspect --model golf --state 0,abc,0,0", "--state component th2"},
      {"inspect --model golf --state 0,nan,0,0", "--state component th2"},
      {"inspect --model golf --state 0,0,inf,0", "--state component dth1"},
      {"inspect --model golf --state 0,,0,0", "--state component th2: empty value"},
      {"inspect --model golf --state 0,0,0,0 --torque 1", "--torque: expected 2"},
      {"inspect --model lorenz --state 1,1,1 --torque 1", "--torque: model lorenz has no inputs"},
      {"inspect --model lorenz --state 1,1,1 --modes", "--modes"},
      {"inspect --model golf --state 0,0,0,0 --params nosuchset", "--params: unknown parameter set 'nosuchset'"},
      {"inspect --model golf --state 0,0,0,0 --params /no/such.toml", "--params: no such file"},
      {"inspect --model golf --state 0,0,0,0 --params " + dir + "zero_mass.toml",
       "values.m1: mass of link 1 must be > 0"},
      {"inspect --model golf --state 0,0,0,0 --params " + dir + "negative_length.toml",
       "values.L2: endpoint length of link 2 must be > 0"},
      {"inspect --model golf --state 0,0,0,0 --params " + dir + "zero_inertia.toml",
       "values.I2: centroidal inertia of link 2 must be > 0"},
      {"inspect --model golf --state 0,0,0,0 --params " + dir + "missing_key.toml",
       "values.r2: missing required parameter"},
      {"inspect --model golf --state 0,0,0,0 --params " + dir + "unknown_key.toml",
       "values.mass: unknown parameter for model golf"},
      {"inspect --model golf --state 0,0,0,0 --params " + dir + "nan_value.toml",
       "values.I1: centroidal inertia of link 1 must be finite"},
      {"inspect --model limb --state 0,0,0,0 --params " + dir + "limb_negative_inertia.toml",
       "values.I1: thigh inertia about the hip must be > 0"},
      {"inspect --model golf", "--state is required"},
      {"inspect --state 0,0,0,0", "--model is required"},
      {"inspect --model golf --state 0,0,0,0 --bogus", "--bogus"},
      {"frobnicate", "frobnicate"},
  };
  for (const auto& c : cases) {
    INFO(c.args);
    const CliResult r = run_cli(c.args);
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(line_count(r.err) == 1);
    CHECK_THAT(r.err, Contains(c.field));
  }
}
