#include "chaoskit/io/h5_attributes.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

#include "chaoskit/core/number_text.hpp"

namespace chaoskit::h5 {

namespace {

Attribute fresh_attribute(hid_t obj, const std::string& name, hid_t type, hid_t space) {
  if (has_attribute(obj, name)) check(H5Adelete(obj, name.c_str()), "replace attribute " + name);
  return Attribute(H5Acreate2(obj, name.c_str(), type, space, H5P_DEFAULT, H5P_DEFAULT), "create attribute " + name);
}

}  // namespace

Datatype utf8_string_type() {
  Datatype t(H5Tcopy(H5T_C_S1), "copy string type");
  check(H5Tset_size(t, H5T_VARIABLE), "variable-length string type");
  check(H5Tset_cset(t, H5T_CSET_UTF8), "UTF-8 string type");
  return t;
}

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

void write_attributes(hid_t obj, const Attributes& attributes) {
  // Named copy of the key: clang before 16 cannot capture a structured binding in a lambda.
  for (const auto& [k, v] : attributes) {
    const std::string& key = k;
    std::visit([&](const auto& x) { write_attribute(obj, key, x); }, v);
  }
}

void write_ascii_attribute(hid_t obj, const std::string& name, const std::string& value) {
  Datatype t(H5Tcopy(H5T_C_S1), "copy string type");
  check(H5Tset_size(t, value.size() + 1), "string type of attribute " + name);  // with the terminating null
  check(H5Tset_strpad(t, H5T_STR_NULLTERM), "string type of attribute " + name);
  Dataspace s(H5Screate(H5S_SCALAR), "scalar dataspace");
  Attribute a = fresh_attribute(obj, name, t, s);
  check(H5Awrite(a, t, value.c_str()), "write attribute " + name);
}

void write_attribute_raw(hid_t obj, const std::string& name, hid_t file_type, hid_t mem_type, const void* value) {
  Dataspace s(H5Screate(H5S_SCALAR), "scalar dataspace");
  Attribute a = fresh_attribute(obj, name, file_type, s);
  check(H5Awrite(a, mem_type, value), "write attribute " + name);
}

void write_attribute_array(hid_t obj, const std::string& name, hid_t file_type, const std::vector<long long>& values) {
  const hsize_t n = values.size();
  Dataspace s(H5Screate_simple(1, &n, nullptr), "dataspace of attribute " + name);
  Attribute a = fresh_attribute(obj, name, file_type, s);
  check(H5Awrite(a, H5T_NATIVE_LLONG, values.data()), "write attribute " + name);
}

bool has_attribute(hid_t obj, const std::string& name) {
  return check_value(H5Aexists(obj, name.c_str()), "look up attribute " + name) > 0;
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

std::string string_attribute_or_empty(hid_t obj, const std::string& name) {
  return has_attribute(obj, name) ? read_string_attribute(obj, name) : std::string();
}

AttributeValue read_attribute(hid_t obj, const std::string& name) {
  Attribute a(H5Aopen(obj, name.c_str(), H5P_DEFAULT), "open attribute " + name);
  Datatype t(H5Aget_type(a), "type of attribute " + name);
  Dataspace s(H5Aget_space(a), "space of attribute " + name);
  const H5T_class_t cls = H5Tget_class(t);
  if (cls == H5T_STRING) return read_string_attribute(obj, name);
  const hssize_t n = H5Sget_simple_extent_npoints(s);
  if (n != 1) {
    if (cls == H5T_INTEGER || cls == H5T_FLOAT) {
      std::vector<double> v(static_cast<std::size_t>(std::max<hssize_t>(n, 0)));
      if (n > 0) check(H5Aread(a, H5T_NATIVE_DOUBLE, v.data()), "read attribute " + name);
      std::string out;
      for (std::size_t i = 0; i < v.size(); ++i) out += (i ? "," : "") + exact_number_text(v[i]);
      return out;
    }
    return std::string("<unsupported attribute>");
  }
  if (cls == H5T_INTEGER) {
    long long x = 0;
    check(H5Aread(a, H5T_NATIVE_LLONG, &x), "read attribute " + name);
    return x;
  }
  if (cls == H5T_FLOAT) {
    double x = 0;
    check(H5Aread(a, H5T_NATIVE_DOUBLE, &x), "read attribute " + name);
    return x;
  }
  return std::string("<unsupported attribute>");
}

Attributes read_attributes(hid_t obj) {
  Attributes out;
  H5O_info_t info;
  check(H5Oget_info2(obj, &info, H5O_INFO_NUM_ATTRS), "object info");
  for (hsize_t i = 0; i < info.num_attrs; ++i) {
    Attribute a(H5Aopen_by_idx(obj, ".", H5_INDEX_NAME, H5_ITER_INC, i, H5P_DEFAULT, H5P_DEFAULT), "open attribute");
    const ssize_t len = H5Aget_name(a, 0, nullptr);
    std::string name(static_cast<std::size_t>(std::max<ssize_t>(len, 0)) + 1, '\0');
    H5Aget_name(a, name.size(), name.data());
    name.resize(std::strlen(name.c_str()));
    a.reset();
    out[name] = read_attribute(obj, name);
  }
  return out;
}

}  // namespace chaoskit::h5
