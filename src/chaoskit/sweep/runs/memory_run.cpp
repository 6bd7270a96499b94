#include "chaoskit/sweep/runs/memory_run.hpp"

#include <omp.h>

#include <algorithm>
#include <cstring>
#include <mutex>
#include <optional>

#include "chaoskit/io/results_store.hpp"

namespace chaoskit::sweep {

namespace {

/// Consecutive batches over all points; the size only balances threads (values do not depend on it).
class AllPointsFeed : public BatchFeed {
 public:
  AllPointsFeed(std::size_t total, std::size_t size) : total_(total), size_(size) {}
  std::optional<Batch> next() override {
    if (next_ >= total_) return std::nullopt;
    const Batch b{next_, std::min(size_, total_ - next_)};
    next_ += b.count;
    return b;
  }

 private:
  std::size_t total_, size_, next_ = 0;
};

/// Copies finished batches into the run's arrays (disjoint ranges; the lock only guards progress).
class MemorySink : public BatchSink {
 public:
  MemorySink(MemoryRun& run, Progress& progress) : run_(run), progress_(progress) {}
  void put(std::size_t first, const PointColumns& values, std::span<const std::int8_t> status) override {
    run_.values.assign_points(first, values);
    std::copy(status.begin(), status.end(), run_.status.begin() + static_cast<std::ptrdiff_t>(first));
    std::lock_guard<std::mutex> lock(mutex_);
    finished_ += status.size();
    for (std::int8_t s : status) failed_ += s != point_status::ok;
    progress_.update(finished_, failed_);
  }
  std::size_t finished() const { return finished_; }
  std::size_t failed() const { return failed_; }

 private:
  MemoryRun& run_;
  Progress& progress_;
  std::mutex mutex_;
  std::size_t finished_ = 0, failed_ = 0;
};

}  // namespace

MemoryRun compute_in_memory(const Job& job, int threads, const std::function<bool()>& stop, ProgressMode progress) {
  MemoryRun run;
  run.layout = results_layout(job);
  const std::size_t total = job.point_count();
  const int n_threads = threads > 0 ? threads : omp_get_max_threads();
  // Points never computed keep their variables' fill values, as in a results file.
  run.values = PointColumns(run.layout.variables, total);
  run.status.assign(total, 0);

  // Small batches: a few per thread, so that a short list still spreads over every thread.
  const std::size_t per_batch = std::clamp<std::size_t>(total / (4 * static_cast<std::size_t>(n_threads)), 1, 64);
  AllPointsFeed feed(total, per_batch);
  Progress bar(total, 0, progress);
  MemorySink sink(run, bar);
  run.report = compute_batches(job, run.layout, n_threads, feed, sink, stop);
  run.stopped = sink.finished() < total;
  bar.finish(sink.finished(), sink.failed(), run.stopped ? "stopped" : "done");
  return run;
}

}  // namespace chaoskit::sweep
