#pragma once
// One description per parameter field, shared by the TOML reader, validation, `--json` output and
// (later) HDF5 provenance, so the name, unit and admissible range are written down exactly once.
#include <cmath>
#include <string>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/core/number_text.hpp"

namespace chaoskit {

enum class Bound { positive, nonnegative, finite };

struct FieldInfo {
  const char* name;
  const char* unit;
  const char* description;
  Bound bound;
};

/// Throws InputError("<context>name", ...) when `value` violates the field's bound or is not finite.
inline void check_field(const FieldInfo& f, double value, const std::string& context) {
  const char* rule = !std::isfinite(value)                              ? "finite"
                     : f.bound == Bound::positive && !(value > 0.0)     ? "> 0"
                     : f.bound == Bound::nonnegative && !(value >= 0.0) ? ">= 0"
                                                                        : nullptr;
  // The message is built only for a refused value: a sweep with parameter axes checks every field
  // of every point's model, and formatting each value was most of that cost.
  if (rule)
    throw InputError(context + f.name,
                     std::string(f.description) + " must be " + rule + ", got " + exact_number_text(value));
}

/// Validates every field of a parameter struct exposing `for_each_field(f)`.
template <class Params>
void check_fields(const Params& p, const std::string& context) {
  p.for_each_field([&](const FieldInfo& f, const double& v) { check_field(f, v, context); });
}

}  // namespace chaoskit
