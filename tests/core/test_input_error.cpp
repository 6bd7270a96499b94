// Library errors name the library's field (`renorm`, `integrator.rtol`, `params`), never a CLI
// flag: the front ends (CLI, job reader, Python) each know what their user typed and put that in
// front of InputError::reason(). A "--" creeping back into a field shows up here.
#include <catch2/catch.hpp>

#include <functional>
#include <string>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/indicators/lyapunov.hpp"
#include "chaoskit/integrate/input_schedule.hpp"
#include "chaoskit/integrate/integrator_options.hpp"
#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "chaoskit/timeseries/embedding.hpp"

using namespace chaoskit;

namespace {

/// The field of the InputError `f` throws ("no error" if none).
std::string field_thrown(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) { return e.field(); }
  return "no error";
}

}  // namespace

TEST_CASE("InputError keeps its field and its reason apart", "[core][errors]") {
  const InputError e("integrator.rtol", "relative tolerance must be < 1");
  CHECK(e.field() == "integrator.rtol");
  CHECK(e.reason() == "relative tolerance must be < 1");
  CHECK(std::string(e.what()) == "integrator.rtol: relative tolerance must be < 1");
}

TEST_CASE("library errors name the field, not a command-line flag", "[core][errors]") {
  LyapunovOptions lo;
  lo.renorm = 0;
  CHECK(field_thrown([&] { lo.validate(); }) == "renorm");
  lo = LyapunovOptions{};
  lo.settle_tol = -1;
  CHECK(field_thrown([&] { lo.validate(); }) == "settle_tol");
  IntegratorOptions io;
  io.max_steps = 0;
  CHECK(field_thrown([&] { io.validate(); }) == "integrator.max_steps");
  CHECK(field_thrown([] { (void)parse_stepper("euler"); }) == "integrator.stepper");
  CHECK(field_thrown([] { (void)read_param_file("no_such_parameter_set"); }) == "params");
  CHECK(field_thrown([] { (void)make_model("pendulum"); }) == "model");
  CHECK(field_thrown([] { (void)parse_release_list("none", 2); }) == "release");
  CHECK(field_thrown([] { (void)parse_release_list("soon,none", 2); }) == "release[0]");
  CHECK(field_thrown([] { (void)InputSchedule::table({0.0, 0.0}, {{1.0}, {1.0}}); }) == "torque_table row 2");
  CHECK(field_thrown([] { (void)timeseries::delay_embed({{1.0, 2.0, 3.0}}, 0, 1); }) == "dim");
}
