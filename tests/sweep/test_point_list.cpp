// [points] jobs without running them: the CSV reader's format and locations, how a job holds its
// list (the synthetic `point` axis, the classified columns, the contexts of its rows), its result
// variables, and the fingerprint that tells two lists apart.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "../io/store_fixtures.hpp"
#include "chaoskit/core/errors.hpp"
#include "chaoskit/core/units.hpp"
#include "chaoskit/sweep/engine/point_context.hpp"
#include "chaoskit/sweep/job/point_list.hpp"
#include "chaoskit/sweep/quantities/results_layout.hpp"
#include "chaoskit/sweep/reading/job_reader.hpp"
#include "chaoskit/sweep/runs/job_fingerprint.hpp"

using namespace chaoskit;
using namespace chaoskit::sweep;

namespace {

/// A limb job over the point list `csv` (written beside it as states.csv), with `grid` as [grid].
Job points_job(const test::ScratchDir& dir, const std::string& csv, const std::string& grid = "",
               const std::string& extra = "") {
  std::ofstream(dir.file("states.csv"), std::ios::binary) << csv;
  const std::string text = "[model]\nname = \"limb\"\n[points]\nfile = \"states.csv\"\n" +
                           (grid.empty() ? "" : "[grid]\n" + grid + "\n") + extra +
                           "[compute]\nfinal_state = { time = 1.0 }\n";
  return parse_job(text, dir.file("job.toml"));
}

}  // namespace

TEST_CASE("point list: comments, blank lines, CRLF, spaces, a byte-order mark and deg cells are read",
          "[sweep][points]") {
  const PointTable t = parse_point_table(
      "\xEF\xBB\xBF# frames\r\n\r\n th1 ,\tdth1\r\n# first frame\r\n0.5, 25deg\r\n"
      "\r\n -1e-3 ,+2\r\n",
      "f.csv");
  CHECK(t.names == std::vector<std::string>{"th1", "dth1"});
  CHECK(t.header_line == 3);
  CHECK(t.lines == std::vector<std::size_t>{5, 7});
  CHECK(t.values == std::vector<double>{0.5, 25 * kDegree, -1e-3, 2.0});
  CHECK(t.where_header(1) == "points.file f.csv:3, column 2 (dth1)");
  CHECK(t.where_cell(1, 0) == "points.file f.csv:7 (point 1), column 1 (th1)");
}

TEST_CASE("point list: malformed files are refused at their line and column", "[sweep][points][errors]") {
  struct Case {
    std::string text, field, reason;
  };
  const std::vector<Case> cases = {
      {"", "points.file f.csv:1", "the file is empty"},
      {"# nothing\n\n", "points.file f.csv:2", "only comments"},
      {"th1,th2\n# no rows\n", "points.file f.csv:1", "no rows"},
      {"th1,,th2\n1,2,3\n", "points.file f.csv:1, column 2", "empty column name"},
      {"th1,th2, th1\n1,2,3\n", "points.file f.csv:1, column 3 (th1)", "duplicate name (also column 1)"},
      {"th1,th2\n1,2\n\n3\n", "points.file f.csv:4 (point 1), column 2 (th2)",
       "the row has 1 cell, the header 2 columns"},
      {"th1,th2\n1,2,3\n", "points.file f.csv:2 (point 0), column 3", "extra cell '3'"},
      {"th1,th2\n1,2,\n", "points.file f.csv:2 (point 0), column 3", "extra empty cell"},
      {"th1,th2\n1,x2\n", "points.file f.csv:2 (point 0), column 2 (th2)", "'x2' is not a number"},
      {"th1,th2\n1,\n", "points.file f.csv:2 (point 0), column 2 (th2)", "empty value"},
      {"th1,th2\nnan,1\n", "points.file f.csv:2 (point 0), column 1 (th1)", "finite"},
      {"th1,th2\n1,-inf\n", "points.file f.csv:2 (point 0), column 2 (th2)", "finite"},
  };
  for (const auto& c : cases) {
    INFO(c.text);
    try {
      (void)parse_point_table(c.text, "f.csv");
      FAIL("accepted a malformed point list");
    } catch (const InputError& e) {
      CHECK(e.field() == c.field);
      CHECK(std::string(e.what()).find(c.reason) != std::string::npos);
    }
  }
}

TEST_CASE("point list: a job holds its rows behind one `point` axis and sets each row's point", "[sweep][points]") {
  test::ScratchDir dir("points_job");
  const Job j = points_job(dir, "th2,m2,tau_hip\n0.25,3.5,1.0\n-0.5,4.0,0.0\n", "th1 = 0.75");
  CHECK(j.point_source == PointSource::point_list);
  REQUIRE(j.axes.size() == 1);
  CHECK(j.axes[0].name == "point");
  CHECK(j.axes[0].target == Target::point_row);
  CHECK(j.axes[0].values == std::vector<double>{0.0, 1.0});
  CHECK(j.point_count() == 2);
  CHECK(j.has_parameter_axes());
  REQUIRE(j.points.columns.size() == 3);
  CHECK(j.points.columns[0].target == Target::state);
  CHECK(j.points.columns[1].target == Target::parameter);
  CHECK(j.points.columns[1].units == "kg");
  CHECK(j.points.columns[2].target == Target::torque);

  const std::vector<std::size_t> second{1};
  const PointContext c = point_context(j, second);
  CHECK(c.x0 == std::vector<double>{0.75, -0.5, 0.0, 0.0});  // th1 from [grid], th2 from the row
  CHECK(std::get<LimbModel>(c.model).p.m2 == 4.0);
  CHECK(c.inputs.value(0.0)[0] == 0.0);

  const ResultsLayout L = results_layout(j);
  std::vector<std::string> names;
  for (const auto& v : L.variables) names.push_back(v.name);
  CHECK(names == std::vector<std::string>{"final_state", "initial_energy", "th2", "m2", "tau_hip", "initial_state"});
  CHECK(L.variables[L.find("th2")].units == "rad");
  CHECK(L.variables[L.find("initial_state")].values_per_point() == 4);
  CHECK(L.axes.at(0).name == "point");
}

TEST_CASE("point list: a grid job gains no point-list variables", "[sweep][points]") {
  const Job j =
      parse_job("[model]\nname = \"limb\"\n[grid]\nth1 = [0.0, 1.0]\n[compute]\nfinal_state = { time = 1.0 }\n",
                "/tmp/grid.toml");
  CHECK(j.point_source == PointSource::grid);
  CHECK(results_layout(j).find("initial_state") == -1);
  CHECK(job_fingerprint(j).find("points.") == std::string::npos);
}

TEST_CASE("point list: a row's parameters are checked together, and a bad one is named by its cell",
          "[sweep][points][errors]") {
  test::ScratchDir dir("points_params");
  // A heavier thigh with a matching inertia: only valid together (I1 >= m1 C1^2).
  CHECK_NOTHROW(points_job(dir, "m1,I1\n30.0,1.5\n"));
  try {
    (void)points_job(dir, "th1,m1,I1\n0.1,11.0,0.7\n0.2,30.0,0.7\n");
    FAIL("accepted a row whose I1 is too small for its m1");
  } catch (const InputError& e) {
    CHECK(e.field() == "points.file " + dir.file("states.csv") + ":3 (point 1), column 3 (I1)");
  }
}

TEST_CASE("point list: the fingerprint holds the values, exactly for a short list, by blocks for a long one",
          "[sweep][points]") {
  test::ScratchDir dir("points_fingerprint");
  const std::string a = job_fingerprint(points_job(dir, "th1,th2\n0.1,0.2\n0.3,0.4\n"));
  const std::string b = job_fingerprint(points_job(dir, "# edited\nth1,th2\n0.1,0.2\n0.3,0.41\n"));
  CHECK(a.find("points.columns = th1 (state) th2 (state)\npoints.count = 2\n") != std::string::npos);
  CHECK(fingerprint_difference(a, b).rfind("points.row.1 differs", 0) == 0);
  // The file's comments and its path do not matter, its values do.
  CHECK(fingerprint_difference(a, job_fingerprint(points_job(dir, "th1,th2\n\n# same values\n0.1,0.2\n0.3,0.4\n"))) ==
        "");

  std::string rows = "th1,th2,dth1,dth2\n", edited = rows;
  for (int r = 0; r < 1000; ++r) {
    const std::string row = std::to_string(r * 1e-3) + ",0,0,0\n";
    rows += row;
    edited += r == 700 ? "0.7,0,0,1e-9\n" : row;
  }
  const std::string long_a = job_fingerprint(points_job(dir, rows)), long_b = job_fingerprint(points_job(dir, edited));
  CHECK(long_a.size() < 8192);  // an HDF5 attribute: far below its 64 KiB
  CHECK(fingerprint_difference(long_a, long_b).rfind("points.rows.688-703 differs", 0) == 0);
}

TEST_CASE("point list: ignored columns are skipped unread, and locations still count every column of the file",
          "[sweep][points]") {
  // A measured file: frame number, time and a text label beside the states.
  const PointTable t = parse_point_table("frame,t,th1,subject,dth1\n1,0.00,0.5,S01,2\n2,0.01,0.6,S02,-1\n", "g.csv",
                                         {"frame", "t", "subject"});
  CHECK(t.names == std::vector<std::string>{"th1", "dth1"});
  CHECK(t.values == std::vector<double>{0.5, 2.0, 0.6, -1.0});
  CHECK(t.where_header(1) == "points.file g.csv:1, column 5 (dth1)");
  CHECK(t.where_cell(1, 0) == "points.file g.csv:3 (point 1), column 3 (th1)");
  // A bad cell of a kept column is still refused at its place in the file; one of an ignored column is not read.
  CHECK_THROWS_WITH(parse_point_table("frame,th1,dth1\nx,0.5,abc\n", "g.csv", {"frame"}),
                    Catch::StartsWith("points.file g.csv:2 (point 0), column 3 (dth1)"));
  CHECK_NOTHROW(parse_point_table("frame,th1\nnot a number,0.5\n", "g.csv", {"frame"}));
  // Ragged rows count the ignored columns too.
  CHECK_THROWS_WITH(parse_point_table("frame,th1\n1\n", "g.csv", {"frame"}), Catch::Contains("the row has 1 cell"));
  // Ignoring a name the file does not have, or every column, is refused.
  CHECK_THROWS_WITH(parse_point_table("th1,dth1\n1,2\n", "g.csv", {"frame"}),
                    Catch::StartsWith("points.ignore: 'frame' is not a column of g.csv"));
  CHECK_THROWS_WITH(parse_point_table("frame\n1\n", "g.csv", {"frame"}),
                    Catch::StartsWith("points.ignore: every column"));
}

TEST_CASE("point list: a job's ignore list is read, and a malformed one is refused naming the key",
          "[sweep][points][errors]") {
  const test::ScratchDir dir("point_list_ignore");
  std::ofstream(dir.file("frames.csv")) << "frame,t,th1,th2\n1,0.0,0.1,0.2\n2,0.5,0.3,0.4\n";
  auto job_with = [&](const std::string& points_keys) {
    return parse_job("[model]\nname = \"limb\"\n[points]\nfile = \"frames.csv\"\n" + points_keys +
                         "\n[compute]\nfinal_state = { time = 1.0 }\n",
                     dir.file("job.toml"));
  };
  const Job job = job_with("ignore = [\"frame\", \"t\"]");
  REQUIRE(job.points.columns.size() == 2);
  CHECK(job.points.columns[0].name == "th1");
  CHECK(job.points.columns[1].name == "th2");
  CHECK(job.axes[0].values.size() == 2);
  // Without ignore, the time column is an unknown name, at its place in the file.
  CHECK_THROWS_WITH(job_with(""), Catch::StartsWith("points.file " + dir.file("frames.csv") + ":1, column 1 (frame)") &&
                                      Catch::Contains("unknown name"));
  CHECK_THROWS_WITH(job_with("ignore = \"frame\""), Catch::StartsWith("points.ignore: must be an array"));
  CHECK_THROWS_WITH(job_with("ignore = [1]"), Catch::StartsWith("points.ignore[0]"));
  CHECK_THROWS_WITH(job_with("ignore = [\"knee\"]"), Catch::StartsWith("points.ignore: 'knee' is not a column"));
}
