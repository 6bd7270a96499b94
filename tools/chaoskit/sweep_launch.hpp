#pragma once
// How `chaoskit sweep` runs: in this process (the default build, sweep_launch_local.cpp) or as one
// rank of an MPI job (the MPI build, sweep_launch_mpi.cpp). Exactly one of the two is linked into
// an executable, so the default program has no MPI dependency and cmd_sweep.cpp is compiled once
// for both.
#include <functional>

#include "chaoskit/sweep/job/job.hpp"
#include "chaoskit/sweep/runs/runner.hpp"

namespace chaoskit::cli {

class SweepLaunch {
 public:
  /// MPI build: initialises MPI. Default build: InputError when started as one of several MPI
  /// ranks (every rank would run the whole sweep into the same file).
  SweepLaunch();
  ~SweepLaunch();
  SweepLaunch(const SweepLaunch&) = delete;
  SweepLaunch& operator=(const SweepLaunch&) = delete;

  int ranks() const;
  /// True on the rank that prints plans, summaries and errors (rank 0; the only one without MPI).
  bool reports() const;
  /// Runs a setup step on every rank so that its error is printed once (MpiSession::agree).
  void agree(const std::function<void()>& step) const;
  sweep::SweepSummary run(const sweep::Job& job, const sweep::SweepOptions& options) const;

 private:
  struct State;
  State* state_;
};

}  // namespace chaoskit::cli
