#pragma once
// One entry per text parser of chaoskit, shared by the libFuzzer executables (fuzz_main.cpp) and
// the replay test (test_fuzz_replay.cpp), so that every input a fuzzer found stays a test of the
// normal suite. An entry takes arbitrary bytes, hands them to the parser the way the command line
// or a file would, and exercises what the parser accepted (evaluates an expression, sets up grid
// points, ...). Allowed outcomes: accepted, or rejected with chaoskit::InputError. Anything else
// (another exception, a crash, a sanitizer report, a hang, a huge allocation) is a bug in chaoskit.
#include <stdexcept>
#include <string_view>
#include <vector>

namespace chaoskit::fuzz {

enum class Outcome { accepted, rejected };

/// Thrown by an entry when a parser accepted an input but the result breaks a promise the rest of
/// chaoskit relies on (a non-finite number, a grid point that cannot be set up, ...).
class BrokenPromise : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

/// [sweep job] sweep::parse_job on the bytes as a job file; then its point count, fingerprint and
/// the set-up of its first, middle and last grid points.
Outcome job(std::string_view bytes);

/// [sweep [points] file] sweep::parse_point_table on the bytes as a point-list CSV; then the shape
/// of what it accepted (every row as long as the header, every cell finite, lines in order) and the
/// locations its messages give.
Outcome point_list(std::string_view bytes);

/// [--state, --torque, --release, --time ...] parse_number and parse_number_list (with and without
/// each model's component names), a constant input schedule from --torque and parse_release_list.
Outcome number_lists(std::string_view bytes);

/// [--inputs, --torque-table] the bytes as a TOML file with an [inputs] table and as a CSV torque
/// table, for 1..kMaxInputs inputs; the schedule is then sampled and split into segments.
Outcome inputs(std::string_view bytes);

/// [section --plane, [compute.section] plane] parse_surface over each model's state names, then
/// evaluation on a few states.
Outcome surface(std::string_view bytes);

/// [query --where] the where-expression over the names a results store binds (axes, variables,
/// status), then evaluation on a few points.
Outcome where(std::string_view bytes);

/// [section --seed, basin --x/--y/--fixed] parse_axis_spec over each model's state names.
Outcome axis_spec(std::string_view bytes);

/// [--model FILE.toml, [model] name = "FILE.toml"] the bytes as a model file (model = "ode" or
/// "mechanical") compiled by ModelProgram::compile; then its rhs, dual-number tangent and energy on
/// a few states, each the same as without the optimising passes.
Outcome model_file(std::string_view bytes);

struct Target {
  std::string_view name;  ///< also the folder of its corpus and regressions
  Outcome (*run)(std::string_view bytes);
};

/// Every target, in a fixed order.
const std::vector<Target>& targets();

/// The target called `name`, or nullptr.
const Target* find_target(std::string_view name);

}  // namespace chaoskit::fuzz
