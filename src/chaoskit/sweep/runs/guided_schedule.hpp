#pragma once
// How the coordinating rank of an MPI sweep deals out the pending batches: guided self-scheduling.
// A rank asking for work gets a unit of consecutive batches (in flat order) holding about
//     remaining points × its threads / (2 × all threads)
// points, and at least one batch. Early units are large (few messages while much work is left);
// they shrink as the grid runs out, so the last units are single batches and no rank is left
// with a long tail while the others idle: chaotic points cost many times what regular ones do,
// and which are which is not known in advance. The batch (results_file.hpp) is the atom: it is the
// unit of writing, so a unit's results reach the file in the same pieces as in one process.
#include <cstddef>
#include <optional>
#include <vector>

#include "chaoskit/sweep/engine/batch_engine.hpp"

namespace chaoskit::sweep {

class GuidedSchedule {
 public:
  /// `pending` in flat order; `total_threads` over all ranks that compute (≥ 1).
  GuidedSchedule(std::vector<Batch> pending, std::size_t total_threads);

  /// The next unit for a rank with `threads` threads; empty once every batch is handed out.
  std::vector<Batch> next_unit(std::size_t threads);
  /// One batch (for the coordinating rank's own threads, which need no message to ask again).
  std::optional<Batch> next_batch();

  std::size_t remaining_points() const { return remaining_points_; }
  std::size_t remaining_batches() const { return pending_.size() - next_; }
  std::size_t units_handed_out() const { return units_; }

 private:
  std::vector<Batch> pending_;
  std::size_t next_ = 0;
  std::size_t total_threads_;
  std::size_t remaining_points_ = 0;
  std::size_t units_ = 0;
};

}  // namespace chaoskit::sweep
