// Each quantity declares each of its variables once, as a slot beside its evaluation
// (quantities/<name>.hpp: index, name, element type); its unit's variables() describes the slots,
// and the layout places each at its index. These tests pin what that gives the results file, and
// that a unit whose slots leave a gap or repeat one is refused rather than laid out wrong.
#include <catch2/catch.hpp>

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "chaoskit/params/param_sets.hpp"
#include "chaoskit/sweep/quantities/quantity_unit.hpp"
#include "chaoskit/sweep/quantities/results_layout.hpp"
#include "chaoskit/sweep/reading/job_reader.hpp"

using namespace chaoskit;
using namespace chaoskit::sweep;

namespace {

const Job& every_quantity_job() {
  static const Job job = parse_job(R"([model]
name = "golf"
[grid]
th1 = { linspace = [0.0, 1.0, 2] }
[compute]
lambda_max = { time = 2.0, blocks = 2 }
spectrum = { time = 2.0, blocks = 2 }
stm = { time = 1.0 }
ftle = { time = 1.0 }
sali = { time = 2.0 }
megno = { time = 2.0 }
orbit_class = { time = 20.0 }
final_state = { time = 1.0 }
endpoint_sensitivity = { time = 1.0 }
section = { plane = "th1 = 0", crossings = 3 }
basin = { kind = "task", threshold = 3.0 }
)",
                                   "every_quantity.toml");
  return job;
}

/// orbit_diagram iterates a map at an event, so its entry needs a model with events: a walker's job.
const Job& event_quantity_job() {
  static const Job job =
      parse_job("[model]\nname = \"" + (data_directory() / "models" / "simplest_walker.toml").string() +
                    "\"\n[grid]\ntheta = [0.2]\ndtheta = -0.2\n"
                    "[compute]\norbit_diagram = { at_event = \"heel_strike\", iterates = 4 }\n",
                "event_quantities.toml");
  return job;
}

std::string described(const io::Variable& v) {
  std::string s = v.name + " " + io::element_type_name(v.type);
  for (const auto& t : v.trailing) s += " " + t.name + "=" + std::to_string(t.size);
  return s;
}

}  // namespace

TEST_CASE("sweep quantities: every quantity's variables reach the file in the order, types and shapes documented",
          "[sweep][quantities]") {
  REQUIRE(every_quantity_job().compute.size() + 1 == quantity_count);  // all but orbit_diagram
  const ResultsLayout layout = results_layout(every_quantity_job());
  std::vector<std::string> got;
  for (const io::Variable& v : layout.variables) got.push_back(described(v));
  // results_layout.hpp lists these; users' scripts read them by name and type.
  const std::vector<std::string> expected = {"lambda_max float64",
                                             "lambda_max_error float64",
                                             "lambda_max_converged uint8",
                                             "spectrum float64 exponent=4",
                                             "spectrum_error float64 exponent=4",
                                             "stm float64 state_row=4 state_col=4",
                                             "ftle float64",
                                             "sali float64",
                                             "megno float64",
                                             "orbit_class int32",
                                             "orbit_votes int32 indicator=3",
                                             "orbit_lambda_max float64",
                                             "orbit_lambda_max_error float64",
                                             "orbit_lambda_max_half float64",
                                             "orbit_sali float64",
                                             "orbit_sali_min float64",
                                             "orbit_megno float64",
                                             "orbit_growth_power float64",
                                             "orbit_time float64",
                                             "final_state float64 component=4",
                                             "endpoint_speed float64",
                                             "endpoint_position_gain float64 singular=2",
                                             "endpoint_velocity_gain float64 singular=2",
                                             "section_count int32",
                                             "section_time float64 crossing=3",
                                             "section_state float64 crossing=3 component=4",
                                             "basin_label int32",
                                             "basin_time float64",
                                             "basin_speed float64",
                                             "initial_energy float64"};
  CHECK(got == expected);
  // Fill values follow the element type: NaN, 255 for flags, -1 for integers.
  CHECK(std::isnan(layout.variables[static_cast<std::size_t>(layout.find("lambda_max"))].fill_value));
  CHECK(layout.variables[static_cast<std::size_t>(layout.find("lambda_max_converged"))].fill_value == 255.0);
  CHECK(layout.variables[static_cast<std::size_t>(layout.find("orbit_class"))].fill_value == -1.0);
}

TEST_CASE("sweep quantities: orbit_diagram's variables reach a walker's file in the order, types and shapes documented",
          "[sweep][quantities][events]") {
  const ResultsLayout layout = results_layout(event_quantity_job());
  std::vector<std::string> got;
  for (const io::Variable& v : layout.variables) got.push_back(described(v));
  const std::vector<std::string> expected = {
      "orbit_diagram_count int32", "orbit_diagram_state float64 iterate=4 component=4",
      "orbit_diagram_time float64 iterate=4", "orbit_diagram_lambda float64", "orbit_diagram_steps int32"};
  CHECK(got == expected);
}

TEST_CASE("sweep quantities: a unit's slots are laid out at their indices, and a gap or a repeat is refused",
          "[sweep][quantities]") {
  constexpr Slot<double> a{0, "a"}, c{2, "c"};
  constexpr Slot<std::int32_t> b{1, "b"};
  {  // described in any order, laid out by index, typed by the slot
    VariableList out("q");
    out.add(c, {}, "1", "third");
    out.add(a, {}, "1", "first");
    out.add(b, {{"indicator", 3}}, "1", "second");
    const std::vector<io::Variable> v = out.take();
    REQUIRE(v.size() == 3);
    CHECK(v[0].name == "a");
    CHECK(v[1].name == "b");
    CHECK(v[1].type == io::ElementType::int32);
    CHECK(v[1].values_per_point() == 3);
    CHECK(v[2].long_name == "third");
  }
  {  // slot 1 never described
    VariableList out("q");
    out.add(a, {}, "1", "first");
    out.add(c, {}, "1", "third");
    CHECK_THROWS_WITH(out.take(), "q: slot 1 is not laid out");
  }
  {  // slot 0 described twice
    VariableList out("q");
    out.add(a, {}, "1", "first");
    CHECK_THROWS_WITH(out.add(Slot<double>{0, "other"}, {}, "1", "again"), "q: slot 0 laid out twice ('a', 'other')");
  }
}

// (The evaluator table, quantity_evaluators<M>, is not taken here: naming it would compile every
// quantity's evaluation for a model into this test. It and the unit table come from the same list.)
TEST_CASE("sweep quantities: the unit table follows the one list", "[sweep][quantities]") {
  REQUIRE(quantity_units().size() == quantity_count);
  for (std::size_t i = 0; i < quantity_count; ++i) {
    CHECK(unit_of(static_cast<Quantity>(i)).quantity == static_cast<Quantity>(i));
    CHECK(unit_of(static_cast<Quantity>(i)).name == quantity_keys[i]);
  }
  // The layout resolves initial_energy once, for a mechanical model.
  const ResultsLayout layout = results_layout(every_quantity_job());
  REQUIRE(layout.initial_energy >= 0);
  CHECK(layout.variables[static_cast<std::size_t>(layout.initial_energy)].name == "initial_energy");
}
