#pragma once
// A job's models, one per point, from its parameter set read once. A sweep whose axes (or point
// list columns) are model parameters needs a model per point. The set is read once, strictly, into
// the typed struct of its own layout (the file's `model =`: golf, limb, chain, ...); each swept
// parameter is resolved once to a field of that struct (field()); a point copies the struct, writes
// its coordinates, validates it with the reader's context ("<label>: values."), converts it to the
// model's Params as the readers do (models/conversions.hpp) and builds the model. The result, and
// every error, are those of make_model on the set with the coordinates written into its [values]
// (tests/sweep/test_model_factory.cpp checks both), without TOML on the per-point path.
//
// Generic over the model list: the layout is the first list entry named as the set's `model`, the
// model the first entry named as the job's, built by the entry whose traits accept the converted
// parameters (the chain of that many links). A layout's fields are its for_each_field visitor's;
// ChainParams, whose per-link arrays have no visitor, is visited in model_factory.cpp.
#include <functional>
#include <span>
#include <string>

#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/params/param_sets.hpp"

namespace chaoskit::sweep {

class ModelFactory {
 public:
  /// One coordinate of a point: a field (field()) and the value written into it.
  struct Setting {
    int field = -1;
    int element = -1;  ///< element of an array field (0-based), −1 for a scalar
    double value = 0.0;
  };

  /// Reads `params` once for model `model_name` (a compiled model's name or a model file's path, as
  /// make_model takes). Throws InputError as make_model would for a set the model cannot use.
  ModelFactory(const std::string& model_name, const ParamFile& params);

  /// The field [values] key `key` names (with `element` ≥ 0: an element of its array). The same
  /// for every set of one layout and array lengths, so a job resolves its parameters once.
  /// Throws std::logic_error when the set has no such key or element (find_parameter accepts
  /// only the set's keys: a bug, not an input error).
  int field(const std::string& key, int element) const;

  /// The model with every setting written, in order, into a copy of the set; InputError exactly as
  /// make_model throws for the set with those values written into its [values].
  AnyModel make(std::span<const Setting> settings) const;

 private:
  std::function<int(const std::string&, int)> field_;
  std::function<AnyModel(std::span<const Setting>)> make_;
};

}  // namespace chaoskit::sweep
