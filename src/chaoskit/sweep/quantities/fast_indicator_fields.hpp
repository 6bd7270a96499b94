#pragma once
// The reader sali and megno share: { time = 1000, renorm = 1 }.
#include "chaoskit/params/toml_fields.hpp"
#include "chaoskit/sweep/quantities/quantity_unit.hpp"

namespace chaoskit::sweep {

inline void read_fast_indicator_entry(const toml::table& t, const std::string& prefix, const Job&, ComputeSpec& c) {
  reject_unknown_keys(t, {"time", "renorm"}, prefix + ".");
  c.time = 1000.0;
  entry_fields::read_time(t, prefix, c);
  entry_fields::read_renorm(t, prefix, c);
  entry_fields::check_renorm(prefix, c);
}

}  // namespace chaoskit::sweep
