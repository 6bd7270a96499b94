#pragma once
// The reader lambda_max and spectrum share: { time = 100, transient = 0, renorm = 1, blocks = 10 }.
#include "chaoskit/params/toml_fields.hpp"
#include "chaoskit/sweep/quantities/quantity_unit.hpp"

namespace chaoskit::sweep {

inline void read_lyapunov_entry(const toml::table& t, const std::string& prefix, const Job&, ComputeSpec& c) {
  using namespace entry_fields;
  reject_unknown_keys(t, {"time", "transient", "renorm", "blocks"}, prefix + ".");
  read_time(t, prefix, c);
  read_renorm(t, prefix, c);
  read_transient(t, prefix, c);
  read_blocks(t, prefix, c);
  check_renorm(prefix, c);
  check_blocks(prefix, c);
}

}  // namespace chaoskit::sweep
