#include "chaoskit/io/write_protocol.hpp"

#include <hdf5.h>

#include <cassert>
#include <stdexcept>
#include <vector>

#include "chaoskit/io/h5_attributes.hpp"
#include "chaoskit/io/store_build.hpp"

namespace chaoskit::io {

namespace {

std::size_t buffer_index(ElementType t) {
  switch (t) {
    case ElementType::float64: return 0;
    case ElementType::int32: return 1;
    case ElementType::int8: return 2;
    case ElementType::uint8: return 3;
  }
  return 0;
}

void check_batch(const StoreFile& f, std::size_t first, std::size_t count,
                 const std::map<std::string, BufferView>& values, std::span<const std::int8_t> statuses) {
  const std::size_t points = f.geometry.points();
  if (first + count > points || first + count < first)
    throw std::invalid_argument("write_points: points " + std::to_string(first) + ".." +
                                std::to_string(first + count - 1) + " outside the grid of " + std::to_string(points));
  if (statuses.size() != count) throw std::invalid_argument("write_points: need one status per point");
  for (auto s : statuses)
    if (s <= 0) throw std::invalid_argument("write_points: status must be >= 1 (0 means not computed)");
  if (values.size() != f.variables.size())
    throw std::invalid_argument("write_points: need a buffer for each of the " + std::to_string(f.variables.size()) +
                                " variables, got " + std::to_string(values.size()));
  for (const auto& v : f.variables) {
    auto it = values.find(v.name);
    if (it == values.end()) throw std::invalid_argument("write_points: no buffer for '" + v.name + "'");
    if (it->second.index() != buffer_index(v.type))
      throw std::invalid_argument("write_points: buffer for '" + v.name + "' is not " + element_type_name(v.type));
    const std::size_t size = std::visit([](const auto& s) { return s.size(); }, it->second);
    if (size != count * v.values_per_point())
      throw std::invalid_argument("write_points: buffer for '" + v.name + "' has " + std::to_string(size) +
                                  " values, expected " + std::to_string(count * v.values_per_point()));
  }
}

/// Writes `values` (memory type `mem_type`, count points' blocks) into the run of points of `ds`.
void write_run(const StoreFile& f, hid_t ds, hid_t mem_type, std::size_t first, std::size_t count,
               std::size_t values_per_point, const void* values, const std::string& name) {
  const hsize_t n = count * values_per_point;
  h5::Dataspace mem(H5Screate_simple(1, &n, nullptr), "memory space");
  h5::Dataspace fsp = f.geometry.select_run(ds, first, count);
  assert(H5Sget_select_npoints(fsp) == static_cast<hssize_t>(n));  // file and memory selections agree
  h5::check(H5Dwrite(ds, mem_type, mem, fsp, H5P_DEFAULT, values), "write " + name);
}

void write_data(StoreFile& f, std::size_t first, std::size_t count, const std::map<std::string, BufferView>& values) {
  for (const auto& v : f.variables) {
    const void* data = std::visit([](const auto& s) { return static_cast<const void*>(s.data()); }, values.at(v.name));
    write_run(f, f.datasets.at(v.name), memory_type(v.type), first, count, v.values_per_point(), data, v.name);
  }
}

}  // namespace

void write_points(StoreFile& f, std::size_t first, std::size_t count, const std::map<std::string, BufferView>& values,
                  std::span<const std::int8_t> statuses) {
  if (!f.writable) throw std::logic_error("write_points: '" + f.path + "' is open read-only");
  if (count == 0) return;
  check_batch(f, first, count, values, statuses);
  // 1. Data of every variable, then make it durable against a process crash.
  write_data(f, first, count, values);
  h5::check(H5Fflush(f.file, H5F_SCOPE_LOCAL), "flush data of '" + f.path + "'");
  // 2. Only now the statuses that declare those points finished.
  write_run(f, f.status, H5T_NATIVE_INT8, first, count, 1, statuses.data(), "status");
  h5::check(H5Fflush(f.file, H5F_SCOPE_LOCAL), "flush status of '" + f.path + "'");
}

void write_points_unflushed(StoreFile& f, std::size_t first, std::size_t count,
                            const std::map<std::string, BufferView>& values, std::span<const std::int8_t> statuses) {
  if (!f.writable) throw std::logic_error("write_points: '" + f.path + "' is open read-only");
  if (count == 0) return;
  check_batch(f, first, count, values, statuses);
  write_data(f, first, count, values);
  write_run(f, f.status, H5T_NATIVE_INT8, first, count, 1, statuses.data(), "status");
}

void write_compressed_copy(const StoreFile& f, const std::string& copy_path, int deflate_level) {
  // The provenance as it is (date, host, job of the run that created the file); the store's own
  // chaoskit_ attributes are written again by the build.
  h5::Attributes provenance;
  {
    h5::Group root(H5Gopen2(f.file, "/", H5P_DEFAULT), "open /");
    for (auto& [k, v] : h5::read_attributes(root))
      if (k.rfind("chaoskit_", 0) != 0) provenance.emplace(k, std::move(v));
  }
  build_results_file(copy_path, f.path, f.axes, f.variables, provenance, f.geometry, {true, deflate_level});
  auto copy = load_store_file(copy_path, true);
  // Chunk run by chunk run: memory holds one run of one variable.
  std::vector<unsigned char> buf;
  auto copy_run = [&](hid_t from, hid_t to, hid_t mem_type, std::size_t values_per_point, std::size_t first,
                      std::size_t count) {
    const hsize_t n = count * values_per_point;
    buf.resize(n * H5Tget_size(mem_type));
    h5::Dataspace mem(H5Screate_simple(1, &n, nullptr), "memory space");
    h5::Dataspace src = f.geometry.select_run(from, first, count);
    h5::check(H5Dread(from, mem_type, mem, src, H5P_DEFAULT, buf.data()), "read for finalize");
    h5::Dataspace dst = copy->geometry.select_run(to, first, count);
    h5::check(H5Dwrite(to, mem_type, mem, dst, H5P_DEFAULT, buf.data()), "write for finalize");
  };
  for (std::size_t first = 0; first < f.geometry.points();) {
    const std::size_t end = f.geometry.chunk_end(first);
    for (const auto& v : f.variables)
      copy_run(f.datasets.at(v.name), copy->datasets.at(v.name), memory_type(v.type), v.values_per_point(), first,
               end - first);
    copy_run(f.status, copy->status, H5T_NATIVE_INT8, 1, first, end - first);
    first = end;
  }
  h5::check(H5Fflush(copy->file, H5F_SCOPE_LOCAL), "flush " + copy_path);
  copy->datasets.clear();
  copy->status.reset();
  copy->file.close("close " + copy_path);
}

}  // namespace chaoskit::io
