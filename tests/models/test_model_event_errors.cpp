// Bad model files with events, modes or constraints (models/model_compiler_events.cpp): one message
// naming the file, line and column of what is wrong, never a half-compiled model.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/models/model_registry.hpp"
#include "support/scratch.hpp"

using namespace chaoskit;
using Catch::Matchers::StartsWith;

namespace {

/// Writes `text` to a fresh model file and returns make_model's message without the path.
std::string error_of(const std::string& text) {
  const chaoskit::test::ScratchDir dir("bad_event_model");
  const auto path = dir.path / "model.toml";
  std::ofstream(path) << text;
  std::string message = "(no error)";
  try {
    (void)make_model(path.string());
  } catch (const InputError& e) {
    message = std::string(e.what());
    REQUIRE(message.starts_with(path.string()));
    message = message.substr(path.string().size());
  }
  return message;
}

// An ODE of three states with an event "bump" whose direction is line 11 and guard line 12.
const std::string ode =
    "model = \"ode\"\nstates = [\"x\", \"y\", \"z\"]\n[values]\ns = 1.0\n[derivatives]\n"
    "x = \"y\"\ny = \"x\"\nz = \"1\"\n[[events]]\nname = \"bump\"\n";

// A mechanical file of two coordinates with a locked mode and the event "stop" into it (lines 10-18).
std::string mechanical(const std::string& lock = "a - b", const std::string& guard = "a - b",
                       const std::string& contact = "a - b", const std::string& restitution = "0") {
  return "model = \"mechanical\"\ncoordinates = [\"a\", \"b\"]\nmodes = [\"free\", \"locked\"]\n"
         "mass_matrix = [[\"1\", \"0\"], [\"0\", \"1\"]]\nforces = [\"-sin(a)\", \"-sin(b)\"]\n[values]\nk = 1.0\n"
         "[constraints.locked]\nlock = \"" +
         lock + "\"\n[[events]]\nname = \"stop\"\ndirection = \"down\"\nguard = \"" + guard +
         "\"\nfrom = \"free\"\nto = \"locked\"\n[events.impact]\ncontact = \"" + contact +
         "\"\nrestitution = " + restitution + "\n";
}

}  // namespace

TEST_CASE("model events: bad event files name file, line and column", "[model_events][bad_input]") {
  const std::string dir = "direction = \"up\"\n";
  CHECK(error_of(ode + dir + "guard = \"x - 1\"\n") == "(no error)");
  CHECK_THAT(error_of(ode + dir + "guard = [\"x\", \"y\"]\n"),
             StartsWith(":12:9: 'events.bump.guard' must be one expression (a scalar)"));
  CHECK_THAT(error_of(ode + dir + "guard = \"x < 1\"\n"), StartsWith(":12:9: 'events.bump.guard' is a comparison"));
  CHECK_THAT(error_of(ode + dir + "guard = \"x + q\"\n"), StartsWith(":12:14: unknown name 'q'"));
  CHECK_THAT(error_of(ode + dir + "guard = \"s\"\n"), StartsWith(":12:9: 'events.bump.guard' is a constant"));
  CHECK_THAT(error_of(ode + "direction = \"sideways\"\nguard = \"x\"\n"),
             StartsWith(":11:13: unknown direction in events.bump.direction (\"up\", \"down\" or \"both\")"));
  CHECK_THAT(error_of(ode + "guard = \"x\"\n"), StartsWith(":9:1: events.bump needs a 'direction'"));
  CHECK_THAT(error_of(ode + dir + "guard = \"x\"\nreset = [\"1\", \"2\"]\n"),
             StartsWith(":13:9: 'events.bump.reset' lists 2 expressions; the model has 3 states (x, y, z)"));
  CHECK_THAT(error_of(ode + dir + "guard = \"x\"\n[events.reset]\nw = \"1\"\n"),
             StartsWith(":14:5: 'w' in events.bump.reset is not a state (states: x, y, z)"));
  CHECK_THAT(error_of(ode + dir + "guard = \"x\"\n[events.reset]\ny = \"x + r\"\n"),
             StartsWith(":14:10: unknown name 'r'"));
  CHECK_THAT(error_of(ode + dir + "guard = \"x\"\nfrom = \"flying\"\n"),
             StartsWith(":13:8: unknown mode 'flying' in events.bump.from (modes: default)"));
  CHECK_THAT(error_of(ode + dir + "guard = \"x\"\n[events.impact]\ncontact = \"x\"\n"),
             StartsWith(":13:1: an impact (events.bump.impact) needs a mechanical model file"));
  CHECK_THAT(error_of(ode + dir + "gaurd = \"x\"\n"), StartsWith(":12:9: unknown key 'gaurd' in [[events]]"));
  CHECK_THAT(error_of(ode + dir + "guard = \"x\"\n[[events]]\nname = \"bump\"\ndirection = \"up\"\nguard = \"y\"\n"),
             StartsWith(":14:8: two events are named 'bump'"));
  CHECK_THAT(error_of(ode + dir + "guard = \"x\"\n[constraints.default]\nc = \"x\"\n"),
             StartsWith(":13:1: [constraints] need a mechanical model file"));
  // A terminal event ends the orbit: a boolean, and nothing after it.
  CHECK(error_of(ode + dir + "guard = \"x\"\nterminal = true\n") == "(no error)");
  CHECK_THAT(error_of(ode + dir + "guard = \"x\"\nterminal = \"yes\"\n"),
             StartsWith(":13:12: 'events.bump.terminal' must be true or false"));
  CHECK_THAT(error_of(ode + dir + "guard = \"x\"\nterminal = true\nreset = [\"1\", \"2\", \"3\"]\n"),
             StartsWith(":14:9: 'events.bump.reset': a terminal event ends the orbit, so it has no reset"));
}

TEST_CASE("model events: bad modes, constraints and impacts name file, line and column", "[model_events][bad_input]") {
  CHECK(error_of(mechanical()) == "(no error)");
  CHECK_THAT(error_of(mechanical("sin(a) - b")), StartsWith(":9:8: a constraint must be linear in the coordinates"));
  CHECK_THAT(error_of(mechanical("a - b + t")), StartsWith(":9:8: a constraint may not depend on t"));
  CHECK_THAT(error_of(mechanical("a - db")),
             StartsWith(":9:13: 'db' is a rate: a constraint may depend on the coordinates only"));
  CHECK_THAT(error_of(mechanical("a - b", "lock")),
             StartsWith(":13:10: 'lock' is the force of a constraint of mode 'locked'"));
  CHECK_THAT(error_of(mechanical("a - b", "a - b", "da - b")),
             StartsWith(":17:12: 'da' is a rate: an impact's contact point and centre of mass may depend on the "
                        "coordinates only"));
  CHECK_THAT(error_of(mechanical("a - b", "a - b", "a - b", "1.5")),
             StartsWith(":18:15: 'events.stop.impact.restitution' must be in [0, 1]"));
  CHECK_THAT(error_of(mechanical("a - b", "a - b", "a - b", "0.5")),
             StartsWith(":10:1: events.stop enters mode 'locked', whose constraints need their rates zero"));
  CHECK_THAT(error_of(mechanical("a - b", "a - b", "a - b", "0\npin_mass = 2.0\n")),
             StartsWith(":19:12: events.stop.impact frees the pin with 'pin_mass'"));
  // A constraint in the first mode, an unknown mode, a mode listed twice.
  std::string first = mechanical();
  first.replace(first.find("[constraints.locked]"), 20, "[constraints.free]");
  CHECK_THAT(error_of(first), StartsWith(":8:1: mode 'free' is the first mode"));
  std::string unknown = mechanical();
  unknown.replace(unknown.find("[constraints.locked]"), 20, "[constraints.stuck]");
  CHECK_THAT(error_of(unknown), StartsWith(":8:1: [constraints] names mode 'stuck', which 'modes' does not list"));
  std::string twice = mechanical();
  twice.replace(twice.find("\"locked\"]"), 9, "\"free\"]");
  CHECK_THAT(error_of(twice), StartsWith(":3:18: mode 'free' is listed twice"));
}
