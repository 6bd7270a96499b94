#include "chaoskit/sweep/runner.hpp"

#include <omp.h>

#include <chrono>
#include <cstdio>

#include "chaoskit/sweep/batch_engine.hpp"
#include "chaoskit/sweep/result_layout.hpp"
#include "chaoskit/sweep/results_file.hpp"
#include "chaoskit/sweep/stop_signals.hpp"

namespace chaoskit::sweep {

namespace {

using Clock = std::chrono::steady_clock;

/// Every pending batch, in flat order.
class ListFeed : public BatchFeed {
 public:
  explicit ListFeed(std::vector<Batch> batches) : batches_(std::move(batches)) {}
  std::optional<Batch> next() override {
    if (next_ == batches_.size()) return std::nullopt;
    return batches_[next_++];
  }

 private:
  std::vector<Batch> batches_;
  std::size_t next_ = 0;
};

}  // namespace

std::size_t estimated_file_bytes(const Job& job) {
  const ResultLayout layout = result_layout(job);
  std::size_t per_point = 1;  // status
  for (const auto& v : layout.variables) per_point += v.values_per_point() * io::element_size(v.type);
  return job.point_count() * per_point + 64 * 1024;
}

std::size_t estimated_memory_bytes(const Job& job) {
  // Per point: 1 status byte (ResultsStore::read_status), 1 bit of done flags, and a Batch
  // (16 bytes) per at least 16 points; 2.25 bytes rounds that up.
  std::size_t coordinates = 0;
  for (const auto& a : job.axes) coordinates += a.values.size() * sizeof(double);
  // A point list is held whole: its values and the file line of each row.
  coordinates += job.points.table.values.size() * sizeof(double) + job.points.table.lines.size() * sizeof(std::size_t);
  return job.point_count() * 9 / 4 + coordinates;
}

SweepSummary run_sweep(const Job& job, const SweepOptions& opt) {
  const auto t_start = Clock::now();
  SweepSummary sum;
  sum.output = opt.output.empty() ? job.output : opt.output;
  sum.threads = opt.threads > 0 ? opt.threads : omp_get_max_threads();
  const ResultLayout layout = result_layout(job);
  io::ResultsStore store = open_results(job, opt, sum.output, sum.threads, layout);
  sum.total = store.point_count();
  sum.already_done = store.done_count();

  ListFeed feed(pending_batches(store, batch_size(job, sum.threads)));
  Progress progress(sum.total, sum.already_done, opt.progress, opt.log_interval);
  StoreWriter writer(store, layout, progress);
  SignalGuard signals;
  const EngineReport r = compute_batches(job, layout, sum.threads, feed, writer, [] { return signal_received() != 0; });
  if (!r.first_point_error.empty())
    std::fprintf(stderr, "chaoskit sweep: warning: a point failed with an internal error (status 6): %s\n",
                 r.first_point_error.c_str());
  sum.signal = signal_received();
  sum.interrupted = sum.signal != 0;
  close_results(store, writer, progress, sum);
  sum.seconds = std::chrono::duration<double>(Clock::now() - t_start).count();
  return sum;
}

}  // namespace chaoskit::sweep
