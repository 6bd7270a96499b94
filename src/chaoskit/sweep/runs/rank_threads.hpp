#pragma once
// The thread plumbing of one MPI rank, kept free of MPI: the main thread talks to the other ranks
// (MPI is initialised "funneled": only it calls MPI), the engine (batch_engine.hpp) computes on its
// own OpenMP threads in a ComputeThread, and these queues connect the two. The main thread sleeps
// on a Wakeup between polls instead of spinning in a blocking MPI receive, which in Open MPI busy-
// waits and would take a core from the computation.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "chaoskit/sweep/engine/batch_engine.hpp"

namespace chaoskit::sweep {

/// Lets compute threads wake the communication thread early (a result to send, work running out).
class Wakeup {
 public:
  void poke();
  /// Returns after `timeout` or at the first poke since the last wait.
  void wait(std::chrono::microseconds timeout);

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  bool poked_ = false;
};

/// Poll interval of a communication thread: short right after traffic, doubling while idle up to a
/// cap, so an idle rank costs almost nothing and a busy one answers within the cap.
class Backoff {
 public:
  std::chrono::microseconds next();
  void reset() { current_ = min_; }

 private:
  static constexpr std::chrono::microseconds min_{50}, max_{2000};
  std::chrono::microseconds current_ = min_;
};

/// A worker rank's batches: work units arrive from the coordinator through push(); the engine
/// takes batches with next(), waiting when none is left. wants_more() turns true as soon as the
/// engine has taken the last queued batch, so the next unit is requested while the threads still
/// compute the points of that batch (one unit of prefetch).
class UnitQueue : public BatchFeed {
 public:
  explicit UnitQueue(Wakeup& wake) : wake_(wake) {}
  std::optional<Batch> next() override;
  void push(const std::vector<Batch>& unit);
  /// No more work (the coordinator said so, or the run stops): next() returns nullopt when empty.
  void close(bool drop_queued);
  bool wants_more() const;

 private:
  Wakeup& wake_;
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<Batch> queue_;
  bool closed_ = false;
};

/// A worker rank's sink: finished runs encoded as result messages (work_messages.hpp), queued for
/// the communication thread to send.
class ResultOutbox : public BatchSink {
 public:
  explicit ResultOutbox(Wakeup& wake) : wake_(wake) {}
  void put(std::size_t first, const PointColumns& values, std::span<const std::int8_t> status) override;
  std::vector<std::vector<char>> take();
  bool empty() const;

 private:
  Wakeup& wake_;
  mutable std::mutex mutex_;
  std::vector<std::vector<char>> messages_;
};

/// compute_batches() on a thread of its own; `stop` is read before every point.
class ComputeThread {
 public:
  ComputeThread(const Job& job, const ResultsLayout& layout, int threads, BatchFeed& feed, BatchSink& sink,
                const std::atomic<bool>& stop, Wakeup& wake);
  ~ComputeThread();
  bool done() const { return done_.load(); }
  /// Waits for the engine; rethrows its exception.
  EngineReport join();

 private:
  std::atomic<bool> done_{false};
  EngineReport report_;
  std::exception_ptr error_;
  std::thread thread_;
};

}  // namespace chaoskit::sweep
