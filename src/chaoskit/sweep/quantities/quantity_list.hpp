#pragma once
// The sweep quantities, listed once. Each is one unit, in two files: quantities/<name>.cpp, whose
// QuantityUnit (quantity_unit.hpp) reads and validates its [compute] table, declares the variables
// it writes and adds its part of the job fingerprint, and quantities/<name>.hpp, its evaluation for
// a model, evaluate_<name> (point_evaluation.hpp). Adding a quantity: its two files, its line in
// CHAOSKIT_QUANTITY_LIST below, its header's #include in quantity_evaluators.hpp, its line in
// ../README.md. The enumeration, the unit accessors, the unit table and the evaluator table all
// follow from the list.
#include <cstddef>
#include <span>

/// X(name) once per quantity, in the order of the Quantity enumeration (and of the job fingerprint's
/// codes: append, never reorder).
#define CHAOSKIT_QUANTITY_LIST(X) \
  X(lambda_max)                   \
  X(spectrum)                     \
  X(stm)                          \
  X(ftle)                         \
  X(sali)                         \
  X(megno)                        \
  X(orbit_class)                  \
  X(final_state)                  \
  X(endpoint_sensitivity)         \
  X(section)                      \
  X(basin)

namespace chaoskit::sweep {

/// The quantities, in the order of the list.
enum class Quantity {
#define CHAOSKIT_QUANTITY_ENUMERATOR(name) name,
  CHAOSKIT_QUANTITY_LIST(CHAOSKIT_QUANTITY_ENUMERATOR)
#undef CHAOSKIT_QUANTITY_ENUMERATOR
};

#define CHAOSKIT_QUANTITY_COUNT(name) +1
inline constexpr std::size_t quantity_count = 0 CHAOSKIT_QUANTITY_LIST(CHAOSKIT_QUANTITY_COUNT);
#undef CHAOSKIT_QUANTITY_COUNT

struct QuantityUnit;

/// Every quantity's unit, indexed by Quantity.
std::span<const QuantityUnit* const> quantity_units();
const QuantityUnit& unit_of(Quantity q);

// The units, <name>_unit(), each defined in its own file.
#define CHAOSKIT_QUANTITY_UNIT_ACCESSOR(name) const QuantityUnit& name##_unit();
CHAOSKIT_QUANTITY_LIST(CHAOSKIT_QUANTITY_UNIT_ACCESSOR)
#undef CHAOSKIT_QUANTITY_UNIT_ACCESSOR

}  // namespace chaoskit::sweep
