#pragma once
// Running a sweep in one process: every grid point of a job evaluated in parallel (OpenMP threads
// take points one at a time, in flat-index order, so chaotic and regular points balance themselves;
// batch_engine.hpp), finished points collected into batches of consecutive indices and streamed to
// the results store by one thread at a time (results_file.hpp). Memory holds only the batches in
// flight (about threads + 1), not the grid. The MPI build runs the same engine on every rank
// (mpi_runner.hpp).
//
// Fault behaviour:
//   - kill -9: the file holds every batch written so far (see io/results_store.hpp); --resume
//     computes exactly the points whose status is still 0.
//   - SIGINT / SIGTERM: no new point is started, the points in flight finish, every finished point
//     is written, the file is flushed and run_sweep returns with `interrupted` set (exit 130/143).
//   - The output is never overwritten without `force`; resuming checks the file's layout and the
//     job fingerprint (job_fingerprint.hpp) and refuses a different job or build.
#include <cstddef>
#include <string>

#include "chaoskit/sweep/job.hpp"
#include "chaoskit/sweep/progress.hpp"

namespace chaoskit::sweep {

struct SweepOptions {
  std::string output;   ///< overrides the job's output when not empty
  int threads = 0;      ///< 0: OpenMP's default (OMP_NUM_THREADS or all cores)
  bool resume = false;  ///< continue an existing file (or start one if absent)
  bool force = false;   ///< replace an existing file
  ProgressMode progress = ProgressMode::automatic;
  double log_interval = 10.0;  ///< seconds between progress lines when stderr is not a terminal
  std::string command_line;    ///< recorded in the provenance
  int ranks = 1;               ///< recorded in the provenance (MPI ranks of the run)
};

struct SweepSummary {
  std::string output;
  std::size_t total = 0;         ///< grid points
  std::size_t already_done = 0;  ///< finished before this run (resume)
  std::size_t computed = 0;      ///< finished by this run
  std::size_t failed = 0;        ///< of all points, status other than ok
  double seconds = 0.0;          ///< wall time of this run
  double write_seconds = 0.0;    ///< of which in HDF5 writes (batches and finalize)
  int threads = 1;               ///< per rank
  int ranks = 1;                 ///< MPI ranks that computed (1 without MPI)
  bool finalized = false;        ///< every point done and the file compressed
  bool interrupted = false;      ///< stopped by SIGINT/SIGTERM (then `signal` holds it)
  int signal = 0;
  // MPI runs (coordinating rank): traffic that bounds how far the design scales.
  std::size_t units = 0;           ///< work units handed out (rank 0's own threads take single batches)
  std::size_t messages = 0;        ///< messages the coordinator received
  std::size_t message_bytes = 0;   ///< of which result payload bytes
  std::size_t writes = 0;          ///< write_points calls (each with two HDF5 flushes)
  double coordinator_seconds = 0;  ///< coordinator thread busy (receiving, scheduling, writing)
};

/// Thrown on the ranks of an MPI run whose error another rank reports (so that it is printed once):
/// the command exits with `exit_code` and prints nothing.
struct ReportedElsewhere {
  int exit_code = 1;
};

/// Runs (or resumes) the sweep. InputError for a refused output (exists, different job, not
/// enough disk), std::runtime_error for I/O failures.
SweepSummary run_sweep(const Job& job, const SweepOptions& options);

/// Bytes the results file occupies while the sweep runs (uncompressed; finalize() shrinks it).
std::size_t estimated_file_bytes(const Job& job);

/// Bytes of memory a sweep of this grid needs beyond a fixed base: what grows with the number of
/// points (their status codes, read whole on start and at the end, the done flags and the batch
/// list) and with the axes (their coordinates, a point list's rows). Values themselves are held one
/// batch at a time.
std::size_t estimated_memory_bytes(const Job& job);

}  // namespace chaoskit::sweep
