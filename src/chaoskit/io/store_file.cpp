#include "chaoskit/io/store_file.hpp"

#include <algorithm>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/io/file_open.hpp"
#include "chaoskit/io/h5_attributes.hpp"
#include "chaoskit/io/name_list.hpp"

namespace chaoskit::io {

namespace {

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

}  // namespace

std::unique_ptr<StoreFile> load_store_file(const std::string& path, bool writable) {
  auto f = std::make_unique<StoreFile>();
  f->path = path;
  f->writable = writable;
  f->file = open_existing(path, writable);
  h5::Group root(H5Gopen2(f->file, "/", H5P_DEFAULT), "open /");
  if (h5::string_attribute_or_empty(root, "chaoskit_format") != kResultsFormat)
    throw InputError("file",
                     "'" + path + "' is not a chaoskit results file (no chaoskit_format = " + kResultsFormat + ")");
  std::vector<std::size_t> shape, chunk;
  for (const auto& name : split_names(h5::string_attribute_or_empty(root, "chaoskit_axes"))) {
    h5::Dataset ds(H5Dopen2(f->file, name.c_str(), H5P_DEFAULT), "open axis " + name);
    h5::Datatype type(H5Dget_type(ds), "type of axis " + name);
    Axis a{name, read_whole_as_double(ds), h5::string_attribute_or_empty(ds, "units"),
           h5::string_attribute_or_empty(ds, "long_name"), H5Tget_class(type) == H5T_INTEGER};
    shape.push_back(a.values.size());
    f->axes.push_back(std::move(a));
  }
  for (const auto& name : split_names(h5::string_attribute_or_empty(root, "chaoskit_variables"))) {
    h5::Dataset ds(H5Dopen2(f->file, name.c_str(), H5P_DEFAULT), "open variable " + name);
    Variable v;
    v.name = name;
    v.type = type_of(ds, name);
    v.units = h5::string_attribute_or_empty(ds, "units");
    v.long_name = h5::string_attribute_or_empty(ds, "long_name");
    if (h5::has_attribute(ds, "_FillValue")) {
      h5::Attribute a(H5Aopen(ds, "_FillValue", H5P_DEFAULT), "open _FillValue");
      h5::check(H5Aread(a, H5T_NATIVE_DOUBLE, &v.fill_value), "read _FillValue");
    }
    if (h5::has_attribute(ds, "flag_values")) {  // an enumerated variable's CF flags (the compressed copy keeps them)
      h5::Attribute a(H5Aopen(ds, "flag_values", H5P_DEFAULT), "open flag_values");
      h5::Dataspace space(H5Aget_space(a), "space of flag_values");
      v.flags.values.resize(static_cast<std::size_t>(std::max<hssize_t>(0, H5Sget_simple_extent_npoints(space))));
      if (!v.flags.values.empty()) h5::check(H5Aread(a, H5T_NATIVE_LLONG, v.flags.values.data()), "read flag_values");
      v.flags.meanings = h5::string_attribute_or_empty(ds, "flag_meanings");
    }
    const auto dims = split_names(h5::string_attribute_or_empty(ds, "chaoskit_dims"));
    h5::Dataspace s(H5Dget_space(ds), "dataspace of " + name);
    const int rank = H5Sget_simple_extent_ndims(s);
    if (rank < 0 || static_cast<std::size_t>(rank) != dims.size() || dims.size() < f->axes.size())
      throw InputError("file", "variable '" + name + "' has a damaged dimension list");
    std::vector<hsize_t> ext(dims.size());
    H5Sget_simple_extent_dims(s, ext.data(), nullptr);
    for (std::size_t k = f->axes.size(); k < dims.size(); ++k)
      v.trailing.push_back({dims[k], static_cast<std::size_t>(ext[k])});
    if (chunk.empty()) {
      h5::PropList dcpl(H5Dget_create_plist(ds), "creation properties of " + name);
      std::vector<hsize_t> c(dims.size());
      if (H5Pget_chunk(dcpl, static_cast<int>(c.size()), c.data()) == static_cast<int>(c.size()))
        chunk.assign(c.begin(), c.begin() + static_cast<std::ptrdiff_t>(f->axes.size()));
    }
    f->variables.push_back(std::move(v));
    f->datasets.emplace(name, std::move(ds));
  }
  f->status = h5::Dataset(H5Dopen2(f->file, "status", H5P_DEFAULT), "open status");
  if (chunk.empty()) chunk = shape;
  if (!GridGeometry::chunks_are_runs(shape, chunk))
    throw InputError("file", "'" + path + "' is damaged: its chunks are not runs of consecutive points");
  f->geometry = GridGeometry(std::move(shape), std::move(chunk));
  return f;
}

std::vector<double> read_whole_as_double(hid_t ds) {
  h5::Dataspace s(H5Dget_space(ds), "dataspace");
  const hssize_t n = h5::check_value(H5Sget_simple_extent_npoints(s), "size");
  std::vector<double> v(static_cast<std::size_t>(n));
  if (n) h5::check(H5Dread(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, v.data()), "read");
  return v;
}

const Variable& StoreFile::variable(const std::string& name) const {
  for (const auto& v : variables)
    if (v.name == name) return v;
  std::vector<std::string> names;
  for (const auto& v : variables) names.push_back(v.name);
  throw InputError("variable", "no variable '" + name + "' in '" + path + "' (have: " + join_names(names) + ")");
}

std::vector<std::string> StoreFile::axis_names() const {
  std::vector<std::string> names;
  for (const auto& a : axes) names.push_back(a.name);
  return names;
}

void StoreFile::close() {
  if (!file.valid()) return;
  datasets.clear();
  status.reset();
  if (writable) h5::check(H5Fflush(file, H5F_SCOPE_LOCAL), "flush '" + path + "'");
  file.close("close '" + path + "'");
}

std::unique_ptr<StoreFile> open_store_file(const std::string& path, bool writable) {
  // Any HDF5 failure while reading the structure means the file is damaged: the caller's input.
  return diagnosing_damage(path, [&] { return load_store_file(path, writable); });
}

}  // namespace chaoskit::io
