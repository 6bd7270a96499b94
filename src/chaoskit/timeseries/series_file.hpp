#pragma once
// Reading measured series for `chaoskit lyapunov-data`: named or numbered columns of a CSV file or
// of an HDF5 file, and the sample interval from a time column or a rate. The only file I/O of
// the timeseries area; every problem is an InputError whose one-line message names the file and,
// where there is one, the column and the row (data rows counted from 1, with the file's line).
//
// CSV: lines starting with '#' and blank lines are skipped (`chaoskit simulate --out x.csv`
// writes its provenance that way). The first remaining line is a header if any of its fields is
// not a number; otherwise columns are known by number only. Fields are separated by ',' (or by
// ';' or a tab when the first line has none of ','). A column is a header name or a 1-based
// index.
//
// HDF5: a column is a 1-D dataset ("t", "/group/angle"), or one column of a 2-D dataset
// (rows = samples) given as "DATASET:NAME" (NAME from the dataset's `columns` attribute, a
// comma-separated list, as `chaoskit simulate --out x.h5` writes for /state) or
// "DATASET:INDEX" (1-based); a bare NAME is also looked up in the `columns` attribute of the
// root's 2-D datasets.
//
// Time: with a time column the steps must be uniform: every step within 25 % of the median step.
// Rounding of timestamps to their printed digits jitters the steps by less; a dropped frame
// doubles one, which this refuses. The sample interval is then the mean step
// (t_last - t_first)/(N - 1), which rounding does not bias. Without
// a time column, a column named t or time (any case) is used if present; with neither that nor a
// rate, samples count as steps of 1 (a map's iterations).
#include <string>
#include <vector>

#include "chaoskit/timeseries/embedding.hpp"

namespace chaoskit::timeseries {

struct SeriesRequest {
  std::string path;
  std::vector<std::string> columns;  ///< names or 1-based indices; empty: the only numeric column besides time
  std::string time_column;           ///< name or index; empty: a column named t/time if any
  double rate = 0.0;                 ///< samples per second; 0: from the time column, else 1 per step
};

struct SeriesTable {
  std::vector<std::string> names;  ///< of the chosen columns
  Columns columns;
  std::string time_name;         ///< the time column used ("" if none)
  double sample_interval = 1.0;  ///< seconds per sample (1 without time column and rate)
  bool has_time_unit = false;    ///< false: sample_interval is one step, not seconds
};

/// Throws InputError("FILE", ...) for unreadable files, unknown or non-numeric columns, NaN or
/// infinite values, ragged rows and non-uniform time.
SeriesTable read_series(const SeriesRequest& request);

}  // namespace chaoskit::timeseries
