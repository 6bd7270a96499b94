// The CLI names the flag the user typed where the library names its field
// (tools/chaoskit/flag_errors.hpp): the mapping itself, that each flag it names exists, and the
// line a user sees for an error the library raises.
#include <catch2/catch.hpp>

#include <cctype>
#include <string>

#include "../tools/chaoskit/flag_errors.hpp"
#include "support/run_cli.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

TEST_CASE("cli flags: a library field becomes the flag that sets it", "[cli][errors]") {
  CHECK(cli::flag_for_field("time") == "--time");
  CHECK(cli::flag_for_field("t_end") == "--time");
  CHECK(cli::flag_for_field("max_time") == "--max-time");
  CHECK(cli::flag_for_field("max_crossings") == "--crossings");
  CHECK(cli::flag_for_field("integrator.rtol") == "--rtol");
  CHECK(cli::flag_for_field("output") == "--out");
  CHECK(cli::flag_for_field("variables") == "--vars");
  // Detail after the name stays: a row of a table, a file and line, an entry of a list.
  CHECK(cli::flag_for_field("torque_table row 3") == "--torque-table row 3");
  CHECK(cli::flag_for_field("inputs moments.toml:4") == "--inputs moments.toml:4");
  CHECK(cli::flag_for_field("release[1]") == "--release[1]");
  CHECK(cli::flag_message(InputError("renorm", "must be > 0 s")) == "--renorm: must be > 0 s");
  CHECK(cli::flag_message(InputError("seeds", "component 'th2' given twice")) == "--seed: component 'th2' given twice");
}

TEST_CASE("cli flags: fields no flag sets are shown as they are", "[cli][errors]") {
  for (const char* field : {"--threads", "integrator.dt_initial", "output.file", "compute.lambda_max.time",
                            "golf.toml: values.m1", "x: grid.th1", "time_of_day", "timeline[2]"})
    CHECK(cli::flag_for_field(field) == field);
}

namespace {

/// Whether `text` names `flag` as a whole word ("--time" in "--time T", not in "--time-column").
bool names_flag(const std::string& text, const std::string& flag) {
  for (std::size_t at = text.find(flag); at != std::string::npos; at = text.find(flag, at + 1)) {
    const std::size_t end = at + flag.size();
    if (end == text.size() || !(std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '-')) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("cli flags: every flag the mapping names is an option of some command", "[cli][errors]") {
  std::string help;
  for (const char* command : {"inspect", "simulate", "stm", "lyapunov", "lyapunov-data", "section", "basin", "sweep",
                              "query", "periodic", "continue"}) {
    const CliResult r = run_cli(std::string(command) + " --help");
    REQUIRE(r.exit_code == 0);
    help += r.out;
  }
  for (const auto& [field, flag] : cli::field_flags()) {
    INFO(field << " -> " << flag);
    CHECK(names_flag(help, flag));
  }
}

TEST_CASE("cli flags: an error the library raises names the flag typed, on one line", "[cli][errors]") {
  const struct {
    std::string args, line;
  } cases[] = {
      {"lyapunov --model lorenz --state 1,1,1 --time 10 --renorm 0", "chaoskit: --renorm: must be > 0 s\n"},
      {"lyapunov --model lorenz --state 1,1,1 --time 10 --settle -1", "chaoskit: --settle: must be >= 0\n"},
      {"simulate --model golf --state 0,0,0,0 --time 1 --release none",
       "chaoskit: --release: expected 2 entries (one per input, 'none' for no release), got 1\n"},
  };
  for (const auto& c : cases) {
    INFO(c.args);
    const CliResult r = run_cli(c.args);
    CHECK(r.exit_code == 2);
    CHECK(r.err == c.line);
  }
}
