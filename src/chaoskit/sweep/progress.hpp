#pragma once
// Progress of a long sweep on stderr: a redrawn bar with rate and ETA when stderr is a terminal,
// otherwise (batch jobs, log files) one line every `interval` seconds, so a cluster log shows the
// sweep is alive without filling up. Thread-compatible: the runner calls update() from the one
// thread that holds its writer lock.
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <string>

namespace chaoskit::sweep {

enum class ProgressMode { automatic, bar, log, quiet };

class Progress {
 public:
  /// `total` points in the job, `already` of them finished before this run (a resume).
  Progress(std::size_t total, std::size_t already, ProgressMode mode, double log_interval_s = 10.0,
           std::FILE* stream = stderr);
  /// `finished` points computed by this run so far, `failed` of them with a failure status.
  void update(std::size_t finished, std::size_t failed);
  /// The closing line (always printed unless quiet).
  void finish(std::size_t finished, std::size_t failed, const std::string& what);

  static std::string format_duration(double seconds);

 private:
  std::string line(std::size_t finished, std::size_t failed) const;
  double elapsed() const;

  std::size_t total_, already_;
  ProgressMode mode_;
  double interval_;
  std::FILE* out_;
  std::chrono::steady_clock::time_point start_;
  double last_print_ = -1e9;
};

}  // namespace chaoskit::sweep
