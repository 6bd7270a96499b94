#pragma once
// The layout of a results file as its writers describe it: the grid's axes (each a coordinate),
// and the variables over them (an element type, trailing dimensions that give each point a block
// of values, units, a long name and a fill value). validate_layout() refuses a layout no file can
// hold, naming the field; require_same_layout() refuses to resume a file whose layout differs from
// the one requested, naming the first difference.
#include <hdf5.h>

#include <cstddef>
#include <string>
#include <vector>

namespace chaoskit::io {

enum class ElementType { float64, int32, int8, uint8 };
std::string element_type_name(ElementType t);
/// Bytes of one value of the type.
std::size_t element_size(ElementType t);
/// The type stored in the file (little-endian, whatever the machine) and the matching memory type.
hid_t file_type(ElementType t);
hid_t memory_type(ElementType t);

struct Axis {
  std::string name;
  std::vector<double> values;
  std::string units;
  std::string long_name;
  /// Whole-number coordinates (an index: a point list's `point`, a sample's `sample`), stored as
  /// int64; otherwise float64.
  bool integer = false;
};

/// The CF flags of an enumerated variable (its codes and their names, e.g. 0 1 2 "regular chaotic
/// undecided"): the attributes flag_values (in the variable's own type) and flag_meanings.
struct Flags {
  std::vector<long long> values = {};
  std::string meanings = {};
};

struct TrailingDim {
  std::string name;
  std::size_t size = 0;
};

struct Variable {
  std::string name;
  ElementType type = ElementType::float64;
  std::vector<TrailingDim> trailing;  ///< extra dimensions after the grid axes (each point holds a block)
  std::string units;
  std::string long_name;
  double fill_value = 0.0;  ///< converted to the variable's type; use NaN for float64 variables
  Flags flags = {};         ///< an enumerated variable's codes (none for the others)
  std::size_t values_per_point() const;
};

/// A fill value in the variable's memory type: 8 aligned bytes hold any ElementType's value.
struct FillValue {
  alignas(8) unsigned char bytes[8] = {};
};
FillValue fill_value_of(const Variable& v);

/// InputError naming the field for an invalid layout: no axis or variable, an empty or duplicate
/// name (`status` is taken), a name with '/', ',', '.' or a control character, an empty axis,
/// non-finite coordinates (or, for an integer axis, coordinates that are not whole numbers), a
/// fill value outside an integer type, flags on a float64 variable or as many values as meanings
/// not given, a trailing dimension with two sizes or clashing with an axis or variable.
void validate_layout(const std::vector<Axis>& axes, const std::vector<Variable>& variables);

/// InputError naming the first difference between the layout of the file `path` (file_axes,
/// file_variables) and the one requested: axes (names, values, units, integer or not), variables (presence, type,
/// trailing dimensions, units, fill value), or a variable the file has but the request lacks.
void require_same_layout(const std::string& path, const std::vector<Axis>& file_axes,
                         const std::vector<Variable>& file_variables, const std::vector<Axis>& axes,
                         const std::vector<Variable>& variables);

}  // namespace chaoskit::io
