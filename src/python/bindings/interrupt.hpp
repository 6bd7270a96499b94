#pragma once
// Ctrl-C during a long computation called from Python: the sweep's own SIGINT/SIGTERM guard
// (sweep/stop_signals.hpp) is installed for the call, the engine stops taking points (scalar
// points in flight finish; lanes are abandoned, as a kill would), finished points are kept, and the
// call raises KeyboardInterrupt once the GIL is back.
#include <pybind11/pybind11.h>

#include "chaoskit/sweep/stop_signals.hpp"

namespace chaoskit::python {

/// Raises KeyboardInterrupt if a signal stopped the computation (call with the GIL held, after
/// the SignalGuard is gone so that Python's handler is back).
inline void raise_if_interrupted(int signal_number) {
  if (signal_number == 0) return;
  PyErr_SetString(PyExc_KeyboardInterrupt, signal_number == 2 ? "chaoskit: interrupted (SIGINT); finished points kept"
                                                              : "chaoskit: stopped by a signal; finished points kept");
  throw pybind11::error_already_set();
}

}  // namespace chaoskit::python
