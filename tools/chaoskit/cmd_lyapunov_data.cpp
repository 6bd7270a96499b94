// `chaoskit lyapunov-data FILE`: the largest Lyapunov exponent of a measured record (CSV or HDF5
// columns), by Rosenstein's mean log divergence on a delay embedding, with a stated fit-range rule
// and a 95 % interval; with --period, also the short- and long-term exponents of gait studies.
// The method and its choices are in src/chaoskit/timeseries/README.md; this file only parses,
// reads and prints.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/io/atomic_file.hpp"
#include "chaoskit/timeseries/data_lyapunov.hpp"
#include "chaoskit/timeseries/series_file.hpp"
#include "commands.hpp"
#include "flag_errors.hpp"
#include "json_writer.hpp"
#include "man_page.hpp"

namespace chaoskit::cli {

namespace {

// Declarations, not a using-directive: the CLI compiles as a unity build (cmd_basin.cpp says why).
using timeseries::Columns;
using timeseries::CurveSlope;
using timeseries::data_lyapunov;
using timeseries::DataLyapunovOptions;
using timeseries::DataLyapunovResult;
using timeseries::Embedding;
using timeseries::read_series;
using timeseries::SeriesTable;

struct LyapunovDataOptions {
  std::string file, time_column, curve;
  std::vector<std::string> columns;
  double rate = 0.0, period = 0.0;
  int delay = -1, dim = -1, theiler = -1, horizon = -1;  // -1: not given (chosen from the data)
  bool json = false;
};

std::string delay_source(const DataLyapunovResult& r) {
  if (r.delay_given) return "given";
  return r.delay_first_minimum ? "mutual_information_first_minimum" : "mutual_information_1_over_e";
}

std::string dim_source(const DataLyapunovResult& r) {
  if (r.dim_given) return "given";
  return r.dim_reached_threshold ? "false_nearest_neighbours" : "false_nearest_neighbours_minimum";
}

void write_curve(const std::string& path, const DataLyapunovResult& r) {
  io::AtomicFile file(path);
  std::ofstream out(file.temp_path());
  if (!out) throw InputError("--curve", "cannot write '" + path + "'");
  out << std::setprecision(17) << "k,t,log_divergence,fit\n";
  for (std::size_t k = 0; k < r.curve.size(); ++k) {
    out << k << "," << static_cast<double>(k) * r.sample_interval << "," << r.curve[k] << ",";
    if (r.fit.found && k >= r.fit.begin && k <= r.fit.end) {
      const double mid = 0.5 * static_cast<double>(r.fit.begin + r.fit.end);
      double ybar = 0.0;
      for (std::size_t j = r.fit.begin; j <= r.fit.end; ++j) ybar += r.curve[j];
      ybar /= static_cast<double>(r.fit.end - r.fit.begin + 1);
      out << ybar + r.fit.slope * (static_cast<double>(k) - mid);
    }
    out << "\n";
  }
  out.close();
  if (!out) throw std::runtime_error("writing '" + path + "' failed");
  file.commit();
}

void json_slope(JsonWriter& w, const char* name, const std::optional<CurveSlope>& s, const DataLyapunovResult& r) {
  w.key(name);
  if (!s) {
    w.value(NAN);
    return;
  }
  const double per_stride = r.period * r.sample_interval;
  w.begin_object().field("value", s->value).field("ci", std::vector<double>{s->ci.low, s->ci.high});
  w.field("per_stride", s->value * per_stride)
      .field("per_stride_ci", std::vector<double>{s->ci.low * per_stride, s->ci.high * per_stride});
  w.field("t_begin", static_cast<double>(s->k_begin) * r.sample_interval)
      .field("t_end", static_cast<double>(s->k_end) * r.sample_interval);
  w.end_object();
}

int run_lyapunov_data(const LyapunovDataOptions& opt) {
  if (opt.delay == 0 || opt.delay < -1) throw InputError("--delay", "must be >= 1 sample (or omitted)");
  if (opt.dim == 0 || opt.dim < -1) throw InputError("--dim", "must be >= 1 (or omitted)");
  if (opt.horizon == 0 || opt.horizon < -1) throw InputError("--horizon", "must be >= 1 sample (or omitted)");
  if (opt.theiler < -1) throw InputError("--theiler", "must be >= 0 samples");
  if (opt.period < 0.0 || !std::isfinite(opt.period)) throw InputError("--period", "must be > 0");
  const SeriesTable table =
      read_series({.path = opt.file, .columns = opt.columns, .time_column = opt.time_column, .rate = opt.rate});
  DataLyapunovOptions o;
  o.delay = opt.delay > 0 ? static_cast<std::size_t>(opt.delay) : 0;
  o.dim = opt.dim > 0 ? static_cast<std::size_t>(opt.dim) : 0;
  if (opt.theiler >= 0) o.theiler = static_cast<std::size_t>(opt.theiler);
  o.horizon = opt.horizon > 0 ? static_cast<std::size_t>(opt.horizon) : 0;
  o.sample_interval = table.sample_interval;
  if (opt.period > 0.0) {
    o.period = opt.period / table.sample_interval;
    if (o.period < 2.0) throw InputError("--period", "shorter than 2 samples");
  }
  DataLyapunovResult r;
  try {
    r = data_lyapunov(table.columns, o);
  } catch (const InputError& e) {
    // The library names its field ("delay", "column"), shown as the flag; the user also needs the file.
    throw InputError(opt.file, flag_message(e));
  }
  if (!opt.curve.empty()) write_curve(opt.curve, r);

  const std::string unit = table.has_time_unit ? "1/s" : "1/sample";
  const double dt = r.sample_interval;
  if (opt.json) {
    JsonWriter w(std::cout);
    w.begin_object().field("file", opt.file).field("columns", table.names);
    w.field("samples", static_cast<double>(r.samples)).field("sample_interval", dt);
    w.field("time_unit", std::string(table.has_time_unit ? "s" : "sample"));
    w.field("time_source",
            table.time_name.empty() ? std::string(opt.rate > 0 ? "--rate" : "none") : "column " + table.time_name);
    w.field("delay", static_cast<double>(r.delay)).field("delay_source", delay_source(r));
    w.field("dim", static_cast<double>(r.dim)).field("dim_source", dim_source(r));
    w.field("embedding_dim", static_cast<double>(r.dim * r.columns));
    w.field("theiler", static_cast<double>(r.theiler)).field("mean_period", r.mean_period * dt);
    w.field("horizon", static_cast<double>(r.horizon)).field("pairs", static_cast<double>(r.pairs));
    w.field("skipped", static_cast<double>(r.skipped));
    w.field("ami", r.ami).field("fnn_false_fraction", r.fnn_fraction);
    w.field("lambda_max", r.lambda.value)
        .field("lambda_max_ci", std::vector<double>{r.lambda.ci.low, r.lambda.ci.high});
    w.field("lambda_max_bootstrap_ci", std::vector<double>{r.bootstrap.low, r.bootstrap.high});
    w.field("linear_region", r.fit.found).field("confident_positive", r.confident_positive);
    w.key("fit").begin_object().field("found", r.fit.found);
    w.field("t_begin", r.fit.found ? static_cast<double>(r.fit.begin) * dt : NAN);
    w.field("t_end", r.fit.found ? static_cast<double>(r.fit.end) * dt : NAN);
    w.field("slope_first_half", r.first_half).field("slope_second_half", r.second_half);
    w.field("saturation", r.fit.saturation).field("ripple", r.fit.ripple).end_object();
    w.field("period", r.period > 0 ? r.period * dt : NAN);
    json_slope(w, "short_term", r.short_term, r);
    json_slope(w, "long_term", r.long_term, r);
    std::vector<double> t(r.curve.size());
    for (std::size_t k = 0; k < t.size(); ++k) t[k] = static_cast<double>(k) * dt;
    w.key("curve").begin_object().field("t", t).field("log_divergence", r.curve).end_object();
    w.end_object();
    std::cout << "\n";
    return 0;
  }

  std::ostream& out = std::cout;
  out << std::setprecision(4);
  out << "file " << opt.file << "  columns";
  for (const auto& n : table.names) out << " " << n;
  out << "  samples " << r.samples << "\n";
  if (table.has_time_unit)
    out << "sample interval " << dt << " s (" << (table.time_name.empty() ? "--rate" : "from column " + table.time_name)
        << ")\n";
  else
    out << "no time column or --rate: times are in samples\n";
  out << "delay " << r.delay << " samples (" << delay_source(r) << ")  dimension " << r.dim << " per column ("
      << dim_source(r) << ")  Theiler window " << r.theiler << " samples  horizon " << r.horizon << " samples  "
      << r.pairs << " pairs\n";
  if (!r.dim_given && !r.dim_reached_threshold)
    out << "  false nearest neighbours never fell to 1 %: noise, or too short a record for the dimension\n";
  if (r.fit.found) {
    out << "lambda_max = " << r.lambda.value << " " << unit << ", 95 % interval [" << r.lambda.ci.low << ", "
        << r.lambda.ci.high << "], fitted over " << static_cast<double>(r.fit.begin) * dt << " .. "
        << static_cast<double>(r.fit.end) * dt << (table.has_time_unit ? " s" : " samples") << "\n";
    out << (r.confident_positive ? "  a confident positive exponent: a linear region and an interval above 0\n"
                                 : "  not a confident positive exponent: the interval includes 0\n");
  } else {
    out << "lambda_max: none - the divergence curve has no linear region (fit rule in "
           "src/chaoskit/timeseries/fit_range.hpp); no evidence of chaos\n";
  }
  auto slope_line = [&](const char* label, const std::optional<CurveSlope>& s) {
    if (!s) return;
    const double ps = r.period * dt;
    out << label << s->value << " " << unit << " [" << s->ci.low << ", " << s->ci.high << "] = " << s->value * ps
        << " per stride [" << s->ci.low * ps << ", " << s->ci.high * ps << "]\n";
  };
  slope_line("short-term (0-1 stride):   ", r.short_term);
  slope_line("long-term (4-10 strides):  ", r.long_term);
  if (r.period > 0.0 && !r.long_term)
    out << "long-term exponent: the horizon is shorter than 10 strides (raise --horizon)\n";
  return 0;
}

}  // namespace

CommandRunner register_lyapunov_data_command(CLI::App& app) {
  auto opt = std::make_shared<LyapunovDataOptions>();
  CLI::App* cmd = app.add_subcommand("lyapunov-data");
  set_man_page(
      cmd,
      {
          .summary = "the largest Lyapunov exponent of a measured record (CSV or HDF5 columns)",
          .synopsis = "chaoskit lyapunov-data FILE [--column NAME ...] [--time-column NAME | --rate HZ] [--delay N] "
                      "[--dim D] [--theiler N] [--period SECONDS] [--json] [--curve FILE.csv]",
          .description =
              "Estimates the largest Lyapunov exponent from samples, as gait and sports studies do with motion "
              "capture, by Rosenstein's mean logarithmic divergence (Physica D 65, 117, 1993). The columns are "
              "standardised and delay-embedded side by side. The delay is the first minimum of the average mutual "
              "information (histogram, Sturges' bins) unless --delay is given; the dimension comes from false "
              "nearest neighbours (Kennel et al. 1992: R_tol 15, A_tol 2, at most 1 % false) unless --dim is "
              "given. Each point's nearest neighbour outside the Theiler window (one mean period unless "
              "--theiler) is found with a k-d tree and the pair's log distance is followed; the mean over pairs "
              "is the divergence curve.\n"
              "\n"
              "The exponent is the slope of the curve over the longest early range whose local slopes stay within "
              "25 % of the fitted slope and that rises by at least one e-fold and twice the curve's late ripple. "
              "Without such a range the curve has no linear region and no exponent is reported. The 95 % interval "
              "is a moving-block bootstrap over reference points (fixed seed) widened to the slopes of the fit "
              "range's halves; it does not include the method's bias. A confident positive exponent needs a "
              "linear region and an interval above 0.\n"
              "\n"
              "With --period (the stride time) the short-term and long-term exponents of gait studies are added: "
              "the slopes over 0-1 and 4-10 strides (Dingwell and Cusumano 2000), per second and per stride. "
              "Method details: src/chaoskit/timeseries/README.md.",
          .output = "Text on stdout, or with --json one JSON object:\n"
                    "file, columns, samples\tthe record\n"
                    "sample_interval, time_unit, time_source\tseconds per sample and where it came from (s, or sample "
                    "without time)\n"
                    "delay, delay_source, dim, dim_source\tsamples and dimension per column, and how each was chosen\n"
                    "embedding_dim, theiler, mean_period, horizon\tcolumns x dim; window and horizon in samples; the "
                    "mean period in time units\n"
                    "ami, fnn_false_fraction\tthe curves the delay and dimension were chosen from (empty when given)\n"
                    "lambda_max, lambda_max_ci\tthe exponent [1/s or 1/sample] and its 95 % interval (null without a "
                    "linear region)\n"
                    "lambda_max_bootstrap_ci\tthe bootstrap part of the interval\n"
                    "linear_region, confident_positive, fit\tthe fit range (t_begin, t_end), its halves' slopes, the "
                    "saturation level and ripple\n"
                    "period, short_term, long_term\t(--period) value, ci, per_stride, per_stride_ci, t_begin, t_end\n"
                    "curve\t{t, log_divergence}: the divergence curve\n"
                    "With --curve FILE.csv the curve is also written as CSV (k, t, log_divergence, fit); "
                    "tools/plot_divergence draws it, or the --json output, as a PNG.",
          .exit_status = common_exit_status(),
          .examples =
              "$ chaoskit simulate --model lorenz --state 1,1,20 --time 220 --dt-out 0.02 --out lorenz.csv\n"
              "$ chaoskit lyapunov-data lorenz.csv --column x\n"
              "The exponent of the Lorenz system from x(t) alone (the true value is 0.906 1/s; the time step comes "
              "from the file's t column).\n"
              "$ chaoskit lyapunov-data lorenz.csv --column x,y --delay 8 --dim 3 --period 0.75 --json\n"
              "Two columns with the embedding given, and the short- and long-term exponents for a period of 0.75 s.",
          .environment = "",
      });
  cmd->add_option("FILE", opt->file, "The record: a CSV file (header optional) or an HDF5 file")
      ->required()
      ->type_name("FILE");
  cmd->add_option("--column", opt->columns,
                  "Columns to embed, by name or 1-based index; repeat or separate by commas (HDF5: DATASET, "
                  "DATASET:NAME or DATASET:INDEX). Default: the only numeric column besides time")
      ->delimiter(',')
      ->type_name("NAME");
  cmd->add_option("--time-column", opt->time_column,
                  "Column of sample times [s]; the steps must be uniform (default: a column named t or time)")
      ->type_name("NAME");
  cmd->add_option("--rate", opt->rate, "Sample rate [Hz], instead of a time column")->type_name("HZ");
  cmd->add_option("--delay", opt->delay, "Embedding delay [samples] (default: first minimum of the mutual information)")
      ->type_name("N");
  cmd->add_option("--dim", opt->dim, "Embedding dimension per column (default: false nearest neighbours)")
      ->type_name("D");
  cmd->add_option("--theiler", opt->theiler,
                  "Theiler window [samples]: neighbours closer in time are excluded (default: one mean period)")
      ->type_name("N");
  cmd->add_option("--horizon", opt->horizon,
                  "Length of the divergence curve [samples] (default: 10 mean periods, or 10 strides with --period)")
      ->type_name("N");
  cmd->add_option("--period", opt->period,
                  "Stride (cycle) time [s; samples without a time column]: adds the short-term (0-1 stride) and "
                  "long-term (4-10 strides) exponents")
      ->type_name("SECONDS");
  cmd->add_option("--curve", opt->curve, "Write the divergence curve and the fitted line to this CSV file")
      ->type_name("FILE");
  cmd->add_flag("--json", opt->json, "Print one JSON object instead of text (keys under OUTPUT)");
  return [opt] { return run_lyapunov_data(*opt); };
}

}  // namespace chaoskit::cli
