#pragma once
// The results file of a sweep as the runners see it: created or reopened for --resume (with the
// checks that protect an existing file), the pending work read from its done-bitmap, and finished
// points written through one writer that also drives the progress display.
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "chaoskit/io/results_store.hpp"
#include "chaoskit/sweep/batch_engine.hpp"
#include "chaoskit/sweep/progress.hpp"
#include "chaoskit/sweep/result_layout.hpp"
#include "chaoskit/sweep/runner.hpp"

namespace chaoskit::sweep {

/// Creates the file (refusing an existing one without `force`, a missing or read-only folder, a
/// full disk) or reopens it for `resume` (refusing a different layout, job or build). `threads`
/// and options.ranks go into the provenance.
io::ResultsStore open_results(const Job& job, const SweepOptions& options, const std::string& path, int threads,
                              const ResultLayout& layout);

/// Points per batch: the job's [output] batch, else enough for `threads` threads to share.
std::size_t batch_size(const Job& job, int threads);

/// Maximal runs of unfinished points, cut at chunk boundaries and at `size` points, in flat order.
std::vector<Batch> pending_batches(const io::ResultsStore& store, std::size_t size);

/// The sink that writes finished points into the store: one writer at a time (the store is not
/// thread-safe), each write followed by a progress update.
class StoreWriter : public BatchSink {
 public:
  StoreWriter(io::ResultsStore& store, const ResultLayout& layout, Progress& progress);
  void put(std::size_t first, std::size_t count, std::span<const double> values,
           std::span<const std::int8_t> status) override;

  std::size_t written() const;  ///< points written by this run
  std::size_t failed() const;   ///< of which with a status other than ok
  std::size_t writes() const;   ///< write_points calls
  double seconds() const;       ///< spent in HDF5 writes
  void add_seconds(double s);   ///< time spent elsewhere in the store (finalize)

 private:
  io::ResultsStore& store_;
  const ResultLayout& layout_;
  Progress& progress_;
  mutable std::mutex mutex_;
  std::size_t written_ = 0, failed_ = 0, writes_ = 0;
  double seconds_ = 0.0;
};

/// After the compute: compresses the file if every point is done, fills the summary's totals
/// (computed, failed, finalized, write time), closes the store and prints the closing line.
void close_results(io::ResultsStore& store, StoreWriter& writer, Progress& progress, SweepSummary& summary);

}  // namespace chaoskit::sweep
