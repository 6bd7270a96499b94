// Replays the fuzzers' seed corpus and every input they found a bug with (tests/fuzz/corpus/<target>,
// tests/fuzz/regressions/<target>) through the fuzz entries, in the normal build: each input must
// be accepted or rejected with an InputError, nothing else.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "chaoskit/core/errors.hpp"
#include "fuzz/fuzz_entries.hpp"
#include "support/build_paths.hpp"

namespace fs = std::filesystem;
using chaoskit::fuzz::Outcome;

namespace {

const fs::path kFuzzDir = fs::path(chaoskit::test::test_dir()) / "fuzz";

std::string read_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// Files under `folder`/<target>/, sorted, for every target folder present.
std::map<std::string, std::vector<fs::path>> inputs_under(const fs::path& folder) {
  std::map<std::string, std::vector<fs::path>> out;
  if (!fs::is_directory(folder)) return out;
  for (const auto& dir : fs::directory_iterator(folder)) {
    if (!dir.is_directory()) continue;
    auto& files = out[dir.path().filename().string()];
    for (const auto& f : fs::directory_iterator(dir.path()))
      if (f.is_regular_file()) files.push_back(f.path());
    std::sort(files.begin(), files.end());
  }
  return out;
}

struct Tally {
  int accepted = 0, rejected = 0;
};

/// Runs every input of `folder` through its target's entry; an exception other than InputError or
/// a folder named after no target fails the test (a crash ends the test binary, which fails too).
std::map<std::string, Tally> replay(const fs::path& folder) {
  std::map<std::string, Tally> tally;
  for (const auto& [name, files] : inputs_under(folder)) {
    INFO("folder " << (folder / name).string());
    const chaoskit::fuzz::Target* target = chaoskit::fuzz::find_target(name);
    REQUIRE(target != nullptr);
    for (const auto& file : files) {
      INFO("input " << file.string());
      const std::string bytes = read_bytes(file);
      Outcome outcome = Outcome::rejected;
      CHECK_NOTHROW(outcome = target->run(bytes));
      (outcome == Outcome::accepted ? tally[name].accepted : tally[name].rejected)++;
    }
  }
  return tally;
}

}  // namespace

TEST_CASE("fuzz: the seed corpus replays through the fuzz entries", "[fuzz]") {
  const auto tally = replay(kFuzzDir / "corpus");
  // Every target has seeds, and both kinds: valid inputs (so the fuzzer starts from the parser's
  // accepting paths) and near-valid ones that must be rejected.
  for (const auto& t : chaoskit::fuzz::targets()) {
    INFO("target " << t.name);
    const auto it = tally.find(std::string(t.name));
    REQUIRE(it != tally.end());
    CHECK(it->second.accepted > 0);
    CHECK(it->second.rejected > 0);
  }
}

TEST_CASE("fuzz: every input a fuzzer found a bug with replays without the bug", "[fuzz]") {
  (void)replay(kFuzzDir / "regressions");
}

TEST_CASE("fuzz: the entries tell accepted from rejected input", "[fuzz]") {
  using namespace chaoskit::fuzz;
  CHECK(job("[model]\nname = \"lorenz\"\n[grid]\nx = { linspace = [-1.0, 1.0, 3] }\n[compute]\nlambda_max = { time = "
            "10.0 }\n") == Outcome::accepted);
  CHECK(job("[model]\nname = \"lorenz\"\n[grid]\nx = { linspace = [1.0, -1.0, 3] }\n[compute]\nlambda_max = { time = "
            "10.0 }\n") == Outcome::rejected);
  // A [sample] job: the entry sets up its first, middle and last points, i.e. draws their states.
  CHECK(job("[model]\nname = \"golf\"\n[sample]\nenergy = [-5.0, -3.0]\nn = 3\nseed = 2\n[compute]\n"
            "final_state = { time = 1.0 }\n") == Outcome::accepted);
  CHECK(job("[model]\nname = \"golf\"\n[sample]\nenergy = [-9.0, -3.0]\nn = 3\n[compute]\nfinal_state = { time = 1.0 "
            "}\n") == Outcome::rejected);  // below the potential minimum
  CHECK(point_list("# frames\nth1,dth1\n0.5,25deg\n") == Outcome::accepted);
  CHECK(point_list("th1,dth1\n0.5\n") == Outcome::rejected);
  CHECK(number_lists("150deg, -5deg, 0.5, 1e-3") == Outcome::accepted);
  CHECK(number_lists("150 deg deg") == Outcome::rejected);
  CHECK(inputs("[inputs]\ntorque = [1.0, -2.0]\nrelease = [\"none\", 0.25]\n") == Outcome::accepted);
  CHECK(inputs("t,u1\n0,1\n0,2\n") == Outcome::rejected);  // times must increase
  CHECK(surface("th1 = 0") == Outcome::accepted);
  CHECK(surface("th1 = = 0") == Outcome::rejected);
  CHECK(where("lambda_max > 0.05 and th1 < 0.5") == Outcome::accepted);
  CHECK(where("lambda_max = 0.05") == Outcome::rejected);
  CHECK(axis_spec("th2=-1:1:11") == Outcome::accepted);
  CHECK(axis_spec("th2=-1:1:0") == Outcome::rejected);
  CHECK(model_file("model = \"ode\"\nstates = [\"x\"]\n[values]\nk = 2.0\n[derivatives]\nx = \"-k * x\"\n") ==
        Outcome::accepted);
  CHECK(model_file("model = \"ode\"\nstates = [\"x\"]\n[values]\nk = 0.0\n[derivatives]\nx = \"x / k\"\n") ==
        Outcome::rejected);
}
