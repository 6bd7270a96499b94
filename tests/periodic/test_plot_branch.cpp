// tools/plot_branch: the bifurcation diagram of a branch file (the Henon map's doubling cascade,
// the free pendulum's period in energy) as a PNG matplotlib reads back; bad input exits 2 with one
// line and writes no file.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "io/store_fixtures.hpp"
#include "support/build_paths.hpp"
#include "support/run_cli.hpp"

using namespace chaoskit;
using chaoskit::test::ScratchDir;
namespace fs = std::filesystem;

namespace {

const std::string kPlotBranch = std::string(chaoskit::test::test_dir()) + "/../tools/plot_branch";

test::ProcessResult plot_branch(const std::string& args) {
  return test::run_command(test::quote_arg(kPlotBranch) + " " + args);
}

bool png_signature(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  char sig[8] = {};
  in.read(sig, 8);
  return in && std::string(sig, 8) == std::string("\x89PNG\r\n\x1a\n", 8);
}

}  // namespace

TEST_CASE("plot_branch draws the branches of a map and of a flow", "[periodic][plot][python]") {
  if (!test::python_has("h5py, matplotlib")) {
    WARN("/usr/bin/python3 lacks h5py or matplotlib: skipped");
    return;
  }
  ScratchDir dir("plot_branch");
  const std::string henon = dir.file("henon.h5"), rod = dir.file("rod.h5");
  REQUIRE(test::run_cli("continue --map henon --map-params a=0.1 --state 1.2,0.36 --param a --max 1 --switch-pd 1 "
                        "--out " +
                        test::quote_arg(henon))
              .exit_code == 0);
  REQUIRE(test::run_cli("continue --model chain --params chain1_rod --state 0.5,0 --period 1.7 --param energy "
                        "--max 4 --ds 0.2 --ds-max 0.5 --out " +
                        test::quote_arg(rod))
              .exit_code == 0);
  const std::vector<std::pair<std::string, std::string>> cases{
      {test::quote_arg(henon), "henon_x.png"},
      {test::quote_arg(henon) + " --y max_multiplier --title 'Henon, b = 0.3'", "henon_mu.png"},
      {test::quote_arg(rod), "rod_period.png"},
      {test::quote_arg(rod) + " --y th1", "rod_th1.png"},
  };
  for (const auto& [args, png] : cases) {
    INFO(args);
    const std::string out = dir.file(png);
    const auto r = plot_branch(args + " --out " + test::quote_arg(out));
    INFO(r.out);
    REQUIRE(r.exit_code == 0);
    CHECK(png_signature(out));
    const auto shape = test::run_command(std::string(test::debian_python) +
                                         " -c 'import sys, matplotlib.image as m; a = m.imread(sys.argv[1]); "
                                         "print(\"SHAPE\", a.shape[0], a.shape[1])' " +
                                         test::quote_arg(out));
    REQUIRE(shape.exit_code == 0);
    int h = 0, w = 0;
    CHECK(std::sscanf(shape.out.c_str() + shape.out.find("SHAPE"), "SHAPE %d %d", &h, &w) == 2);
    CHECK(h > 100);
    CHECK(w > 100);
  }
}

TEST_CASE("plot_branch bad input: exit 2, one line naming the argument, no file", "[periodic][plot][python]") {
  if (!test::python_has("h5py, matplotlib")) {
    WARN("/usr/bin/python3 lacks h5py or matplotlib: skipped");
    return;
  }
  ScratchDir dir("plot_branch_bad");
  const std::string henon = dir.file("henon.h5"), text = dir.file("text.h5");
  REQUIRE(test::run_cli("continue --map henon --map-params a=0.1 --state 1.2,0.36 --param a --max 0.5 --out " +
                        test::quote_arg(henon))
              .exit_code == 0);
  { std::ofstream(text) << "not HDF5"; }
  const std::string out = " --out " + test::quote_arg(dir.file("x.png"));
  const std::vector<std::pair<std::string, std::string>> cases{
      {test::quote_arg(dir.file("missing.h5")) + out, "file"},
      {test::quote_arg(text) + out, "file"},
      {test::quote_arg(henon) + " --y th9" + out, "--y"},
      {test::quote_arg(henon) + " --out " + test::quote_arg(dir.file("no/dir/x.png")), "--out"},
      {"", "required"},
  };
  for (const auto& [args, field] : cases) {
    INFO(args);
    const auto r = plot_branch(args);
    INFO(r.out);
    CHECK(r.exit_code == 2);
    CHECK(r.out.find('\n') == r.out.size() - 1);  // one line
    CHECK_THAT(r.out, Catch::Matchers::StartsWith("plot_branch: ") && Catch::Matchers::Contains(field));
  }
  std::size_t pngs = 0;
  for (const auto& e : fs::directory_iterator(dir.path)) pngs += e.path().extension() == ".png";
  CHECK(pngs == 0);
}
