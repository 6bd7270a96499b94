// The query library (src/chaoskit/query): block reading, selection by where-expression, statistics
// with numpy's definitions, nearest point and tables, each checked against an independent
// computation from the values written.
#include <catch2/catch.hpp>

#include <cmath>
#include <sstream>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/query/describe.hpp"
#include "chaoskit/query/export.hpp"
#include "chaoskit/query/grid_blocks.hpp"
#include "chaoskit/query/nearest.hpp"
#include "chaoskit/query/selection.hpp"
#include "chaoskit/query/statistics.hpp"
#include "chaoskit/query/table.hpp"
#include "query/query_fixtures.hpp"

using namespace chaoskit;
using chaoskit::test::same;
using chaoskit::test::ScratchDir;

namespace {

/// Collects rows written to a table.
struct CollectSink : query::RowSink {
  std::vector<std::string> columns;
  std::vector<std::vector<double>> rows;
  query::TableSummary summary;
  void begin(const std::vector<std::string>& c) override { columns = c; }
  void row(std::span<const double> v) override { rows.emplace_back(v.begin(), v.end()); }
  void end(const query::TableSummary& s) override { summary = s; }
};

}  // namespace

TEST_CASE("query blocks: every point once, in flat order, with its coordinates, for any block size", "[query]") {
  ScratchDir dir("query_blocks");
  const auto g = test::query_grid();
  const std::string f = dir.file("q.h5");
  test::make_query_file(f, g);
  const auto s = io::ResultsStore::open_read(f);
  for (std::size_t target : {1UL, 2UL, 5UL, 27UL, 28UL, 100UL, 1000UL}) {
    INFO("target " << target);
    query::BlockReader r(s, {"psi", "lambda_max"}, target);
    std::size_t next = 0;
    bool ok = true;
    while (r.next()) {
      CHECK(r.first() == next);
      for (std::size_t j = 0; j < r.size(); ++j) {
        const std::size_t i = r.first() + j;
        for (std::size_t a = 0; a < 3; ++a) ok = ok && r.coordinate(a, j) == g.coordinate(a, i);
        ok = ok && r.status(j) == g.status[i] && same(*r.values(1, j), g.lambda_max[i]);
        for (std::size_t e = 0; e < 4; ++e) ok = ok && r.values(0, j)[e] == g.psi[4 * i + e];
      }
      next += r.size();
    }
    CHECK(ok);
    CHECK(next == g.points);
  }
}

TEST_CASE("query selection: where-expressions over axes, variables and status match a direct evaluation", "[query]") {
  ScratchDir dir("query_sel");
  const auto g = test::query_grid();
  const std::string f = dir.file("q.h5");
  test::make_query_file(f, g);
  const auto s = io::ResultsStore::open_read(f);
  struct Case {
    std::string where;
    bool all_status;
    bool (*expect)(const test::QueryGrid&, std::size_t);
  };
  const std::vector<Case> cases{
      {"lambda_max > 0.05 and th1 < 0.5", false,
       [](const test::QueryGrid& q, std::size_t i) {
         return q.status[i] == 1 && q.lambda_max[i] > 0.05 && q.coordinate(0, i) < 0.5;
       }},
      {"", false, [](const test::QueryGrid& q, std::size_t i) { return q.status[i] == 1; }},
      {"", true, [](const test::QueryGrid&, std::size_t) { return true; }},
      {"status == 3 or basin == 2", true,
       [](const test::QueryGrid& q, std::size_t i) { return q.status[i] == 3 || q.basin[i] == 2; }},
      {"not (energy > 0) and abs(th2 - 0.4) < 0.15 and ftle >= 1", false,
       [](const test::QueryGrid& q, std::size_t i) {
         return q.status[i] == 1 && !(q.coordinate(2, i) > 0) && std::abs(q.coordinate(1, i) - 0.4) < 0.15 &&
                q.ftle[i] >= 1;
       }},
      {"lambda_max", false,  // NaN is not true
       [](const test::QueryGrid& q, std::size_t i) {
         return q.status[i] == 1 && !std::isnan(q.lambda_max[i]) && q.lambda_max[i] != 0;
       }},
  };
  for (const auto& c : cases) {
    INFO("where '" << c.where << "' all_status " << c.all_status);
    std::vector<std::size_t> want, got;
    for (std::size_t i = 0; i < g.points; ++i)
      if (c.expect(g, i)) want.push_back(i);
    const query::Selection sel(s, {c.where, c.all_status});
    sel.for_each({}, [&](const query::BlockReader& r, std::size_t j) {
      got.push_back(r.first() + j);
      return true;
    });
    CHECK(!want.empty());
    CHECK(got == want);
  }
}

TEST_CASE("query selection: unknown names, matrices and syntax errors in --where are input errors", "[query]") {
  ScratchDir dir("query_sel_bad");
  const auto g = test::query_grid();
  const std::string f = dir.file("q.h5");
  test::make_query_file(f, g);
  const auto s = io::ResultsStore::open_read(f);
  const auto field_of = [&](const std::string& where) {
    try {
      query::Selection(s, {where, false});
    } catch (const InputError& e) { return e.field() + " | " + e.what(); }
    return std::string("no error");
  };
  CHECK_THAT(field_of("lambda > 1"), Catch::Matchers::StartsWith("where") && Catch::Matchers::Contains("'lambda'"));
  CHECK_THAT(field_of("psi > 1"), Catch::Matchers::StartsWith("where") && Catch::Matchers::Contains("'psi'") &&
                                      Catch::Matchers::Contains("trailing"));
  CHECK_THAT(field_of("th1 < "), Catch::Matchers::StartsWith("where"));
  CHECK_THROWS_AS(query::check_variable_names(s, {"psi"}, "variables", false), InputError);
  CHECK_NOTHROW(query::check_variable_names(s, {"psi"}, "variables", true));
  CHECK_THROWS_AS(query::check_variable_names(s, {"nope"}, "variables", true), InputError);
  CHECK(query::split_names(" a, b ,c", "variables") == std::vector<std::string>{"a", "b", "c"});
  CHECK_THROWS_AS(query::split_names("a,,b", "variables"), InputError);
}

TEST_CASE("query statistics: hand-checked values and numpy's quantile and histogram definitions", "[query]") {
  query::StatsOptions o;
  o.quantiles = {0, 0.25, 0.5, 0.9, 1};
  o.bins = 4;
  o.above = 2.5;
  const std::vector<double> x{4, NAN, 1, 3, INFINITY, 2, NAN};
  const auto s = query::compute_statistics(x, o);
  CHECK(s.points == 7);
  CHECK(s.count == 4);
  CHECK(s.nan == 2);
  CHECK(s.infinite == 1);
  CHECK(s.min == 1);
  CHECK(s.max == 4);
  CHECK(s.mean == 2.5);
  CHECK(s.std == Approx(std::sqrt(1.25)).epsilon(1e-15));
  // numpy.quantile([1,2,3,4], [0, .25, .5, .9, 1]) = [1, 1.75, 2.5, 3.7, 4]
  REQUIRE(s.quantiles.size() == 5);
  CHECK(s.quantiles[0] == 1);
  CHECK(s.quantiles[1] == 1.75);
  CHECK(s.quantiles[2] == 2.5);
  CHECK(s.quantiles[3] == Approx(3.7).epsilon(1e-15));
  CHECK(s.quantiles[4] == 4);
  // numpy.histogram([1,2,3,4], 4): edges 1, 1.75, 2.5, 3.25, 4; counts 1 1 1 1 (4 in the closed last bin)
  CHECK(s.histogram.edges == std::vector<double>{1, 1.75, 2.5, 3.25, 4});
  CHECK(s.histogram.counts == std::vector<std::size_t>{1, 1, 1, 1});
  CHECK(s.above_count == 2);
  CHECK(s.above_fraction == 0.5);

  // All values equal: numpy's range is (v - 0.5, v + 0.5).
  const std::vector<double> same_values{2, 2, 2};
  o.bins = 2;
  const auto e = query::compute_statistics(same_values, o);
  CHECK(e.histogram.edges == std::vector<double>{1.5, 2, 2.5});
  CHECK(e.histogram.counts == std::vector<std::size_t>{0, 3});
  CHECK(e.std == 0);

  // Nothing finite: NaN summaries, no histogram.
  const std::vector<double> none{NAN};
  const auto n = query::compute_statistics(none, o);
  CHECK(n.count == 0);
  CHECK(std::isnan(n.mean));
  CHECK(n.histogram.counts.empty());

  o.quantiles = {1.5};
  CHECK_THROWS_AS(query::compute_statistics(x, o), InputError);
  o.quantiles = {0.5};
  o.bins = 0;
  CHECK_THROWS_AS(query::compute_statistics(x, o), InputError);
}

TEST_CASE("query statistics of a variable over a selection equal those of the selected values", "[query]") {
  ScratchDir dir("query_stats");
  const auto g = test::query_grid();
  const std::string f = dir.file("q.h5");
  test::make_query_file(f, g);
  const auto s = io::ResultsStore::open_read(f);
  std::vector<double> values;
  for (std::size_t i = 0; i < g.points; ++i)
    if (g.status[i] == 1 && g.coordinate(2, i) < 0) values.push_back(g.lambda_max[i]);
  query::StatsOptions o;
  o.above = 0.1;
  const auto a = query::variable_statistics(s, "lambda_max", {"energy < 0", false}, o);
  const auto b = query::compute_statistics(values, o);
  CHECK(a.points == values.size());
  CHECK(a.nan > 0);
  CHECK(a.mean == b.mean);
  CHECK(a.quantiles == b.quantiles);
  CHECK(a.histogram.counts == b.histogram.counts);
  CHECK(a.above_count == b.above_count);
  CHECK_THROWS_AS(query::variable_statistics(s, "psi", {}, o), InputError);
  CHECK_THROWS_AS(query::variable_statistics(s, "nope", {}, o), InputError);
}

TEST_CASE("query nearest: per-axis nearest value, every variable in full, clear errors", "[query]") {
  ScratchDir dir("query_near");
  const auto g = test::query_grid();
  const std::string f = dir.file("q.h5");
  test::make_query_file(f, g);
  const auto s = io::ResultsStore::open_read(f);
  // th1 = -1 + 2k/11: 0.3 is nearest k = 7 (0.2727); th2 = 0.1 k: 0.56 -> k = 6; energy 0 -> -0.5 (index 1).
  const auto p = query::nearest_point(s, query::parse_coordinates("th1=0.3, th2=0.56,energy=0", "at"));
  CHECK(p.index == std::vector<std::size_t>{7, 6, 1});
  const std::size_t i = (7 * 9 + 6) * 3 + 1;
  CHECK(p.flat == i);
  CHECK(p.coordinates[2] == -0.5);
  CHECK(p.status == g.status[i]);
  REQUIRE(p.variables.size() == 4);
  CHECK(same(p.variables[0].values.at(0), g.lambda_max[i]));
  CHECK(p.variables[2].values.at(0) == g.basin[i]);
  CHECK(p.variables[3].shape == std::vector<std::size_t>{2, 2});
  CHECK(p.variables[3].values == std::vector<double>(g.psi.begin() + 4 * i, g.psi.begin() + 4 * i + 4));
  // deg suffix; far outside the grid clamps to the end.
  const auto q = query::nearest_point(s, query::parse_coordinates("th1=-90deg,th2=100,energy=1e9", "at"));
  CHECK(q.index == std::vector<std::size_t>{0, 8, 2});
  const auto err = [&](const std::string& at) {
    try {
      query::nearest_point(s, query::parse_coordinates(at, "at"));
    } catch (const InputError& e) { return std::string(e.what()); }
    return std::string("no error");
  };
  CHECK_THAT(err("th1=0,th2=0"), Catch::Matchers::Contains("'energy' not given"));
  CHECK_THAT(err("th1=0,th2=0,energy=0,th3=1"), Catch::Matchers::Contains("no axis 'th3'"));
  CHECK_THAT(err("th1=0,th2=x,energy=0"), Catch::Matchers::StartsWith("at.th2"));
  CHECK_THAT(err("th1=0,th1=1"), Catch::Matchers::Contains("twice"));
  CHECK_THAT(err("th1"), Catch::Matchers::Contains("axis=value"));
}

TEST_CASE("query table: columns, flattened blocks, status column, limit and CSV number round trip", "[query]") {
  ScratchDir dir("query_table");
  const auto g = test::query_grid();
  const std::string f = dir.file("q.h5");
  test::make_query_file(f, g, 200);
  const auto s = io::ResultsStore::open_read(f);
  query::TableSpec spec;
  spec.trailing = true;
  spec.status_column = true;
  spec.filter.all_status = true;
  CollectSink all;
  query::write_table(s, spec, all);
  CHECK(all.columns == std::vector<std::string>{"th1", "th2", "energy", "status", "lambda_max", "ftle", "basin",
                                                "psi[0,0]", "psi[0,1]", "psi[1,0]", "psi[1,1]"});
  REQUIRE(all.rows.size() == g.points);
  CHECK(all.rows[250][3] == 0);         // unwritten
  CHECK(std::isnan(all.rows[250][4]));  // float fill value
  CHECK(all.rows[250][6] == -1);        // int32 fill value
  CHECK(all.rows[199][8] == g.psi[4 * 199 + 1]);

  spec.variables = {"ftle"};
  spec.limit = 5;
  spec.filter = {"th1 > 0", false};
  CollectSink lim;
  const auto summary = query::write_table(s, spec, lim);
  CHECK(lim.rows.size() == 5);
  CHECK(summary.rows == 5);
  std::size_t matched = 0;
  for (std::size_t i = 0; i < 200; ++i) matched += g.status[i] == 1 && g.coordinate(0, i) > 0;
  CHECK(summary.matched == matched);

  spec.trailing = false;
  spec.variables = {"psi"};
  CHECK_THROWS_AS(query::table_columns(s, spec), InputError);

  for (double v : {0.1, -1.0 / 3.0, 1e-300, 6.02214076e23, 5e-324, 0.0})
    CHECK(std::strtod(query::format_number(v).c_str(), nullptr) == v);
  CHECK(query::format_number(NAN) == "nan");
  CHECK(query::format_number(-INFINITY) == "-inf");
  std::ostringstream csv;
  query::CsvSink sink(csv);
  sink.begin({"a", "psi[0,1]", "q\"x"});
  sink.row(std::vector<double>{1.5, NAN, 2});
  CHECK(csv.str() == "a,\"psi[0,1]\",\"q\"\"x\"\n1.5,nan,2\n");
}

TEST_CASE("query describe: completion per status of a partly written file, then finalized", "[query]") {
  ScratchDir dir("query_desc");
  const auto g = test::query_grid();
  const std::string f = dir.file("q.h5");
  test::make_query_file(f, g, 100);
  {
    const auto d = query::describe(io::ResultsStore::open_read(f));
    CHECK(d.completion.total == g.points);
    CHECK(d.completion.done == 100);
    CHECK(d.completion.by_status.at(0) == g.points - 100);
    std::size_t failed = 0;
    for (std::size_t i = 0; i < 100; ++i) failed += g.status[i] == 3;
    CHECK(d.completion.by_status.at(3) == failed);
    CHECK_FALSE(d.completion.finalized);
    CHECK(d.variables.at(3).dims == std::vector<std::string>{"th1", "th2", "energy", "state_row", "state_col"});
    CHECK(std::get<std::string>(d.provenance.at("model")) == "golf");
  }
  {
    auto w = io::ResultsStore::open_for_resume(f, g.axes, g.variables);
    test::write_query_points(w, g, 100, g.points - 100);
    w.finalize();
  }
  const auto d = query::describe(io::ResultsStore::open_read(f));
  CHECK(d.completion.done == g.points);
  CHECK(d.completion.finalized);
}
