// A sweep gives the same datasets on every vector path (CHAOSKIT_SIMD = scalar, sse2, avx2,
// avx512 where the CPU has it) and every thread count: lanes change how fast, never what.
#include <catch2/catch.hpp>

#include <string>
#include <variant>

#include "chaoskit/simd/lane_dispatch.hpp"
#include "../sweep/sweep_fixtures.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

TEST_CASE("lanes: a sweep's datasets are identical on every vector path and thread count", "[simd][sweep][cli]") {
  ScratchDir dir("lane_sweep");
  // Lane entries (orbit_class, adaptive; lambda_max with a transient; spectrum, SALI, MEGNO) beside scalar ones
  // (final_state), moments and a release time swept so that the lanes' input segments differ.
  const std::string job = write_job(
      dir, "lanes.toml",
      "[model]\nname = \"golf\"\n[grid]\nth1 = { linspace = [0.4, 2.4, 4] }\nth2 = { list = [-1.2, 0.3, 1.9] }\n"
      "dth1 = 0.0\ndth2 = 0.0\ntau1 = { list = [0.0, 0.6] }\nrelease_tau1 = 13.3\n"
      "[compute]\norbit_class = { time = 30, max_time = 200, lambda_floor = 0.1 }\n"
      "lambda_max = { time = 40, transient = 5, renorm = 2, blocks = 4 }\nfinal_state = { time = 3 }\n"
      "spectrum = { time = 30 }\nsali = { time = 60 }\nmegno = { time = 60, renorm = 0.5 }\n"
      "[integrator]\nrtol = 1e-9\natol = 1e-9\n");
  const simd::LanePath widest = simd::widest_supported_path();
  std::string reference;
  for (simd::LanePath path : {simd::LanePath::scalar, simd::LanePath::sse2, simd::LanePath::avx2, simd::LanePath::avx512}) {
    if (static_cast<int>(path) > static_cast<int>(widest)) continue;
    for (int threads : {1, 2}) {
      const std::string name = simd::lane_path_name(path) + "_" + std::to_string(threads);
      INFO(name);
      const std::string out = dir.file(name + ".h5");
      // run_cli has no environment argument: the variable goes in front of the program's path.
      const ProcessResult p = run_command("CHAOSKIT_SIMD=" + simd::lane_path_name(path) + " " + CHAOSKIT_CLI_PATH + " sweep " +
                                          quote_arg(job) + " --out " + quote_arg(out) + " --force --threads " +
                                          std::to_string(threads) + " --progress quiet");
      REQUIRE(p.exit_code == 0);
      io::ResultsStore store = io::ResultsStore::open_read(out);
      const auto attributes = store.root_attributes();
      REQUIRE(attributes.count("vector_path") == 1);
      CHECK(std::get<std::string>(attributes.at("vector_path")) == simd::lane_path_description(path));
      if (reference.empty()) {
        reference = out;
        continue;
      }
      std::string first_difference;
      const bool same = same_datasets(reference, out, first_difference);
      INFO("first difference: " << first_difference);
      CHECK(same);
    }
  }
}
