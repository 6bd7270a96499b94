#include "chaoskit/sweep/quantities/point_columns.hpp"

#include <algorithm>
#include <cassert>
#include <cstring>

namespace chaoskit::sweep {

namespace {

/// A fill value as the element type T whose bytes it holds (io::fill_value_of).
template <class T>
T fill_as(const io::FillValue& fill) {
  T x;
  std::memcpy(&x, fill.bytes, sizeof x);
  return x;
}

}  // namespace

PointColumns::PointColumns(const std::vector<io::Variable>& variables, std::size_t points) : points_(points) {
  columns_.reserve(variables.size());
  for (const io::Variable& var : variables) {
    Column& c = columns_.emplace_back();
    c.type = var.type;
    c.per = var.values_per_point();
    c.fill = io::fill_value_of(var);
    const std::size_t n = points * c.per;
    switch (var.type) {
      case io::ElementType::float64: c.data = std::vector<double>(n, fill_as<double>(c.fill)); break;
      case io::ElementType::int32: c.data = std::vector<std::int32_t>(n, fill_as<std::int32_t>(c.fill)); break;
      case io::ElementType::int8: c.data = std::vector<std::int8_t>(n, fill_as<std::int8_t>(c.fill)); break;
      case io::ElementType::uint8: c.data = std::vector<std::uint8_t>(n, fill_as<std::uint8_t>(c.fill)); break;
    }
  }
}

void PointColumns::fill_point(std::size_t point) {
  assert(point < points_);
  for (Column& c : columns_)
    std::visit(
        [&](auto& values) {
          using T = typename std::decay_t<decltype(values)>::value_type;
          std::fill_n(values.begin() + static_cast<std::ptrdiff_t>(point * c.per), c.per, fill_as<T>(c.fill));
        },
        c.data);
}

void PointColumns::assign_points(std::size_t at, const PointColumns& from) {
  assert(from.columns_.size() == columns_.size() && at + from.points_ <= points_);
  for (std::size_t v = 0; v < columns_.size(); ++v)
    std::visit(
        [&](auto& values) {
          const auto& src = std::get<std::decay_t<decltype(values)>>(from.columns_[v].data);
          std::copy(src.begin(), src.end(), values.begin() + static_cast<std::ptrdiff_t>(at * columns_[v].per));
        },
        columns_[v].data);
}

void PointColumns::append(const PointColumns& other) {
  assert(other.columns_.size() == columns_.size());
  for (std::size_t v = 0; v < columns_.size(); ++v)
    std::visit(
        [&](auto& values) {
          const auto& more = std::get<std::decay_t<decltype(values)>>(other.columns_[v].data);
          values.insert(values.end(), more.begin(), more.end());
        },
        columns_[v].data);
  points_ += other.points_;
}

PointColumns PointColumns::slice(std::size_t first, std::size_t count) const {
  assert(first + count <= points_);
  PointColumns out;
  out.points_ = count;
  out.columns_.reserve(columns_.size());
  for (const Column& c : columns_) {
    Column& d = out.columns_.emplace_back();
    d.type = c.type;
    d.per = c.per;
    d.fill = c.fill;
    d.data = std::visit(
        [&](const auto& values) -> Storage {
          const auto begin = values.begin() + static_cast<std::ptrdiff_t>(first * c.per);
          return std::decay_t<decltype(values)>(begin, begin + static_cast<std::ptrdiff_t>(count * c.per));
        },
        c.data);
  }
  return out;
}

io::BufferView PointColumns::view(std::size_t v) const {
  return std::visit([](const auto& values) -> io::BufferView { return std::span(values); }, columns_[v].data);
}

std::span<const char> PointColumns::bytes(std::size_t v) const {
  return std::visit(
      [](const auto& values) {
        return std::span<const char>(reinterpret_cast<const char*>(values.data()),
                                     values.size() * sizeof(typename std::decay_t<decltype(values)>::value_type));
      },
      columns_[v].data);
}

std::span<char> PointColumns::bytes(std::size_t v) {
  return std::visit(
      [](auto& values) {
        return std::span<char>(reinterpret_cast<char*>(values.data()),
                               values.size() * sizeof(typename std::decay_t<decltype(values)>::value_type));
      },
      columns_[v].data);
}

bool PointColumns::same_bits(const PointColumns& other) const {
  if (points_ != other.points_ || columns_.size() != other.columns_.size()) return false;
  for (std::size_t v = 0; v < columns_.size(); ++v) {
    if (columns_[v].type != other.columns_[v].type || columns_[v].per != other.columns_[v].per) return false;
    const auto a = bytes(v), b = other.bytes(v);
    if (a.size() != b.size() || (!a.empty() && std::memcmp(a.data(), b.data(), a.size()) != 0)) return false;
  }
  return true;
}

}  // namespace chaoskit::sweep
