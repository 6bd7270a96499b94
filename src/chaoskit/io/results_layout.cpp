#include "chaoskit/io/results_layout.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <map>
#include <set>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/core/number_text.hpp"
#include "chaoskit/io/name_list.hpp"

namespace chaoskit::io {

namespace {

std::string describe(const Axis& a) { return "axis '" + a.name + "'"; }

/// Integral fill values must be representable in the variable's type.
void check_fill(const Variable& v, const std::string& field) {
  if (v.type == ElementType::float64) return;
  double lo = 0, hi = 0;
  switch (v.type) {
    case ElementType::int32:
      lo = std::numeric_limits<std::int32_t>::min(), hi = std::numeric_limits<std::int32_t>::max();
      break;
    case ElementType::int8: lo = -128, hi = 127; break;
    case ElementType::uint8: lo = 0, hi = 255; break;
    case ElementType::float64: break;
  }
  if (!(v.fill_value >= lo && v.fill_value <= hi) || std::floor(v.fill_value) != v.fill_value)
    throw InputError(
        field, "fill value " + exact_number_text(v.fill_value) + " is not a " + element_type_name(v.type) + " value");
}

void check_name(const std::string& name, const std::string& field) {
  if (name.empty()) throw InputError(field, "empty name");
  for (char c : name)
    if (c == '/' || c == ',' || c == '.' || static_cast<unsigned char>(c) < 0x20)
      throw InputError(field, "name '" + name + "' contains '/', ',', '.' or a control character");
}

}  // namespace

std::size_t element_size(ElementType t) {
  switch (t) {
    case ElementType::float64: return 8;
    case ElementType::int32: return 4;
    case ElementType::int8:
    case ElementType::uint8: return 1;
  }
  return 1;
}

std::string element_type_name(ElementType t) {
  switch (t) {
    case ElementType::float64: return "float64";
    case ElementType::int32: return "int32";
    case ElementType::int8: return "int8";
    case ElementType::uint8: return "uint8";
  }
  return "?";
}

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

std::size_t Variable::values_per_point() const {
  std::size_t n = 1;
  for (const auto& d : trailing) n *= d.size;
  return n;
}

FillValue fill_value_of(const Variable& v) {
  FillValue fill;
  auto put = [&](auto x) { std::memcpy(fill.bytes, &x, sizeof x); };
  switch (v.type) {
    case ElementType::float64: put(v.fill_value); break;
    case ElementType::int32: put(static_cast<std::int32_t>(v.fill_value)); break;
    case ElementType::int8: put(static_cast<std::int8_t>(v.fill_value)); break;
    case ElementType::uint8: put(static_cast<std::uint8_t>(v.fill_value)); break;
  }
  return fill;
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
    for (double v : axes[i].values) {
      if (!std::isfinite(v)) throw InputError(f + ".values", describe(axes[i]) + " has a non-finite value");
      if (axes[i].integer && (v != std::round(v) || std::fabs(v) > 9.0e15))
        throw InputError(f + ".values",
                         describe(axes[i]) + " is an integer axis but has the value " + exact_number_text(v));
    }
  }
  for (const auto& v : variables) {
    const std::string f = "variables." + v.name;
    check_name(v.name, "variables[].name");
    if (!names.insert(v.name).second) throw InputError(f, "name '" + v.name + "' is used twice (or is 'status')");
    check_fill(v, f + ".fill_value");
    if (!v.flags.values.empty() || !v.flags.meanings.empty()) {
      if (v.type == ElementType::float64) throw InputError(f + ".flags", "flags need an integer variable");
      std::size_t words = 0;
      for (std::size_t k = 0; k < v.flags.meanings.size();) {
        const std::size_t end = std::min(v.flags.meanings.find(' ', k), v.flags.meanings.size());
        words += end > k;
        k = end + 1;
      }
      if (words != v.flags.values.size())
        throw InputError(f + ".flags", std::to_string(v.flags.values.size()) + " flag values but " +
                                           std::to_string(words) + " meanings");
    }
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

void require_same_layout(const std::string& path, const std::vector<Axis>& file_axes,
                         const std::vector<Variable>& file_variables, const std::vector<Axis>& axes,
                         const std::vector<Variable>& variables) {
  const std::string in = " in '" + path + "'";
  if (file_axes.size() != axes.size())
    throw InputError("axes", std::to_string(axes.size()) + " axes requested but the file has " +
                                 std::to_string(file_axes.size()) + in);
  for (std::size_t i = 0; i < axes.size(); ++i) {
    const auto& a = axes[i];
    const auto& b = file_axes[i];
    const std::string fld = "axes[" + std::to_string(i) + "]";
    if (a.name != b.name)
      throw InputError(fld + ".name", "axis " + std::to_string(i) + " is '" + a.name + "' but '" + b.name + "'" + in);
    if (a.values.size() != b.values.size())
      throw InputError(fld + ".values", describe(a) + " has " + std::to_string(a.values.size()) + " values but " +
                                            std::to_string(b.values.size()) + in);
    for (std::size_t k = 0; k < a.values.size(); ++k)
      if (a.values[k] != b.values[k])
        throw InputError(fld + ".values", describe(a) + " value " + std::to_string(k) + " is " +
                                              exact_number_text(a.values[k]) + " but " +
                                              exact_number_text(b.values[k]) + in);
    if (a.units != b.units)
      throw InputError(fld + ".units", describe(a) + " units are '" + a.units + "' but '" + b.units + "'" + in);
    if (a.integer != b.integer)
      throw InputError(fld + ".type", describe(a) + " is " + (a.integer ? "int64" : "float64") + " but " +
                                          (b.integer ? "int64" : "float64") + in);
  }
  for (const auto& v : variables) {
    const std::string fld = "variables." + v.name;
    auto it =
        std::find_if(file_variables.begin(), file_variables.end(), [&](const Variable& x) { return x.name == v.name; });
    if (it == file_variables.end()) throw InputError(fld, "variable '" + v.name + "' is not" + in);
    if (it->type != v.type)
      throw InputError(fld + ".type", "variable '" + v.name + "' is " + element_type_name(v.type) + " but " +
                                          element_type_name(it->type) + in);
    std::vector<std::string> want, have;
    for (const auto& d : v.trailing) want.push_back(d.name + "=" + std::to_string(d.size));
    for (const auto& d : it->trailing) have.push_back(d.name + "=" + std::to_string(d.size));
    if (want != have)
      throw InputError(fld + ".trailing", "variable '" + v.name + "' has trailing dimensions (" + join_names(want) +
                                              ") but (" + join_names(have) + ")" + in);
    if (v.units != it->units)
      throw InputError(fld + ".units",
                       "variable '" + v.name + "' units are '" + v.units + "' but '" + it->units + "'" + in);
    const bool same_fill = (std::isnan(v.fill_value) && std::isnan(it->fill_value)) || v.fill_value == it->fill_value;
    if (!same_fill)
      throw InputError(fld + ".fill_value", "variable '" + v.name + "' fill value is " +
                                                exact_number_text(v.fill_value) + " but " +
                                                exact_number_text(it->fill_value) + in);
  }
  for (const auto& v : file_variables)
    if (std::none_of(variables.begin(), variables.end(), [&](const Variable& x) { return x.name == v.name; }))
      throw InputError("variables." + v.name, "the file has variable '" + v.name + "' which was not requested" + in);
}

}  // namespace chaoskit::io
