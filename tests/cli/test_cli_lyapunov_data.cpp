// `chaoskit lyapunov-data` end to end: CSV and HDF5 records (the latter written by `chaoskit
// simulate`), the JSON keys, the curve file, the stride exponents, and bad files: each gives exit
// code 2 and one line naming the file and, where there is one, the column and the row.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "support/json_lite.hpp"
#include "support/run_cli.hpp"
#include "timeseries/series_fixtures.hpp"

using namespace chaoskit::test;
using Catch::Matchers::Contains;
using Catch::Matchers::WithinRel;

namespace {

std::filesystem::path scratch(const std::string& name) {
  static const ScratchDir dir("cli_lyapdata");  // removed when the tests end
  return dir.path / name;
}

void write_file(const std::filesystem::path& p, const std::string& text) { std::ofstream(p) << text; }

}  // namespace

TEST_CASE("cli: lyapunov-data on a CSV of the Henon map", "[cli][timeseries]") {
  const auto path = scratch("henon.csv");
  {
    std::ofstream out(path);
    out.precision(17);
    out << "# x_n of the Henon map\nn,x\n";
    const auto x = henon_x(20000);
    for (std::size_t i = 0; i < x.size(); ++i) out << i << "," << x[i] << "\n";
  }
  const CliResult r = run_cli("lyapunov-data " + shell_quote(path.string()) + " --column x --delay 1 --dim 2 --json");
  REQUIRE(r.exit_code == 0);
  const Json j = JsonParser::parse(r.out);
  for (const char* key : {"file", "columns", "samples", "sample_interval", "time_unit", "delay", "delay_source", "dim",
                          "dim_source", "theiler", "horizon", "lambda_max", "lambda_max_ci", "linear_region",
                          "confident_positive", "fit", "curve", "short_term", "long_term"})
    CHECK(j.has(key));
  CHECK(j["time_unit"].str == "sample");
  CHECK(j["delay_source"].str == "given");
  CHECK_THAT(j["lambda_max"].number(), WithinRel(0.4192, 0.10));
  CHECK(j["confident_positive"].b);
  CHECK(j["short_term"].kind == Json::Kind::null);
  CHECK(j["curve"]["log_divergence"].size() == static_cast<std::size_t>(j["horizon"].number()) + 1);
}

TEST_CASE("cli: lyapunov-data on chaoskit simulate output, CSV and HDF5, with a period and a curve file",
          "[cli][timeseries]") {
  const auto csv = scratch("lorenz.csv"), h5 = scratch("lorenz.h5"), curve = scratch("curve.csv");
  for (const auto& out : {csv, h5})
    REQUIRE(
        run_cli("simulate --model lorenz --state 1,1,20 --time 420 --dt-out 0.02 --out " + shell_quote(out.string()))
            .exit_code == 0);
  const CliResult a = run_cli("lyapunov-data " + shell_quote(csv.string()) +
                              " --column x --json --period 0.75 --curve " + shell_quote(curve.string()));
  REQUIRE(a.exit_code == 0);
  const Json ja = JsonParser::parse(a.out);
  CHECK(ja["time_source"].str == "column t");
  CHECK_THAT(ja["sample_interval"].number(), WithinRel(0.02, 1e-9));
  CHECK(ja["linear_region"].b);
  // 21000 samples over 420 s: within 15 % of 0.906 (fewer points than the library test's 10^5).
  CHECK_THAT(ja["lambda_max"].number(), WithinRel(0.9056, 0.15));
  REQUIRE(ja["short_term"].kind == Json::Kind::object);
  REQUIRE(ja["long_term"].kind == Json::Kind::object);
  CHECK_THAT(ja["short_term"]["t_end"].number(), WithinRel(0.76, 0.03));  // one stride, rounded to samples
  CHECK_THAT(ja["short_term"]["per_stride"].number(), WithinRel(ja["short_term"]["value"].number() * 0.75, 0.02));
  std::ifstream in(curve);
  std::string header;
  std::getline(in, header);
  CHECK(header == "k,t,log_divergence,fit");

  // The same samples from HDF5, by the state's column name and as DATASET:NAME: the same result.
  for (const std::string col : {"x", "state:x", "state:1"}) {
    INFO(col);
    const CliResult b = run_cli("lyapunov-data " + shell_quote(h5.string()) + " --column " + col + " --json");
    REQUIRE(b.exit_code == 0);
    CHECK(JsonParser::parse(b.out)["lambda_max"].number() ==
          JsonParser::parse(
              run_cli("lyapunov-data " + shell_quote(csv.string()) + " --column x --json").out)["lambda_max"]
              .number());
  }
}

TEST_CASE("cli: lyapunov-data bad files give one line naming file, column and row, and exit 2",
          "[cli][timeseries][errors]") {
  // Rows "t,x" sampled every 0.01 s; the value of data row `nan_row` (1-based) is NaN.
  auto rows = [](int n, int nan_row = 0) {
    std::string text;
    for (int i = 0; i < n; ++i)
      text += std::to_string(0.01 * i) + "," +
              (i + 1 == nan_row ? std::string("NaN") : std::to_string(std::sin(0.3 * i))) + "\n";
    return text;
  };
  const std::string ok_rows = rows(50);
  struct Case {
    std::string name, text, args, expected;
  };
  const std::vector<Case> cases = {
      {"words.csv", "a,b\nfoo,bar\nbaz,qux\n", "", "no numeric column"},
      {"nan.csv", "t,x\n" + rows(50, 17), "--column x", "column 'x' row 17 (line 18): NaN"},
      {"gap.csv", "t,x\n0,1\n0.01,2\n0.02,3\n0.05,4\n0.06,5\n0.07,6\n", "--column x", "not uniform: row 4 (line 5)"},
      {"short.csv", "t,x\n" + rows(12), "--column x", "too short"},
      {"text.csv", "t,x\n0,1\n0.01,abc\n", "--column x", "column 'x' row 2 (line 3): 'abc' is not a number"},
      {"ragged.csv", "t,x\n0,1\n0.01\n", "--column x", "row 2 (line 3) has 1 fields"},
      {"cols.csv", "t,x\n" + ok_rows, "--column zz", "no column 'zz'"},
      {"two.csv", "t,x,y\n0,1,2\n", "", "--column"},
  };
  for (const auto& c : cases) {
    const auto path = scratch(c.name);
    write_file(path, c.text);
    INFO(c.name);
    const CliResult r = run_cli("lyapunov-data " + shell_quote(path.string()) + " " + c.args);
    CHECK(r.exit_code == 2);
    CHECK(line_count(r.err) == 1);
    CHECK_THAT(r.err, Contains(c.expected));
    if (c.expected != "--column") CHECK_THAT(r.err, Contains(path.string()));
  }
  const CliResult missing = run_cli("lyapunov-data /nonexistent/record.csv --column x");
  CHECK(missing.exit_code == 2);
  CHECK_THAT(missing.err, Contains("no such file"));
  const auto ok = scratch("ok.csv");
  write_file(ok, "t,x\n" + ok_rows);
  const CliResult both =
      run_cli("lyapunov-data " + shell_quote(ok.string()) + " --column x --rate 100 --time-column t");
  CHECK(both.exit_code == 2);
  CHECK_THAT(both.err, Contains("--rate"));
  for (const char* option : {"--delay", "--dim", "--horizon"}) {
    const CliResult zero = run_cli("lyapunov-data " + shell_quote(ok.string()) + " --column x " + option + " 0");
    CHECK(zero.exit_code == 2);
    CHECK_THAT(zero.err, Contains(option));
  }
}

TEST_CASE("cli: lyapunov-data refuses a truncated or damaged HDF5 record in one line naming it",
          "[cli][timeseries][errors]") {
  const auto whole = scratch("whole.h5"), cut = scratch("cut.h5"), noise = scratch("noise.h5");
  REQUIRE(run_cli("simulate --model lorenz --state 1,1,20 --time 20 --dt-out 0.02 --out " + shell_quote(whole.string()))
              .exit_code == 0);
  REQUIRE(run_cli("lyapunov-data " + shell_quote(whole.string()) + " --column x --dim 3 --delay 5").exit_code == 0);
  // A copy cut short (as a transfer or a full disk leaves it).
  std::filesystem::copy_file(whole, cut, std::filesystem::copy_options::overwrite_existing);
  std::filesystem::resize_file(cut, std::filesystem::file_size(whole) / 2);
  // A file that starts like HDF5 and is not: the signature, then nothing HDF5 can read.
  write_file(noise, std::string("\x89HDF\r\n\x1a\n", 8) + std::string(4096, 'x'));
  for (const auto& [path, expected] :
       std::vector<std::pair<std::filesystem::path, std::string>>{{cut, "is truncated"}, {noise, "is damaged"}}) {
    INFO(path.string());
    const CliResult r = run_cli("lyapunov-data " + shell_quote(path.string()) + " --column x");
    CHECK(r.exit_code == 2);
    CHECK(line_count(r.err) == 1);
    CHECK_THAT(r.err, Contains(expected) && Contains(path.string()));
  }
}
