#include "chaoskit/io/results_store.hpp"

#include <hdf5.h>

#include <algorithm>
#include <filesystem>
#include <stdexcept>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/io/atomic_file.hpp"
#include "chaoskit/io/file_open.hpp"
#include "chaoskit/io/h5_attributes.hpp"
#include "chaoskit/io/store_build.hpp"
#include "chaoskit/io/store_file.hpp"

namespace chaoskit::io {

namespace fs = std::filesystem;

ResultsStore::ResultsStore(std::unique_ptr<StoreFile> file) : file_(std::move(file)) {}
ResultsStore::ResultsStore(ResultsStore&&) noexcept = default;
ResultsStore& ResultsStore::operator=(ResultsStore&&) noexcept = default;
ResultsStore::~ResultsStore() = default;

GridGeometry ResultsStore::geometry_for(const std::vector<Axis>& axes, const std::vector<Variable>& variables,
                                        const CreateOptions& options) {
  std::vector<std::size_t> shape;
  for (const auto& a : axes) shape.push_back(a.values.size());
  std::size_t max_values_per_point = 1;
  for (const auto& v : variables) max_values_per_point = std::max(max_values_per_point, v.values_per_point());
  return GridGeometry::choose(shape, max_values_per_point, options.target_chunk_values);
}

namespace {

/// create's and write_finished's checks of the target path, before anything is written.
void check_new_path(const std::string& path, const CreateOptions& options) {
  const fs::path p(path);
  std::error_code ec;
  if (fs::exists(p, ec) && !options.overwrite)
    throw InputError("output", "'" + path + "' exists (refusing to overwrite it)");
  const fs::path parent = p.has_parent_path() ? p.parent_path() : fs::path(".");
  if (!fs::is_directory(parent, ec)) throw InputError("output", "directory '" + parent.string() + "' does not exist");
}

/// Fills the file under `out`'s temporary name, then renames it into place; the folder's refusals
/// of the temporary file or the rename become InputError("output").
template <class Fill>
void build_into_place(AtomicFile& out, const std::string& path, Fill fill) {
  try {
    fill();
    out.commit();
  } catch (const fs::filesystem_error& e) {
    throw InputError("output", "cannot create '" + path + "': " + e.code().message());
  }
}

}  // namespace

ResultsStore ResultsStore::create(const std::string& path, const std::vector<Axis>& axes,
                                  const std::vector<Variable>& variables, const Attributes& provenance,
                                  const CreateOptions& options) {
  h5::QuietErrors quiet;
  validate_layout(axes, variables);
  check_new_path(path, options);
  const GridGeometry geometry = geometry_for(axes, variables, options);
  AtomicFile out(path);
  build_into_place(out, path, [&] {
    try {
      build_results_file(out.temp_path(), path, axes, variables, provenance, geometry, {});
    } catch (const h5::Error& e) {
      // The folder refused the file or ran out of space while every chunk was being reserved.
      throw InputError("output", "cannot create '" + path + "': " + (e.innermost().empty() ? e.what() : e.innermost()));
    }
  });
  return ResultsStore(open_store_file(path, true));
}

void ResultsStore::write_finished(const std::string& path, const std::vector<Axis>& axes,
                                  const std::vector<Variable>& variables, const Attributes& provenance,
                                  std::span<const PointBlock> blocks, const CreateOptions& options, int deflate_level) {
  h5::QuietErrors quiet;
  validate_layout(axes, variables);
  const GridGeometry geometry = geometry_for(axes, variables, options);
  // Every point once: the blocks in order, each starting where the previous one ended.
  std::vector<const PointBlock*> order;
  for (const PointBlock& b : blocks) order.push_back(&b);
  std::sort(order.begin(), order.end(), [](const PointBlock* a, const PointBlock* b) { return a->first < b->first; });
  std::size_t next = 0;
  for (const PointBlock* b : order) {
    if (b->first != next)
      throw std::invalid_argument("write_finished: points " + std::to_string(std::min(b->first, next)) + ".." +
                                  std::to_string(std::max(b->first, next) - 1) + " are given " +
                                  (b->first > next ? "no values" : "twice"));
    next += b->count;
  }
  if (next != geometry.points())
    throw std::invalid_argument("write_finished: values for " + std::to_string(next) + " of " +
                                std::to_string(geometry.points()) + " points");
  check_new_path(path, options);
  AtomicFile out(path);
  build_into_place(out, path, [&] {
    auto file = build_open_results_file(out.temp_path(), path, axes, variables, provenance, geometry,
                                        {true, std::clamp(deflate_level, 1, 9)});
    for (const PointBlock* b : order) write_points_unflushed(*file, b->first, b->count, b->values, b->statuses);
    file->close();  // (flushes)
  });
}

ResultsStore ResultsStore::open_for_resume(const std::string& path, const std::vector<Axis>& axes,
                                           const std::vector<Variable>& variables) {
  h5::QuietErrors quiet;
  validate_layout(axes, variables);
  auto file = open_store_file(path, true);
  require_same_layout(path, file->axes, file->variables, axes, variables);
  return ResultsStore(std::move(file));
}

ResultsStore ResultsStore::open_read(const std::string& path) {
  h5::QuietErrors quiet;
  return ResultsStore(open_store_file(path, false));
}

const std::string& ResultsStore::path() const { return file_->path; }
const std::vector<Axis>& ResultsStore::axes() const { return file_->axes; }
const std::vector<Variable>& ResultsStore::variables() const { return file_->variables; }
std::vector<std::size_t> ResultsStore::grid_shape() const { return file_->geometry.shape(); }
std::size_t ResultsStore::point_count() const { return file_->geometry.points(); }

std::size_t ResultsStore::flat_index(std::span<const std::size_t> index) const {
  return file_->geometry.flat_index(index);
}
std::vector<std::size_t> ResultsStore::multi_index(std::size_t flat) const { return file_->geometry.multi_index(flat); }
std::size_t ResultsStore::chunk_end(std::size_t flat) const { return file_->geometry.chunk_end(flat); }

void ResultsStore::write_points(std::size_t first, std::size_t count, const std::map<std::string, BufferView>& values,
                                std::span<const std::int8_t> statuses) {
  h5::QuietErrors quiet;
  io::write_points(*file_, first, count, values, statuses);
}

std::vector<std::int8_t> ResultsStore::read_status() const {
  h5::QuietErrors quiet;
  std::vector<std::int8_t> s(file_->geometry.points());
  read_or_damaged(file_->path, "status", file_->status, H5T_NATIVE_INT8, H5S_ALL, H5S_ALL, s.data());
  // A code no writer produces means the bytes changed after they were written: refuse the file
  // rather than resume or report from it.
  for (std::size_t i = 0; i < s.size(); ++i)
    if (s[i] < point_status::not_computed || s[i] > point_status::last)
      throw InputError("file", "'" + file_->path + "' is damaged: status of point " + std::to_string(i) + " holds " +
                                   std::to_string(int{s[i]}) + ", not a status code");
  return s;
}

std::vector<std::int8_t> ResultsStore::read_status(const Hyperslab& box) const {
  h5::QuietErrors quiet;
  std::size_t n = 0;
  h5::Dataspace fsp = file_->geometry.select_box(file_->status, box, file_->axis_names(), n);
  std::vector<std::int8_t> s(n);
  const hsize_t hn = n;
  h5::Dataspace mem(H5Screate_simple(1, &hn, nullptr), "memory space");
  read_or_damaged(file_->path, "status", file_->status, H5T_NATIVE_INT8, mem, fsp, s.data());
  return s;
}

std::vector<bool> ResultsStore::done() const {
  const auto s = read_status();
  std::vector<bool> d(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) d[i] = s[i] != point_status::not_computed;
  return d;
}

std::size_t ResultsStore::done_count() const {
  const auto s = read_status();
  return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](std::int8_t x) { return x != 0; }));
}

Attributes ResultsStore::root_attributes() const {
  h5::QuietErrors quiet;
  h5::Group root(H5Gopen2(file_->file, "/", H5P_DEFAULT), "open /");
  return h5::read_attributes(root);
}

VariableInfo ResultsStore::variable_info(const std::string& name) const {
  h5::QuietErrors quiet;
  VariableInfo info;
  info.definition = file_->variable(name);
  info.dims = file_->axis_names();
  info.shape = file_->geometry.shape();
  info.chunks = file_->geometry.chunk();
  for (const auto& d : info.definition.trailing) {
    info.dims.push_back(d.name);
    info.shape.push_back(d.size);
    info.chunks.push_back(d.size);
  }
  info.attributes = h5::read_attributes(file_->datasets.at(name));
  return info;
}

std::vector<double> ResultsStore::read(const std::string& variable) const {
  h5::QuietErrors quiet;
  file_->variable(variable);
  return diagnosing_damage(
      file_->path, [&] { return read_whole_as_double(file_->datasets.at(variable)); }, "variable '" + variable + "'");
}

std::vector<double> ResultsStore::read(const std::string& variable, const Hyperslab& box) const {
  h5::QuietErrors quiet;
  file_->variable(variable);
  const hid_t ds = file_->datasets.at(variable);
  std::size_t n = 0;
  h5::Dataspace fsp = file_->geometry.select_box(ds, box, file_->axis_names(), n);
  std::vector<double> out(n);
  const hsize_t hn = n;
  h5::Dataspace mem(H5Screate_simple(1, &hn, nullptr), "memory space");
  read_or_damaged(file_->path, "variable '" + variable + "'", ds, H5T_NATIVE_DOUBLE, mem, fsp, out.data());
  return out;
}

bool ResultsStore::finalized() const {
  h5::QuietErrors quiet;
  h5::Group root(H5Gopen2(file_->file, "/", H5P_DEFAULT), "open /");
  return h5::string_attribute_or_empty(root, "chaoskit_storage").rfind("deflate", 0) == 0;
}

void ResultsStore::finalize(int deflate_level) {
  if (!file_->writable) throw std::logic_error("finalize: '" + file_->path + "' is open read-only");
  if (finalized()) return;
  finalize_and_close(deflate_level);
  file_ = open_store_file(file_->path, true);
}

void ResultsStore::finalize_and_close(int deflate_level) {
  StoreFile& f = *file_;
  if (!f.writable) throw std::logic_error("finalize: '" + f.path + "' is open read-only");
  if (finalized()) {
    close();
    return;
  }
  const std::size_t done = done_count();
  if (done != f.geometry.points())
    throw std::logic_error("finalize: " + std::to_string(f.geometry.points() - done) + " of " +
                           std::to_string(f.geometry.points()) + " points of '" + f.path + "' are not computed yet");
  h5::QuietErrors quiet;
  AtomicFile copy(f.path, "final");
  try {
    write_compressed_copy(f, copy.temp_path(), std::clamp(deflate_level, 1, 9));
    close();
    copy.commit();
  } catch (const h5::Error& e) {
    // Only the copy failed (typically: no space left for it); the file itself is untouched.
    copy.discard();
    throw std::runtime_error(e.innermost().empty() ? std::string(e.what()) : e.innermost());
  }
}

void ResultsStore::close() {
  if (!file_) return;
  h5::QuietErrors quiet;
  file_->close();
}

}  // namespace chaoskit::io
