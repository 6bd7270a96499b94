#pragma once
// numpy arrays of states in and out: one state (dim,) or many (n, dim), checked against the
// model's components with a message that names them, as the CLI's --state does.
#include <string>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

namespace chaoskit::python {

using DoubleArray = pybind11::array_t<double, pybind11::array::c_style | pybind11::array::forcecast>;

/// Rows of states from an array of shape (dim,) or (n, dim); `single` says which it was.
/// ValueError naming `argument` and the components for a wrong shape or a non-finite value.
struct StateRows {
  DoubleArray data;
  std::size_t rows = 0;
  bool single = false;
  const double* row(std::size_t r) const { return data.data() + r * dim; }
  std::size_t dim = 0;
};
StateRows state_rows(const pybind11::handle& states, const std::vector<std::string>& names,
                     const std::string& argument);

}  // namespace chaoskit::python
