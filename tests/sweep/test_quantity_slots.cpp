// Each quantity's evaluation writes its k-th variable through out[k] (quantities/<name>.hpp names
// the indices); its unit's variables() declares them (quantities/<name>.cpp). The two are separate
// lists, so this checks that every named index lands on the variable of that name, for every
// quantity, in a job that has them all.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "chaoskit/sweep/job_reader.hpp"
#include "chaoskit/sweep/quantities/quantity_evaluators.hpp"
#include "chaoskit/sweep/quantities/quantity_unit.hpp"
#include "chaoskit/sweep/result_layout.hpp"

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

const ResultLayout& every_quantity_layout() {
  static const ResultLayout layout = result_layout(every_quantity_job());
  return layout;
}

/// The name of variable `slot` of the job's entry for quantity q.
std::string variable_at(Quantity q, std::size_t slot) {
  const Job& job = every_quantity_job();
  const ResultLayout& layout = every_quantity_layout();
  for (std::size_t e = 0; e < job.compute.size(); ++e)
    if (job.compute[e].quantity == q) return layout.variables.at(layout.entry_first_variable.at(e) + slot).name;
  FAIL("no entry for " << quantity_name(q));
  return {};
}

}  // namespace

TEST_CASE("sweep quantities: every evaluation's slot index names the variable its unit declares there",
          "[sweep][quantities]") {
  REQUIRE(every_quantity_job().compute.size() == quantity_count);
  CHECK(variable_at(Quantity::lambda_max, lambda_max_slot::value) == "lambda_max");
  CHECK(variable_at(Quantity::lambda_max, lambda_max_slot::error) == "lambda_max_error");
  CHECK(variable_at(Quantity::lambda_max, lambda_max_slot::converged) == "lambda_max_converged");
  CHECK(variable_at(Quantity::spectrum, spectrum_slot::exponents) == "spectrum");
  CHECK(variable_at(Quantity::spectrum, spectrum_slot::errors) == "spectrum_error");
  CHECK(variable_at(Quantity::stm, stm_slot::matrix) == "stm");
  CHECK(variable_at(Quantity::ftle, ftle_slot::value) == "ftle");
  CHECK(variable_at(Quantity::sali, sali_slot::value) == "sali");
  CHECK(variable_at(Quantity::megno, megno_slot::value) == "megno");
  const std::vector<std::pair<std::size_t, std::string>> orbit = {
      {orbit_class_slot::verdict, "orbit_class"},
      {orbit_class_slot::votes, "orbit_votes"},
      {orbit_class_slot::lambda_max, "orbit_lambda_max"},
      {orbit_class_slot::lambda_max_error, "orbit_lambda_max_error"},
      {orbit_class_slot::lambda_max_half, "orbit_lambda_max_half"},
      {orbit_class_slot::sali, "orbit_sali"},
      {orbit_class_slot::sali_min, "orbit_sali_min"},
      {orbit_class_slot::megno, "orbit_megno"},
      {orbit_class_slot::growth_power, "orbit_growth_power"},
      {orbit_class_slot::time, "orbit_time"}};
  for (const auto& [slot, name] : orbit) CHECK(variable_at(Quantity::orbit_class, slot) == name);
  CHECK(variable_at(Quantity::final_state, final_state_slot::state) == "final_state");
  CHECK(variable_at(Quantity::endpoint_sensitivity, endpoint_sensitivity_slot::speed) == "endpoint_speed");
  CHECK(variable_at(Quantity::endpoint_sensitivity, endpoint_sensitivity_slot::position_gain) ==
        "endpoint_position_gain");
  CHECK(variable_at(Quantity::endpoint_sensitivity, endpoint_sensitivity_slot::velocity_gain) ==
        "endpoint_velocity_gain");
  CHECK(variable_at(Quantity::section, section_slot::count) == "section_count");
  CHECK(variable_at(Quantity::section, section_slot::time) == "section_time");
  CHECK(variable_at(Quantity::section, section_slot::state) == "section_state");
  CHECK(variable_at(Quantity::basin, basin_slot::label) == "basin_label");
  CHECK(variable_at(Quantity::basin, basin_slot::time) == "basin_time");
  CHECK(variable_at(Quantity::basin, basin_slot::speed) == "basin_speed");
}

// (The evaluator table, quantity_evaluators<M>, is not taken here: naming it would compile every
// quantity's evaluation for a model into this test. It and the unit table come from the same list.)
TEST_CASE("sweep quantities: the unit table follows the one list", "[sweep][quantities]") {
  REQUIRE(quantity_units().size() == quantity_count);
  for (std::size_t i = 0; i < quantity_count; ++i)
    CHECK(unit_of(static_cast<Quantity>(i)).quantity == static_cast<Quantity>(i));
  // The layout resolves initial_energy once, for a mechanical model.
  const ResultLayout& layout = every_quantity_layout();
  REQUIRE(layout.initial_energy >= 0);
  CHECK(layout.variables[layout.initial_energy].name == "initial_energy");
}
