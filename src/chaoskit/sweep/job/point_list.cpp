#include "chaoskit/sweep/job/point_list.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/core/units.hpp"

namespace chaoskit::sweep {

namespace {

std::string_view trim(std::string_view s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

/// The cells of one line, split at commas and trimmed ("" gives one empty cell).
std::vector<std::string_view> cells_of(std::string_view line) {
  std::vector<std::string_view> cells;
  for (std::size_t start = 0;;) {
    const std::size_t comma = line.find(',', start);
    cells.push_back(trim(line.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start)));
    if (comma == std::string_view::npos) return cells;
    start = comma + 1;
  }
}

/// A line that carries nothing: blank, or a comment.
bool skipped(std::string_view line) {
  const std::string_view t = trim(line);
  return t.empty() || t.front() == '#';
}

/// "1 cell", "3 cells".
std::string counted(std::size_t n, const std::string& noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

/// ", column C (NAME)" for a column of the file (0-based `column`; NAME if the header has one).
std::string column_label(const std::vector<std::string>& header, std::size_t column) {
  std::string s = ", column " + std::to_string(column + 1);
  if (column < header.size() && !header[column].empty()) s += " (" + header[column] + ")";
  return s;
}

std::string header_location(const std::string& file, std::size_t line, const std::vector<std::string>& header,
                            std::size_t column) {
  return "points.file " + file + ":" + std::to_string(line) + column_label(header, column);
}

std::string cell_location(const std::string& file, std::size_t line, std::size_t row,
                          const std::vector<std::string>& header, std::size_t column) {
  return "points.file " + file + ":" + std::to_string(line) + " (point " + std::to_string(row) + ")" +
         column_label(header, column);
}

}  // namespace

std::string PointTable::where_header(std::size_t column) const {
  return "points.file " + file + ":" + std::to_string(header_line) + ", column " +
         std::to_string(file_columns[column] + 1) + " (" + names[column] + ")";
}

std::string PointTable::where_cell(std::size_t row, std::size_t column) const {
  return "points.file " + file + ":" + std::to_string(lines[row]) + " (point " + std::to_string(row) + "), column " +
         std::to_string(file_columns[column] + 1) + " (" + names[column] + ")";
}

PointTable parse_point_table(std::string_view text, const std::string& file, const std::vector<std::string>& ignore) {
  PointTable t;
  t.file = file;
  std::vector<std::string> header;  // every column of the file, ignored ones included
  std::vector<bool> kept;
  constexpr std::string_view bom = "\xEF\xBB\xBF";
  if (text.substr(0, bom.size()) == bom) text.remove_prefix(bom.size());

  std::size_t line_number = 0;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (skipped(line)) continue;
    const std::vector<std::string_view> cells = cells_of(line);

    if (t.header_line == 0) {
      t.header_line = line_number;
      for (const auto c : cells) header.emplace_back(c);
      std::map<std::string_view, std::size_t> first_column;  // a map: a header may have many columns
      for (std::size_t c = 0; c < header.size(); ++c) {
        const std::string where = header_location(file, line_number, header, c);
        if (header[c].empty()) throw InputError(where, "empty column name");
        const auto [it, fresh] = first_column.emplace(header[c], c);
        if (!fresh) throw InputError(where, "duplicate name (also column " + std::to_string(it->second + 1) + ")");
      }
      for (const std::string& name : ignore)
        if (!first_column.count(name)) throw InputError("points.ignore", "'" + name + "' is not a column of " + file);
      for (std::size_t c = 0; c < header.size(); ++c) {
        kept.push_back(std::find(ignore.begin(), ignore.end(), header[c]) == ignore.end());
        if (!kept.back()) continue;
        t.names.push_back(header[c]);
        t.file_columns.push_back(c);
      }
      continue;
    }

    const std::size_t row = t.rows();
    t.lines.push_back(line_number);
    const std::size_t columns = header.size();
    if (cells.size() < columns)
      throw InputError(
          cell_location(file, line_number, row, header, cells.size()),
          "missing: the row has " + counted(cells.size(), "cell") + ", the header " + counted(columns, "column"));
    if (cells.size() > columns)
      throw InputError(cell_location(file, line_number, row, header, columns),
                       (cells[columns].empty() ? std::string("extra empty cell (a trailing comma?)")
                                               : "extra cell '" + std::string(cells[columns]) + "'") +
                           ": the header has " + counted(columns, "column"));
    for (std::size_t c = 0; c < columns; ++c)
      if (kept[c]) t.values.push_back(parse_number(cells[c], cell_location(file, line_number, row, header, c)));
  }

  if (t.header_line == 0)
    throw InputError(
        "points.file " + file + ":" + std::to_string(std::max<std::size_t>(line_number, 1)),
        std::string(line_number == 0 ? "the file is empty" : "the file has only comments and blank lines") +
            ": expected a header line naming the columns (e.g. th1,dth1) and one row per point");
  if (t.rows() == 0)
    throw InputError("points.file " + file + ":" + std::to_string(t.header_line),
                     "a header but no rows: give one row of values per point below it");
  if (t.names.empty())
    throw InputError("points.ignore", "every column of " + file + " is ignored: nothing is left to set a point");
  return t;
}

PointTable read_point_table(const std::string& path, const std::vector<std::string>& ignore) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw InputError("points.file", "'" + path + "' is a folder, not a file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("points.file", "cannot read '" + path + "' (" + std::strerror(errno) + ")");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw InputError("points.file", "cannot read '" + path + "' (read error)");
  return parse_point_table(text, path, ignore);
}

}  // namespace chaoskit::sweep
