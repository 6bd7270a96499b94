// `chaoskit lyapunov` end to end: design.md's JSON keys, the history file, and bad input.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "support/json_lite.hpp"
#include "support/run_cli.hpp"

using namespace chaoskit::test;
using Catch::Matchers::Contains;
using Catch::Matchers::WithinAbs;

TEST_CASE("cli: lyapunov --spectrum --indicators --json", "[cli][lyapunov]") {
  const ScratchDir dir("cli_lyap");
  const auto hist = dir.path / "history.csv";
  const CliResult r = run_cli(
      "lyapunov --model lorenz --state 1,1,20 --time 400 --transient 20 --renorm 0.5 "
      "--spectrum --indicators --json --history " +
      hist.string());
  REQUIRE(r.exit_code == 0);
  const Json j = JsonParser::parse(r.out);
  for (const char* key : {"lambda_max", "lambda_max_error", "spectrum", "energy_drift", "converged", "sali", "megno",
                          "gali", "classification", "history"})
    CHECK(j.has(key));
  CHECK_THAT(j["lambda_max"].number(), WithinAbs(0.9056, 0.1));
  double sum = 0;
  for (const auto& v : j["spectrum"].arr) sum += v.number();
  CHECK_THAT(sum, WithinAbs(-(10 + 1 + 8.0 / 3), 1e-3));
  CHECK(j["classification"]["lyapunov"].str == "chaotic");
  // Lorenz has no energy: null in JSON.
  CHECK(j["energy_drift"].kind == Json::Kind::null);
  std::ifstream in(hist);
  std::string header;
  std::getline(in, header);
  CHECK(header == "t,lambda_1,lambda_2,lambda_3");
}

TEST_CASE("cli: lyapunov and stm default to rkf78, simulate to dopri5, --stepper overrides",
          "[cli][lyapunov][steppers]") {
  auto integrator = [](const std::string& args) {
    const CliResult r = run_cli(args + " --json");
    REQUIRE(r.exit_code == 0);
    return JsonParser::parse(r.out)["integrator"].str;
  };
  CHECK(integrator("lyapunov --model golf --state 0.3,0.2,0,0 --time 20").rfind("rkf78,", 0) == 0);
  CHECK(integrator("stm --model golf --state 0.3,0.2,0,0 --time 1").rfind("rkf78,", 0) == 0);
  CHECK(integrator("simulate --model golf --state 0.3,0.2,0,0 --time 1").rfind("dopri5,", 0) == 0);
  CHECK(integrator("lyapunov --model golf --state 0.3,0.2,0,0 --time 20 --stepper dopri5").rfind("dopri5,", 0) == 0);
}

TEST_CASE("cli: lyapunov bad input", "[cli][lyapunov][errors]") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"lyapunov --model golf --state 1,1,0,0 --time -5", "--time: must be > 0"},
      {"lyapunov --model golf --state 1,1,0,0 --time 10 --renorm 0", "--renorm"},
      {"lyapunov --model golf --state 1,1,0,0 --time 10 --renorm 20", "--renorm: must not exceed the time"},
      {"lyapunov --model golf --state 1,1,0,0 --time 10 --transient -1", "--transient: must be >= 0"},
      {"lyapunov --model golf --state 1,1,0,0 --time 10 --blocks 1", "--blocks"},
      {"lyapunov --model golf --state 1,1,0,0 --time 10 --rtol -1", "--rtol"},
      {"lyapunov --model golf --state 1,1,0,0 --time 10 --stepper euler", "--stepper"},
      {"lyapunov --model golf --state 1,1,0 --time 10", "--state: expected 4"},
      {"lyapunov --model lorenz --state 1,1,1 --time 10 --torque 1", "--torque: model lorenz has no inputs"},
  };
  for (const auto& [args, field] : cases) {
    INFO(args);
    const CliResult r = run_cli(args);
    CHECK(r.exit_code == 2);
    CHECK(line_count(r.err) == 1);
    CHECK_THAT(r.err, Contains(field));
  }
}
