#include "chaoskit/sweep/work_messages.hpp"

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

std::vector<char> encode_result(std::size_t first, std::size_t count, std::span<const double> values,
                                std::span<const std::int8_t> status) {
  const std::uint64_t head[2] = {first, count};
  std::vector<char> out(sizeof head + values.size_bytes() + status.size_bytes());
  char* p = out.data();
  std::memcpy(p, head, sizeof head);
  p += sizeof head;
  if (!values.empty()) std::memcpy(p, values.data(), values.size_bytes());
  p += values.size_bytes();
  if (!status.empty()) std::memcpy(p, status.data(), status.size_bytes());
  return out;
}

DecodedResult decode_result(std::span<const char> bytes, std::size_t vpp) {
  std::uint64_t head[2];
  if (bytes.size() < sizeof head) throw std::invalid_argument("result message: shorter than its header");
  std::memcpy(head, bytes.data(), sizeof head);
  DecodedResult r;
  r.first = head[0];
  r.count = head[1];
  if (bytes.size() != sizeof head + r.count * vpp * sizeof(double) + r.count)
    throw std::invalid_argument("result message: size does not match its point count");
  r.values.resize(r.count * vpp);
  r.status.resize(r.count);
  const char* p = bytes.data() + sizeof head;
  if (!r.values.empty()) std::memcpy(r.values.data(), p, r.values.size() * sizeof(double));
  p += r.values.size() * sizeof(double);
  if (r.count) std::memcpy(r.status.data(), p, r.count);
  return r;
}

}  // namespace chaoskit::sweep
