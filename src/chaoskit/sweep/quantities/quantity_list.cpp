#include "chaoskit/sweep/quantities/quantity_list.hpp"

#include <array>
#include <cassert>

#include "chaoskit/sweep/quantities/quantity_unit.hpp"

namespace chaoskit::sweep {

std::span<const QuantityUnit* const> quantity_units() {
  static const std::array<const QuantityUnit*, 11> units = {
      &lambda_max_unit(),  &spectrum_unit(),    &stm_unit(),
      &ftle_unit(),        &sali_unit(),        &megno_unit(),
      &orbit_class_unit(), &final_state_unit(), &endpoint_sensitivity_unit(),
      &section_unit(),     &basin_unit()};
  return units;
}

const QuantityUnit& unit_of(Quantity q) {
  const QuantityUnit& u = *quantity_units()[static_cast<std::size_t>(q)];
  assert(u.quantity == q);  // the table follows the enumeration
  return u;
}

}  // namespace chaoskit::sweep
