#pragma once
// The results of a run of consecutive points as the sweep holds them between the evaluation and
// the store: one column per variable of the job's layout (results_layout.hpp), each in the
// variable's own element type, count × values_per_point values, point-major. A quantity writes an
// int32 verdict as an int32 and a flag as a uint8 into the slot its unit declared, and that column
// goes to the file (write_protocol.hpp), to an MPI message (work_messages.hpp) or to a Python array
// as it is: no value passes through a double on its way.
//
// A point's values are reached through PointValues (one point of one PointColumns); an entry's
// through its typed slots (Slot<T> below, written through EntryOutput, point_evaluation.hpp). Asking for a column in a
// type other than its own is a programming error: std::get throws std::bad_variant_access.
#include <cstddef>
#include <cstdint>
#include <span>
#include <variant>
#include <vector>

#include "chaoskit/io/results_layout.hpp"
#include "chaoskit/io/write_protocol.hpp"

namespace chaoskit::sweep {

/// The element type that stores values of C++ type T.
template <class T>
constexpr io::ElementType element_type_of();
template <>
constexpr io::ElementType element_type_of<double>() {
  return io::ElementType::float64;
}
template <>
constexpr io::ElementType element_type_of<std::int32_t>() {
  return io::ElementType::int32;
}
template <>
constexpr io::ElementType element_type_of<std::int8_t>() {
  return io::ElementType::int8;
}
template <>
constexpr io::ElementType element_type_of<std::uint8_t>() {
  return io::ElementType::uint8;
}

/// Variable `index` among one [compute] entry's variables, named `name`, whose values are of type T.
/// A quantity declares each of its variables once, as a slot beside its evaluation
/// (quantities/<name>.hpp): the evaluation writes through it (EntryOutput, point_evaluation.hpp)
/// and its unit's variables() lays it out, at its index, under its name, in T's element type
/// (VariableList, quantity_unit.hpp).
template <class T>
struct Slot {
  std::size_t index;
  const char* name;
};

class PointColumns {
 public:
  PointColumns() = default;
  /// `points` points of `variables`, every value at its variable's fill value.
  PointColumns(const std::vector<io::Variable>& variables, std::size_t points);

  std::size_t points() const { return points_; }
  std::size_t column_count() const { return columns_.size(); }
  io::ElementType type(std::size_t v) const { return columns_[v].type; }
  std::size_t values_per_point(std::size_t v) const { return columns_[v].per; }

  /// The values_per_point(v) values of variable v at `point`; T must be the variable's type.
  template <class T>
  T* at(std::size_t v, std::size_t point) {
    Column& c = columns_[v];
    return std::get<std::vector<T>>(c.data).data() + point * c.per;
  }
  template <class T>
  const T* at(std::size_t v, std::size_t point) const {
    const Column& c = columns_[v];
    return std::get<std::vector<T>>(c.data).data() + point * c.per;
  }

  /// Sets every value of `point` back to its variable's fill value (a point whose computation threw).
  void fill_point(std::size_t point);
  /// Copies `from`'s points (same variables) over points at .. at + from.points() − 1.
  void assign_points(std::size_t at, const PointColumns& from);
  /// Appends `other`'s points (same variables).
  void append(const PointColumns& other);
  /// Points first .. first+count−1, as a run of their own.
  PointColumns slice(std::size_t first, std::size_t count) const;

  /// Column v, every point, as the store writes it.
  io::BufferView view(std::size_t v) const;
  /// Column v's object representation (an MPI message carries it; both ends run one binary).
  std::span<const char> bytes(std::size_t v) const;
  std::span<char> bytes(std::size_t v);

  /// Same variables and the same bits in every value (NaN payloads and signed zeros included).
  bool same_bits(const PointColumns& other) const;

 private:
  using Storage =
      std::variant<std::vector<double>, std::vector<std::int32_t>, std::vector<std::int8_t>, std::vector<std::uint8_t>>;
  struct Column {
    io::ElementType type = io::ElementType::float64;
    std::size_t per = 1;
    io::FillValue fill;
    Storage data;
  };
  std::vector<Column> columns_;
  std::size_t points_ = 0;
};

/// One point of a PointColumns: where the evaluation of that point writes.
struct PointValues {
  PointColumns* columns;
  std::size_t point;

  template <class T>
  T* at(std::size_t v) const {
    return columns->template at<T>(v, point);
  }
};

}  // namespace chaoskit::sweep
