#include "state_arrays.hpp"

#include <cmath>

#include "chaoskit/params/toml_fields.hpp"

namespace py = pybind11;

namespace chaoskit::python {

StateRows state_rows(const py::handle& states, const std::vector<std::string>& names, const std::string& argument) {
  StateRows out;
  out.dim = names.size();
  try {
    out.data = DoubleArray::ensure(states);
  } catch (const py::error_already_set&) { out.data = DoubleArray(); }
  if (!out.data)
    throw py::value_error(argument + ": expected numbers (an array of shape (" + std::to_string(out.dim) +
                          ",) or (n, " + std::to_string(out.dim) + "))");
  const std::string expected = std::to_string(out.dim) + " components (" + comma_separated(names) + ")";
  if (out.data.ndim() == 1) {
    out.single = true;
    out.rows = 1;
    if (static_cast<std::size_t>(out.data.shape(0)) != out.dim)
      throw py::value_error(argument + ": expected " + expected + ", got " + std::to_string(out.data.shape(0)));
  } else if (out.data.ndim() == 2) {
    out.rows = static_cast<std::size_t>(out.data.shape(0));
    if (static_cast<std::size_t>(out.data.shape(1)) != out.dim)
      throw py::value_error(argument + ": expected shape (n, " + std::to_string(out.dim) + "), one row of " + expected +
                            " per state, got (" + std::to_string(out.data.shape(0)) + ", " +
                            std::to_string(out.data.shape(1)) + ")");
    if (out.rows == 0) throw py::value_error(argument + ": no states (shape (0, " + std::to_string(out.dim) + "))");
  } else {
    throw py::value_error(argument + ": expected an array of shape (" + std::to_string(out.dim) + ",) or (n, " +
                          std::to_string(out.dim) + "), got " + std::to_string(out.data.ndim()) + " dimensions");
  }
  const double* p = out.data.data();
  for (std::size_t r = 0; r < out.rows; ++r)
    for (std::size_t c = 0; c < out.dim; ++c)
      if (!std::isfinite(p[r * out.dim + c]))
        throw py::value_error(argument + ": " + names[c] + " of state " + std::to_string(r) + " is not finite (" +
                              std::to_string(p[r * out.dim + c]) + ")");
  return out;
}

}  // namespace chaoskit::python
