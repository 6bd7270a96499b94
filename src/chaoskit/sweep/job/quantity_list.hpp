#pragma once
// The sweep quantities, listed once. Each is one unit of ../quantities/, in two files:
// quantities/<name>.cpp, whose QuantityUnit (quantities/quantity_unit.hpp) reads and validates its
// [compute] table, declares the variables it writes and adds its part of the job fingerprint, and
// quantities/<name>.hpp, its evaluation for a model, evaluate_<name> (quantities/point_evaluation.hpp).
// Adding a quantity: its two files, its line in CHAOSKIT_QUANTITY_LIST below, its header's #include
// in quantities/quantity_evaluators.hpp, its line in ../README.md. The enumeration and the names
// (here, for the job's types), the unit accessors and table (quantities/quantity_unit.hpp) and the
// evaluator table all follow from the list.
#include <array>
#include <cstddef>
#include <string_view>

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
  X(basin)                        \
  X(orbit_diagram)

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

/// The [compute] key of each quantity, indexed by Quantity: its name in the list (and its unit's name).
#define CHAOSKIT_QUANTITY_KEY(name) #name,
inline constexpr std::array<std::string_view, quantity_count> quantity_keys = {
    CHAOSKIT_QUANTITY_LIST(CHAOSKIT_QUANTITY_KEY)};
#undef CHAOSKIT_QUANTITY_KEY

}  // namespace chaoskit::sweep
