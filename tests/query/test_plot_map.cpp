// tools/plot_map: PNGs of a continuous and a categorical variable (a 2-D slice of a 3-D grid and
// of a matrix per point) from a partly written file, readable by matplotlib; bad input exits 2
// with one line and leaves no file.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "query/query_fixtures.hpp"
#include "support/build_paths.hpp"

using namespace chaoskit;
using chaoskit::test::ScratchDir;
namespace fs = std::filesystem;

namespace {

const std::string kPlotMap = std::string(chaoskit::test::test_dir()) + "/../tools/plot_map";

test::ProcessResult plot_map(const std::string& args) {
  return test::run_command(test::quote_arg(kPlotMap) + " " + args);
}

bool png_signature(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  char sig[8] = {};
  in.read(sig, 8);
  return in && std::string(sig, 8) == std::string("\x89PNG\r\n\x1a\n", 8);
}

}  // namespace

TEST_CASE("plot_map renders continuous, log, categorical and matrix-element maps to PNG", "[query][plot][python]") {
  if (!test::python_has("h5py, matplotlib")) {
    WARN("/usr/bin/python3 lacks h5py or matplotlib: skipped");
    return;
  }
  ScratchDir dir("plot_map");
  const auto g = test::query_grid(40, 30);
  const std::string f = dir.file("map.h5");
  test::make_query_file(f, g, g.points * 2 / 3);  // the rest unwritten: grey
  const std::vector<std::pair<std::string, std::string>> cases{
      {"lambda.png", "lambda_max --fix energy=-0.4"},
      {"ftle.png", "ftle --fix energy=3 --log --cmap magma --title 'FTLE map'"},
      {"basin.png", "basin --fix energy=-2"},
      {"status.png", "status --fix energy=-2"},
      {"psi.png", "psi --fix th2=0.3 --fix state_row=1,state_col=0"},
  };
  for (const auto& [png, args] : cases) {
    INFO(args);
    const std::string out = dir.file(png);
    const auto r = plot_map(test::quote_arg(f) + " " + args + " --out " + test::quote_arg(out));
    INFO(r.out);
    REQUIRE(r.exit_code == 0);
    CHECK(png_signature(out));
    const auto shape = test::run_command(std::string(test::debian_python) +
                                         " -c 'import sys, matplotlib.image as m; a = m.imread(sys.argv[1]); "
                                         "print(\"SHAPE\", a.shape[0], a.shape[1])' " +
                                         test::quote_arg(out));
    INFO(shape.out);
    REQUIRE(shape.exit_code == 0);
    int h = 0, w = 0;
    CHECK(std::sscanf(shape.out.c_str() + shape.out.find("SHAPE"), "SHAPE %d %d", &h, &w) == 2);
    CHECK(h > 100);
    CHECK(w > 100);
  }
}

TEST_CASE("plot_map bad input: exit 2, one line naming the argument, no file", "[query][plot][python]") {
  if (!test::python_has("h5py, matplotlib")) {
    WARN("/usr/bin/python3 lacks h5py or matplotlib: skipped");
    return;
  }
  ScratchDir dir("plot_map_bad");
  const auto g = test::query_grid();
  const std::string f = dir.file("map.h5");
  test::make_query_file(f, g);
  const std::string F = test::quote_arg(f);
  const std::string out = " --out " + test::quote_arg(dir.file("x.png"));
  const std::vector<std::pair<std::string, std::string>> cases{
      {F + " nope --fix energy=0" + out, "variable"},
      {test::quote_arg(dir.file("missing.h5")) + " ftle" + out, "file"},
      {F + " ftle" + out, "--fix"},                             // 3 free dimensions
      {F + " ftle --fix energy=0 --fix th1=0" + out, "--fix"},  // 1 free dimension
      {F + " ftle --fix energy=zz" + out, "--fix energy"},
      {F + " ftle --fix th9=0,energy=0" + out, "--fix"},
      {F + " psi --fix energy=0 --fix state_row=2 --fix state_col=0" + out, "--fix state_row"},
      {F + " ftle --fix energy=0 --cmap nosuchmap" + out, "--cmap"},
      {F + " ftle --fix energy=0 --out " + test::quote_arg(dir.file("no/dir/x.png")), "--out"},
      {F, "required"},
  };
  for (const auto& [args, field] : cases) {
    INFO(args);
    const auto r = plot_map(args);
    INFO(r.out);
    CHECK(r.exit_code == 2);
    CHECK(r.out.find('\n') == r.out.size() - 1);  // one line
    CHECK_THAT(r.out, Catch::Matchers::StartsWith("plot_map: ") && Catch::Matchers::Contains(field));
  }
  std::size_t files = 0;
  for (const auto& e : fs::directory_iterator(dir.path)) files += 1 + 0 * e.is_regular_file();
  CHECK(files == 1);
}
