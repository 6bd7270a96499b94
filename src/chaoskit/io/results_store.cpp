#include "chaoskit/io/results_store.hpp"

#include <hdf5.h>
#include <hdf5_hl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <limits>
#include <set>
#include <sstream>
#include <stdexcept>

#include "chaoskit/core/build_info.hpp"
#include "chaoskit/core/errors.hpp"
#include "chaoskit/io/h5_handle.hpp"

namespace chaoskit::io {

namespace fs = std::filesystem;

namespace {

constexpr const char* kFormat = "chaoskit-results/1";
// Values per chunk (32 kB of float64). HDF5 writes a chunk whole, so every write of a running sweep
// (flushed for crash safety) rewrites the touched chunks: with 32768-value chunks and a write per
// 16-point batch a golf λ_max sweep wrote 3.5 GB through pwrite for a 1.3 MB file (256², T = 1 s; a
// third of its time). Smaller chunks cost more index entries (256 per variable at 1024²). The
// sweep's writer also holds batches to write about once a second (sweep/results_file.hpp).
constexpr std::size_t kDefaultChunkValues = 4096;

hid_t file_type(ElementType t) {
  switch (t) {
    case ElementType::float64: return H5T_IEEE_F64LE;
    case ElementType::int32: return H5T_STD_I32LE;
    case ElementType::int8: return H5T_STD_I8LE;
    case ElementType::uint8: return H5T_STD_U8LE;
  }
  return H5T_IEEE_F64LE;
}

hid_t memory_type(ElementType t) {
  switch (t) {
    case ElementType::float64: return H5T_NATIVE_DOUBLE;
    case ElementType::int32: return H5T_NATIVE_INT32;
    case ElementType::int8: return H5T_NATIVE_INT8;
    case ElementType::uint8: return H5T_NATIVE_UINT8;
  }
  return H5T_NATIVE_DOUBLE;
}

std::size_t buffer_index(ElementType t) {
  switch (t) {
    case ElementType::float64: return 0;
    case ElementType::int32: return 1;
    case ElementType::int8: return 2;
    case ElementType::uint8: return 3;
  }
  return 0;
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + v[i];
  return s;
}

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  if (s.empty()) return out;
  std::size_t start = 0;
  while (true) {
    const auto c = s.find(',', start);
    out.push_back(s.substr(start, c == std::string::npos ? std::string::npos : c - start));
    if (c == std::string::npos) break;
    start = c + 1;
  }
  return out;
}

std::string fmt(double v) {
  std::ostringstream o;
  o.precision(17);
  o << v;
  return o.str();
}

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::string host_name() {
  char buf[256] = {};
  if (::gethostname(buf, sizeof buf - 1) != 0) return "unknown";
  return buf;
}

/// Integral fill values must be representable in the variable's type.
void check_fill(const Variable& v, const std::string& field) {
  if (v.type == ElementType::float64) return;
  double lo = 0, hi = 0;
  switch (v.type) {
    case ElementType::int32: lo = std::numeric_limits<std::int32_t>::min(), hi = std::numeric_limits<std::int32_t>::max(); break;
    case ElementType::int8: lo = -128, hi = 127; break;
    case ElementType::uint8: lo = 0, hi = 255; break;
    case ElementType::float64: break;
  }
  if (!(v.fill_value >= lo && v.fill_value <= hi) || std::floor(v.fill_value) != v.fill_value)
    throw InputError(field, "fill value " + fmt(v.fill_value) + " is not a " + element_type_name(v.type) + " value");
}

void check_name(const std::string& name, const std::string& field) {
  if (name.empty()) throw InputError(field, "empty name");
  for (char c : name)
    if (c == '/' || c == ',' || c == '.' || static_cast<unsigned char>(c) < 0x20)
      throw InputError(field, "name '" + name + "' contains '/', ',', '.' or a control character");
}

/// The flat run [first, first+count) of a row-major grid as O(2·rank) boxes (start, count).
std::vector<std::pair<std::vector<hsize_t>, std::vector<hsize_t>>> flat_run_boxes(std::size_t first, std::size_t count,
                                                                                  const std::vector<std::size_t>& shape) {
  const std::size_t rank = shape.size();
  std::vector<std::size_t> stride(rank, 1);
  for (std::size_t k = rank - 1; k-- > 0;) stride[k] = stride[k + 1] * shape[k + 1];
  std::vector<std::pair<std::vector<hsize_t>, std::vector<hsize_t>>> boxes;
  std::size_t p = first;
  const std::size_t end = first + count;
  while (p < end) {
    std::vector<std::size_t> m(rank);
    std::size_t rest = p;
    for (std::size_t k = 0; k < rank; ++k) m[k] = rest / stride[k], rest %= stride[k];
    // The outermost axis k such that all later indices are 0 and at least one slab fits.
    std::size_t k = rank - 1;
    for (std::size_t j = 0; j < rank; ++j) {
      bool later_zero = true;
      for (std::size_t i = j + 1; i < rank; ++i) later_zero = later_zero && m[i] == 0;
      if (later_zero && stride[j] <= end - p) {
        k = j;
        break;
      }
    }
    const std::size_t n = std::min(shape[k] - m[k], (end - p) / stride[k]);
    std::vector<hsize_t> s(rank), c(rank, 1);
    for (std::size_t i = 0; i < rank; ++i) s[i] = i <= k ? m[i] : 0;
    c[k] = n;
    for (std::size_t i = k + 1; i < rank; ++i) c[i] = shape[i];
    boxes.emplace_back(std::move(s), std::move(c));
    p += n * stride[k];
  }
  return boxes;
}

std::string describe(const Axis& a) { return "axis '" + a.name + "'"; }

}  // namespace

std::string element_type_name(ElementType t) {
  switch (t) {
    case ElementType::float64: return "float64";
    case ElementType::int32: return "int32";
    case ElementType::int8: return "int8";
    case ElementType::uint8: return "uint8";
  }
  return "?";
}

std::size_t Variable::values_per_point() const {
  std::size_t n = 1;
  for (const auto& d : trailing) n *= d.size;
  return n;
}

struct ResultsStore::Impl {
  std::string path;
  bool writable = false;
  h5::File file;
  std::vector<Axis> axes;
  std::vector<Variable> variables;
  std::vector<std::size_t> shape, grid_chunk;
  std::map<std::string, h5::Dataset> datasets;
  h5::Dataset status;

  std::size_t points() const {
    std::size_t n = 1;
    for (auto s : shape) n *= s;
    return n;
  }

  const Variable& variable(const std::string& name) const {
    for (const auto& v : variables)
      if (v.name == name) return v;
    throw InputError("variable", "no variable '" + name + "' in '" + path + "' (have: " + [&] {
      std::vector<std::string> n;
      for (const auto& v : variables) n.push_back(v.name);
      return join(n);
    }() + ")");
  }

  /// File dataspace of `ds` with the grid run [first, first+count) selected (trailing dims whole).
  h5::Dataspace select_run(hid_t ds, std::size_t first, std::size_t count, std::size_t trailing_rank) const {
    h5::Dataspace fs(H5Dget_space(ds), "dataspace");
    const auto boxes = flat_run_boxes(first, count, shape);
    const int rank = H5Sget_simple_extent_ndims(fs);
    std::vector<hsize_t> dims(static_cast<std::size_t>(rank));
    H5Sget_simple_extent_dims(fs, dims.data(), nullptr);
    bool firstbox = true;
    for (const auto& [s, c] : boxes) {
      std::vector<hsize_t> start(s), cnt(c);
      for (std::size_t t = 0; t < trailing_rank; ++t) {
        start.push_back(0);
        cnt.push_back(dims[shape.size() + t]);
      }
      h5::check(H5Sselect_hyperslab(fs, firstbox ? H5S_SELECT_SET : H5S_SELECT_OR, start.data(), nullptr, cnt.data(),
                                    nullptr),
                "select points");
      firstbox = false;
    }
    return fs;
  }

  h5::Dataspace select_box(hid_t ds, const Hyperslab& box, std::size_t& selected) const {
    if (box.start.size() != shape.size() || box.count.size() != shape.size())
      throw InputError("hyperslab", "needs " + std::to_string(shape.size()) + " start and count values");
    h5::Dataspace fs(H5Dget_space(ds), "dataspace");
    const int rank = H5Sget_simple_extent_ndims(fs);
    std::vector<hsize_t> dims(static_cast<std::size_t>(rank));
    H5Sget_simple_extent_dims(fs, dims.data(), nullptr);
    std::vector<hsize_t> start(dims.size(), 0), cnt(dims);
    selected = 1;
    for (std::size_t k = 0; k < shape.size(); ++k) {
      if (box.count[k] == 0 || box.start[k] + box.count[k] > shape[k])
        throw InputError("hyperslab", "axis '" + axes[k].name + "': [" + std::to_string(box.start[k]) + ", " +
                                          std::to_string(box.start[k] + box.count[k]) + ") is outside 0.." +
                                          std::to_string(shape[k]));
      start[k] = box.start[k];
      cnt[k] = box.count[k];
    }
    for (auto c : cnt) selected *= c;
    h5::check(H5Sselect_hyperslab(fs, H5S_SELECT_SET, start.data(), nullptr, cnt.data(), nullptr), "select box");
    return fs;
  }
};

namespace {

std::vector<std::size_t> choose_grid_chunk(const std::vector<std::size_t>& shape, std::size_t max_values_per_point,
                                           std::size_t target_values) {
  std::size_t budget = std::max<std::size_t>(1, target_values / std::max<std::size_t>(1, max_values_per_point));
  std::vector<std::size_t> c(shape.size(), 1);
  for (std::size_t k = shape.size(); k-- > 0;) {
    c[k] = std::min(shape[k], budget);
    budget = std::max<std::size_t>(1, budget / c[k]);
    if (c[k] < shape[k]) break;  // leading axes keep extent 1: each chunk is a contiguous flat run
  }
  return c;
}

void validate_layout(const std::vector<Axis>& axes, const std::vector<Variable>& variables) {
  if (axes.empty()) throw InputError("axes", "at least one axis is needed");
  if (variables.empty()) throw InputError("variables", "at least one variable is needed");
  std::set<std::string> names{"status"};
  std::map<std::string, std::size_t> trailing;
  for (std::size_t i = 0; i < axes.size(); ++i) {
    const std::string f = "axes[" + std::to_string(i) + "]";
    check_name(axes[i].name, f + ".name");
    if (!names.insert(axes[i].name).second) throw InputError(f + ".name", "'" + axes[i].name + "' is used twice");
    if (axes[i].values.empty()) throw InputError(f + ".values", describe(axes[i]) + " has no values");
    for (double v : axes[i].values)
      if (!std::isfinite(v)) throw InputError(f + ".values", describe(axes[i]) + " has a non-finite value");
  }
  for (const auto& v : variables) {
    const std::string f = "variables." + v.name;
    check_name(v.name, "variables[].name");
    if (!names.insert(v.name).second) throw InputError(f, "name '" + v.name + "' is used twice (or is 'status')");
    check_fill(v, f + ".fill_value");
    for (const auto& d : v.trailing) {
      check_name(d.name, f + ".trailing");
      if (d.size == 0) throw InputError(f + ".trailing", "dimension '" + d.name + "' has size 0");
      const auto [it, fresh] = trailing.emplace(d.name, d.size);
      if (!fresh && it->second != d.size)
        throw InputError(f + ".trailing", "dimension '" + d.name + "' has size " + std::to_string(d.size) +
                                              " here and " + std::to_string(it->second) + " elsewhere");
    }
  }
  for (const auto& [name, size] : trailing)
    if (!names.insert(name).second)
      throw InputError("variables", "trailing dimension '" + name + "' clashes with an axis or variable name");
}

void write_provenance(hid_t root, const Attributes& provenance, const std::vector<Axis>& axes,
                      const std::vector<Variable>& variables) {
  Attributes all{{"software", std::string("chaoskit")},
                 {"softwareVersion", std::string(build_info::version)},
                 {"softwareCommit", std::string(build_info::commit)},
                 {"date", utc_now()},
                 {"host", host_name()}};
  for (const auto& [k, v] : provenance) all[k] = v;
  std::vector<std::string> an, vn;
  for (const auto& a : axes) an.push_back(a.name);
  for (const auto& v : variables) vn.push_back(v.name);
  all["chaoskit_format"] = std::string(kFormat);
  all["chaoskit_axes"] = join(an);
  all["chaoskit_variables"] = join(vn);
  // Named copy of the key: clang before 16 cannot capture a structured binding in a lambda.
  for (const auto& [k, v] : all) {
    const std::string& key = k;
    std::visit([&](const auto& x) { h5::write_attribute(root, key, x); }, v);
  }
}

h5::Dataset make_scale(hid_t file, const std::string& name, hid_t ftype, hid_t mtype, const void* data,
                       std::size_t n, const std::string& units, const std::string& long_name, int dimid) {
  const hsize_t dims[1] = {n};
  h5::Dataspace space(H5Screate_simple(1, dims, nullptr), "dataspace of " + name);
  h5::PropList dcpl(H5Pcreate(H5P_DATASET_CREATE), "property list");
  h5::check(H5Pset_obj_track_times(dcpl, 0), "object times off");
  h5::Dataset ds(H5Dcreate2(file, name.c_str(), ftype, space, H5P_DEFAULT, dcpl, H5P_DEFAULT), "create " + name);
  h5::check(H5Dwrite(ds, mtype, H5S_ALL, H5S_ALL, H5P_DEFAULT, data), "write " + name);
  h5::write_attribute(ds, "units", units);
  h5::write_attribute(ds, "long_name", long_name);
  const int id = dimid;
  h5::write_attribute_raw(ds, "_Netcdf4Dimid", H5T_STD_I32LE, H5T_NATIVE_INT, &id);
  h5::check(H5DSset_scale(ds, name.c_str()), "make " + name + " a dimension scale");
  return ds;
}

void write_fill(hid_t dcpl, const Variable& v, void* out_bytes) {
  switch (v.type) {
    case ElementType::float64: {
      const double x = v.fill_value;
      std::memcpy(out_bytes, &x, sizeof x);
      break;
    }
    case ElementType::int32: {
      const auto x = static_cast<std::int32_t>(v.fill_value);
      std::memcpy(out_bytes, &x, sizeof x);
      break;
    }
    case ElementType::int8: {
      const auto x = static_cast<std::int8_t>(v.fill_value);
      std::memcpy(out_bytes, &x, sizeof x);
      break;
    }
    case ElementType::uint8: {
      const auto x = static_cast<std::uint8_t>(v.fill_value);
      std::memcpy(out_bytes, &x, sizeof x);
      break;
    }
  }
  h5::check(H5Pset_fill_value(dcpl, memory_type(v.type), out_bytes), "fill value of " + v.name);
}

void build_file(const std::string& tmp, const std::string& path, const std::vector<Axis>& axes,
                const std::vector<Variable>& variables, const Attributes& provenance, const CreateOptions& options,
                int deflate_level, const std::vector<std::size_t>* grid_chunk = nullptr) {
  const bool compressed = deflate_level > 0;
  std::vector<std::size_t> shape;
  for (const auto& a : axes) shape.push_back(a.values.size());
  std::size_t max_vpp = 1;
  for (const auto& v : variables) max_vpp = std::max(max_vpp, v.values_per_point());
  const auto chunk =
      grid_chunk ? *grid_chunk
                 : choose_grid_chunk(shape, max_vpp,
                                     options.target_chunk_values ? options.target_chunk_values : kDefaultChunkValues);
  const hid_t id = H5Fcreate(tmp.c_str(), H5F_ACC_EXCL, H5P_DEFAULT, H5P_DEFAULT);
  if (id < 0) throw h5::Error("create " + path, h5::innermost_error());
  h5::File file(id, "create file " + tmp);
  {
    h5::Group root(H5Gopen2(file, "/", H5P_DEFAULT), "open /");
    write_provenance(root, provenance, axes, variables);
    h5::write_attribute(root, "chaoskit_storage",
                        std::string(compressed ? "deflate (finalized)" : "uncompressed, written in place"));
  }
  int dimid = 0;
  std::map<std::string, h5::Dataset> scales;
  for (const auto& a : axes)
    scales.emplace(a.name, make_scale(file, a.name, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, a.values.data(),
                                      a.values.size(), a.units, a.long_name, dimid++));
  for (const auto& v : variables)
    for (const auto& d : v.trailing) {
      if (scales.count(d.name)) continue;
      std::vector<std::int32_t> idx(d.size);
      for (std::size_t i = 0; i < d.size; ++i) idx[i] = static_cast<std::int32_t>(i);
      scales.emplace(d.name, make_scale(file, d.name, H5T_STD_I32LE, H5T_NATIVE_INT32, idx.data(), d.size, "1",
                                        "index along " + d.name, dimid++));
    }

  auto attach = [&](hid_t ds, const std::vector<std::string>& dims) {
    for (std::size_t k = 0; k < dims.size(); ++k)
      h5::check(H5DSattach_scale(ds, scales.at(dims[k]), static_cast<unsigned>(k)), "attach scale " + dims[k]);
  };

  for (const auto& v : variables) {
    std::vector<hsize_t> dims(shape.begin(), shape.end()), cdims(chunk.begin(), chunk.end());
    std::vector<std::string> dnames;
    for (const auto& a : axes) dnames.push_back(a.name);
    for (const auto& d : v.trailing) {
      dims.push_back(d.size);
      cdims.push_back(d.size);
      dnames.push_back(d.name);
    }
    h5::Dataspace space(H5Screate_simple(static_cast<int>(dims.size()), dims.data(), nullptr), "dataspace " + v.name);
    h5::PropList dcpl(H5Pcreate(H5P_DATASET_CREATE), "property list");
    h5::check(H5Pset_chunk(dcpl, static_cast<int>(cdims.size()), cdims.data()), "chunking of " + v.name);
    if (compressed) {
      h5::check(H5Pset_shuffle(dcpl), "shuffle filter");
      h5::check(H5Pset_deflate(dcpl, static_cast<unsigned>(std::clamp(deflate_level, 1, 9))), "deflate");
      // A checksum per stored chunk: a finished file that changes on disk later fails to read
      // instead of returning wrong numbers. (The running file is written in place without one.)
      h5::check(H5Pset_fletcher32(dcpl), "fletcher32 checksum");
    } else {
      // Every chunk gets its final place now: later writes change bytes in place, never metadata.
      h5::check(H5Pset_alloc_time(dcpl, H5D_ALLOC_TIME_EARLY), "allocation of " + v.name);
      h5::check(H5Pset_fill_time(dcpl, H5D_FILL_TIME_ALLOC), "fill of " + v.name);
    }
    h5::check(H5Pset_obj_track_times(dcpl, 0), "object times off");
    alignas(8) unsigned char fill[8] = {};
    write_fill(dcpl, v, fill);
    h5::Dataset ds(H5Dcreate2(file, v.name.c_str(), file_type(v.type), space, H5P_DEFAULT, dcpl, H5P_DEFAULT),
                   "create " + v.name);
    h5::write_attribute(ds, "units", v.units);
    h5::write_attribute(ds, "long_name", v.long_name);
    h5::write_attribute_raw(ds, "_FillValue", file_type(v.type), memory_type(v.type), fill);
    h5::write_attribute(ds, "chaoskit_dims", join(dnames));
    attach(ds, dnames);
  }
  {
    std::vector<hsize_t> dims(shape.begin(), shape.end()), cdims(chunk.begin(), chunk.end());
    h5::Dataspace space(H5Screate_simple(static_cast<int>(dims.size()), dims.data(), nullptr), "dataspace status");
    h5::PropList dcpl(H5Pcreate(H5P_DATASET_CREATE), "property list");
    h5::check(H5Pset_chunk(dcpl, static_cast<int>(cdims.size()), cdims.data()), "chunking of status");
    if (compressed) {
      h5::check(H5Pset_deflate(dcpl, static_cast<unsigned>(std::clamp(deflate_level, 1, 9))), "deflate");
      h5::check(H5Pset_fletcher32(dcpl), "fletcher32 checksum");
    } else {
      h5::check(H5Pset_alloc_time(dcpl, H5D_ALLOC_TIME_EARLY), "status allocation");
    }
    h5::check(H5Pset_fill_time(dcpl, H5D_FILL_TIME_ALLOC), "status fill");
    const std::int8_t zero = point_status::not_computed;
    h5::check(H5Pset_fill_value(dcpl, H5T_NATIVE_INT8, &zero), "status fill value");
    h5::check(H5Pset_obj_track_times(dcpl, 0), "object times off");
    h5::Dataset ds(H5Dcreate2(file, "status", H5T_STD_I8LE, space, H5P_DEFAULT, dcpl, H5P_DEFAULT), "create status");
    h5::write_attribute(ds, "units", std::string("1"));
    h5::write_attribute(ds, "long_name", std::string("point status"));
    h5::write_attribute(ds, "flag_meanings", point_status_flag_meanings());
    h5::write_attribute(ds, "chaoskit_dims", join([&] {
                          std::vector<std::string> n;
                          for (const auto& a : axes) n.push_back(a.name);
                          return n;
                        }()));
    std::vector<std::string> dnames;
    for (const auto& a : axes) dnames.push_back(a.name);
    attach(ds, dnames);
  }
  scales.clear();
  h5::check(H5Fflush(file, H5F_SCOPE_GLOBAL), "flush " + tmp);
  file.close("close " + tmp);
}

ElementType type_of(hid_t ds, const std::string& name) {
  h5::Datatype t(H5Dget_type(ds), "type of " + name);
  const H5T_class_t cls = H5Tget_class(t);
  const std::size_t size = H5Tget_size(t);
  if (cls == H5T_FLOAT && size == 8) return ElementType::float64;
  if (cls == H5T_INTEGER) {
    const bool is_signed = H5Tget_sign(t) == H5T_SGN_2;
    if (size == 4 && is_signed) return ElementType::int32;
    if (size == 1) return is_signed ? ElementType::int8 : ElementType::uint8;
  }
  throw InputError("file", "variable '" + name + "' has a type chaoskit does not write");
}

std::vector<double> read_all_double(hid_t ds) {
  h5::Dataspace s(H5Dget_space(ds), "dataspace");
  const hssize_t n = h5::check_value(H5Sget_simple_extent_npoints(s), "size");
  std::vector<double> v(static_cast<std::size_t>(n));
  if (n) h5::check(H5Dread(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, v.data()), "read");
  return v;
}

AttributeValue read_attribute_value(hid_t obj, const std::string& name) {
  h5::Attribute a(H5Aopen(obj, name.c_str(), H5P_DEFAULT), "open attribute " + name);
  h5::Datatype t(H5Aget_type(a), "type of attribute " + name);
  h5::Dataspace s(H5Aget_space(a), "space of attribute " + name);
  const H5T_class_t cls = H5Tget_class(t);
  if (cls == H5T_STRING) return h5::read_string_attribute(obj, name);
  const hssize_t n = H5Sget_simple_extent_npoints(s);
  if (n != 1) {
    if (cls == H5T_INTEGER || cls == H5T_FLOAT) {
      std::vector<double> v(static_cast<std::size_t>(std::max<hssize_t>(n, 0)));
      if (n > 0) h5::check(H5Aread(a, H5T_NATIVE_DOUBLE, v.data()), "read attribute " + name);
      std::string out;
      for (std::size_t i = 0; i < v.size(); ++i) out += (i ? "," : "") + fmt(v[i]);
      return out;
    }
    return std::string("<unsupported attribute>");
  }
  if (cls == H5T_INTEGER) {
    long long x = 0;
    h5::check(H5Aread(a, H5T_NATIVE_LLONG, &x), "read attribute " + name);
    return x;
  }
  if (cls == H5T_FLOAT) {
    double x = 0;
    h5::check(H5Aread(a, H5T_NATIVE_DOUBLE, &x), "read attribute " + name);
    return x;
  }
  return std::string("<unsupported attribute>");
}

Attributes read_all_attributes(hid_t obj) {
  Attributes out;
  H5O_info_t info;
  h5::check(H5Oget_info2(obj, &info, H5O_INFO_NUM_ATTRS), "object info");
  for (hsize_t i = 0; i < info.num_attrs; ++i) {
    h5::Attribute a(H5Aopen_by_idx(obj, ".", H5_INDEX_NAME, H5_ITER_INC, i, H5P_DEFAULT, H5P_DEFAULT),
                    "open attribute");
    const ssize_t len = H5Aget_name(a, 0, nullptr);
    std::string name(static_cast<std::size_t>(std::max<ssize_t>(len, 0)) + 1, '\0');
    H5Aget_name(a, name.size(), name.data());
    name.resize(std::strlen(name.c_str()));
    a.reset();
    out[name] = read_attribute_value(obj, name);
  }
  return out;
}

std::string str_attr(hid_t obj, const std::string& name) {
  return h5::has_attribute(obj, name) ? h5::read_string_attribute(obj, name) : std::string();
}

}  // namespace

ResultsStore::ResultsStore(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
ResultsStore::ResultsStore(ResultsStore&&) noexcept = default;
ResultsStore& ResultsStore::operator=(ResultsStore&&) noexcept = default;
ResultsStore::~ResultsStore() = default;

namespace {

std::unique_ptr<ResultsStore::Impl> load(const std::string& path, bool writable);

}  // namespace

ResultsStore ResultsStore::create(const std::string& path, const std::vector<Axis>& axes,
                                  const std::vector<Variable>& variables, const Attributes& provenance,
                                  const CreateOptions& options) {
  h5::QuietErrors quiet;
  validate_layout(axes, variables);
  const fs::path p(path);
  std::error_code ec;
  if (fs::exists(p, ec) && !options.overwrite)
    throw InputError("output", "'" + path + "' exists (refusing to overwrite it)");
  const fs::path parent = p.has_parent_path() ? p.parent_path() : fs::path(".");
  if (!fs::is_directory(parent, ec)) throw InputError("output", "directory '" + parent.string() + "' does not exist");
  const std::string tmp =
      (parent / ("." + p.filename().string() + ".tmp-" + std::to_string(::getpid()))).string();
  fs::remove(tmp, ec);
  try {
    build_file(tmp, path, axes, variables, provenance, options, 0);
    fs::rename(tmp, p);
  } catch (const fs::filesystem_error& e) {
    fs::remove(tmp, ec);
    throw InputError("output", "cannot create '" + path + "': " + e.code().message());
  } catch (const h5::Error& e) {
    // The folder refused the file or ran out of space while every chunk was being reserved.
    fs::remove(tmp, ec);
    throw InputError("output", "cannot create '" + path + "': " + (e.innermost().empty() ? e.what() : e.innermost()));
  } catch (...) {
    fs::remove(tmp, ec);
    throw;
  }
  return ResultsStore(load(path, true));
}

namespace {

/// The one-line reason a file HDF5 cannot read is refused: truncation (a copy or a write cut
/// short, which HDF5 detects from the end-of-file address the superblock records) is named as
/// such, any other failure carries HDF5's innermost description.
std::string damage_description(const std::string& path, const h5::Error& e) {
  const std::string& why = e.innermost();
  unsigned long long eof = 0, base = 0, stored = 0;
  if (why.find("unable to lock") != std::string::npos)
    return "'" + path + "' is held open for writing by another process (a sweep still running?): " + why;
  if (std::sscanf(why.c_str(), "truncated file: eof = %llu, sblock->base_addr = %llu, stored_eof = %llu", &eof,
                  &base, &stored) == 3)
    return "'" + path + "' is truncated: " + std::to_string(eof) + " of its " + std::to_string(stored) +
           " bytes are present (a copy or a write was cut short)";
  return "'" + path + "' is damaged: " + (why.empty() ? std::string(e.what()) : why);
}

std::unique_ptr<ResultsStore::Impl> load_unchecked(const std::string& path, bool writable);

/// Opens a results file; any HDF5 failure while reading its structure means the file is damaged,
/// which is the caller's input, not a chaoskit failure.
std::unique_ptr<ResultsStore::Impl> load(const std::string& path, bool writable) {
  try {
    return load_unchecked(path, writable);
  } catch (const h5::Error& e) {
    throw InputError("file", damage_description(path, e));
  }
}

/// H5Dread of a variable or the status, with a failure (a checksum mismatch of a finalized file,
/// an unreadable chunk) reported as damage to the file rather than as an internal error.
void read_or_damaged(const std::string& path, const std::string& what, hid_t ds, hid_t mtype, hid_t mem, hid_t fsp,
                     void* out) {
  if (H5Dread(ds, mtype, mem, fsp, H5P_DEFAULT, out) >= 0) return;
  const h5::Error e("read " + what, h5::innermost_error());
  throw InputError("file", damage_description(path, e) + " (reading " + what + ")");
}

std::unique_ptr<ResultsStore::Impl> load_unchecked(const std::string& path, bool writable) {
  auto impl = std::make_unique<ResultsStore::Impl>();
  impl->path = path;
  impl->writable = writable;
  std::error_code ec;
  if (!fs::exists(path, ec)) throw InputError("file", "'" + path + "' does not exist");
  if (H5Fis_hdf5(path.c_str()) <= 0) throw InputError("file", "'" + path + "' is not an HDF5 file");
  if (writable && ::access(path.c_str(), W_OK) != 0)
    throw InputError("file", "'" + path + "' cannot be written: " + std::strerror(errno));
  h5::PropList fapl(H5Pcreate(H5P_FILE_ACCESS), "file access properties");
  // Readers take no lock, so queries can read a sweep that is still running (they see the state
  // of its last flush); the writer keeps HDF5's exclusive lock, so two writers cannot collide.
  if (!writable) h5::check(H5Pset_file_locking(fapl, 0, 1), "file locking off for reading");
  impl->file = h5::File(H5Fopen(path.c_str(), writable ? H5F_ACC_RDWR : H5F_ACC_RDONLY, fapl), "open " + path);
  h5::Group root(H5Gopen2(impl->file, "/", H5P_DEFAULT), "open /");
  if (str_attr(root, "chaoskit_format") != kFormat)
    throw InputError("file", "'" + path + "' is not a chaoskit results file (no chaoskit_format = " + kFormat + ")");
  for (const auto& name : split(str_attr(root, "chaoskit_axes"))) {
    h5::Dataset ds(H5Dopen2(impl->file, name.c_str(), H5P_DEFAULT), "open axis " + name);
    Axis a{name, read_all_double(ds), str_attr(ds, "units"), str_attr(ds, "long_name")};
    impl->shape.push_back(a.values.size());
    impl->axes.push_back(std::move(a));
  }
  for (const auto& name : split(str_attr(root, "chaoskit_variables"))) {
    h5::Dataset ds(H5Dopen2(impl->file, name.c_str(), H5P_DEFAULT), "open variable " + name);
    Variable v;
    v.name = name;
    v.type = type_of(ds, name);
    v.units = str_attr(ds, "units");
    v.long_name = str_attr(ds, "long_name");
    if (h5::has_attribute(ds, "_FillValue")) {
      h5::Attribute a(H5Aopen(ds, "_FillValue", H5P_DEFAULT), "open _FillValue");
      h5::check(H5Aread(a, H5T_NATIVE_DOUBLE, &v.fill_value), "read _FillValue");
    }
    const auto dims = split(str_attr(ds, "chaoskit_dims"));
    h5::Dataspace s(H5Dget_space(ds), "dataspace of " + name);
    const int rank = H5Sget_simple_extent_ndims(s);
    if (rank < 0 || static_cast<std::size_t>(rank) != dims.size() || dims.size() < impl->axes.size())
      throw InputError("file", "variable '" + name + "' has a damaged dimension list");
    std::vector<hsize_t> ext(dims.size());
    H5Sget_simple_extent_dims(s, ext.data(), nullptr);
    for (std::size_t k = impl->axes.size(); k < dims.size(); ++k)
      v.trailing.push_back({dims[k], static_cast<std::size_t>(ext[k])});
    if (impl->grid_chunk.empty()) {
      h5::PropList dcpl(H5Dget_create_plist(ds), "creation properties of " + name);
      std::vector<hsize_t> c(dims.size());
      if (H5Pget_chunk(dcpl, static_cast<int>(c.size()), c.data()) == static_cast<int>(c.size()))
        impl->grid_chunk.assign(c.begin(), c.begin() + static_cast<std::ptrdiff_t>(impl->axes.size()));
    }
    impl->variables.push_back(std::move(v));
    impl->datasets.emplace(name, std::move(ds));
  }
  impl->status = h5::Dataset(H5Dopen2(impl->file, "status", H5P_DEFAULT), "open status");
  if (impl->grid_chunk.empty()) impl->grid_chunk = impl->shape;
  return impl;
}

void compare_layout(const ResultsStore::Impl& f, const std::vector<Axis>& axes, const std::vector<Variable>& variables) {
  const std::string in = " in '" + f.path + "'";
  if (f.axes.size() != axes.size())
    throw InputError("axes", std::to_string(axes.size()) + " axes requested but the file has " +
                                 std::to_string(f.axes.size()) + in);
  for (std::size_t i = 0; i < axes.size(); ++i) {
    const auto& a = axes[i];
    const auto& b = f.axes[i];
    const std::string fld = "axes[" + std::to_string(i) + "]";
    if (a.name != b.name)
      throw InputError(fld + ".name", "axis " + std::to_string(i) + " is '" + a.name + "' but '" + b.name + "'" + in);
    if (a.values.size() != b.values.size())
      throw InputError(fld + ".values", describe(a) + " has " + std::to_string(a.values.size()) +
                                            " values but " + std::to_string(b.values.size()) + in);
    for (std::size_t k = 0; k < a.values.size(); ++k)
      if (a.values[k] != b.values[k])
        throw InputError(fld + ".values", describe(a) + " value " + std::to_string(k) + " is " + fmt(a.values[k]) +
                                              " but " + fmt(b.values[k]) + in);
    if (a.units != b.units)
      throw InputError(fld + ".units", describe(a) + " units are '" + a.units + "' but '" + b.units + "'" + in);
  }
  for (const auto& v : variables) {
    const std::string fld = "variables." + v.name;
    auto it = std::find_if(f.variables.begin(), f.variables.end(), [&](const Variable& x) { return x.name == v.name; });
    if (it == f.variables.end()) throw InputError(fld, "variable '" + v.name + "' is not" + in);
    if (it->type != v.type)
      throw InputError(fld + ".type", "variable '" + v.name + "' is " + element_type_name(v.type) + " but " +
                                          element_type_name(it->type) + in);
    std::vector<std::string> want, have;
    for (const auto& d : v.trailing) want.push_back(d.name + "=" + std::to_string(d.size));
    for (const auto& d : it->trailing) have.push_back(d.name + "=" + std::to_string(d.size));
    if (want != have)
      throw InputError(fld + ".trailing", "variable '" + v.name + "' has trailing dimensions (" + join(want) +
                                              ") but (" + join(have) + ")" + in);
    if (v.units != it->units)
      throw InputError(fld + ".units", "variable '" + v.name + "' units are '" + v.units + "' but '" + it->units +
                                           "'" + in);
    const bool same_fill = (std::isnan(v.fill_value) && std::isnan(it->fill_value)) || v.fill_value == it->fill_value;
    if (!same_fill)
      throw InputError(fld + ".fill_value", "variable '" + v.name + "' fill value is " + fmt(v.fill_value) + " but " +
                                                fmt(it->fill_value) + in);
  }
  for (const auto& v : f.variables)
    if (std::none_of(variables.begin(), variables.end(), [&](const Variable& x) { return x.name == v.name; }))
      throw InputError("variables." + v.name, "the file has variable '" + v.name + "' which was not requested" + in);
}

}  // namespace

ResultsStore ResultsStore::open_for_resume(const std::string& path, const std::vector<Axis>& axes,
                                           const std::vector<Variable>& variables) {
  h5::QuietErrors quiet;
  validate_layout(axes, variables);
  auto impl = load(path, true);
  compare_layout(*impl, axes, variables);
  return ResultsStore(std::move(impl));
}

ResultsStore ResultsStore::open_read(const std::string& path) {
  h5::QuietErrors quiet;
  return ResultsStore(load(path, false));
}

const std::string& ResultsStore::path() const { return impl_->path; }
const std::vector<Axis>& ResultsStore::axes() const { return impl_->axes; }
const std::vector<Variable>& ResultsStore::variables() const { return impl_->variables; }
std::vector<std::size_t> ResultsStore::grid_shape() const { return impl_->shape; }
std::size_t ResultsStore::point_count() const { return impl_->points(); }

std::size_t ResultsStore::flat_index(std::span<const std::size_t> index) const {
  if (index.size() != impl_->shape.size()) throw std::invalid_argument("flat_index: wrong number of indices");
  std::size_t f = 0;
  for (std::size_t k = 0; k < index.size(); ++k) {
    if (index[k] >= impl_->shape[k]) throw std::out_of_range("flat_index: index outside the grid");
    f = f * impl_->shape[k] + index[k];
  }
  return f;
}

std::vector<std::size_t> ResultsStore::multi_index(std::size_t flat) const {
  if (flat >= impl_->points()) throw std::out_of_range("multi_index: index outside the grid");
  std::vector<std::size_t> m(impl_->shape.size());
  for (std::size_t k = m.size(); k-- > 0;) {
    m[k] = flat % impl_->shape[k];
    flat /= impl_->shape[k];
  }
  return m;
}

std::size_t ResultsStore::chunk_end(std::size_t flat) const {
  // Chunks are contiguous flat runs: find the cut axis, then the end of this chunk along it.
  const auto& s = impl_->shape;
  const auto& c = impl_->grid_chunk;
  const auto m = multi_index(flat);
  std::size_t k = 0;
  while (k + 1 < s.size() && c[k] == 1) ++k;  // first axis with chunk extent > 1 (or the last axis)
  std::size_t stride = 1;
  for (std::size_t i = k + 1; i < s.size(); ++i) stride *= s[i];
  const std::size_t block_end_k = std::min(s[k], (m[k] / c[k] + 1) * c[k]);
  std::size_t prefix = 0;
  for (std::size_t i = 0; i < k; ++i) prefix = prefix * s[i] + m[i];
  return (prefix * s[k] + block_end_k) * stride;
}

void ResultsStore::write_points(std::size_t first, std::size_t count, const std::map<std::string, BufferView>& values,
                                std::span<const std::int8_t> statuses) {
  h5::QuietErrors quiet;
  auto& I = *impl_;
  if (!I.writable) throw std::logic_error("write_points: '" + I.path + "' is open read-only");
  if (count == 0) return;
  if (first + count > I.points() || first + count < first)
    throw std::invalid_argument("write_points: points " + std::to_string(first) + ".." +
                                std::to_string(first + count - 1) + " outside the grid of " +
                                std::to_string(I.points()));
  if (statuses.size() != count) throw std::invalid_argument("write_points: need one status per point");
  for (auto s : statuses)
    if (s <= 0) throw std::invalid_argument("write_points: status must be >= 1 (0 means not computed)");
  if (values.size() != I.variables.size())
    throw std::invalid_argument("write_points: need a buffer for each of the " + std::to_string(I.variables.size()) +
                                " variables, got " + std::to_string(values.size()));
  for (const auto& v : I.variables) {
    auto it = values.find(v.name);
    if (it == values.end()) throw std::invalid_argument("write_points: no buffer for '" + v.name + "'");
    if (it->second.index() != buffer_index(v.type))
      throw std::invalid_argument("write_points: buffer for '" + v.name + "' is not " + element_type_name(v.type));
    const std::size_t size = std::visit([](const auto& s) { return s.size(); }, it->second);
    if (size != count * v.values_per_point())
      throw std::invalid_argument("write_points: buffer for '" + v.name + "' has " + std::to_string(size) +
                                  " values, expected " + std::to_string(count * v.values_per_point()));
  }
  // 1. Data of every variable, then make it durable against a process crash.
  for (const auto& v : I.variables) {
    const auto& buf = values.at(v.name);
    const void* data = std::visit([](const auto& s) { return static_cast<const void*>(s.data()); }, buf);
    const hsize_t n = count * v.values_per_point();
    h5::Dataspace mem(H5Screate_simple(1, &n, nullptr), "memory space");
    const hid_t ds = I.datasets.at(v.name);
    h5::Dataspace fsp = I.select_run(ds, first, count, v.trailing.size());
    h5::check(H5Dwrite(ds, memory_type(v.type), mem, fsp, H5P_DEFAULT, data), "write " + v.name);
  }
  h5::check(H5Fflush(I.file, H5F_SCOPE_LOCAL), "flush data of '" + I.path + "'");
  // 2. Only now the statuses that declare those points finished.
  const hsize_t n = count;
  h5::Dataspace mem(H5Screate_simple(1, &n, nullptr), "memory space");
  h5::Dataspace fsp = I.select_run(I.status, first, count, 0);
  h5::check(H5Dwrite(I.status, H5T_NATIVE_INT8, mem, fsp, H5P_DEFAULT, statuses.data()), "write status");
  h5::check(H5Fflush(I.file, H5F_SCOPE_LOCAL), "flush status of '" + I.path + "'");
}

std::vector<std::int8_t> ResultsStore::read_status() const {
  h5::QuietErrors quiet;
  std::vector<std::int8_t> s(impl_->points());
  read_or_damaged(impl_->path, "status", impl_->status, H5T_NATIVE_INT8, H5S_ALL, H5S_ALL, s.data());
  // A code no writer produces means the bytes changed after they were written: refuse the file
  // rather than resume or report from it.
  for (std::size_t i = 0; i < s.size(); ++i)
    if (s[i] < point_status::not_computed || s[i] > point_status::internal_error)
      throw InputError("file", "'" + impl_->path + "' is damaged: status of point " + std::to_string(i) +
                                   " holds " + std::to_string(int{s[i]}) + ", not a status code");
  return s;
}

std::vector<std::int8_t> ResultsStore::read_status(const Hyperslab& box) const {
  h5::QuietErrors quiet;
  std::size_t n = 0;
  h5::Dataspace fsp = impl_->select_box(impl_->status, box, n);
  std::vector<std::int8_t> s(n);
  const hsize_t hn = n;
  h5::Dataspace mem(H5Screate_simple(1, &hn, nullptr), "memory space");
  read_or_damaged(impl_->path, "status", impl_->status, H5T_NATIVE_INT8, mem, fsp, s.data());
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
  h5::Group root(H5Gopen2(impl_->file, "/", H5P_DEFAULT), "open /");
  return read_all_attributes(root);
}

VariableInfo ResultsStore::variable_info(const std::string& name) const {
  h5::QuietErrors quiet;
  VariableInfo info;
  info.definition = impl_->variable(name);
  const hid_t ds = impl_->datasets.at(name);
  for (const auto& a : impl_->axes) info.dims.push_back(a.name);
  info.shape = impl_->shape;
  info.chunks = impl_->grid_chunk;
  for (const auto& d : info.definition.trailing) {
    info.dims.push_back(d.name);
    info.shape.push_back(d.size);
    info.chunks.push_back(d.size);
  }
  info.attributes = read_all_attributes(ds);
  return info;
}

std::vector<double> ResultsStore::read(const std::string& variable) const {
  h5::QuietErrors quiet;
  impl_->variable(variable);
  try {
    return read_all_double(impl_->datasets.at(variable));
  } catch (const h5::Error& e) {
    throw InputError("file", damage_description(impl_->path, e) + " (reading variable '" + variable + "')");
  }
}

std::vector<double> ResultsStore::read(const std::string& variable, const Hyperslab& box) const {
  h5::QuietErrors quiet;
  impl_->variable(variable);
  const hid_t ds = impl_->datasets.at(variable);
  std::size_t n = 0;
  h5::Dataspace fsp = impl_->select_box(ds, box, n);
  std::vector<double> out(n);
  const hsize_t hn = n;
  h5::Dataspace mem(H5Screate_simple(1, &hn, nullptr), "memory space");
  read_or_damaged(impl_->path, "variable '" + variable + "'", ds, H5T_NATIVE_DOUBLE, mem, fsp, out.data());
  return out;
}

bool ResultsStore::finalized() const {
  h5::QuietErrors quiet;
  h5::Group root(H5Gopen2(impl_->file, "/", H5P_DEFAULT), "open /");
  return str_attr(root, "chaoskit_storage").rfind("deflate", 0) == 0;
}

void ResultsStore::finalize(int deflate_level) {
  auto& I = *impl_;
  if (!I.writable) throw std::logic_error("finalize: '" + I.path + "' is open read-only");
  if (finalized()) return;
  const std::size_t done = done_count();
  if (done != I.points())
    throw std::logic_error("finalize: " + std::to_string(I.points() - done) + " of " + std::to_string(I.points()) +
                           " points of '" + I.path + "' are not computed yet");
  h5::QuietErrors quiet;
  Attributes provenance;
  for (auto& [k, v] : root_attributes())
    if (k.rfind("chaoskit_", 0) != 0) provenance.emplace(k, std::move(v));
  const fs::path p(I.path);
  const fs::path parent = p.has_parent_path() ? p.parent_path() : fs::path(".");
  const std::string tmp = (parent / ("." + p.filename().string() + ".final-" + std::to_string(::getpid()))).string();
  std::error_code ec;
  fs::remove(tmp, ec);
  try {
    build_file(tmp, I.path, I.axes, I.variables, provenance, CreateOptions{}, std::clamp(deflate_level, 1, 9),
               &I.grid_chunk);
    auto dst = load_unchecked(tmp, true);
    // Copy chunk by chunk (memory bounded by one chunk run per variable).
    std::vector<unsigned char> buf;
    auto copy = [&](hid_t from, hid_t to, hid_t mtype, std::size_t values_per_point, std::size_t trailing_rank,
                    std::size_t first, std::size_t count) {
      const hsize_t n = count * values_per_point;
      buf.resize(n * H5Tget_size(mtype));
      h5::Dataspace mem(H5Screate_simple(1, &n, nullptr), "memory space");
      h5::Dataspace src = I.select_run(from, first, count, trailing_rank);
      h5::check(H5Dread(from, mtype, mem, src, H5P_DEFAULT, buf.data()), "read for finalize");
      h5::Dataspace dsp = dst->select_run(to, first, count, trailing_rank);
      h5::check(H5Dwrite(to, mtype, mem, dsp, H5P_DEFAULT, buf.data()), "write for finalize");
    };
    for (std::size_t first = 0; first < I.points();) {
      const std::size_t end = chunk_end(first);
      for (const auto& v : I.variables)
        copy(I.datasets.at(v.name), dst->datasets.at(v.name), memory_type(v.type), v.values_per_point(),
             v.trailing.size(), first, end - first);
      copy(I.status, dst->status, H5T_NATIVE_INT8, 1, 0, first, end - first);
      first = end;
    }
    h5::check(H5Fflush(dst->file, H5F_SCOPE_LOCAL), "flush " + tmp);
    dst->datasets.clear();
    dst->status.reset();
    dst->file.close("close " + tmp);
    close();
    fs::rename(tmp, p);
  } catch (const h5::Error& e) {
    // Only the copy failed (typically: no space left for it); the file itself is untouched.
    fs::remove(tmp, ec);
    throw std::runtime_error(e.innermost().empty() ? std::string(e.what()) : e.innermost());
  } catch (...) {
    fs::remove(tmp, ec);
    throw;
  }
  impl_ = load(I.path, true);
}

void ResultsStore::close() {
  if (!impl_ || !impl_->file.valid()) return;
  h5::QuietErrors quiet;
  impl_->datasets.clear();
  impl_->status.reset();
  if (impl_->writable) h5::check(H5Fflush(impl_->file, H5F_SCOPE_LOCAL), "flush '" + impl_->path + "'");
  impl_->file.close("close '" + impl_->path + "'");
}

}  // namespace chaoskit::io
