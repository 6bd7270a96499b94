#include "chaoskit/sweep/runs/work_messages.hpp"

#include <cstring>
#include <stdexcept>

namespace chaoskit::sweep {

std::vector<std::uint64_t> encode_unit(const std::vector<Batch>& unit) {
  std::vector<std::uint64_t> w;
  w.reserve(2 * unit.size());
  for (const Batch& b : unit) {
    w.push_back(b.first);
    w.push_back(b.count);
  }
  return w;
}

std::vector<Batch> decode_unit(std::span<const std::uint64_t> words) {
  if (words.size() % 2 != 0) throw std::invalid_argument("work unit: odd number of words");
  std::vector<Batch> unit;
  for (std::size_t i = 0; i < words.size(); i += 2) unit.push_back({words[i], words[i + 1]});
  return unit;
}

std::vector<char> encode_result(std::size_t first, const PointColumns& values, std::span<const std::int8_t> status) {
  const std::uint64_t head[2] = {first, status.size()};
  std::size_t size = sizeof head + status.size_bytes();
  for (std::size_t v = 0; v < values.column_count(); ++v) size += values.bytes(v).size();
  std::vector<char> out(size);
  char* p = out.data();
  std::memcpy(p, head, sizeof head);
  p += sizeof head;
  for (std::size_t v = 0; v < values.column_count(); ++v) {
    const std::span<const char> column = values.bytes(v);
    if (!column.empty()) std::memcpy(p, column.data(), column.size());
    p += column.size();
  }
  if (!status.empty()) std::memcpy(p, status.data(), status.size_bytes());
  return out;
}

DecodedResult decode_result(std::span<const char> bytes, const std::vector<io::Variable>& variables) {
  std::uint64_t head[2];
  if (bytes.size() < sizeof head) throw std::invalid_argument("result message: shorter than its header");
  std::memcpy(head, bytes.data(), sizeof head);
  const std::size_t count = head[1];
  // Each value's size from its variable's type, so that a message of the wrong size is refused
  // before any column is allocated for an absurd count.
  std::size_t per_point = 1;  // the status
  for (const io::Variable& var : variables) per_point += var.values_per_point() * io::element_size(var.type);
  if (count > (bytes.size() - sizeof head) / per_point || bytes.size() != sizeof head + count * per_point)
    throw std::invalid_argument("result message: size does not match its point count");
  DecodedResult r;
  r.first = head[0];
  r.values = PointColumns(variables, count);
  r.status.resize(count);
  const char* p = bytes.data() + sizeof head;
  for (std::size_t v = 0; v < r.values.column_count(); ++v) {
    const std::span<char> column = r.values.bytes(v);
    if (!column.empty()) std::memcpy(column.data(), p, column.size());
    p += column.size();
  }
  if (count) std::memcpy(r.status.data(), p, count);
  return r;
}

}  // namespace chaoskit::sweep
