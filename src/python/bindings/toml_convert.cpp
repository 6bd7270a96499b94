#include "toml_convert.hpp"

#include <sstream>

#include <pybind11/numpy.h>

namespace py = pybind11;

namespace chaoskit::python {

namespace {

std::string join(const std::string& where, const std::string& key) { return where.empty() ? key : where + "." + key; }

toml::array to_toml_array(const py::handle& seq, const std::string& where);

/// Appends (array) or inserts (table) one converted value through `put`.
template <class Put>
void convert(const py::handle& v, const std::string& where, Put&& put) {
  // bool before int: Python's bool is an int.
  if (py::isinstance<py::bool_>(v) || py::isinstance(v, py::module_::import("numpy").attr("bool_"))) {
    put(toml::value<bool>(v.cast<bool>()));
  } else if (py::isinstance<py::int_>(v) || py::isinstance(v, py::module_::import("numpy").attr("integer"))) {
    put(toml::value<int64_t>(v.cast<int64_t>()));
  } else if (py::isinstance<py::float_>(v) || py::isinstance(v, py::module_::import("numpy").attr("floating"))) {
    put(toml::value<double>(v.cast<double>()));
  } else if (py::isinstance<py::str>(v)) {
    put(toml::value<std::string>(v.cast<std::string>()));
  } else if (py::isinstance<py::dict>(v)) {
    put(to_toml_table(v.cast<py::dict>(), where));
  } else if (py::isinstance<py::list>(v) || py::isinstance<py::tuple>(v) || py::isinstance<py::array>(v)) {
    put(to_toml_array(v, where));
  } else {
    throw py::value_error(where + ": " + py::str(py::type::of(v)).cast<std::string>() +
                          " cannot be written to a job (use numbers, strings, booleans, lists and dicts)");
  }
}

toml::array to_toml_array(const py::handle& seq, const std::string& where) {
  toml::array out;
  std::size_t i = 0;
  for (const py::handle item : py::iter(seq)) {
    convert(item, where + "[" + std::to_string(i++) + "]", [&](auto&& value) { out.push_back(std::move(value)); });
  }
  return out;
}

}  // namespace

toml::table to_toml_table(const py::dict& d, const std::string& where) {
  toml::table out;
  for (const auto& [k, v] : d) {
    if (!py::isinstance<py::str>(k))
      throw py::value_error(join(where, py::repr(k).cast<std::string>()) + ": keys must be strings");
    const std::string key = k.cast<std::string>();
    convert(v, join(where, key), [&](auto&& value) { out.insert_or_assign(key, std::move(value)); });
  }
  return out;
}

std::string toml_text(const toml::table& t) {
  std::ostringstream s;
  s << toml::toml_formatter(t) << "\n";
  return s.str();
}

}  // namespace chaoskit::python
