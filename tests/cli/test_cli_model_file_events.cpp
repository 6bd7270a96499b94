// Model files with events through the command line: a bad event (a guard that is not a scalar, a
// reset naming an unknown state or of the wrong size, an impact in an ODE file, an unknown
// direction) stops any command with exit code 2 and
// one line naming the file, line and column.
#include <filesystem>
#include <fstream>

#include <catch2/catch.hpp>

#include "chaoskit/params/param_sets.hpp"
#include "support/run_cli.hpp"
#include "support/scratch.hpp"

using namespace chaoskit;
using namespace chaoskit::test;
namespace fs = std::filesystem;

TEST_CASE("model files with events: a bad event exits 2 with one line naming file, line and column",
          "[cli][model_events][bad_input]") {
  const ScratchDir scratch("cli_bad_events");
  const fs::path& d = scratch.path;
  const std::string head =
      "model = \"ode\"\nstates = [\"x\", \"y\"]\n[values]\ns = 1.0\n[derivatives]\n"
      "x = \"y\"\ny = \"-x\"\n[[events]]\nname = \"hit\"\ndirection = \"down\"\n";
  struct Case {
    std::string body, where, what;
  };
  for (const Case& c :
       {Case{"guard = [\"x\", \"y\"]\n", "bad.toml:11:9:", "must be one expression (a scalar)"},
        Case{"guard = \"x\"\n[events.reset]\nq = \"0\"\n", "bad.toml:13:5:", "'q' in events.hit.reset is not a state"},
        Case{"guard = \"x\"\n[events.impact]\ncontact = \"x\"\n", "bad.toml:12:1:", "needs a mechanical model file"},
        Case{"guard = \"x\"\nreset = [\"0\"]\n", "bad.toml:12:9:", "lists 1 expressions; the model has 2 states"}}) {
    std::ofstream(d / "bad.toml") << head << c.body;
    const CliResult r = run_cli("simulate --model bad.toml --state 1,0 --time 1", d.string());
    CHECK(r.exit_code == 2);
    CHECK(line_count(r.err) == 1);
    CHECK(r.err.find(c.where) != std::string::npos);
    CHECK(r.err.find(c.what) != std::string::npos);
    CAPTURE(r.err);
  }
  // An unknown direction, after the merge of the event driver as before it.
  std::ofstream(d / "bad.toml") << head.substr(0, head.find("direction"))
                                << "direction = \"sideways\"\nguard = \"x\"\n";
  const CliResult r =
      run_cli("section --model bad.toml --state 1,0 --at-event hit --crossings 1 --out s.h5", d.string());
  CAPTURE(r.err);
  CHECK(r.exit_code == 2);
  CHECK(line_count(r.err) == 1);
  CHECK(r.err.find("bad.toml:10:13:") != std::string::npos);
  CHECK(r.err.find("unknown direction") != std::string::npos);
  CHECK_FALSE(fs::exists(d / "s.h5"));
}
