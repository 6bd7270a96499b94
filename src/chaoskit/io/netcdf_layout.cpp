#include "chaoskit/io/netcdf_layout.hpp"

#include <hdf5_hl.h>

#include <cstdint>
#include <type_traits>

#include "chaoskit/core/point_status.hpp"
#include "chaoskit/io/h5_attributes.hpp"

namespace chaoskit::io::netcdf {

h5::PropList creation_properties() {
  h5::PropList dcpl(H5Pcreate(H5P_DATASET_CREATE), "property list");
  h5::check(H5Pset_obj_track_times(dcpl, 0), "object times off");
  return dcpl;
}

h5::Dataset create(hid_t file, const std::string& name, hid_t file_type, const std::vector<hsize_t>& dims, hid_t dcpl) {
  h5::Dataspace space(H5Screate_simple(static_cast<int>(dims.size()), dims.data(), nullptr), "dataspace of " + name);
  return h5::Dataset(H5Dcreate2(file, name.c_str(), file_type, space, H5P_DEFAULT, dcpl, H5P_DEFAULT),
                     "create " + name);
}

h5::Dataset create_with_data(hid_t file, const std::string& name, hid_t file_type, hid_t mem_type,
                             const std::vector<hsize_t>& dims, const void* data) {
  h5::Dataset ds = create(file, name, file_type, dims, creation_properties());
  hsize_t n = 1;
  for (hsize_t d : dims) n *= d;
  if (n > 0) h5::check(H5Dwrite(ds, mem_type, H5S_ALL, H5S_ALL, H5P_DEFAULT, data), "write " + name);
  return ds;
}

void describe(hid_t ds, const std::string& units, const std::string& long_name, Text text) {
  if (text == Text::ascii) {
    h5::write_ascii_attribute(ds, "units", units);
    h5::write_ascii_attribute(ds, "long_name", long_name);
  } else {
    h5::write_attribute(ds, "units", units);
    h5::write_attribute(ds, "long_name", long_name);
  }
}

void set_dimension_id(hid_t ds, int dimid) {
  h5::write_attribute_raw(ds, "_Netcdf4Dimid", H5T_STD_I32LE, H5T_NATIVE_INT, &dimid);
}

void make_scale(hid_t ds, const std::string& name) {
  h5::check(H5DSset_scale(ds, name.c_str()), "make " + name + " a dimension scale");
}

h5::Dataset coordinate(hid_t file, const std::string& name, const std::vector<double>& values, const std::string& units,
                       const std::string& long_name, int dimid, bool integer) {
  std::vector<std::int64_t> whole;
  if (integer)
    for (double v : values) whole.push_back(static_cast<std::int64_t>(v));  // validate_layout: whole numbers
  h5::Dataset ds =
      integer ? create_with_data(file, name, H5T_STD_I64LE, H5T_NATIVE_INT64, {values.size()}, whole.data())
              : create_with_data(file, name, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, {values.size()}, values.data());
  describe(ds, units, long_name);
  set_dimension_id(ds, dimid);
  make_scale(ds, name);
  return ds;
}

h5::Dataset index_dimension(hid_t file, const std::string& name, std::size_t n, const std::string& long_name,
                            int dimid) {
  std::vector<std::int32_t> index(n);
  for (std::size_t i = 0; i < n; ++i) index[i] = static_cast<std::int32_t>(i);
  h5::Dataset ds = create_with_data(file, name, H5T_STD_I32LE, H5T_NATIVE_INT32, {n}, index.data());
  describe(ds, "1", long_name);
  set_dimension_id(ds, dimid);
  make_scale(ds, name);
  return ds;
}

void attach(hid_t ds, hid_t scale, unsigned dim, const std::string& scale_name) {
  h5::check(H5DSattach_scale(ds, scale, dim), "attach scale " + scale_name);
}

void describe_status_codes(hid_t ds) { h5::write_attribute(ds, "flag_meanings", point_status_flag_meanings()); }

void describe_flags(hid_t ds, hid_t file_type, const Flags& flags) {
  if (flags.values.empty()) return;
  h5::write_attribute_array(ds, "flag_values", file_type, flags.values);
  h5::write_attribute(ds, "flag_meanings", flags.meanings);
}

bool has_dataset(hid_t file, const std::string& name) {
  return h5::check_value(H5Lexists(file, name.c_str(), H5P_DEFAULT), "look up " + name) > 0;
}

namespace {

template <class T>
hid_t memory_type_of() {
  if constexpr (std::is_same_v<T, double>) return H5T_NATIVE_DOUBLE;
  if constexpr (std::is_same_v<T, std::int32_t>) return H5T_NATIVE_INT32;
  if constexpr (std::is_same_v<T, std::int8_t>) return H5T_NATIVE_INT8;
}

}  // namespace

template <class T>
std::vector<T> read_values(hid_t file, const std::string& name) {
  h5::Dataset ds(H5Dopen2(file, name.c_str(), H5P_DEFAULT), "open " + name);
  h5::Dataspace space(H5Dget_space(ds), "dataspace of " + name);
  const hssize_t n = h5::check_value(H5Sget_simple_extent_npoints(space), "size of " + name);
  std::vector<T> values(static_cast<std::size_t>(n));
  if (n > 0) h5::check(H5Dread(ds, memory_type_of<T>(), H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()), "read " + name);
  return values;
}

template std::vector<double> read_values<double>(hid_t, const std::string&);
template std::vector<std::int32_t> read_values<std::int32_t>(hid_t, const std::string&);
template std::vector<std::int8_t> read_values<std::int8_t>(hid_t, const std::string&);

}  // namespace chaoskit::io::netcdf
