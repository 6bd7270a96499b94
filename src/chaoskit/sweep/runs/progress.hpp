#pragma once
// Progress of a long sweep on stderr: a redrawn bar with rate and ETA when stderr is a terminal,
// otherwise (batch jobs, log files) one line every `interval` seconds, so a cluster log shows the
// sweep is alive without filling up. Thread-compatible: the runner calls update() from the one
// thread that holds its writer lock.
//
// The ETA assumes the remaining points cost what the finished ones did on average. When a point's
// cost is not fixed in advance (adaptive classification: each orbit is integrated until its verdict,
// between `time` and `max_time`), that guess can be far off, so the line also gives the range the
// rest may take: every remaining point at its least and at its most integration time, at the rate
// of model time integrated per second measured so far.
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <string>

namespace chaoskit::sweep {

enum class ProgressMode { automatic, bar, log, quiet };

/// "auto", "bar", "log", "quiet" (or "none"); InputError naming `field` otherwise.
ProgressMode parse_progress_mode(const std::string& text, const std::string& field);

class Progress {
 public:
  /// `total` points in the job, `already` of them finished before this run (a resume).
  Progress(std::size_t total, std::size_t already, ProgressMode mode, double log_interval_s = 10.0,
           std::FILE* stream = stderr);
  /// Each point integrates between `least` and `most` seconds of model time (equal: fixed cost).
  void set_point_cost(double least, double most);
  /// `finished` points computed by this run so far, `failed` of them with a failure status, `cost`
  /// the model time they integrated [s].
  void update(std::size_t finished, std::size_t failed, double cost = NAN);
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
  double least_cost_ = NAN, most_cost_ = NAN, cost_ = NAN;
};

}  // namespace chaoskit::sweep
