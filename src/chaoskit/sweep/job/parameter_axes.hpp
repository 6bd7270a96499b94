#pragma once
// Model parameters as sweep coordinates. A grid name is a parameter when it is a scalar key of
// the set's [values] (L1, m2, g, sigma, ...) or an array key followed by a 1-based element number
// (b1 is b[0] of chain's damping array). A point's model is built by the job's ModelFactory
// (model_factory.hpp): the set read once, typed, with the coordinates written into its fields and
// the reader's range checks and errors (an out-of-range coordinate is the point's own error, not a
// crash). set_parameter writes a value into the set's table itself: for the job's fixed values, and
// for model files, whose compiled programs fold the values in.
#include <optional>
#include <string>
#include <vector>

#include "chaoskit/params/param_sets.hpp"

namespace chaoskit::sweep {

struct ParameterRef {
  std::string key;   ///< key in [values]
  int element = -1;  ///< element of an array key (0-based), −1 for a scalar
  std::string units;
  std::string description;
};

/// The parameter a grid name refers to, if any.
std::optional<ParameterRef> find_parameter(const ParamFile& file, const std::string& name);

/// Every name find_parameter accepts, for error messages.
std::vector<std::string> parameter_names(const ParamFile& file);

/// Writes `value` into the set's table at `ref` (the file's label is unchanged).
void set_parameter(ParamFile& file, const ParameterRef& ref, double value);

}  // namespace chaoskit::sweep
