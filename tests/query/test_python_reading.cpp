// README's "Reading results in Python" block runs as written against a fresh sweep: h5py, xarray
// (h5netcdf engine) and pandas open the file, and matplotlib draws the map.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "../io/store_fixtures.hpp"
#include "../sweep/sweep_fixtures.hpp"
#include "support/build_paths.hpp"

using namespace chaoskit::test;

namespace {
/// The python block between README's <!-- python-example --> markers.
std::string readme_python_example() {
  std::ifstream in(std::filesystem::path(chaoskit::test::test_dir()).parent_path() / "README.md");
  std::stringstream all;
  all << in.rdbuf();
  const std::string text = all.str();
  const auto begin = text.find("<!-- python-example -->"), end = text.find("<!-- /python-example -->");
  if (begin == std::string::npos || end == std::string::npos) return "";
  std::string block = text.substr(begin, end - begin);
  const auto code = block.find("```python\n"), close = block.rfind("```");
  if (code == std::string::npos || close == std::string::npos || close <= code) return "";
  return block.substr(code + 10, close - code - 10);
}
}  // namespace

TEST_CASE("README: the Python reading example runs on a sweep's results", "[query][python][readme]") {
  if (!python_has("h5py, xarray, h5netcdf, pandas, matplotlib")) {
    WARN("/usr/bin/python3 lacks h5py, xarray, h5netcdf, pandas or matplotlib: skipped");
    return;
  }
  const std::string code = readme_python_example();
  REQUIRE_FALSE(code.empty());
  ScratchDir dir("readme_python");
  const std::string job = write_job(dir, "golf_map.toml", golf_map_job(4, 3, 5.0));
  REQUIRE(run_cli("sweep " + shell_quote(job) + " --progress quiet").exit_code == 0);
  const ProcessResult r = run_python(dir,
                                     "import os\nos.chdir(" + quote_arg(dir.path.string()) + ")\n" +
                                         "import matplotlib\nmatplotlib.use('Agg')\n" + code,
                                     "");
  INFO(r.out);
  REQUIRE(r.exit_code == 0);
  CHECK(std::filesystem::exists(dir.file("map.png")));
  CHECK(r.out.find("lambda_max") != std::string::npos);  // pandas' describe() lists the column
}
