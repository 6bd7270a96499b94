#pragma once
// MPI for `chaoskit sweep` (compiled only in the MPI build, -DCHAOSKIT_MPI=ON or the test suite's
// chaoskit_mpi): initialisation, and the one collective rule for errors found before the run
// starts, so that an error is printed once instead of once per rank.
#include <mpi.h>

#include <functional>
#include <string>

namespace chaoskit {
class InputError;
}

namespace chaoskit::sweep {

class MpiSession {
 public:
  /// MPI_Init_thread with MPI_THREAD_FUNNELED: only the main thread calls MPI; compute threads
  /// never do. Works without mpirun too (a singleton: one rank).
  MpiSession();
  ~MpiSession();  ///< MPI_Finalize
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  MPI_Comm comm() const { return MPI_COMM_WORLD; }

  /// Runs `step` on every rank (collective). If it threw anywhere, the lowest rank that failed
  /// prints its error (as the CLI would), all ranks wait for that, and every rank throws
  /// ReportedElsewhere with the exit code (2 for InputError, else 1).
  void agree(const std::function<void()>& step) const;

  /// How agree() words an InputError after "chaoskit: " (the CLI names its flags for the
  /// library's fields); empty: the library's own line, e.what().
  std::function<std::string(const InputError&)> input_error_line;

  /// For failures once the ranks run independently (a rank cannot tell the others in an orderly
  /// way): prints one line naming the rank and aborts the whole job. The results file keeps every
  /// batch written so far, as after kill -9; --resume continues it.
  [[noreturn]] void abort(const std::string& message) const;

 private:
  int rank_ = 0, size_ = 1;
  bool finalize_ = false;
};

}  // namespace chaoskit::sweep
