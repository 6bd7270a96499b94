#pragma once
// Output side of the query tools: a CSV row sink (RFC 4180 quoting, numbers in their shortest
// round-trip form, so a CSV reader gets back the stored doubles exactly; NaN as `nan`, infinities
// as `inf`/`-inf`) and an output file written under a temporary name in the same directory and
// renamed into place on commit (io/atomic_file.hpp), so the path never holds a half-written table.
#include <fstream>
#include <ostream>
#include <string>

#include "chaoskit/io/atomic_file.hpp"
#include "chaoskit/query/table.hpp"

namespace chaoskit::query {

/// Shortest decimal that reads back as the same double; "nan", "inf", "-inf" otherwise.
std::string format_number(double v);

class CsvSink : public RowSink {
 public:
  explicit CsvSink(std::ostream& out) : out_(out) {}
  void begin(const std::vector<std::string>& columns) override;
  void row(std::span<const double> values) override;
  void end(const TableSummary&) override {}

 private:
  std::ostream& out_;
};

class AtomicOutputFile {
 public:
  /// InputError(field) when the directory does not exist or the file cannot be opened.
  AtomicOutputFile(const std::string& path, const std::string& field);
  AtomicOutputFile(const AtomicOutputFile&) = delete;
  AtomicOutputFile& operator=(const AtomicOutputFile&) = delete;
  /// Removes the temporary file unless committed.
  ~AtomicOutputFile();

  std::ostream& stream() { return out_; }
  /// Closes, checks that every write succeeded (runtime_error otherwise) and renames into place.
  void commit();

 private:
  io::AtomicFile file_;
  std::ofstream out_;
};

}  // namespace chaoskit::query
