#pragma once
// The reader sali and megno share: { time = 1000, renorm = 1 }; and the check of the quantities
// that follow two deviation vectors (sali, orbit_class).
#include <string>
#include <variant>

#include "chaoskit/indicators/fast_indicators.hpp"
#include "chaoskit/params/toml_fields.hpp"
#include "chaoskit/sweep/quantities/quantity_unit.hpp"

namespace chaoskit::sweep {

/// sali and orbit_class follow two deviation vectors: refused when the job is read for a model of
/// one state (indicators/fast_indicators.hpp's rule), the field naming the quantity.
inline void require_two_states(const Job& job, const std::string& prefix) {
  require_two_deviation_vectors(std::visit([](const auto& m) { return state_count(m); }, job.base_model), prefix,
                                "follows");
}

inline void read_fast_indicator_entry(const toml::table& t, const std::string& prefix, const Job&, ComputeSpec& c) {
  reject_unknown_keys(t, {"time", "renorm"}, prefix + ".");
  c.time = 1000.0;
  entry_fields::read_time(t, prefix, c);
  entry_fields::read_renorm(t, prefix, c);
  entry_fields::check_renorm(prefix, c);
}

}  // namespace chaoskit::sweep
