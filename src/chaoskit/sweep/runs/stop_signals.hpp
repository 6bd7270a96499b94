#pragma once
// SIGINT / SIGTERM during a sweep: the handler only records the signal; compute threads check it
// before taking a point (points in flight finish and are saved), and under MPI each rank's
// communication thread turns it into a stop of the whole job.
namespace chaoskit::sweep {

/// Installs the handlers for its lifetime (restoring the previous ones) and clears the record.
class SignalGuard {
 public:
  SignalGuard();
  ~SignalGuard();
  SignalGuard(const SignalGuard&) = delete;
  SignalGuard& operator=(const SignalGuard&) = delete;

 private:
  struct Saved;
  Saved* saved_;
};

/// The signal received since the guard was installed, 0 if none (async-signal-safe read).
int signal_received();

}  // namespace chaoskit::sweep
