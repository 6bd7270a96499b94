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
#include "chaoskit/sweep/job/job.hpp"
#include "chaoskit/sweep/runs/sweep_options.hpp"

namespace chaoskit::sweep {

/// Thrown on the ranks of an MPI run whose error another rank reports (so that it is printed once):
/// the command exits with `exit_code` and prints nothing.
struct ReportedElsewhere {
  int exit_code = 1;
};

/// Runs (or resumes) the sweep. InputError for a refused output (exists, different job, not
/// enough disk), std::runtime_error for I/O failures.
SweepSummary run_sweep(const Job& job, const SweepOptions& options);

}  // namespace chaoskit::sweep
