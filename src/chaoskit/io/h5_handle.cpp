#include "chaoskit/io/h5_handle.hpp"

#include <vector>

namespace chaoskit::h5 {

namespace {

herr_t take_first(unsigned n, const H5E_error2_t* err, void* client) {
  // Walking upward, entry 0 is where the error was detected: the most specific description.
  if (n == 0 && err != nullptr && err->desc != nullptr) *static_cast<std::string*>(client) = err->desc;
  return 0;
}

/// HDF5's description of a failed system call spans lines and carries the time, the buffer
/// address and the byte counts; users need the operation and the system's reason, on one line:
/// "file write failed: time = ..., errno = 28, error message = 'No space left on device', ..."
/// becomes "file write failed: No space left on device".
std::string one_line(std::string desc) {
  const std::string key = "error message = '";
  const auto at = desc.find(key);
  const auto colon = desc.find(':');
  if (at != std::string::npos && colon != std::string::npos && colon < at) {
    const auto end = desc.find('\'', at + key.size());
    if (end != std::string::npos) desc = desc.substr(0, colon + 1) + " " + desc.substr(at + key.size(), end - at - key.size());
  }
  for (char& c : desc)
    if (c == '\n' || c == '\r') c = ' ';
  return desc;
}

// HDF5 closes every open file in an exit handler; a file whose close failed (say the disk filled up
// while it was written) stays open and makes that handler print "infinite loop closing library".
// chaoskit closes its files itself (RAII handles, also when unwinding from an error), so the
// handler has nothing to add but that noise after an error already reported on one line.
const bool no_hdf5_exit_handler = [] {
  H5dont_atexit();
  return true;
}();

}  // namespace

std::string innermost_error() {
  std::string desc;
  H5Ewalk2(H5E_DEFAULT, H5E_WALK_UPWARD, take_first, &desc);
  return one_line(desc);
}

herr_t check(herr_t status, const std::string& what) {
  if (status < 0) throw Error(what, innermost_error());
  return status;
}

QuietErrors::QuietErrors() {
  H5Eget_auto2(H5E_DEFAULT, &func_, &data_);
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
}

QuietErrors::~QuietErrors() { H5Eset_auto2(H5E_DEFAULT, func_, data_); }

Datatype utf8_string_type() {
  Datatype t(H5Tcopy(H5T_C_S1), "copy string type");
  check(H5Tset_size(t, H5T_VARIABLE), "variable-length string type");
  check(H5Tset_cset(t, H5T_CSET_UTF8), "UTF-8 string type");
  return t;
}

bool has_attribute(hid_t obj, const std::string& name) {
  return check_value(H5Aexists(obj, name.c_str()), "look up attribute " + name) > 0;
}

namespace {

Attribute fresh_attribute(hid_t obj, const std::string& name, hid_t type, hid_t space) {
  if (has_attribute(obj, name)) check(H5Adelete(obj, name.c_str()), "replace attribute " + name);
  return Attribute(H5Acreate2(obj, name.c_str(), type, space, H5P_DEFAULT, H5P_DEFAULT), "create attribute " + name);
}

}  // namespace

void write_attribute(hid_t obj, const std::string& name, const std::string& value) {
  Datatype t = utf8_string_type();
  Dataspace s(H5Screate(H5S_SCALAR), "scalar dataspace");
  Attribute a = fresh_attribute(obj, name, t, s);
  const char* p = value.c_str();
  check(H5Awrite(a, t, &p), "write attribute " + name);
}

void write_attribute(hid_t obj, const std::string& name, double value) {
  write_attribute_raw(obj, name, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, &value);
}

void write_attribute(hid_t obj, const std::string& name, long long value) {
  write_attribute_raw(obj, name, H5T_STD_I64LE, H5T_NATIVE_LLONG, &value);
}

void write_attribute_raw(hid_t obj, const std::string& name, hid_t file_type, hid_t mem_type, const void* value) {
  Dataspace s(H5Screate(H5S_SCALAR), "scalar dataspace");
  Attribute a = fresh_attribute(obj, name, file_type, s);
  check(H5Awrite(a, mem_type, value), "write attribute " + name);
}

std::string read_string_attribute(hid_t obj, const std::string& name) {
  Attribute a(H5Aopen(obj, name.c_str(), H5P_DEFAULT), "open attribute " + name);
  Datatype t(H5Aget_type(a), "type of attribute " + name);
  if (H5Tget_class(t) != H5T_STRING) throw Error("read attribute " + name + " as a string", "not a string");
  if (check_value(H5Tis_variable_str(t), "inspect attribute " + name) > 0) {
    Datatype mt = utf8_string_type();
    char* p = nullptr;
    check(H5Aread(a, mt, &p), "read attribute " + name);
    std::string s = p ? p : "";
    H5free_memory(p);
    return s;
  }
  const std::size_t n = H5Tget_size(t);
  std::vector<char> buf(n + 1, '\0');
  Datatype mt(H5Tcopy(t), "copy type of attribute " + name);
  check(H5Aread(a, mt, buf.data()), "read attribute " + name);
  return std::string(buf.data());
}

}  // namespace chaoskit::h5
