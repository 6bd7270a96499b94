#pragma once
// A sweep as one rank of an MPI job (`mpirun -n N chaoskit sweep JOB`, MPI build only).
//
// Rank 0 coordinates and is the only process that touches the results file (Debian's serial
// HDF5; the file protocol of io/results_store.hpp is unchanged, so kill -9 safety and --resume work
// as in one process). It reads the done-bitmap, deals out the pending batches in guided work units
// (guided_schedule.hpp) to ranks that ask, writes the result messages they send back through the
// same writer as its own threads' batches, and computes with its own threads too (they take single
// batches straight from the schedule). Every other rank asks for a unit, computes it with its
// OpenMP threads (batch_engine.hpp) while its next unit is already requested, and sends each
// finished batch back. The datasets are bit-identical to a one-process run's for any number of
// ranks and threads: points are computed independently, and the file's layout does not depend on
// who computed what.
//
// Stopping: SIGINT/SIGTERM on any rank (Slurm's scancel signals all of them) stops the whole job:
// no new point starts, points in flight finish and are written, every rank exits with
// 128+signal. A rank that dies (kill -9, node failure) makes mpirun end the job; the file holds
// every batch written so far and `mpirun ... --resume` computes the rest.
#include "chaoskit/sweep/job/job.hpp"
#include "chaoskit/sweep/runs/mpi_session.hpp"
#include "chaoskit/sweep/runs/runner.hpp"

namespace chaoskit::sweep {

/// Runs this rank's part. On rank 0 the summary of the whole run; on the others a summary with
/// only `computed` (by this rank), `threads`, `interrupted` and `signal` set. Errors before the
/// run starts (a refused output file, ranks reading different jobs) follow MpiSession::agree.
SweepSummary run_sweep_mpi(const Job& job, const SweepOptions& options, const MpiSession& mpi);

}  // namespace chaoskit::sweep
