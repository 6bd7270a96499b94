#pragma once
// The C++ side of `chaoskit.Model`: a model built from a name, a parameter set and single
// overrides, exactly as a sweep job's [model] table builds it (make_model on the set read by
// read_param_file, with apply_overrides), so a Model and a job naming the same set agree bit for bit.
#include <string>

#include <pybind11/pybind11.h>

#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/params/param_sets.hpp"

namespace chaoskit::python {

struct ModelHandle {
  std::string name;
  std::string params;  ///< the set's name or path as given (empty: the model's default)
  pybind11::dict overrides;
  ParamFile file;  ///< the set with the overrides applied
  AnyModel model;

  ModelHandle(const std::string& name, const std::string& params, const pybind11::dict& overrides);
};

/// The [model] table of a job for this model, as a Python dict (name, params, overrides).
pybind11::dict model_table(const ModelHandle& m);

void register_model(pybind11::module_& module);

}  // namespace chaoskit::python
