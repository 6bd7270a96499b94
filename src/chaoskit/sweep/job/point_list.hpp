#pragma once
// The CSV file of a [points] job, read as text: a header line naming the columns and one row of
// numbers per point. Only the syntax is checked here (a name per column, no name twice, every row
// as long as the header, every cell a finite number); what the names mean is the job reader's
// business (job_reader.cpp), which refuses unknown names through the same locations.
//
// Format: comma-separated; `#` lines and blank lines are skipped anywhere (also before the header);
// CRLF line ends and spaces around names and cells are allowed, as is a UTF-8 byte-order mark
// (spreadsheets write one). No quoting: no name or number contains a comma. A cell is what a grid
// value accepts: a number, optionally with `deg` ("25deg" is converted to radians).
//
// Columns named in `ignore` (a measured file's frame number, time or subject label) are skipped:
// their cells are not read at all, and every ignored name must be a column of the file.
//
// Every error is an InputError whose field is the location, "points.file PATH:LINE (point K),
// column C (NAME)", so that the one line the command prints names the file, the line and the column
// (C counts every column of the file, ignored ones included).
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace chaoskit::sweep {

struct PointTable {
  std::string file;                       ///< the path as opened (relative paths resolved against the job's folder)
  std::size_t header_line = 0;            ///< 1-based line of the header in the file
  std::vector<std::string> names;         ///< names of the columns kept, in file order
  std::vector<std::size_t> file_columns;  ///< 0-based column in the file of each kept column
  std::vector<double> values;             ///< row-major: rows() × names.size(), the cells as parsed
  std::vector<std::size_t> lines;         ///< 1-based file line of each row (rows skip comments and blanks)

  std::size_t rows() const { return lines.size(); }
  std::span<const double> row(std::size_t r) const {
    return std::span<const double>(values).subspan(r * names.size(), names.size());
  }

  /// "points.file PATH:LINE" for a kept column's header: ", column C (NAME)" appended (1-based C in the file).
  std::string where_header(std::size_t column) const;
  /// "points.file PATH:LINE (point K), column C (NAME)" for a kept column's cell (K: the 0-based point index).
  std::string where_cell(std::size_t row, std::size_t column) const;
};

/// Parses the text of a point-list file; `file` names it in messages; columns named in `ignore` are skipped.
PointTable parse_point_table(std::string_view text, const std::string& file,
                             const std::vector<std::string>& ignore = {});

/// Reads and parses the file at `path` (InputError("points.file") if it cannot be read).
PointTable read_point_table(const std::string& path, const std::vector<std::string>& ignore = {});

}  // namespace chaoskit::sweep
