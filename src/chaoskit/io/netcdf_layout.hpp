#pragma once
// The netCDF-4 conventions of chaoskit's files, on HDF5's C API, so that xarray (engine h5netcdf),
// h5py and h5dump read them as labelled arrays: every dimension is a 1-D dataset registered as an
// HDF5 dimension scale (with netCDF-4's `_Netcdf4Dimid`, its order in the file, where the file's
// format has it), every dataset has CF `units` and `long_name`, and each dataset's dimensions are
// attached to it in order. h5netcdf refuses an axis without an attached scale, hence attach().
//
// Datasets are created without HDF5's object timestamps, so that the same values give the same
// bytes. Used by the results store (store_build.cpp), section files and trajectory files.
#include <hdf5.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "chaoskit/io/h5_handle.hpp"
#include "chaoskit/io/results_layout.hpp"

namespace chaoskit::io::netcdf {

/// How a file writes its text attributes (h5_attributes.hpp): variable-length UTF-8, or the
/// fixed-length ASCII strings of trajectory files.
enum class Text { utf8, ascii };

/// Dataset creation properties with object timestamps off; callers add chunking and filters.
h5::PropList creation_properties();

/// Creates dataset `name` of file type `file_type` and extent `dims` with the creation properties `dcpl`.
h5::Dataset create(hid_t file, const std::string& name, hid_t file_type, const std::vector<hsize_t>& dims, hid_t dcpl);

/// Creates a contiguous dataset and writes all of `data` (memory type `mem_type`; nothing for an empty extent).
h5::Dataset create_with_data(hid_t file, const std::string& name, hid_t file_type, hid_t mem_type,
                             const std::vector<hsize_t>& dims, const void* data);

/// Writes the CF attributes `units` and `long_name`.
void describe(hid_t ds, const std::string& units, const std::string& long_name, Text text = Text::utf8);

/// Writes `_Netcdf4Dimid` (int32): the dimension's position among the file's dimensions.
void set_dimension_id(hid_t ds, int dimid);

/// Registers `ds` as the dimension scale `name`.
void make_scale(hid_t ds, const std::string& name);

/// A coordinate: a 1-D dataset of `values` (float64, or int64 for `integer` coordinates, whole
/// numbers) with units and long_name, _Netcdf4Dimid `dimid`, registered as the scale `name`.
h5::Dataset coordinate(hid_t file, const std::string& name, const std::vector<double>& values, const std::string& units,
                       const std::string& long_name, int dimid, bool integer = false);

/// A dimension without coordinates: int32 0..n−1, units "1", with _Netcdf4Dimid `dimid`,
/// registered as the scale `name`.
h5::Dataset index_dimension(hid_t file, const std::string& name, std::size_t n, const std::string& long_name,
                            int dimid);

/// Attaches `scale` to dimension `dim` of `ds`.
void attach(hid_t ds, hid_t scale, unsigned dim, const std::string& scale_name);

/// The CF `flag_meanings` of a status variable (core/point_status.hpp).
void describe_status_codes(hid_t ds);

/// The CF flags of an enumerated variable stored as `file_type`: flag_values (in that type) and
/// flag_meanings. Nothing for empty flags.
void describe_flags(hid_t ds, hid_t file_type, const Flags& flags);

// ---- reading back ------------------------------------------------------------------------------

bool has_dataset(hid_t file, const std::string& name);
/// Every value of dataset `name`, row-major, converted to T (double, std::int32_t or std::int8_t).
template <class T>
std::vector<T> read_values(hid_t file, const std::string& name);

}  // namespace chaoskit::io::netcdf
