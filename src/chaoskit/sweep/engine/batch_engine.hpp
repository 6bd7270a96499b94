#pragma once
// The compute side of a sweep, shared by the single-process runner and every rank of an MPI run:
// OpenMP threads take points one at a time (so chaotic and regular points balance themselves)
// from batches of consecutive flat indices that a BatchFeed hands out, and each finished batch goes
// to a BatchSink (the results file, or a message to the writing rank). Memory holds only the
// batches in flight. No I/O and no MPI here: the feed and the sink decide where work comes from
// and where results go.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>

#include "chaoskit/sweep/job/job.hpp"
#include "chaoskit/sweep/quantities/point_columns.hpp"
#include "chaoskit/sweep/quantities/results_layout.hpp"

namespace chaoskit::sweep {

/// Points first .. first+count-1 of the grid (flat row-major indices).
struct Batch {
  std::size_t first = 0, count = 0;
  bool operator==(const Batch&) const = default;
};

class BatchFeed {
 public:
  virtual ~BatchFeed() = default;
  /// The next batch, or nullopt when there is no more work. Called by one thread at a time; may
  /// block (a rank waiting for its next work unit) and must return nullopt once the run stops.
  virtual std::optional<Batch> next() = 0;
};

class BatchSink {
 public:
  virtual ~BatchSink() = default;
  /// Points first .. first + status.size() − 1 are finished: `values` holds their columns (one per
  /// variable of the layout, point_columns.hpp), `status` their codes, each ≥ 1. Called
  /// concurrently from compute threads: implementations synchronise. An exception stops the
  /// engine and is rethrown by it.
  virtual void put(std::size_t first, const PointColumns& values, std::span<const std::int8_t> status) = 0;
};

struct EngineReport {
  std::size_t computed = 0;       ///< points delivered to the sink
  std::size_t failed = 0;         ///< of which with a status other than ok
  std::string first_point_error;  ///< message of the first point that threw (status internal_error)
  long lane_steps = 0;            ///< lanes × vector steps of the lane engines (0 without lanes)
  long busy_lane_steps = 0;       ///< of which lanes that had a trajectory: the lane utilisation's numerator
};

/// Computes batches from `feed` on `threads` OpenMP threads until the feed is empty or `stop()`
/// (checked before every point; must be thread-safe) is true. Whole batches are delivered as they
/// complete; after a stop, the points in flight finish and the finished runs of incomplete batches
/// are delivered too, so nothing computed is lost.
EngineReport compute_batches(const Job& job, const ResultsLayout& layout, int threads, BatchFeed& feed, BatchSink& sink,
                             const std::function<bool()>& stop);

}  // namespace chaoskit::sweep
