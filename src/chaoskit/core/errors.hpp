#pragma once
// Error tiers (exit codes: tools/chaoskit/README.md): InputError is the user's fault and names the offending field
// (the CLI exits 2); anything else is a runtime failure (exit 1). Internal invariants use assert.
//
// The field is the library's name for the input (a parameter such as `time`, a job-file key such
// as `integrator.rtol`, or a file and its key), never a command-line flag: each front end (the CLI,
// the job reader, the Python module) knows what its user typed and rebuilds the line from field()
// and reason().
#include <stdexcept>
#include <string>

namespace chaoskit {

class InputError : public std::runtime_error {
 public:
  InputError(std::string field, std::string reason)
      : std::runtime_error(field + ": " + reason), field_(std::move(field)), reason_(std::move(reason)) {}
  const std::string& field() const { return field_; }
  /// The message without the field, so a front end can put its own name for the field in front.
  const std::string& reason() const { return reason_; }

 private:
  std::string field_;
  std::string reason_;
};

}  // namespace chaoskit
