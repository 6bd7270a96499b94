// `chaoskit query FILE.h5 <describe|select|stats|nearest|export>`: reads a results file (also one
// whose sweep is still running: no file lock, it sees the writer's last flush). The logic lives in
// src/chaoskit/query/; this file parses options and formats text and JSON. It is over 500 lines
// because the five subcommands share one option set and the text and JSON helpers at its top.
#include <algorithm>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/core/number_text.hpp"
#include "chaoskit/core/units.hpp"
#include "chaoskit/query/describe.hpp"
#include "chaoskit/query/export.hpp"
#include "chaoskit/query/nearest.hpp"
#include "chaoskit/query/selection.hpp"
#include "chaoskit/query/statistics.hpp"
#include "chaoskit/query/table.hpp"
#include "commands.hpp"
#include "json_writer.hpp"
#include "man_page.hpp"
#include "query_branch.hpp"

namespace chaoskit::cli {

namespace {

struct QueryCliOptions {
  std::string file;
  bool json = false;
  // select / export / stats
  std::string where, vars, format, limit = "0", out;
  bool all_status = false, ok_only = false, force = false;
  // stats
  std::string variable, quantiles = "0.05,0.25,0.5,0.75,0.95", bins = "10", above;
  // nearest
  std::string at;
};

/// A whole number >= min_value from text (InputError naming the field otherwise).
std::size_t parse_count(const std::string& text, const std::string& field, double min_value) {
  const double v = parse_number(text, field);
  if (v != std::floor(v) || v < min_value || v > 1e15)
    throw InputError(field, "expected a whole number >= " + query::format_number(min_value) + ", got '" + text + "'");
  return static_cast<std::size_t>(v);
}

/// Numbers in text output: 8 significant digits (JSON and CSV carry the exact values).
std::string text_number(double v) { return number_text(v, 8); }

/// " [units]", or nothing for a dimensionless "1" or empty units.
std::string units_suffix(const std::string& units) {
  return units.empty() || units == "1" ? std::string() : " [" + units + "]";
}

std::string attribute_text(const io::AttributeValue& v) {
  if (const auto* s = std::get_if<std::string>(&v)) return *s;
  if (const auto* d = std::get_if<double>(&v)) return query::format_number(*d);
  return std::to_string(std::get<long long>(v));
}

void json_attribute(JsonWriter& w, const io::AttributeValue& v) {
  if (const auto* s = std::get_if<std::string>(&v))
    w.value(*s);
  else if (const auto* d = std::get_if<double>(&v))
    w.value(*d);
  else
    w.value(static_cast<double>(std::get<long long>(v)));
}

std::string percent(std::size_t part, std::size_t whole) {
  std::ostringstream o;
  o << std::fixed << std::setprecision(1)
    << (whole ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0) << "%";
  return o.str();
}

std::string completion_text(const query::Completion& c) {
  if (c.done < c.total)
    return "in progress or interrupted: " + std::to_string(c.done) + " of " + std::to_string(c.total) +
           " points done (" + percent(c.done, c.total) + ")";
  return "complete: " + std::to_string(c.total) + " points, " +
         (c.finalized ? "finalized (compressed)" : "not finalized");
}

void json_completion(JsonWriter& w, const query::Completion& c) {
  w.key("completion").begin_object();
  w.field("total", static_cast<double>(c.total)).field("done", static_cast<double>(c.done));
  w.field("complete", c.done == c.total).field("finalized", c.finalized);
  w.key("status").begin_object();
  for (const auto& [code, n] : c.by_status) w.field(point_status_name(code), static_cast<double>(n));
  w.end_object().end_object();
}

/// On stderr, for tables: the file is not complete yet (rows cover the finished points only).
void note_incomplete(const io::ResultsStore& store) {
  const std::size_t done = store.done_count();
  if (done < store.point_count())
    std::cerr << "chaoskit: note: '" << store.path() << "' is not complete: " << done << " of " << store.point_count()
              << " points done\n";
}

std::string dims_text(const query::VariableSummary& v) {
  std::string s = "(";
  for (std::size_t k = 0; k < v.dims.size(); ++k) {
    s += (k ? ", " : "") + v.dims[k];
    if (k >= v.dims.size() - v.definition.trailing.size()) s += "=" + std::to_string(v.shape[k]);
  }
  return s + ")";
}

int run_describe(const io::ResultsStore& store, const QueryCliOptions& opt) {
  const query::Description d = query::describe(store);
  if (opt.json) {
    JsonWriter w(std::cout);
    w.begin_object().field("file", d.path);
    w.key("axes").begin_array();
    for (const auto& a : d.axes) {
      const auto [lo, hi] = std::minmax_element(a.values.begin(), a.values.end());
      w.begin_object().field("name", a.name).field("size", static_cast<double>(a.values.size()));
      w.field("min", *lo).field("max", *hi).field("units", a.units).field("long_name", a.long_name);
      w.field("values", a.values).end_object();
    }
    w.end_array().key("variables").begin_array();
    for (const auto& v : d.variables) {
      w.begin_object().field("name", v.definition.name).field("type", io::element_type_name(v.definition.type));
      w.field("dims", v.dims).key("shape").begin_array();
      for (auto n : v.shape) w.value(static_cast<double>(n));
      w.end_array().field("units", v.definition.units).field("long_name", v.definition.long_name);
      w.field("fill_value", v.definition.fill_value).end_object();
    }
    w.end_array().key("provenance").begin_object();
    for (const auto& [k, v] : d.provenance) {
      w.key(k);
      json_attribute(w, v);
    }
    w.end_object();
    json_completion(w, d.completion);
    w.end_object();
    std::cout << "\n";
    return 0;
  }
  std::ostream& o = std::cout;
  std::size_t width = 6;
  for (const auto& a : d.axes) width = std::max(width, a.name.size());
  for (const auto& v : d.variables) width = std::max(width, v.definition.name.size());
  o << "file " << d.path << "\n";
  o << "sweep " << completion_text(d.completion) << "\n";
  o << "points by status:";
  for (const auto& [code, n] : d.completion.by_status) o << "  " << point_status_name(code) << " " << n;
  o << "\n\naxes\n";
  for (const auto& a : d.axes) {
    const auto [lo, hi] = std::minmax_element(a.values.begin(), a.values.end());
    o << "  " << std::left << std::setw(static_cast<int>(width)) << a.name << std::right << std::setw(7)
      << a.values.size() << " values  " << text_number(*lo) << " .. " << text_number(*hi) << "  [" << a.units << "]  "
      << a.long_name << "\n";
  }
  o << "\nvariables\n";
  for (const auto& v : d.variables)
    o << "  " << std::left << std::setw(static_cast<int>(width)) << v.definition.name << std::right << "  " << std::left
      << std::setw(8) << io::element_type_name(v.definition.type) << std::right << dims_text(v) << "  ["
      << v.definition.units << "]  " << v.definition.long_name << "\n";
  o << "\nprovenance\n";
  for (const auto& [k, v] : d.provenance) {
    std::string text = attribute_text(v);
    if (text.find('\n') == std::string::npos) {
      o << "  " << k << " = " << text << "\n";
      continue;
    }
    o << "  " << k << " =\n";
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) o << "      " << line << "\n";
  }
  return 0;
}

/// JSON table: {"columns": [...], "rows": [[...], ...], "rows_written": n, "matched": m}.
class JsonTableSink : public query::RowSink {
 public:
  explicit JsonTableSink(std::ostream& out) : out_(out), w_(out) {}
  void begin(const std::vector<std::string>& columns) override {
    w_.begin_object().field("columns", columns).key("rows").begin_array();
  }
  void row(std::span<const double> values) override {
    w_.begin_array();
    for (double v : values) w_.value(v);
    w_.end_array();
  }
  void end(const query::TableSummary& s) override {
    w_.end_array().field("rows_written", static_cast<double>(s.rows)).field("matched", static_cast<double>(s.matched));
    w_.end_object();
    out_ << "\n";
  }

 private:
  std::ostream& out_;
  JsonWriter w_;
};

query::TableSummary write_table(const io::ResultsStore& store, const query::TableSpec& spec, const std::string& format,
                                std::ostream& out) {
  if (format == "json") {
    JsonTableSink sink(out);
    return query::write_table(store, spec, sink);
  }
  query::CsvSink sink(out);
  return query::write_table(store, spec, sink);
}

int run_select(const io::ResultsStore& store, const QueryCliOptions& opt) {
  query::TableSpec spec;
  spec.filter = {opt.where, opt.all_status};
  if (!opt.vars.empty()) spec.variables = query::split_names(opt.vars, "--vars");
  spec.status_column = opt.all_status;
  spec.limit = parse_count(opt.limit, "--limit", 0);
  query::table_columns(store, spec);  // checks the names before anything is printed
  note_incomplete(store);
  const auto s = write_table(store, spec, opt.format.empty() ? "csv" : opt.format, std::cout);
  if (s.rows < s.matched)
    std::cerr << "chaoskit: note: " << s.rows << " of " << s.matched << " matching points shown (--limit)\n";
  return 0;
}

int run_export(const io::ResultsStore& store, const QueryCliOptions& opt) {
  query::TableSpec spec;
  spec.filter = {opt.where, !opt.ok_only};
  if (!opt.vars.empty()) spec.variables = query::split_names(opt.vars, "--vars");
  spec.trailing = true;
  spec.status_column = true;
  std::string format = opt.format;
  if (format.empty()) format = opt.out.size() > 5 && opt.out.substr(opt.out.size() - 5) == ".json" ? "json" : "csv";
  query::table_columns(store, spec);
  query::Selection check(store, spec.filter);  // a bad --where fails before a file is opened
  note_incomplete(store);
  if (opt.out.empty()) {
    write_table(store, spec, format, std::cout);
    return 0;
  }
  // As sweep, section and basin do: an existing file is replaced only on request, and never the
  // results file being read (the export would replace the data it is made from).
  std::error_code ec;
  if (std::filesystem::exists(opt.out, ec)) {
    if (std::filesystem::equivalent(opt.out, opt.file, ec))
      throw InputError("--out", "'" + opt.out + "' is the results file being read; choose another name");
    if (!opt.force) throw InputError("--out", "'" + opt.out + "' exists; add --force to replace it");
  }
  query::AtomicOutputFile file(opt.out, "--out");
  const auto s = write_table(store, spec, format, file.stream());
  file.commit();
  std::cerr << "chaoskit: wrote " << s.rows << " rows to '" << opt.out << "'\n";
  return 0;
}

int run_stats(const io::ResultsStore& store, const QueryCliOptions& opt) {
  query::StatsOptions so;
  so.quantiles = parse_number_list(opt.quantiles, "--quantiles");
  so.bins = parse_count(opt.bins, "--bins", 1);
  if (!opt.above.empty()) so.above = parse_number(opt.above, "--above");
  query::check_variable_names(store, {opt.variable}, "variable", false);
  const query::Statistics s = query::variable_statistics(store, opt.variable, {opt.where, false}, so);
  const io::Variable def = store.variable_info(opt.variable).definition;
  const query::Completion c = query::completion(store);
  if (opt.json) {
    JsonWriter w(std::cout);
    w.begin_object().field("file", store.path()).field("variable", def.name).field("units", def.units);
    w.field("long_name", def.long_name).field("where", opt.where).field("points", static_cast<double>(s.points));
    w.field("count", static_cast<double>(s.count)).field("nan", static_cast<double>(s.nan));
    w.field("infinite", static_cast<double>(s.infinite));
    w.field("min", s.min).field("max", s.max).field("mean", s.mean).field("std", s.std);
    w.field("quantile_method", "linear").field("quantile_levels", s.quantile_levels).field("quantiles", s.quantiles);
    w.key("histogram").begin_object().field("edges", s.histogram.edges).key("counts").begin_array();
    for (auto n : s.histogram.counts) w.value(static_cast<double>(n));
    w.end_array().end_object();
    if (s.above) {
      w.key("above").begin_object().field("threshold", *s.above).field("count", static_cast<double>(s.above_count));
      w.field("fraction", s.above_fraction).end_object();
    }
    json_completion(w, c);
    w.end_object();
    std::cout << "\n";
    return 0;
  }
  std::ostream& o = std::cout;
  const auto num = [](double v) { return text_number(v); };
  o << def.name << " [" << def.units << "] " << def.long_name << "\n";
  o << "  file " << store.path() << ": " << completion_text(c) << "\n";
  o << "  points: " << s.points << " with status ok" << (opt.where.empty() ? "" : " and " + opt.where) << "; "
    << s.count << " finite values, " << s.nan << " NaN, " << s.infinite << " infinite (left out of what follows)\n";
  if (s.count == 0) return 0;
  o << "  min " << num(s.min) << "  max " << num(s.max) << "  mean " << num(s.mean) << "  std " << num(s.std)
    << " (population)\n";
  o << "  quantiles (linear interpolation, numpy's default):";
  for (std::size_t k = 0; k < s.quantiles.size(); ++k)
    o << "  q" << num(s.quantile_levels[k]) << " " << num(s.quantiles[k]);
  o << "\n  histogram (" << s.histogram.counts.size() << " bins, each [lo, hi), the last closed):\n";
  const std::size_t peak = *std::max_element(s.histogram.counts.begin(), s.histogram.counts.end());
  for (std::size_t k = 0; k < s.histogram.counts.size(); ++k) {
    const std::size_t n = s.histogram.counts[k];
    o << "    " << std::setw(14) << num(s.histogram.edges[k]) << " .. " << std::setw(14)
      << num(s.histogram.edges[k + 1]) << std::setw(10) << n << "  " << std::string(peak ? 40 * n / peak : 0, '#')
      << "\n";
  }
  if (s.above)
    o << "  fraction above " << num(*s.above) << ": " << num(s.above_fraction) << " (" << s.above_count << " of "
      << s.count << ")\n";
  return 0;
}

/// Row-major values as nested JSON arrays over `shape`.
void json_nested(JsonWriter& w, const double* v, const std::vector<std::size_t>& shape, std::size_t dim) {
  if (dim == shape.size()) {
    w.value(*v);
    return;
  }
  std::size_t stride = 1;
  for (std::size_t k = dim + 1; k < shape.size(); ++k) stride *= shape[k];
  w.begin_array();
  for (std::size_t i = 0; i < shape[dim]; ++i) json_nested(w, v + i * stride, shape, dim + 1);
  w.end_array();
}

int run_nearest(const io::ResultsStore& store, const QueryCliOptions& opt) {
  const query::NearestPoint p = query::nearest_point(store, query::parse_coordinates(opt.at, "--at"));
  const auto& axes = store.axes();
  if (opt.json) {
    JsonWriter w(std::cout);
    w.begin_object().field("file", store.path()).key("index").begin_array();
    for (auto i : p.index) w.value(static_cast<double>(i));
    w.end_array().field("flat_index", static_cast<double>(p.flat));
    w.key("coordinates").begin_object();
    for (std::size_t a = 0; a < axes.size(); ++a) w.field(axes[a].name, p.coordinates[a]);
    w.end_object().key("requested").begin_object();
    for (std::size_t a = 0; a < axes.size(); ++a) w.field(axes[a].name, p.requested[a]);
    w.end_object().field("status", static_cast<int>(p.status)).field("status_name", point_status_name(p.status));
    w.key("variables").begin_object();
    for (const auto& v : p.variables) {
      w.key(v.name);
      json_nested(w, v.values.data(), v.shape, 0);
    }
    w.end_object().end_object();
    std::cout << "\n";
    return 0;
  }
  std::ostream& o = std::cout;
  o << "nearest grid point: index (";
  for (std::size_t a = 0; a < p.index.size(); ++a) o << (a ? ", " : "") << p.index[a];
  o << "), flat index " << p.flat << ", status " << static_cast<int>(p.status) << " (" << point_status_name(p.status)
    << ")\n";
  for (std::size_t a = 0; a < axes.size(); ++a)
    o << "  " << axes[a].name << " = " << text_number(p.coordinates[a]) << units_suffix(axes[a].units) << "  (asked "
      << text_number(p.requested[a]) << ")\n";
  for (std::size_t k = 0; k < p.variables.size(); ++k) {
    const auto& v = p.variables[k];
    const auto& def = store.variables()[k];
    if (v.shape.empty()) {
      o << "  " << v.name << " = " << text_number(v.values[0]) << units_suffix(def.units) << "\n";
      continue;
    }
    // Blocks print one row per index of all but the last trailing dimension.
    const std::size_t last = v.shape.back();
    o << "  " << v.name << units_suffix(def.units) << ", " << v.values.size() / last << " rows of " << last << ":\n";
    for (std::size_t r = 0; r < v.values.size() / last; ++r) {
      o << "    ";
      for (std::size_t c = 0; c < last; ++c)
        o << (c ? "  " : "") << std::setw(14) << text_number(v.values[r * last + c]);
      o << "\n";
    }
  }
  return 0;
}

}  // namespace

namespace {

/// The job and sweep of the query examples: every query page's examples run on the quick.h5 they make.
constexpr const char* kQueryExampleSetup =
    "$ cat > quick.toml <<'EOF'\n"
    "[model]\n"
    "name = \"golf\"\n"
    "[grid]\n"
    "th1 = { linspace = [0.5, 2.5, 3] }\n"
    "th2 = { linspace = [-1.0, 1.0, 3] }\n"
    "[compute]\n"
    "lambda_max = { time = 20.0 }\n"
    "final_state = { time = 1.0 }\n"
    "EOF\n"
    "$ chaoskit sweep quick.toml --progress quiet\n"
    "A 3 x 3 grid with lambda_max and the state after 1 s at each point, in quick.h5.\n";

constexpr const char* kWhereHelp =
    "Only points where this expression is true: axis names, one-value-per-point variables and "
    "status, numbers, < <= > >= == != and or not + - * / ^ and the functions of section surfaces, "
    "e.g. 'lambda_max > 0.05 and th1 < 0.5' (a NaN value is not true)";

std::string query_exit_status() {
  return common_exit_status("e.g. a read error") +
         "\tBad input here includes a missing file or one that is not a chaoskit results file, an "
         "unknown variable or axis, and a malformed --where.\n";
}

}  // namespace

CommandRunner register_query_command(CLI::App& app) {
  auto opt = std::make_shared<QueryCliOptions>();
  CLI::App* cmd = app.add_subcommand("query");
  set_man_page(
      cmd,
      {
          .summary = "read a results file of chaoskit sweep: describe, select, stats, nearest, export",
          .synopsis =
              "chaoskit query FILE.h5 describe [--json]\n"
              "chaoskit query FILE.h5 select [--where EXPR] [--vars LIST] [--format csv|json] [--limit N]\n"
              "chaoskit query FILE.h5 stats VARIABLE [--where EXPR] [--quantiles LIST] [--bins N] "
              "[--above X] [--json]\n"
              "chaoskit query FILE.h5 nearest --at NAME=VALUE,... [--json]\n"
              "chaoskit query FILE.h5 export [--out FILE [--force]] [--format csv|json] [--vars LIST] [--where EXPR]\n"
              "chaoskit query FILE.h5 COMMAND --help",
          .description = "Reads a results file written by chaoskit sweep (or chaoskit basin), also while the sweep "
                         "still runs: there is no file lock, and the reader sees the points finished at the writer's "
                         "last flush (tables then note on stderr how many points are done). Each COMMAND has its own "
                         "page: chaoskit query FILE.h5 COMMAND --help. The file of chaoskit continue or chaoskit "
                         "periodic --out (a branch file) takes describe: its branches, the parameter ranges where "
                         "the orbits are stable, and the labelled bifurcation points.",
          .output = "See each COMMAND's page.",
          .exit_status = query_exit_status(),
          .examples = std::string(kQueryExampleSetup) +
                      "$ chaoskit query quick.h5 describe\n"
                      "$ chaoskit query quick.h5 select --where 'lambda_max > 0.5' --vars lambda_max\n"
                      "$ chaoskit query quick.h5 stats lambda_max --bins 3\n"
                      "$ chaoskit query quick.h5 nearest --at th1=0.4,th2=-60deg\n"
                      "$ chaoskit query quick.h5 export --out quick.csv",
          .environment = "",
      });
  cmd->add_option("file", opt->file, "The results file (HDF5) written by chaoskit sweep or chaoskit basin")->required();
  // At most one subcommand here; a missing one is reported by the runner, naming the choices.
  cmd->require_subcommand(0, 1);

  CLI::App* describe = cmd->add_subcommand("describe");
  set_man_page(
      describe,
      {
          .summary = "the axes, variables, provenance and completion of a results file",
          .synopsis = "chaoskit query FILE.h5 describe [--json]",
          .description = "Prints the grid axes (size, range, units, long name), the variables (type, dimensions, "
                         "units, long name), every provenance attribute (job, parameters, chaoskit version and "
                         "commit, command line) and how far the sweep got: points done of the total, by status "
                         "code, and whether the file is finalized (complete and compressed).",
          .output = "Text on stdout, or with --json one JSON object: file, axes (name, size, min, max, units, "
                    "long_name, values), variables (name, type, dims, shape, units, long_name, fill_value), "
                    "provenance, completion (total, done, complete, finalized, status counts by name).",
          .exit_status = query_exit_status(),
          .examples = std::string("quick.h5 is the file the examples of chaoskit query --help make.\n") +
                      "$ chaoskit query quick.h5 describe --json",
          .environment = "",
      });
  describe->add_flag("--json", opt->json, "Print one JSON object instead of text (keys under OUTPUT)");

  CLI::App* select = cmd->add_subcommand("select");
  set_man_page(
      select,
      {
          .summary = "rows of the points with status ok that satisfy --where",
          .synopsis = "chaoskit query FILE.h5 select [--where EXPR] [--vars LIST] [--format csv|json] [--limit N] "
                      "[--all-status]",
          .description = "Prints one row per matching point: every axis coordinate, then the chosen variables (one "
                         "value per point). Only points with status ok are looked at unless --all-status is given. "
                         "Numbers are printed in their shortest round-trip form, so the CSV reads back to the stored "
                         "doubles; NaN is nan.",
          .output = "CSV on stdout with a header line, or with --format json one JSON object {columns, rows, "
                    "rows_written, matched}. A note on stderr when --limit cut rows or the file is not complete.",
          .exit_status = query_exit_status(),
          .examples = std::string("quick.h5 is the file the examples of chaoskit query --help make.\n") +
                      "$ chaoskit query quick.h5 select --where 'lambda_max > 0.5 and th1 < 2' --vars lambda_max\n"
                      "$ chaoskit query quick.h5 select --all-status --format json --limit 4",
          .environment = "",
      });
  select->add_option("--where", opt->where, kWhereHelp)->type_name("EXPR");
  select
      ->add_option("--vars", opt->vars,
                   "Variables to print, comma-separated (default: every one-value-per-point variable)")
      ->type_name("LIST");
  select->add_option("--format", opt->format, "Output format: csv (default) | json")
      ->type_name("FORMAT")
      ->check(CLI::IsMember({"csv", "json"}));
  select->add_option("--limit", opt->limit, "Print at most N rows (default 0: all)")->type_name("N");
  select->add_flag("--all-status", opt->all_status, "Include points of any status, with a status column");

  CLI::App* stats = cmd->add_subcommand("stats");
  set_man_page(
      stats,
      {
          .summary = "statistics and a histogram of one variable over the points with status ok",
          .synopsis = "chaoskit query FILE.h5 stats VARIABLE [--where EXPR] [--quantiles LIST] [--bins N] "
                      "[--above X] [--json]",
          .description = "Count, min, max, mean, population std, quantiles, histogram and the fraction above a "
                         "threshold of VARIABLE over the points with status ok that satisfy --where, with numpy's "
                         "definitions so that h5py and numpy give the same numbers: numpy.quantile's default linear "
                         "interpolation and numpy.histogram's bins (equal bins from min to max, each [lo, hi), the "
                         "last closed). NaN and infinite values are counted separately and left out.",
          .output = "Text on stdout, or with --json one JSON object: file, variable, units, long_name, where, "
                    "points, count, nan, infinite, min, max, mean, std, quantile_method, quantile_levels, "
                    "quantiles, histogram {edges, counts}, above {threshold, count, fraction} (with --above), "
                    "completion.",
          .exit_status = query_exit_status(),
          .examples = std::string("quick.h5 is the file the examples of chaoskit query --help make.\n") +
                      "$ chaoskit query quick.h5 stats lambda_max --quantiles 0.1,0.5,0.9 --bins 4 --above 0.01 --json",
          .environment = "",
      });
  stats->add_option("variable", opt->variable, "The variable (one value per point), e.g. lambda_max")->required();
  stats->add_option("--where", opt->where, kWhereHelp)->type_name("EXPR");
  stats
      ->add_option("--quantiles", opt->quantiles,
                   "Quantile levels in [0, 1], comma-separated (default 0.05,0.25,0.5,0.75,0.95)")
      ->type_name("LIST");
  stats->add_option("--bins", opt->bins, "Number of histogram bins (default 10; >= 1)")->type_name("N");
  stats->add_option("--above", opt->above, "Also report the fraction of values > this threshold")->type_name("X");
  stats->add_flag("--json", opt->json, "Print one JSON object instead of text (keys under OUTPUT)");

  CLI::App* nearest = cmd->add_subcommand("nearest");
  set_man_page(
      nearest,
      {
          .summary = "every variable at the grid point nearest to given coordinates",
          .synopsis = "chaoskit query FILE.h5 nearest --at NAME=VALUE,... [--json]",
          .description = "Finds the grid point whose coordinates are nearest, axis by axis, to --at (an axis left "
                         "out must have a single value) and prints its index, coordinates, status and every "
                         "variable in full (matrices and blocks as rows).",
          .output = "Text on stdout, or with --json one JSON object: file, index, flat_index, coordinates, "
                    "requested, status, status_name, variables (name: value or nested arrays).",
          .exit_status = query_exit_status(),
          .examples = std::string("quick.h5 is the file the examples of chaoskit query --help make.\n") +
                      "$ chaoskit query quick.h5 nearest --at th1=1.4,th2=10deg --json",
          .environment = "",
      });
  nearest
      ->add_option("--at", opt->at,
                   "Coordinates, comma-separated NAME=VALUE per axis, e.g. th1=0.3,th2=-60deg (a deg suffix "
                   "converts)")
      ->type_name("COORDS")
      ->required();
  nearest->add_flag("--json", opt->json, "Print one JSON object instead of text (keys under OUTPUT)");

  CLI::App* exp = cmd->add_subcommand("export");
  set_man_page(
      exp,
      {
          .summary = "every point as one row of CSV or JSON, matrices flattened",
          .synopsis = "chaoskit query FILE.h5 export [--out FILE] [--format csv|json] [--vars LIST] [--where EXPR] "
                      "[--ok-only]",
          .description = "Writes one row per point: the axis coordinates, the status and the variables, with "
                         "matrices and blocks per point flattened into name[i,j] columns. Every point is written, "
                         "also those not computed yet (status 0, values NaN), unless --ok-only.",
          .output = "CSV (a header line, then rows; NaN is nan) or JSON {columns, rows, rows_written, matched} "
                    "on stdout, or into --out under a temporary name renamed when complete, with the row count "
                    "on stderr.",
          .exit_status = query_exit_status(),
          .examples = std::string("quick.h5 is the file the examples of chaoskit query --help make.\n") +
                      "$ chaoskit query quick.h5 export --out quick.json --vars final_state\n"
                      "Every point with its final state flattened into final_state[0] .. final_state[3], as JSON.",
          .environment = "",
      });
  exp->add_option("--format", opt->format, "csv | json (default: json for an --out ending in .json, else csv)")
      ->type_name("FORMAT")
      ->check(CLI::IsMember({"csv", "json"}));
  exp->add_option("--out", opt->out,
                  "Output file, written under a temporary name and renamed when complete (default: stdout)")
      ->type_name("FILE");
  exp->add_option("--vars", opt->vars, "Variables, comma-separated (default: all)")->type_name("LIST");
  exp->add_option("--where", opt->where, kWhereHelp)->type_name("EXPR");
  exp->add_flag("--ok-only", opt->ok_only, "Only points with status ok (default: every point, unwritten ones too)");
  exp->add_flag("--force", opt->force, "Replace an existing --out file (never the results file itself)");

  return [opt, cmd, describe, select, stats, nearest, exp] {
    if (cmd->get_subcommands().empty()) {
      for (const auto* name : {"describe", "select", "stats", "nearest", "export"})
        if (opt->file == name)
          throw InputError("query", "the results file comes first: chaoskit query FILE.h5 " + opt->file);
      throw InputError("query", "expected one of describe, select, stats, nearest, export after the file name");
    }
    const CLI::App* sub = cmd->get_subcommands().at(0);
    if (is_branch_file(opt->file)) {  // the file of chaoskit continue or periodic --out
      if (sub != describe)
        throw InputError("query", "'" + opt->file + "' is a branch file (chaoskit continue / periodic): query " +
                                      "describes it; its variables read with xarray or h5py (periodic/README.md)");
      return describe_branch_file(opt->file, opt->json);
    }
    const io::ResultsStore store = io::ResultsStore::open_read(opt->file);
    if (sub == describe) return run_describe(store, *opt);
    if (sub == select) return run_select(store, *opt);
    if (sub == stats) return run_stats(store, *opt);
    if (sub == nearest) return run_nearest(store, *opt);
    if (sub == exp) return run_export(store, *opt);
    return 2;
  };
}

}  // namespace chaoskit::cli
