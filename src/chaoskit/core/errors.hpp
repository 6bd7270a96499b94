#pragma once
// Error tiers (exit codes: tools/chaoskit/README.md): InputError is the user's fault and names the offending field
// (the CLI exits 2); anything else is a runtime failure (exit 1). Internal invariants use assert.
#include <stdexcept>
#include <string>

namespace chaoskit {

class InputError : public std::runtime_error {
 public:
  InputError(std::string field, const std::string& reason)
      : std::runtime_error(field + ": " + reason), field_(std::move(field)) {}
  const std::string& field() const { return field_; }

 private:
  std::string field_;
};

}  // namespace chaoskit
