#include "chaoskit/query/export.hpp"

#include <charconv>
#include <cmath>
#include <filesystem>
#include <stdexcept>

#include "chaoskit/core/errors.hpp"

namespace chaoskit::query {

namespace fs = std::filesystem;

std::string format_number(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

namespace {

void write_csv_field(std::ostream& out, const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) {
    out << s;
    return;
  }
  out << '"';
  for (char c : s) out << (c == '"' ? "\"\"" : std::string(1, c));
  out << '"';
}

}  // namespace

void CsvSink::begin(const std::vector<std::string>& columns) {
  for (std::size_t i = 0; i < columns.size(); ++i) {
    if (i) out_ << ',';
    write_csv_field(out_, columns[i]);
  }
  out_ << '\n';
}

void CsvSink::row(std::span<const double> values) {
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i) out_ << ',';
    out_ << format_number(values[i]);
  }
  out_ << '\n';
}

namespace {

/// The checks before any file is made: the folder exists and the path is not a folder.
const std::string& checked_output_path(const std::string& path, const std::string& field) {
  const fs::path p(path);
  const fs::path parent = p.has_parent_path() ? p.parent_path() : fs::path(".");
  std::error_code ec;
  if (!fs::is_directory(parent, ec)) throw InputError(field, "directory '" + parent.string() + "' does not exist");
  if (fs::is_directory(p, ec)) throw InputError(field, "'" + path + "' is a directory");
  return path;
}

}  // namespace

AtomicOutputFile::AtomicOutputFile(const std::string& path, const std::string& field)
    : file_(checked_output_path(path, field)) {
  out_.open(file_.temp_path(), std::ios::binary | std::ios::trunc);
  if (!out_) throw InputError(field, "cannot write '" + path + "'");
}

AtomicOutputFile::~AtomicOutputFile() { out_.close(); }  // before file_ removes an uncommitted temporary file

void AtomicOutputFile::commit() {
  out_.close();
  if (!out_) throw std::runtime_error("writing '" + file_.path() + "' failed");
  file_.commit();
}

}  // namespace chaoskit::query
