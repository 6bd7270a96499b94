#pragma once
// Attributes of HDF5 objects (the root group, datasets): writing them in the types chaoskit's
// files have always used, and reading them back whatever their type.
//
// - Strings are variable-length UTF-8 (h5py and xarray read them as str), except in trajectory
//   files, which have carried fixed-length, null-terminated ASCII strings since their first
//   version (h5py reads those as bytes; write_ascii_attribute keeps it so for users' scripts).
// - Numbers are scalar float64 or int64; write_attribute_raw writes one value of any type (e.g. a
//   variable's _FillValue in the variable's own type, or netCDF's int32 _Netcdf4Dimid).
// - Writing an attribute that exists replaces it.
#include <hdf5.h>

#include <map>
#include <string>
#include <variant>
#include <vector>

#include "chaoskit/io/h5_handle.hpp"

namespace chaoskit::h5 {

using AttributeValue = std::variant<std::string, double, long long>;
using Attributes = std::map<std::string, AttributeValue>;

/// A variable-length UTF-8 string type (what h5py and xarray read back as str).
Datatype utf8_string_type();

/// Writes (replacing) a scalar attribute: string (variable-length UTF-8), double or int64.
void write_attribute(hid_t obj, const std::string& name, const std::string& value);
void write_attribute(hid_t obj, const std::string& name, double value);
void write_attribute(hid_t obj, const std::string& name, long long value);
/// Every attribute of the map, each in its own type (as the overloads above).
void write_attributes(hid_t obj, const Attributes& attributes);
/// A fixed-length, null-terminated ASCII string attribute (the trajectory files' kind).
void write_ascii_attribute(hid_t obj, const std::string& name, const std::string& value);
/// Writes an attribute holding one value of the memory type `mem_type` stored as `file_type`.
void write_attribute_raw(hid_t obj, const std::string& name, hid_t file_type, hid_t mem_type, const void* value);
/// Writes an attribute holding `values` (a 1-D array) stored as `file_type` (HDF5 converts, e.g.
/// to the int32 of a variable's CF flag_values).
void write_attribute_array(hid_t obj, const std::string& name, hid_t file_type, const std::vector<long long>& values);

bool has_attribute(hid_t obj, const std::string& name);
/// Reads a string attribute (fixed- or variable-length); throws Error if absent or not a string.
std::string read_string_attribute(hid_t obj, const std::string& name);
/// The same, or "" when the object has no such attribute.
std::string string_attribute_or_empty(hid_t obj, const std::string& name);
/// One attribute as a string, an int64 (integers) or a double (floats); a numeric array becomes the
/// text of its values separated by commas, anything else "<unsupported attribute>".
AttributeValue read_attribute(hid_t obj, const std::string& name);
/// Every attribute of the object, by name.
Attributes read_attributes(hid_t obj);

}  // namespace chaoskit::h5
