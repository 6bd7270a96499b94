// The compiled half of the Python package `chaoskit` (src/python/chaoskit/ is the other half):
// thin bindings over the library the CLI uses. Errors: InputError (the user's input; the CLI's
// exit 2) becomes ValueError with the library's line (its field, e.g. "renorm: must be > 0 s"); other
// failures RuntimeError.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "chaoskit/core/build_info.hpp"
#include "chaoskit/core/errors.hpp"
#include "chaoskit/core/point_status.hpp"
#include "chaoskit/io/provenance.hpp"
#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "chaoskit/simd/lane_dispatch.hpp"

namespace py = pybind11;

namespace chaoskit::python {
void register_model(py::module_&);
void register_simulate(py::module_&);
void register_states(py::module_&);
void register_sweep(py::module_&);
void register_periodic(py::module_&);
}  // namespace chaoskit::python

PYBIND11_MODULE(_chaoskit, m) {
  using namespace chaoskit;
  m.doc() = "chaoskit's C++ library (use the package `chaoskit`, not this module)";
  m.attr("__version__") = build_info::version;
  m.attr("commit") = build_info::commit;
  // The status variable's flag_meanings, as every chaoskit file writes it (core/point_status.hpp).
  m.attr("_status_meanings") = point_status_flag_meanings();
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const InputError& e) { PyErr_SetString(PyExc_ValueError, e.what()); }
  });
  m.def("_vector_path", [] { return simd::lane_path_report(); });
  // Who computed a result (software, softwareVersion, softwareCommit, date, host), as every
  // chaoskit file records it (io/provenance.hpp): the attributes the module's datasets start from.
  m.def("_provenance", [] {
    py::dict d;
    for (const auto& [key, value] : io::software_provenance()) d[py::str(key)] = std::get<std::string>(value);
    return d;
  });
  m.def("_set_data_directory", [](const std::string& dir) { set_data_directory(dir); });
  m.def("_data_directory", [] { return data_directory().string(); });
  m.def("_models", [] {
    py::list out;
    for (const ModelDescription& d : model_catalog()) {
      py::dict e;
      e["name"] = d.name;
      e["summary"] = d.summary;
      e["state"] = d.state;
      e["inputs"] = d.inputs;
      e["conventions"] = d.conventions;
      e["default_params"] = d.default_params;
      out.append(e);
    }
    return out;
  });
  m.def("_param_sets", [] { return shipped_param_sets(); });
  python::register_model(m);
  python::register_simulate(m);
  python::register_states(m);
  python::register_sweep(m);
  python::register_periodic(m);
}
