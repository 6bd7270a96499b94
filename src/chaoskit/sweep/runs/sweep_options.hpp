#pragma once
// What a run of a sweep is asked (SweepOptions: output, threads, resume, force, progress, the
// command line for the provenance) and what it reports (SweepSummary), for the runners
// (runner.hpp, mpi_runner.hpp) and the results file they write (results_file.hpp).
#include <cstddef>
#include <string>

#include "chaoskit/sweep/runs/progress.hpp"

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
  double compute_seconds = 0.0;  ///< of which computing the points (one process: compute_batches; not under MPI)
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

}  // namespace chaoskit::sweep
