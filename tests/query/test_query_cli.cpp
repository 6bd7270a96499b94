// `chaoskit query` end to end: describe, select and stats against independent computations in C++
// and with h5py/numpy (Debian's /usr/bin/python3), nearest, export round trips, a file whose sweep
// is still running, and bad input (exit 2, one line naming the field, nothing written).
#include <hdf5.h>

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "query/query_fixtures.hpp"
#include "support/json_lite.hpp"
#include "support/run_cli.hpp"

using namespace chaoskit;
using chaoskit::test::Json;
using chaoskit::test::JsonParser;
using chaoskit::test::run_cli;
using chaoskit::test::same;
using chaoskit::test::ScratchDir;
using chaoskit::test::shell_quote;
namespace fs = std::filesystem;

namespace {

/// Minimal CSV reader (RFC 4180 quotes): header and rows of strings.
std::vector<std::vector<std::string>> read_csv(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> row;
  std::string field;
  bool quoted = false, any = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"')
        field += '"', ++i;
      else if (c == '"')
        quoted = false;
      else
        field += c;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      row.push_back(field), field.clear();
    } else if (c == '\n') {
      row.push_back(field), field.clear();
      rows.push_back(row), row.clear();
      any = false;
      continue;
    } else {
      field += c;
    }
    any = true;
  }
  if (any) row.push_back(field), rows.push_back(row);
  return rows;
}

std::vector<std::vector<double>> numbers(const std::vector<std::vector<std::string>>& rows, std::size_t skip = 1) {
  std::vector<std::vector<double>> out;
  for (std::size_t r = skip; r < rows.size(); ++r) {
    std::vector<double> v;
    for (const auto& s : rows[r]) {
      char* end = nullptr;
      v.push_back(std::strtod(s.c_str(), &end));
      if (end == s.c_str() || *end != '\0') throw std::runtime_error("not a number: '" + s + "'");
    }
    out.push_back(v);
  }
  return out;
}

/// Equal tables, NaN matching NaN.
bool same_rows(const std::vector<std::vector<double>>& a, const std::vector<std::vector<double>>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t r = 0; r < a.size(); ++r) {
    if (a[r].size() != b[r].size()) return false;
    for (std::size_t c = 0; c < a[r].size(); ++c)
      if (!same(a[r][c], b[r][c])) return false;
  }
  return true;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string q(const std::string& f) { return shell_quote(f); }

}  // namespace

TEST_CASE("query describe: axes, variables, provenance and completion, as JSON and text", "[query][cli]") {
  ScratchDir dir("qcli_desc");
  const auto g = test::query_grid();
  const std::string f = dir.file("q.h5");
  test::make_query_file(f, g, 150);
  const auto r = run_cli("query " + q(f) + " describe --json");
  REQUIRE(r.exit_code == 0);
  CHECK(r.err.empty());
  const Json j = JsonParser::parse(r.out);
  REQUIRE(j["axes"].size() == 3);
  CHECK(j["axes"][0]["name"].str == "th1");
  CHECK(j["axes"][0]["size"].number() == 12);
  CHECK(j["axes"][0]["min"].number() == -1);
  CHECK(j["axes"][0]["max"].number() == 1);
  CHECK(j["axes"][2]["units"].str == "J");
  CHECK(j["axes"][2]["values"][1].number() == -0.5);
  REQUIRE(j["variables"].size() == 4);
  CHECK(j["variables"][2]["type"].str == "int32");
  CHECK(j["variables"][3]["dims"].size() == 5);
  CHECK(j["variables"][3]["shape"][4].number() == 2);
  CHECK(j["variables"][0]["long_name"].str == "largest Lyapunov exponent");
  CHECK(j["provenance"]["model"].str == "golf");
  CHECK(j["provenance"]["threads"].number() == 2);
  CHECK(j["provenance"]["software"].str == "chaoskit");
  const Json& c = j["completion"];
  CHECK(c["total"].number() == g.points);
  CHECK(c["done"].number() == 150);
  CHECK_FALSE(c["complete"].b);
  CHECK(c["status"]["not_computed"].number() == g.points - 150);
  double ok = 0;
  for (std::size_t i = 0; i < 150; ++i) ok += g.status[i] == 1;
  CHECK(c["status"]["ok"].number() == ok);

  const auto t = run_cli("query " + q(f) + " describe");
  REQUIRE(t.exit_code == 0);
  CHECK_THAT(t.out, Catch::Matchers::Contains("150 of 324 points done") && Catch::Matchers::Contains("energy") &&
                        Catch::Matchers::Contains("state_row=2") && Catch::Matchers::Contains("name = \"golf\""));
}

TEST_CASE("query select: rows equal a direct C++ evaluation of the where-expression", "[query][cli]") {
  ScratchDir dir("qcli_sel");
  const auto g = test::query_grid();
  const std::string f = dir.file("q.h5");
  test::make_query_file(f, g);
  const auto r = run_cli("query " + q(f) + " select --where 'lambda_max > 0.05 and th1 < 0.5'");
  REQUIRE(r.exit_code == 0);
  CHECK(r.err.empty());
  const auto rows = read_csv(r.out);
  REQUIRE(!rows.empty());
  CHECK(rows[0] == std::vector<std::string>{"th1", "th2", "energy", "lambda_max", "ftle", "basin"});
  const auto got = numbers(rows);
  std::vector<std::vector<double>> want;
  for (std::size_t i = 0; i < g.points; ++i)
    if (g.status[i] == 1 && g.lambda_max[i] > 0.05 && g.coordinate(0, i) < 0.5)
      want.push_back({g.coordinate(0, i), g.coordinate(1, i), g.coordinate(2, i), g.lambda_max[i], g.ftle[i],
                      static_cast<double>(g.basin[i])});
  CHECK(want.size() > 20);
  CHECK(got == want);

  // --all-status adds a status column and failed points; --vars picks columns; --limit truncates.
  const auto a = run_cli("query " + q(f) + " select --all-status --where 'status != 1' --vars basin --format json");
  REQUIRE(a.exit_code == 0);
  const Json ja = JsonParser::parse(a.out);
  CHECK(ja["columns"].size() == 5);
  CHECK(ja["columns"][3].str == "status");
  std::size_t failed = 0;
  for (auto s : g.status) failed += s != 1;
  REQUIRE(ja["rows"].size() == failed);
  for (std::size_t k = 0; k < ja["rows"].size(); ++k) CHECK(ja["rows"][k][3].number() != 1);
  CHECK(ja["matched"].number() == failed);

  const auto l = run_cli("query " + q(f) + " select --limit 3 --vars ftle");
  REQUIRE(l.exit_code == 0);
  CHECK(read_csv(l.out).size() == 4);
  CHECK_THAT(l.err, Catch::Matchers::Contains("3 of"));

  // NaN values print as nan and read back as NaN.
  const auto n = run_cli("query " + q(f) + " select --vars lambda_max --where 'th1 == -1 and th2 == 0'");
  REQUIRE(n.exit_code == 0);
  const auto nr = numbers(read_csv(n.out));
  REQUIRE(!nr.empty());
  CHECK(std::isnan(nr[0][3]));  // flat index 0 holds NaN
}

TEST_CASE("query select and stats agree with h5py and numpy", "[query][cli][python]") {
  if (!test::python_has("h5py, numpy")) {
    WARN("/usr/bin/python3 lacks h5py or numpy: skipped");
    return;
  }
  ScratchDir dir("qcli_py");
  const auto g = test::query_grid();
  const std::string f = dir.file("q.h5");
  test::make_query_file(f, g, 300);  // a partly written file: the last points have status 0

  SECTION("select") {
    const std::string where = "lambda_max > 0.05 and th1 < 0.5 or ftle > 2 and energy == 3";
    const auto r = run_cli("query " + q(f) + " select --where " + shell_quote(where));
    REQUIRE(r.exit_code == 0);
    const std::string script = R"PY(
import os, sys
os.environ["HDF5_USE_FILE_LOCKING"] = "FALSE"
import h5py, numpy as np
f = h5py.File(sys.argv[1], "r")
T1, T2, E = np.meshgrid(f["th1"][...], f["th2"][...], f["energy"][...], indexing="ij")
lam, ftle, basin, st = (f[k][...] for k in ("lambda_max", "ftle", "basin", "status"))
with np.errstate(invalid="ignore"):
    m = (st == 1) & (((lam > 0.05) & (T1 < 0.5)) | ((ftle > 2) & (E == 3)))
print("th1,th2,energy,lambda_max,ftle,basin")
for row in zip(T1[m], T2[m], E[m], lam[m], ftle[m], basin[m]):
    print(",".join(repr(float(x)) for x in row))
)PY";
    const auto py = test::run_python(dir, script, f);
    INFO(py.out);
    REQUIRE(py.exit_code == 0);
    const auto want = numbers(read_csv(py.out));
    const auto got = numbers(read_csv(r.out));
    CHECK(want.size() > 20);
    CHECK(same_rows(got, want));
  }

  SECTION("stats") {
    for (const auto& [var, where] : std::vector<std::pair<std::string, std::string>>{
             {"lambda_max", "energy < 0"}, {"ftle", "th2 > 0.2"}, {"basin", ""}, {"ftle", ""}}) {
      INFO(var << " where '" << where << "'");
      const auto r = run_cli("query " + q(f) + " stats " + var +
                             " --quantiles 0,0.05,0.333,0.5,0.95,1 --bins 7 --above 0.9 --json" +
                             (where.empty() ? "" : " --where " + shell_quote(where)));
      REQUIRE(r.exit_code == 0);
      const Json s = JsonParser::parse(r.out);
      const std::string script = R"PY(
import os, sys, json
os.environ["HDF5_USE_FILE_LOCKING"] = "FALSE"
import h5py, numpy as np
f = h5py.File(sys.argv[1], "r")
T1, T2, E = np.meshgrid(f["th1"][...], f["th2"][...], f["energy"][...], indexing="ij")
env = {"th1": T1, "th2": T2, "energy": E}
v = f[sys.argv[2]][...].astype(float)
m = f["status"][...] == 1
if len(sys.argv) > 3:
    m &= eval(sys.argv[3], {}, env)
v = v[m]
x = v[np.isfinite(v)]
h, edges = np.histogram(x, bins=7)
print(json.dumps({"points": int(v.size), "count": int(x.size), "nan": int(np.isnan(v).sum()),
                  "min": float(x.min()), "max": float(x.max()), "mean": float(x.mean()), "std": float(x.std()),
                  "quantiles": [float(q) for q in np.quantile(x, [0, 0.05, 0.333, 0.5, 0.95, 1])],
                  "edges": [float(e) for e in edges], "counts": [int(c) for c in h],
                  "above": float((x > 0.9).sum() / x.size)}))
)PY";
      const auto py = test::run_python(dir, script, f + " " + var + (where.empty() ? "" : " " + shell_quote(where)));
      INFO(py.out);
      REQUIRE(py.exit_code == 0);
      const Json n = JsonParser::parse(py.out);
      CHECK(s["points"].number() == n["points"].number());
      CHECK(s["count"].number() == n["count"].number());
      CHECK(s["nan"].number() == n["nan"].number());
      CHECK(s["min"].number() == n["min"].number());
      CHECK(s["max"].number() == n["max"].number());
      CHECK(s["mean"].number() == Approx(n["mean"].number()).epsilon(1e-13));
      CHECK(s["std"].number() == Approx(n["std"].number()).epsilon(1e-12));
      REQUIRE(s["quantiles"].size() == 6);
      for (std::size_t k = 0; k < 6; ++k) CHECK(s["quantiles"][k].number() == n["quantiles"][k].number());
      REQUIRE(s["histogram"]["edges"].size() == 8);
      for (std::size_t k = 0; k < 8; ++k) CHECK(s["histogram"]["edges"][k].number() == n["edges"][k].number());
      for (std::size_t k = 0; k < 7; ++k) CHECK(s["histogram"]["counts"][k].number() == n["counts"][k].number());
      CHECK(s["above"]["fraction"].number() == n["above"].number());
      CHECK(s["completion"]["done"].number() == 300);
    }
  }
}

TEST_CASE("query stats text names the definitions and counts NaN separately", "[query][cli]") {
  ScratchDir dir("qcli_stats");
  const auto g = test::query_grid();
  const std::string f = dir.file("q.h5");
  test::make_query_file(f, g);
  const auto r = run_cli("query " + q(f) + " stats lambda_max --above 0.1");
  REQUIRE(r.exit_code == 0);
  std::size_t nan = 0;
  for (std::size_t i = 0; i < g.points; ++i) nan += g.status[i] == 1 && std::isnan(g.lambda_max[i]);
  CHECK_THAT(r.out, Catch::Matchers::Contains(std::to_string(nan) + " NaN") &&
                        Catch::Matchers::Contains("linear interpolation") &&
                        Catch::Matchers::Contains("fraction above 0.1") &&
                        Catch::Matchers::Contains("complete: 324 points"));
}

TEST_CASE("query nearest prints coordinates, status and every variable in full", "[query][cli]") {
  ScratchDir dir("qcli_near");
  const auto g = test::query_grid();
  const std::string f = dir.file("q.h5");
  test::make_query_file(f, g);
  const auto r = run_cli("query " + q(f) + " nearest --at th1=0.3,th2=0.56,energy=0 --json");
  REQUIRE(r.exit_code == 0);
  const Json j = JsonParser::parse(r.out);
  const std::size_t i = (7 * 9 + 6) * 3 + 1;
  CHECK(j["flat_index"].number() == i);
  CHECK(j["coordinates"]["energy"].number() == -0.5);
  CHECK(j["requested"]["th1"].number() == 0.3);
  CHECK(j["status"].number() == g.status[i]);
  CHECK(j["variables"]["ftle"].number() == g.ftle[i]);
  CHECK(j["variables"]["basin"].number() == g.basin[i]);
  CHECK(j["variables"]["psi"][1][0].number() == g.psi[4 * i + 2]);
  const auto t = run_cli("query " + q(f) + " nearest --at 'th1=0.3, th2=0.56, energy=0'");
  REQUIRE(t.exit_code == 0);
  CHECK_THAT(t.out, Catch::Matchers::Contains("flat index " + std::to_string(i)) &&
                        Catch::Matchers::Contains("psi, 2 rows of 2"));
}

TEST_CASE("query export: CSV and JSON files hold every point and read back exactly", "[query][cli]") {
  ScratchDir dir("qcli_export");
  const auto g = test::query_grid();
  const std::string f = dir.file("q.h5");
  test::make_query_file(f, g, 250);
  const std::string csv = dir.file("all.csv");
  const auto r = run_cli("query " + q(f) + " export --out " + q(csv));
  REQUIRE(r.exit_code == 0);
  const auto rows = read_csv(slurp(csv));
  REQUIRE(rows.size() == g.points + 1);
  CHECK(rows[0] == std::vector<std::string>{"th1", "th2", "energy", "status", "lambda_max", "ftle", "basin", "psi[0,0]",
                                            "psi[0,1]", "psi[1,0]", "psi[1,1]"});
  const auto v = numbers(rows);
  bool exact = true;
  for (std::size_t i = 0; i < g.points; ++i) {
    const bool written = i < 250;
    const auto& row = v[i];
    exact = exact && row[0] == g.coordinate(0, i) && row[1] == g.coordinate(1, i) && row[2] == g.coordinate(2, i);
    exact = exact && row[3] == (written ? g.status[i] : 0);
    exact = exact && same(row[4], written ? g.lambda_max[i] : NAN) && same(row[5], written ? g.ftle[i] : NAN);
    exact = exact && row[6] == (written ? g.basin[i] : -1);
    for (std::size_t e = 0; e < 4; ++e) exact = exact && same(row[7 + e], written ? g.psi[4 * i + e] : NAN);
  }
  CHECK(exact);

  const std::string js = dir.file("ok.json");
  const auto jr = run_cli("query " + q(f) + " export --ok-only --vars psi --where 'th2 < 0.25' --out " + q(js));
  REQUIRE(jr.exit_code == 0);
  const Json j = JsonParser::parse(slurp(js));
  CHECK(j["columns"].size() == 8);
  std::size_t n = 0;
  for (std::size_t i = 0; i < 250; ++i) n += g.status[i] == 1 && g.coordinate(1, i) < 0.25;
  CHECK(j["rows"].size() == n);
  CHECK(j["rows"][0][7].number() == g.psi[3]);  // point 0 is ok, psi[1,1]

  // An existing --out is replaced only with --force, and the results file never.
  const auto again = run_cli("query " + q(f) + " export --out " + q(csv) + " --vars lambda_max");
  CHECK(again.exit_code == 2);
  CHECK_THAT(again.err, Catch::Matchers::Contains("--out") && Catch::Matchers::Contains("--force"));
  CHECK(read_csv(slurp(csv))[0].size() == 11);  // untouched
  const auto self = run_cli("query " + q(f) + " export --force --out " + q(f));
  CHECK(self.exit_code == 2);
  CHECK_THAT(self.err, Catch::Matchers::Contains("results file being read"));
  REQUIRE(run_cli("query " + q(f) + " export --force --vars lambda_max --out " + q(csv)).exit_code == 0);
  CHECK(read_csv(slurp(csv))[0].size() == 5);
  REQUIRE(run_cli("query " + q(f) + " export --out " + q(csv)).exit_code == 2);
  REQUIRE(run_cli("query " + q(f) + " export --force --out " + q(csv)).exit_code == 0);

  // To stdout, same bytes as the file.
  const auto o = run_cli("query " + q(f) + " export");
  REQUIRE(o.exit_code == 0);
  CHECK(o.out == slurp(csv));
  // Only the two outputs and the results file: no temporary left.
  std::size_t files = 0;
  for (const auto& e : fs::directory_iterator(dir.path)) files += e.is_regular_file();
  CHECK(files == 3);
}

TEST_CASE("query reads a file whose writer still holds it open", "[query][cli]") {
  ScratchDir dir("qcli_live");
  const auto g = test::query_grid();
  const std::string f = dir.file("live.h5");
  auto w = io::ResultsStore::create(f, g.axes, g.variables, test::query_provenance());
  test::write_query_points(w, g, 0, 120);
  const auto r = run_cli("query " + q(f) + " describe --json");
  REQUIRE(r.exit_code == 0);
  CHECK(JsonParser::parse(r.out)["completion"]["done"].number() == 120);
  test::write_query_points(w, g, 120, 60);
  const auto s = run_cli("query " + q(f) + " select --all-status --vars ftle");
  REQUIRE(s.exit_code == 0);
  const auto rows = numbers(read_csv(s.out));
  REQUIRE(rows.size() == g.points);
  CHECK(rows[179][3] == g.status[179]);
  CHECK(rows[179][4] == g.ftle[179]);
  CHECK(rows[180][3] == 0);
  CHECK_THAT(s.err, Catch::Matchers::Contains("180 of 324 points done"));
}

TEST_CASE("query bad input: exit 2, one line naming the field, nothing written", "[query][cli]") {
  ScratchDir dir("qcli_bad");
  const auto g = test::query_grid();
  const std::string f = dir.file("q.h5");
  test::make_query_file(f, g);
  const std::string text = dir.file("notes.txt");
  std::ofstream(text) << "not hdf5\n";
  const std::string plain = dir.file("plain.h5");  // HDF5, but not a chaoskit results file
  H5Fclose(H5Fcreate(plain.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT));
  const std::string F = q(f);
  const std::string out = dir.file("out.csv");
  struct Case {
    std::string args, field;
  };
  const std::vector<Case> cases{
      {"query " + q(dir.file("missing.h5")) + " describe", "file"},
      {"query " + q(text) + " describe", "file"},
      {"query " + q(plain) + " describe", "file"},
      {"query " + F, "query: expected one of describe"},
      {"query describe", "query: the results file comes first"},
      {"query " + F + " bogus", "bogus"},
      {"query " + F + " select --where 'lambda > 1'", "--where"},
      {"query " + F + " select --where 'psi > 1'", "--where"},
      {"query " + F + " select --where 'th1 <'", "--where"},
      {"query " + F + " select --vars nope", "--vars"},
      {"query " + F + " select --vars psi", "--vars"},
      {"query " + F + " select --vars ftle,,basin", "--vars"},
      {"query " + F + " select --limit -1", "--limit"},
      {"query " + F + " select --limit 2.5", "--limit"},
      {"query " + F + " select --format xml", "--format"},
      {"query " + F + " stats nope", "variable"},
      {"query " + F + " stats psi", "variable"},
      {"query " + F + " stats ftle --above abc", "--above"},
      {"query " + F + " stats ftle --bins 0", "--bins"},
      {"query " + F + " stats ftle --quantiles 0.5,2", "--quantiles"},
      {"query " + F + " stats ftle --where 'nope > 0'", "--where"},
      {"query " + F + " nearest --at th1=0,th2=0", "--at"},
      {"query " + F + " nearest --at th1=0,th2=0,energy=0,th9=1", "--at"},
      {"query " + F + " nearest --at th1=zz,th2=0,energy=0", "--at.th1"},
      {"query " + F + " nearest", "--at"},
      {"query " + F + " export --out " + q(dir.file("no/such/dir/x.csv")), "--out"},
      {"query " + F + " export --vars nope --out " + q(out), "--vars"},
      {"query " + F + " export --where 'psi > 0' --out " + q(out), "--where"},
      {"query " + F + " export --format yaml --out " + q(out), "--format"},
  };
  for (const auto& c : cases) {
    INFO(c.args);
    const auto r = run_cli(c.args);
    INFO("stderr: " << r.err);
    CHECK(r.exit_code == 2);
    CHECK(test::line_count(r.err) == 1);
    CHECK_THAT(r.err, Catch::Matchers::Contains(c.field));
    CHECK(r.out.empty());
  }
  std::size_t files = 0;
  for (const auto& e : fs::directory_iterator(dir.path)) files += e.is_regular_file();
  CHECK(files == 3);  // q.h5, notes.txt, plain.h5: no output, no temporary
}
