#include "chaoskit/io/store_build.hpp"

#include <hdf5.h>

#include <algorithm>
#include <map>

#include "chaoskit/core/point_status.hpp"
#include "chaoskit/io/h5_attributes.hpp"
#include "chaoskit/io/name_list.hpp"
#include "chaoskit/io/netcdf_layout.hpp"
#include "chaoskit/io/store_file.hpp"

namespace chaoskit::io {

namespace {

void write_root_attributes(hid_t file, const Attributes& provenance, const std::vector<Axis>& axes,
                           const std::vector<Variable>& variables, const StoreStorage& storage) {
  Attributes all = software_provenance();
  for (const auto& [k, v] : provenance) all[k] = v;
  std::vector<std::string> an, vn;
  for (const auto& a : axes) an.push_back(a.name);
  for (const auto& v : variables) vn.push_back(v.name);
  all["chaoskit_format"] = std::string(kResultsFormat);
  all["chaoskit_axes"] = join_names(an);
  all["chaoskit_variables"] = join_names(vn);
  h5::Group root(H5Gopen2(file, "/", H5P_DEFAULT), "open /");
  h5::write_attributes(root, all);
  h5::write_attribute(root, "chaoskit_storage",
                      std::string(storage.compressed ? "deflate (finalized)" : "uncompressed, written in place"));
}

/// Creation properties of a grid variable (or the status, which has no shuffle filter and is
/// filled at allocation in either storage).
h5::PropList grid_dataset_properties(const std::vector<hsize_t>& chunk, const StoreStorage& storage, bool is_status,
                                     const std::string& name) {
  h5::PropList dcpl(H5Pcreate(H5P_DATASET_CREATE), "property list");
  h5::check(H5Pset_chunk(dcpl, static_cast<int>(chunk.size()), chunk.data()), "chunking of " + name);
  if (storage.compressed) {
    if (!is_status) h5::check(H5Pset_shuffle(dcpl), "shuffle filter");
    h5::check(H5Pset_deflate(dcpl, static_cast<unsigned>(std::clamp(storage.deflate_level, 1, 9))), "deflate");
    // A checksum per stored chunk: a finished file that changes on disk later fails to read
    // instead of returning wrong numbers. (The running file is written in place without one.)
    h5::check(H5Pset_fletcher32(dcpl), "fletcher32 checksum");
  } else {
    // Every chunk gets its final place now: later writes change bytes in place, never metadata.
    h5::check(H5Pset_alloc_time(dcpl, H5D_ALLOC_TIME_EARLY),
              is_status ? std::string("status allocation") : "allocation of " + name);
    if (!is_status) h5::check(H5Pset_fill_time(dcpl, H5D_FILL_TIME_ALLOC), "fill of " + name);
  }
  if (is_status) h5::check(H5Pset_fill_time(dcpl, H5D_FILL_TIME_ALLOC), "status fill");
  return dcpl;
}

}  // namespace

std::unique_ptr<StoreFile> build_open_results_file(const std::string& file_path, const std::string& reported_path,
                                                   const std::vector<Axis>& axes,
                                                   const std::vector<Variable>& variables, const Attributes& provenance,
                                                   const GridGeometry& geometry, const StoreStorage& storage) {
  const hid_t id = H5Fcreate(file_path.c_str(), H5F_ACC_EXCL, H5P_DEFAULT, H5P_DEFAULT);
  if (id < 0) throw h5::Error("create " + reported_path, h5::innermost_error());
  auto out = std::make_unique<StoreFile>();
  out->path = file_path;
  out->writable = true;
  out->file = h5::File(id, "create file " + file_path);
  out->axes = axes;
  out->variables = variables;
  out->geometry = geometry;
  const hid_t file = out->file;
  write_root_attributes(file, provenance, axes, variables, storage);

  // Dimensions: the axes' coordinates, then an index per distinct trailing dimension, numbered in
  // the order netCDF-4 readers list them.
  int dimid = 0;
  std::map<std::string, h5::Dataset> scales;
  for (const auto& a : axes)
    scales.emplace(a.name, netcdf::coordinate(file, a.name, a.values, a.units, a.long_name, dimid++, a.integer));
  for (const auto& v : variables)
    for (const auto& d : v.trailing)
      if (!scales.count(d.name))
        scales.emplace(d.name, netcdf::index_dimension(file, d.name, d.size, "index along " + d.name, dimid++));
  auto attach = [&](hid_t ds, const std::vector<std::string>& dims) {
    for (std::size_t k = 0; k < dims.size(); ++k)
      netcdf::attach(ds, scales.at(dims[k]), static_cast<unsigned>(k), dims[k]);
  };

  const std::vector<hsize_t> grid_dims(geometry.shape().begin(), geometry.shape().end());
  const std::vector<hsize_t> grid_chunk(geometry.chunk().begin(), geometry.chunk().end());
  std::vector<std::string> axis_names;
  for (const auto& a : axes) axis_names.push_back(a.name);

  for (const auto& v : variables) {
    std::vector<hsize_t> dims = grid_dims, cdims = grid_chunk;
    std::vector<std::string> dnames = axis_names;
    for (const auto& d : v.trailing) {
      dims.push_back(d.size);
      cdims.push_back(d.size);
      dnames.push_back(d.name);
    }
    h5::PropList dcpl = grid_dataset_properties(cdims, storage, false, v.name);
    h5::check(H5Pset_obj_track_times(dcpl, 0), "object times off");
    const FillValue fill = fill_value_of(v);
    h5::check(H5Pset_fill_value(dcpl, memory_type(v.type), fill.bytes), "fill value of " + v.name);
    h5::Dataset ds = netcdf::create(file, v.name, file_type(v.type), dims, dcpl);
    netcdf::describe(ds, v.units, v.long_name);
    netcdf::describe_flags(ds, file_type(v.type), v.flags);
    h5::write_attribute_raw(ds, "_FillValue", file_type(v.type), memory_type(v.type), fill.bytes);
    h5::write_attribute(ds, "chaoskit_dims", join_names(dnames));
    attach(ds, dnames);
    out->datasets.emplace(v.name, std::move(ds));
  }

  h5::PropList dcpl = grid_dataset_properties(grid_chunk, storage, true, "status");
  const std::int8_t not_computed = point_status::not_computed;
  h5::check(H5Pset_fill_value(dcpl, H5T_NATIVE_INT8, &not_computed), "status fill value");
  h5::check(H5Pset_obj_track_times(dcpl, 0), "object times off");
  h5::Dataset status = netcdf::create(file, "status", H5T_STD_I8LE, grid_dims, dcpl);
  netcdf::describe(status, "1", "point status");
  netcdf::describe_status_codes(status);
  h5::write_attribute(status, "chaoskit_dims", join_names(axis_names));
  attach(status, axis_names);
  out->status = std::move(status);
  return out;
}

void build_results_file(const std::string& file_path, const std::string& reported_path, const std::vector<Axis>& axes,
                        const std::vector<Variable>& variables, const Attributes& provenance,
                        const GridGeometry& geometry, const StoreStorage& storage) {
  auto f = build_open_results_file(file_path, reported_path, axes, variables, provenance, geometry, storage);
  f->datasets.clear();
  f->status.reset();
  h5::check(H5Fflush(f->file, H5F_SCOPE_GLOBAL), "flush " + file_path);
  f->file.close("close " + file_path);
}

}  // namespace chaoskit::io
