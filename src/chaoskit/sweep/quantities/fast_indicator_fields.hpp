#pragma once
// The reader sali and megno share: { time = 1000, renorm = 1 }; and the check of the quantities
// that follow two deviation vectors (sali, orbit_class).
#include <string>
#include <variant>

#include "chaoskit/params/toml_fields.hpp"
#include "chaoskit/sweep/quantities/quantity_unit.hpp"

namespace chaoskit::sweep {

/// Two deviation vectors need a state of at least two components (a model file may have one).
inline void require_two_states(const Job& job, const std::string& prefix) {
  const int n = std::visit([](const auto& m) { return state_count(m); }, job.base_model);
  if (n < 2)
    throw InputError(prefix,
                     "follows two deviation vectors, which needs a model of at least two states (this one "
                     "has " +
                         std::to_string(n) + ")");
}

inline void read_fast_indicator_entry(const toml::table& t, const std::string& prefix, const Job&, ComputeSpec& c) {
  reject_unknown_keys(t, {"time", "renorm"}, prefix + ".");
  c.time = 1000.0;
  entry_fields::read_time(t, prefix, c);
  entry_fields::read_renorm(t, prefix, c);
  entry_fields::check_renorm(prefix, c);
}

}  // namespace chaoskit::sweep
