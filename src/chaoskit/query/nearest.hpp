#pragma once
// Nearest grid point to given coordinates: along each axis the value closest to the requested one
// (the first of two equally close), so the answer is a grid point even on a non-uniform or
// unsorted (list) axis.
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "chaoskit/io/results_store.hpp"

namespace chaoskit::query {

/// Parses "th1=0.3,th2=-1" (numbers may carry `deg`); InputError(field) for a malformed entry,
/// an axis named twice or a bad number. Axis names are checked by nearest_point.
std::map<std::string, double> parse_coordinates(const std::string& text, const std::string& field);

struct NearestPoint {
  std::vector<std::size_t> index;   ///< multi-index over the axes
  std::size_t flat = 0;             ///< flat (row-major) index
  std::vector<double> requested;    ///< per axis: the requested value (the grid value where not given)
  std::vector<double> coordinates;  ///< per axis: the grid value
  std::int8_t status = 0;
  struct Value {
    std::string name;
    std::vector<std::size_t> shape;  ///< trailing dimensions (empty for one value per point)
    std::vector<double> values;      ///< row-major, values_per_point of them
  };
  std::vector<Value> variables;  ///< every variable, in file order
};

/// Every axis with more than one value must be given; InputError(field) for an unknown or missing
/// axis (naming it and listing the axes).
NearestPoint nearest_point(const io::ResultsStore& store, const std::map<std::string, double>& at,
                           const std::string& field = "at");

}  // namespace chaoskit::query
