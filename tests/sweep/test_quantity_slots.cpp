// Each quantity's evaluation writes its variables through typed slots (quantities/<name>.hpp names
// them); its unit's variables() declares them (quantities/<name>.cpp). The two are separate lists,
// so this checks that every slot lands on the variable of that name and element type, for every
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

/// The variable of the job's entry for quantity q at `slot`: its name and its element type, which
/// must be the slot's (a slot of the wrong type would write a double into an int32 column).
template <class T>
void check_slot(Quantity q, Slot<T> slot, const std::string& name) {
  const Job& job = every_quantity_job();
  const ResultLayout& layout = every_quantity_layout();
  for (std::size_t e = 0; e < job.compute.size(); ++e)
    if (job.compute[e].quantity == q) {
      const io::Variable& var = layout.variables.at(layout.entry_first_variable.at(e) + slot.index);
      INFO(quantity_name(q) << " slot " << slot.index);
      CHECK(var.name == name);
      CHECK(io::element_type_name(var.type) == io::element_type_name(element_type_of<T>()));
      return;
    }
  FAIL("no entry for " << quantity_name(q));
}

}  // namespace

TEST_CASE("sweep quantities: every evaluation's slot names the variable, and its type, that its unit declares there",
          "[sweep][quantities]") {
  REQUIRE(every_quantity_job().compute.size() == quantity_count);
  check_slot(Quantity::lambda_max, lambda_max_slot::value, "lambda_max");
  check_slot(Quantity::lambda_max, lambda_max_slot::error, "lambda_max_error");
  check_slot(Quantity::lambda_max, lambda_max_slot::converged, "lambda_max_converged");
  check_slot(Quantity::spectrum, spectrum_slot::exponents, "spectrum");
  check_slot(Quantity::spectrum, spectrum_slot::errors, "spectrum_error");
  check_slot(Quantity::stm, stm_slot::matrix, "stm");
  check_slot(Quantity::ftle, ftle_slot::value, "ftle");
  check_slot(Quantity::sali, sali_slot::value, "sali");
  check_slot(Quantity::megno, megno_slot::value, "megno");
  check_slot(Quantity::orbit_class, orbit_class_slot::verdict, "orbit_class");
  check_slot(Quantity::orbit_class, orbit_class_slot::votes, "orbit_votes");
  check_slot(Quantity::orbit_class, orbit_class_slot::lambda_max, "orbit_lambda_max");
  check_slot(Quantity::orbit_class, orbit_class_slot::lambda_max_error, "orbit_lambda_max_error");
  check_slot(Quantity::orbit_class, orbit_class_slot::lambda_max_half, "orbit_lambda_max_half");
  check_slot(Quantity::orbit_class, orbit_class_slot::sali, "orbit_sali");
  check_slot(Quantity::orbit_class, orbit_class_slot::sali_min, "orbit_sali_min");
  check_slot(Quantity::orbit_class, orbit_class_slot::megno, "orbit_megno");
  check_slot(Quantity::orbit_class, orbit_class_slot::growth_power, "orbit_growth_power");
  check_slot(Quantity::orbit_class, orbit_class_slot::time, "orbit_time");
  check_slot(Quantity::final_state, final_state_slot::state, "final_state");
  check_slot(Quantity::endpoint_sensitivity, endpoint_sensitivity_slot::speed, "endpoint_speed");
  check_slot(Quantity::endpoint_sensitivity, endpoint_sensitivity_slot::position_gain, "endpoint_position_gain");
  check_slot(Quantity::endpoint_sensitivity, endpoint_sensitivity_slot::velocity_gain, "endpoint_velocity_gain");
  check_slot(Quantity::section, section_slot::count, "section_count");
  check_slot(Quantity::section, section_slot::time, "section_time");
  check_slot(Quantity::section, section_slot::state, "section_state");
  check_slot(Quantity::basin, basin_slot::label, "basin_label");
  check_slot(Quantity::basin, basin_slot::time, "basin_time");
  check_slot(Quantity::basin, basin_slot::speed, "basin_speed");
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
