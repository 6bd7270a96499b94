#include "chaoskit/timeseries/series_file.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <sstream>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/io/file_open.hpp"
#include "chaoskit/io/h5_attributes.hpp"

namespace chaoskit::timeseries {

namespace {

std::string trim(const std::string& s) {
  std::size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  std::string t = s.substr(a, b - a);
  if (t.size() >= 2 && t.front() == '"' && t.back() == '"') t = t.substr(1, t.size() - 2);
  return t;
}

std::vector<std::string> split(const std::string& line, char sep) {
  std::vector<std::string> f;
  std::string cur;
  for (char c : line) {
    if (c == sep) {
      f.push_back(trim(cur));
      cur.clear();
    } else {
      cur += c;
    }
  }
  f.push_back(trim(cur));
  return f;
}

/// The whole field as a number (NaN and inf included: they are refused later with their row).
std::optional<double> parse_number(const std::string& s) {
  if (s.empty()) return std::nullopt;
  std::string lower;
  for (char c : s) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower == "nan" || lower == "+nan" || lower == "-nan") return NAN;
  const char* first = s.data() + (s[0] == '+' ? 1 : 0);
  double v = 0.0;
  const auto r = std::from_chars(first, s.data() + s.size(), v);
  if (r.ec == std::errc::result_out_of_range) return s[0] == '-' ? -INFINITY : INFINITY;
  if (r.ec != std::errc() || r.ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

bool is_time_name(const std::string& name) {
  const std::string l = lower(name);
  return l == "t" || l == "time";
}

/// A column read from a file: its label for messages and its values.
struct RawColumn {
  std::string name;
  std::vector<double> values;
};

struct FileColumns {
  std::vector<std::string> names;  // every column the file offers (for messages and defaults)
  // Reads one column by spec; throws InputError naming the file.
  std::function<RawColumn(const std::string&)> read;
  std::function<std::size_t(std::size_t)> line_of;  // data row (0-based) -> file line (1-based); identity+1 for HDF5
  std::function<std::optional<std::string>()> time_candidate;  // a column named t/time, if any
  std::function<std::vector<std::string>()> numeric_columns;   // columns whose every value parses
};

// ---- CSV ------------------------------------------------------------------------------------

FileColumns open_csv(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError(path, "cannot open the file");
  auto header = std::make_shared<std::vector<std::string>>();
  auto rows = std::make_shared<std::vector<std::vector<std::string>>>();
  auto lines = std::make_shared<std::vector<std::size_t>>();
  std::string line;
  std::size_t lineno = 0;
  char sep = ',';
  bool first = true;
  std::size_t width = 0;
  while (std::getline(in, line)) {
    ++lineno;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::string t = trim(line);
    if (t.empty() || t[0] == '#') continue;
    if (first) {
      if (line.find(',') == std::string::npos) sep = line.find(';') != std::string::npos ? ';' : '\t';
      const auto f = split(line, sep);
      width = f.size();
      first = false;
      const bool is_header = std::any_of(f.begin(), f.end(), [](const std::string& s) { return !parse_number(s); });
      if (is_header) {
        *header = f;
        continue;
      }
      for (std::size_t c = 0; c < f.size(); ++c) header->push_back(std::to_string(c + 1));
    }
    auto f = split(line, sep);
    if (f.size() != width)
      throw InputError(path, "row " + std::to_string(rows->size() + 1) + " (line " + std::to_string(lineno) + ") has " +
                                 std::to_string(f.size()) + " fields, the first line " + std::to_string(width));
    rows->push_back(std::move(f));
    lines->push_back(lineno);
  }
  if (first) throw InputError(path, "no data: the file is empty or has only comment lines");
  if (rows->empty()) throw InputError(path, "no data rows after the header");

  FileColumns fc;
  fc.names = *header;
  auto index_of = [header, path](const std::string& spec) -> std::size_t {
    const auto it = std::find(header->begin(), header->end(), spec);
    if (it != header->end()) return static_cast<std::size_t>(it - header->begin());
    std::size_t idx = 0;
    const auto r = std::from_chars(spec.data(), spec.data() + spec.size(), idx);
    if (r.ec == std::errc() && r.ptr == spec.data() + spec.size() && idx >= 1 && idx <= header->size()) return idx - 1;
    throw InputError(path, "no column '" + spec + "' (columns: " + join(*header) + "; or an index 1.." +
                               std::to_string(header->size()) + ")");
  };
  fc.read = [=](const std::string& spec) {
    const std::size_t c = index_of(spec);
    RawColumn col{(*header)[c], {}};
    col.values.reserve(rows->size());
    for (std::size_t r = 0; r < rows->size(); ++r) {
      const auto v = parse_number((*rows)[r][c]);
      if (!v)
        throw InputError(path, "column '" + col.name + "' row " + std::to_string(r + 1) + " (line " +
                                   std::to_string((*lines)[r]) + "): '" + (*rows)[r][c] + "' is not a number");
      col.values.push_back(*v);
    }
    return col;
  };
  fc.line_of = [lines](std::size_t r) { return (*lines)[r]; };
  fc.time_candidate = [header]() -> std::optional<std::string> {
    for (const auto& n : *header)
      if (is_time_name(n)) return n;
    return std::nullopt;
  };
  fc.numeric_columns = [header, rows]() {
    std::vector<std::string> out;
    for (std::size_t c = 0; c < header->size(); ++c) {
      bool numeric = true;
      for (const auto& row : *rows)
        if (!parse_number(row[c])) {
          numeric = false;
          break;
        }
      if (numeric) out.push_back((*header)[c]);
    }
    return out;
  };
  return fc;
}

// ---- HDF5 -----------------------------------------------------------------------------------

std::vector<std::string> split_names(const std::string& s) {
  std::vector<std::string> out;
  for (auto& n : split(s, ',')) out.push_back(n);
  return out;
}

struct H5Source {
  std::string path;
  std::shared_ptr<h5::File> file;

  bool has_dataset(const std::string& name) const {
    if (name.empty()) return false;
    // H5Lexists fails for a path whose intermediate groups are missing: check each prefix.
    std::string prefix;
    std::istringstream parts(name);
    for (std::string part; std::getline(parts, part, '/');) {
      if (part.empty()) continue;
      prefix += "/" + part;
      if (H5Lexists(*file, prefix.c_str(), H5P_DEFAULT) <= 0) return false;
    }
    H5O_info_t info;
    return H5Oget_info_by_name(*file, prefix.c_str(), &info, H5P_DEFAULT) >= 0 && info.type == H5O_TYPE_DATASET;
  }

  /// Dataset values (rank 1 or 2) and its shape.
  std::vector<double> read_all(const std::string& name, hsize_t& rows, hsize_t& cols) const {
    h5::Dataset ds(H5Dopen2(*file, name.c_str(), H5P_DEFAULT), "open dataset " + name);
    h5::Dataspace sp(H5Dget_space(ds), "dataspace of " + name);
    const int rank = H5Sget_simple_extent_ndims(sp);
    if (rank < 1 || rank > 2)
      throw InputError(path, "dataset '" + name + "' has rank " + std::to_string(rank) + " (1 or 2 expected)");
    hsize_t dims[2] = {0, 1};
    H5Sget_simple_extent_dims(sp, dims, nullptr);
    rows = dims[0];
    cols = rank == 2 ? dims[1] : 1;
    h5::Datatype t(H5Dget_type(ds), "type of " + name);
    const H5T_class_t cls = H5Tget_class(t);
    if (cls != H5T_FLOAT && cls != H5T_INTEGER) throw InputError(path, "dataset '" + name + "' is not numeric");
    std::vector<double> v(static_cast<std::size_t>(rows * cols));
    if (!v.empty())
      io::read_or_damaged(path, "dataset '" + name + "'", ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, v.data());
    return v;
  }

  std::vector<std::string> column_names(const std::string& dataset) const {
    h5::Dataset ds(H5Dopen2(*file, dataset.c_str(), H5P_DEFAULT), "open dataset " + dataset);
    if (!h5::has_attribute(ds, "columns")) return {};
    return split_names(h5::read_string_attribute(ds, "columns"));
  }

  std::vector<std::string> root_datasets() const {
    std::vector<std::string> names;
    H5G_info_t info;
    h5::check(H5Gget_info(*file, &info), "list /");
    for (hsize_t i = 0; i < info.nlinks; ++i) {
      const ssize_t len = H5Lget_name_by_idx(*file, ".", H5_INDEX_NAME, H5_ITER_INC, i, nullptr, 0, H5P_DEFAULT);
      if (len <= 0) continue;
      std::string n(static_cast<std::size_t>(len), '\0');
      H5Lget_name_by_idx(*file, ".", H5_INDEX_NAME, H5_ITER_INC, i, n.data(), n.size() + 1, H5P_DEFAULT);
      if (has_dataset(n)) names.push_back(n);
    }
    return names;
  }

  RawColumn read(const std::string& spec) const {
    std::string dataset = spec, column;
    if (const auto colon = spec.rfind(':'); colon != std::string::npos) {
      dataset = spec.substr(0, colon);
      column = spec.substr(colon + 1);
    } else if (!has_dataset(spec)) {
      for (const auto& d : root_datasets()) {
        const auto names = column_names(d);
        if (std::find(names.begin(), names.end(), spec) != names.end()) {
          dataset = d;
          column = spec;
          break;
        }
      }
    }
    if (!has_dataset(dataset))
      throw InputError(path, "no dataset or column '" + spec + "' (datasets: " + join(root_datasets()) +
                                 "; a column of a 2-D dataset is DATASET:NAME or DATASET:INDEX)");
    hsize_t rows = 0, cols = 0;
    const std::vector<double> all = read_all(dataset, rows, cols);
    std::size_t c = 0;
    if (column.empty()) {
      if (cols != 1)
        throw InputError(path, "dataset '" + dataset + "' has " + std::to_string(cols) + " columns: choose one as " +
                                   dataset + ":NAME or " + dataset + ":INDEX");
    } else {
      const auto names = column_names(dataset);
      const auto it = std::find(names.begin(), names.end(), column);
      std::size_t idx = 0;
      const auto r = std::from_chars(column.data(), column.data() + column.size(), idx);
      if (it != names.end())
        c = static_cast<std::size_t>(it - names.begin());
      else if (r.ec == std::errc() && r.ptr == column.data() + column.size() && idx >= 1 && idx <= cols)
        c = idx - 1;
      else
        throw InputError(path, "dataset '" + dataset + "' has no column '" + column + "' (" +
                                   (names.empty() ? std::string("no columns attribute") : "columns: " + join(names)) +
                                   "; or an index 1.." + std::to_string(cols) + ")");
      if (c >= cols) throw InputError(path, "dataset '" + dataset + "' has only " + std::to_string(cols) + " columns");
    }
    RawColumn out{spec, {}};
    out.values.resize(static_cast<std::size_t>(rows));
    for (std::size_t r = 0; r < out.values.size(); ++r) out.values[r] = all[r * cols + c];
    return out;
  }
};

FileColumns open_h5(const std::string& path) {
  h5::QuietErrors quiet;
  // As every chaoskit reader opens an HDF5 file (io/file_open.hpp): read-only, without the lock a
  // running writer holds, and a truncated or damaged file refused in one line naming it.
  auto file = std::make_shared<h5::File>(
      io::diagnosing_damage(path, [&] { return io::open_existing(path, /*writable=*/false); }));
  auto src = std::make_shared<H5Source>(H5Source{path, std::move(file)});
  FileColumns fc;
  fc.names = src->root_datasets();
  fc.read = [src](const std::string& spec) {
    h5::QuietErrors q;
    return src->read(spec);
  };
  fc.line_of = [](std::size_t r) { return r + 1; };
  fc.time_candidate = [src]() -> std::optional<std::string> {
    h5::QuietErrors q;
    for (const auto& n : src->root_datasets())
      if (is_time_name(n)) return n;
    return std::nullopt;
  };
  fc.numeric_columns = [src]() {
    h5::QuietErrors q;
    std::vector<std::string> out;
    for (const auto& d : src->root_datasets()) {
      hsize_t rows = 0, cols = 0;
      try {
        src->read_all(d, rows, cols);
      } catch (const std::exception&) { continue; }
      const auto names = src->column_names(d);
      if (cols == 1)
        out.push_back(d);
      else
        for (hsize_t c = 0; c < cols; ++c)
          out.push_back(d + ":" + (names.size() == cols ? names[c] : std::to_string(c + 1)));
    }
    return out;
  };
  return fc;
}

bool is_h5(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  char sig[8] = {};
  in.read(sig, 8);
  return in.gcount() == 8 && std::string(sig, 8) == std::string("\x89HDF\r\n\x1a\n", 8);
}

}  // namespace

SeriesTable read_series(const SeriesRequest& q) {
  if (!std::filesystem::exists(q.path)) throw InputError(q.path, "no such file");
  if (std::filesystem::is_directory(q.path)) throw InputError(q.path, "is a directory, not a data file");
  const FileColumns fc = is_h5(q.path) ? open_h5(q.path) : open_csv(q.path);
  if (q.rate < 0.0 || !std::isfinite(q.rate)) throw InputError("rate", "must be > 0 Hz");
  if (q.rate > 0.0 && !q.time_column.empty()) throw InputError("rate", "give a sample rate or a time column, not both");

  SeriesTable t;
  std::optional<std::string> time_spec;
  if (!q.time_column.empty())
    time_spec = q.time_column;
  else if (q.rate == 0.0)
    time_spec = fc.time_candidate();

  std::vector<std::string> specs = q.columns;
  if (specs.empty()) {
    std::vector<std::string> numeric = fc.numeric_columns();
    std::erase_if(numeric, [&](const std::string& n) { return time_spec && n == *time_spec; });
    if (numeric.empty()) throw InputError(q.path, "no numeric column (columns: " + join(fc.names) + ")");
    if (numeric.size() > 1)
      throw InputError("columns", "give one or more of the numeric columns of " + q.path + ": " + join(numeric));
    specs = numeric;
  }

  std::size_t length = 0;
  for (const auto& spec : specs) {
    RawColumn c = fc.read(spec);
    if (!t.columns.empty() && c.values.size() != length)
      throw InputError(q.path, "column '" + c.name + "' has " + std::to_string(c.values.size()) + " values, '" +
                                   t.names.front() + "' " + std::to_string(length));
    length = c.values.size();
    for (std::size_t r = 0; r < c.values.size(); ++r)
      if (!std::isfinite(c.values[r]))
        throw InputError(q.path, "column '" + c.name + "' row " + std::to_string(r + 1) + " (line " +
                                     std::to_string(fc.line_of(r)) +
                                     "): " + (std::isnan(c.values[r]) ? "NaN" : "infinite value") +
                                     " (gaps must be filled or the record cut before analysis)");
    t.names.push_back(c.name);
    t.columns.push_back(std::move(c.values));
  }

  if (q.rate > 0.0) {
    t.sample_interval = 1.0 / q.rate;
    t.has_time_unit = true;
  } else if (time_spec) {
    const RawColumn tc = fc.read(*time_spec);
    t.time_name = tc.name;
    const auto& tv = tc.values;
    if (tv.size() != length)
      throw InputError(q.path, "time column '" + tc.name + "' has " + std::to_string(tv.size()) + " values, the data " +
                                   std::to_string(length));
    if (tv.size() < 2) throw InputError(q.path, "fewer than 2 samples");
    for (std::size_t r = 0; r < tv.size(); ++r)
      if (!std::isfinite(tv[r]))
        throw InputError(q.path, "time column '" + tc.name + "' row " + std::to_string(r + 1) + " (line " +
                                     std::to_string(fc.line_of(r)) + "): not a finite number");
    const double mean_step = (tv.back() - tv.front()) / static_cast<double>(tv.size() - 1);
    if (!(mean_step > 0.0)) throw InputError(q.path, "time column '" + tc.name + "' does not increase");
    // Steps are compared with the median step, which one gap cannot move (the mean it can).
    std::vector<double> steps(tv.size() - 1);
    for (std::size_t r = 1; r < tv.size(); ++r) steps[r - 1] = tv[r] - tv[r - 1];
    std::vector<double> sorted = steps;
    std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(sorted.size() / 2), sorted.end());
    const double median_step = sorted[sorted.size() / 2];
    for (std::size_t r = 1; r < tv.size(); ++r) {
      const double step = steps[r - 1];
      if (!(std::abs(step - median_step) <= 0.25 * median_step)) {
        std::ostringstream msg;
        msg.precision(6);
        msg << "time column '" << tc.name << "' is not uniform: row " << r + 1 << " (line " << fc.line_of(r) << ") is "
            << step << " after the previous row, the median step is " << median_step
            << " (resample to a uniform rate, or cut the record at the gap)";
        throw InputError(q.path, msg.str());
      }
    }
    t.sample_interval = mean_step;
    t.has_time_unit = true;
  }
  return t;
}

}  // namespace chaoskit::timeseries
