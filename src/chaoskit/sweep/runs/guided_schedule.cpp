#include "chaoskit/sweep/runs/guided_schedule.hpp"

#include <algorithm>

namespace chaoskit::sweep {

GuidedSchedule::GuidedSchedule(std::vector<Batch> pending, std::size_t total_threads)
    : pending_(std::move(pending)), total_threads_(std::max<std::size_t>(1, total_threads)) {
  for (const Batch& b : pending_) remaining_points_ += b.count;
}

std::vector<Batch> GuidedSchedule::next_unit(std::size_t threads) {
  std::vector<Batch> unit;
  if (next_ == pending_.size()) return unit;
  // The factor 2 (the "factoring" variant of guided scheduling) deals out only half of what is
  // left per round of requests, so when a unit turns out to be mostly chaotic (slow), the other
  // ranks still find enough work behind it to even out the finishing times.
  const std::size_t target =
      std::max<std::size_t>(1, remaining_points_ * std::max<std::size_t>(1, threads) / (2 * total_threads_));
  std::size_t points = 0;
  while (next_ < pending_.size() && (unit.empty() || points + pending_[next_].count <= target)) {
    points += pending_[next_].count;
    unit.push_back(pending_[next_++]);
  }
  remaining_points_ -= points;
  ++units_;
  return unit;
}

std::optional<Batch> GuidedSchedule::next_batch() {
  if (next_ == pending_.size()) return std::nullopt;
  remaining_points_ -= pending_[next_].count;
  ++units_;
  return pending_[next_++];
}

}  // namespace chaoskit::sweep
