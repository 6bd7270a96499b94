#include "chaoskit/sweep/runs/mpi_session.hpp"

#include <cstdio>
#include <exception>
#include <stdexcept>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/sweep/runs/runner.hpp"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#endif

namespace chaoskit::sweep {

namespace {
/// In a sanitizer build, LeakSanitizer ignores what Open MPI allocates while it starts and shuts
/// down: that state lives until exit in components Open MPI unloads before the leak check, so the
/// reports name no module and no suppression can match them. chaoskit's own allocations, before,
/// between and after, stay checked.
struct IgnoreMpiStartupLeaks {
#if defined(__SANITIZE_ADDRESS__)
  IgnoreMpiStartupLeaks() { __lsan_disable(); }
  ~IgnoreMpiStartupLeaks() { __lsan_enable(); }
#endif
};
}  // namespace

MpiSession::MpiSession() {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized) {
    int provided = 0;
    {
      [[maybe_unused]] const IgnoreMpiStartupLeaks ignore;
      MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    }
    finalize_ = true;
    if (provided < MPI_THREAD_FUNNELED) {
      [[maybe_unused]] const IgnoreMpiStartupLeaks ignore;
      MPI_Finalize();
      finalize_ = false;
      throw std::runtime_error("the MPI library does not support threads (MPI_THREAD_FUNNELED)");
    }
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

MpiSession::~MpiSession() {
#if defined(__SANITIZE_ADDRESS__)
  // The leak check runs here, while Open MPI still holds its state (reachable, so no report), and
  // not at exit, after MPI_Finalize has unloaded the components that allocated it. Whatever
  // chaoskit lost is unreachable either way and still reported (exit code 86).
  if (finalize_) __lsan_do_leak_check();
#endif
  [[maybe_unused]] const IgnoreMpiStartupLeaks ignore;
  if (finalize_) MPI_Finalize();
}

void MpiSession::agree(const std::function<void()>& step) const {
  std::exception_ptr error;
  int code = 0;
  try {
    step();
  } catch (const InputError&) {
    error = std::current_exception();
    code = 2;
  } catch (const ReportedElsewhere& e) {
    error = std::current_exception();
    code = e.exit_code;
  } catch (...) {
    error = std::current_exception();
    code = 1;
  }
  int mine = error ? rank_ : size_, first = size_;
  MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, comm());
  if (first == size_) return;
  int exit_code = 0;
  MPI_Allreduce(&code, &exit_code, 1, MPI_INT, MPI_MAX, comm());
  // The reporting rank prints here, before the barrier, in the CLI's format (tools/chaoskit/main.cpp):
  // if it printed after unwinding, another rank could already have exited non-zero, and mpirun
  // ends the job on the first such exit, sometimes before the line reached its output.
  if (rank_ == first) {
    try {
      std::rethrow_exception(error);
    } catch (const InputError& e) {
      const std::string line = input_error_line ? input_error_line(e) : std::string(e.what());
      std::fprintf(stderr, "chaoskit: %s\n", line.c_str());
    } catch (const ReportedElsewhere&) {
      // already printed by whoever raised it
    } catch (const std::exception& e) { std::fprintf(stderr, "chaoskit: error: %s\n", e.what()); } catch (...) {
      std::fprintf(stderr, "chaoskit: error: unknown failure\n");
    }
    std::fflush(stderr);
  }
  MPI_Barrier(comm());
  throw ReportedElsewhere{exit_code};
}

void MpiSession::abort(const std::string& message) const {
  std::fprintf(stderr,
               "chaoskit: error: rank %d of %d: %s (the results file keeps every batch written; "
               "run again with --resume)\n",
               rank_, size_, message.c_str());
  std::fflush(stderr);
  MPI_Abort(comm(), 1);
  std::abort();
}

}  // namespace chaoskit::sweep
