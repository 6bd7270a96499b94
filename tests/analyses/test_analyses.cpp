// The two verdict analyses run end to end in their reduced form (as ./tools/demo runs them) and
// write a report whose verdict table is complete; a rerun reproduces every HDF5 dataset (in the
// release suite only: see tests/CMakeLists.txt).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "../io/store_fixtures.hpp"
#include "../sweep/sweep_fixtures.hpp"
#include "support/build_paths.hpp"

using namespace chaoskit::test;

namespace {
const std::string kTop = std::filesystem::path(chaoskit::test::test_dir()).parent_path().string();

// The analyses import the Python module of this build. An instrumented module needs the
// AddressSanitizer runtime (and the C++ runtime) loaded before python3 itself (tests/CMakeLists.txt).
#if defined(CHAOSKIT_ASAN_RUNTIME)
const std::string kPythonEnv =
    "LD_PRELOAD=" + quote_arg(CHAOSKIT_ASAN_RUNTIME) + " ASAN_OPTIONS=exitcode=86:halt_on_error=1:detect_leaks=0 ";
#else
const std::string kPythonEnv;
#endif

ProcessResult run_analysis(const std::string& name, const std::string& out) {
  return run_command(kPythonEnv + "CHAOSKIT=" + quote_arg(chaoskit::test::cli_path()) + " " + debian_python + " " +
                     quote_arg(kTop + "/analyses/" + name + "/run") + " --quick --out " + quote_arg(out));
}

/// Rows of the report's verdict table (between "## Verdicts" and the next heading).
std::vector<std::string> verdict_rows(const std::string& report) {
  std::ifstream in(report);
  std::vector<std::string> rows;
  bool inside = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("## Verdicts", 0) == 0)
      inside = true;
    else if (inside && line.rfind("## ", 0) == 0)
      break;
    else if (inside && line.rfind("| ", 0) == 0 && line.rfind("| claim", 0) != 0)
      rows.push_back(line);
  }
  return rows;
}

void check_analysis(const std::string& name, std::size_t expected_verdicts, bool rerun = true) {
  if (!python_has("h5py, matplotlib, numpy")) {
    WARN("/usr/bin/python3 lacks h5py, matplotlib or numpy: skipped");
    return;
  }
  ScratchDir dir("analysis_" + name);
  const ProcessResult r = run_analysis(name, dir.file("a"));
  INFO(r.out);
  REQUIRE(r.exit_code == 0);
  const auto rows = verdict_rows(dir.file("a/REPORT_quick.md"));
  REQUIRE(rows.size() == expected_verdicts);
  for (const auto& row : rows) {
    INFO(row);
    CHECK(row.find("n/a") == std::string::npos);
    CHECK(row.find(" nan") == std::string::npos);
    // Every verdict names its outcome.
    CHECK((row.find("confirmed") != std::string::npos || row.find("refuted") != std::string::npos ||
           row.find("not testable") != std::string::npos));
  }
  if (!rerun) return;
  // A second run into a fresh folder computes everything again and gets the same datasets.
  const ProcessResult again = run_analysis(name, dir.file("b"));
  REQUIRE(again.exit_code == 0);
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir.file("a/results_quick"))) {
    if (entry.path().extension() != ".h5") continue;
    const std::string other = dir.file("b/results_quick/" + entry.path().filename().string());
    std::string diff;
    INFO(entry.path().filename().string());
    CHECK(same_datasets(entry.path().string(), other, diff));
    ++files;
  }
  CHECK(files > 5);
}
}  // namespace

#if defined(CHAOSKIT_SANITIZED_BUILD)
TEST_CASE("analyses: golf_chaos --quick writes its verdict table (run once here: the rerun is in the release suite)",
          "[analyses][python]") {
  check_analysis("golf_chaos", 5, false);
}
#else
TEST_CASE("analyses: golf_chaos --quick writes its verdict table and reruns to the same datasets",
          "[analyses][python]") {
  check_analysis("golf_chaos", 5);
}
#endif

#if defined(CHAOSKIT_SANITIZED_BUILD)
TEST_CASE(
    "analyses: limb_regularity --quick writes its verdict table (run once here: the rerun is in the release suite)",
    "[analyses][python]") {
  check_analysis("limb_regularity", 7, false);
}
#else
TEST_CASE("analyses: limb_regularity --quick writes its verdict table and reruns to the same datasets",
          "[analyses][python]") {
  check_analysis("limb_regularity", 7);
}
#endif
