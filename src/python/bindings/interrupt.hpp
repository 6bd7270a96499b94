#pragma once
// Ctrl-C during a long computation called from Python: the sweep's own SIGINT/SIGTERM guard
// (sweep/stop_signals.hpp) is installed for the call, the engine stops taking points (scalar
// points in flight finish; lanes are abandoned, as a kill would), finished points are kept, and the
// call raises KeyboardInterrupt once the GIL is back.
#include <mutex>

#include <pybind11/pybind11.h>

#include "chaoskit/sweep/runs/stop_signals.hpp"

namespace chaoskit::python {

/// One computation at a time per process: the signal guard replaces the process's SIGINT and
/// SIGTERM handlers for the call and restores them after, which two overlapping calls from two
/// Python threads would do out of order (and each uses every core anyway). A second call waits,
/// without the GIL, for the first to finish.
inline std::mutex& computation_mutex() {
  static std::mutex m;
  return m;
}

/// Raises KeyboardInterrupt if a signal stopped the computation (call with the GIL held, after
/// the SignalGuard is gone so that Python's handler is back).
inline void raise_if_interrupted(int signal_number) {
  if (signal_number == 0) return;
  PyErr_SetString(PyExc_KeyboardInterrupt, signal_number == 2 ? "chaoskit: interrupted (SIGINT); finished points kept"
                                                              : "chaoskit: stopped by a signal; finished points kept");
  throw pybind11::error_already_set();
}

}  // namespace chaoskit::python
