#include "chaoskit/sweep/quantities/quantity_list.hpp"

#include <array>
#include <cassert>

#include "chaoskit/sweep/quantities/quantity_unit.hpp"

namespace chaoskit::sweep {

std::span<const QuantityUnit* const> quantity_units() {
#define CHAOSKIT_QUANTITY_UNIT_ADDRESS(name) &name##_unit(),
  static const std::array<const QuantityUnit*, quantity_count> units = {
      CHAOSKIT_QUANTITY_LIST(CHAOSKIT_QUANTITY_UNIT_ADDRESS)};
#undef CHAOSKIT_QUANTITY_UNIT_ADDRESS
  return units;
}

const QuantityUnit& unit_of(Quantity q) {
  const QuantityUnit& u = *quantity_units()[static_cast<std::size_t>(q)];
  assert(u.quantity == q);  // the table follows the enumeration
  return u;
}

}  // namespace chaoskit::sweep
