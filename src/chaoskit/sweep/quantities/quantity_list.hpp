#pragma once
// The sweep quantities, listed once. Each is one unit, quantities/<name>.cpp, whose QuantityUnit
// (quantity_unit.hpp) reads and validates its [compute] table, declares the variables it writes and
// adds its part of the job fingerprint; its evaluation for a model is its case in
// point_evaluator.hpp. Adding a quantity: its enumerator here, its unit's accessor below and in
// quantity_list.cpp's table, its unit file, its case in the point evaluator, its line in README.md.
#include <span>

namespace chaoskit::sweep {

/// The quantities, in the order of quantity_units().
enum class Quantity {
  lambda_max,
  spectrum,
  stm,
  ftle,
  sali,
  megno,
  orbit_class,
  final_state,
  endpoint_sensitivity,
  section,
  basin
};

struct QuantityUnit;

/// Every quantity's unit, indexed by Quantity.
std::span<const QuantityUnit* const> quantity_units();
const QuantityUnit& unit_of(Quantity q);

// The units (each defined in its own file).
const QuantityUnit& lambda_max_unit();
const QuantityUnit& spectrum_unit();
const QuantityUnit& stm_unit();
const QuantityUnit& ftle_unit();
const QuantityUnit& sali_unit();
const QuantityUnit& megno_unit();
const QuantityUnit& orbit_class_unit();
const QuantityUnit& final_state_unit();
const QuantityUnit& endpoint_sensitivity_unit();
const QuantityUnit& section_unit();
const QuantityUnit& basin_unit();

}  // namespace chaoskit::sweep
