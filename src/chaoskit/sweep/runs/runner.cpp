#include "chaoskit/sweep/runs/runner.hpp"

#include <omp.h>

#include <chrono>
#include <cstdio>

#include "chaoskit/sweep/engine/batch_engine.hpp"
#include "chaoskit/sweep/quantities/results_layout.hpp"
#include "chaoskit/sweep/runs/results_file.hpp"
#include "chaoskit/sweep/runs/stop_signals.hpp"

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

SweepSummary run_sweep(const Job& job, const SweepOptions& opt) {
  const auto t_start = Clock::now();
  SweepSummary sum;
  sum.output = opt.output.empty() ? job.output : opt.output;
  sum.threads = opt.threads > 0 ? opt.threads : omp_get_max_threads();
  const ResultsLayout layout = results_layout(job);
  SweepFile file(job, opt, sum.output, sum.threads, layout);
  sum.total = file.point_count();
  sum.already_done = file.done_at_start();

  ListFeed feed(file.pending_batches(batch_size(job, sum.threads)));
  Progress progress(sum.total, sum.already_done, opt.progress, opt.log_interval);
  StoreWriter writer(file, layout, progress, write_hold(job));
  SignalGuard signals;
  const auto t_compute = Clock::now();
  const EngineReport r = compute_batches(job, layout, sum.threads, feed, writer, [] { return signal_received() != 0; });
  sum.compute_seconds = std::chrono::duration<double>(Clock::now() - t_compute).count();
  if (!r.first_point_error.empty())
    std::fprintf(stderr, "chaoskit sweep: warning: a point failed with an internal error (status 6): %s\n",
                 r.first_point_error.c_str());
  sum.signal = signal_received();
  sum.interrupted = sum.signal != 0;
  close_results(file, writer, progress, sum);
  sum.seconds = std::chrono::duration<double>(Clock::now() - t_start).count();
  return sum;
}

}  // namespace chaoskit::sweep
