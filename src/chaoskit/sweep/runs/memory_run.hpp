#pragma once
// A job's points computed into memory instead of a results file: the same batch engine, point
// evaluator and lanes as run_sweep (so every value is bit-identical to the file a sweep of the same
// job writes), with no file, no resume and no fingerprint. The Python module's functions over
// arrays of states (lyapunov, orbit_class, stm, section, basin, ...) are this with a point list
// given directly (job_reader.hpp, parse_job).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "chaoskit/sweep/engine/batch_engine.hpp"
#include "chaoskit/sweep/job/job.hpp"
#include "chaoskit/sweep/quantities/results_layout.hpp"
#include "chaoskit/sweep/runs/progress.hpp"

namespace chaoskit::sweep {

struct MemoryRun {
  ResultsLayout layout;
  PointColumns values;              ///< every point, one column per variable of the layout
  std::vector<std::int8_t> status;  ///< per point; 0 where a stop left the point uncomputed
  EngineReport report;
  bool stopped = false;  ///< `stop` returned true before every point was computed
};

/// Computes every point of `job` on `threads` OpenMP threads (0: OpenMP's default). `stop` is
/// polled before each point (thread-safe); after a stop, the points finished are kept and the
/// rest keep status 0 (compute_batches: scalar points in flight finish, lanes are abandoned).
/// Progress goes to stderr in `progress` mode (quiet: nothing).
MemoryRun compute_in_memory(const Job& job, int threads, const std::function<bool()>& stop,
                            ProgressMode progress = ProgressMode::quiet);

}  // namespace chaoskit::sweep
