#pragma once
// Points of a results store as a long table, one row per selected point: the coordinate of every
// axis, optionally the status code, then the variables (a variable with trailing dimensions is
// flattened row-major into columns name[i,j]). Rows go to a RowSink (CSV here, JSON in the CLI),
// streamed block by block.
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "chaoskit/io/results_store.hpp"
#include "chaoskit/query/selection.hpp"

namespace chaoskit::query {

struct TableSpec {
  PointFilter filter;
  std::vector<std::string> variables;  ///< empty: every variable the table may hold
  bool trailing = false;               ///< allow (flattened) variables with trailing dimensions
  bool status_column = false;          ///< a `status` column after the axes
  std::size_t limit = 0;               ///< at most this many rows (0: no limit); matches are still counted
};

struct TableSummary {
  std::size_t rows = 0;     ///< rows written
  std::size_t matched = 0;  ///< points selected (≥ rows when limited)
};

class RowSink {
 public:
  virtual ~RowSink() = default;
  virtual void begin(const std::vector<std::string>& columns) = 0;
  virtual void row(std::span<const double> values) = 0;
  virtual void end(const TableSummary& summary) = 0;
};

/// Column names of the table `spec` gives for `store`, after checking the variable names
/// (InputError("variables") for an unknown one or, without spec.trailing, one with trailing dimensions).
std::vector<std::string> table_columns(const io::ResultsStore& store, const TableSpec& spec);

/// Streams the table to `sink` (begin, one row per selected point, end).
TableSummary write_table(const io::ResultsStore& store, const TableSpec& spec, RowSink& sink);

}  // namespace chaoskit::query
