#pragma once
// The results file of a sweep as the runners see it: created or reopened for --resume (with the
// checks that protect an existing file), the pending work read from its done-bitmap, and finished
// points written through one writer that also drives the progress display.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "chaoskit/io/results_store.hpp"
#include "chaoskit/sweep/engine/batch_engine.hpp"
#include "chaoskit/sweep/quantities/point_run.hpp"
#include "chaoskit/sweep/quantities/results_layout.hpp"
#include "chaoskit/sweep/runs/progress.hpp"
#include "chaoskit/sweep/runs/sweep_options.hpp"

namespace chaoskit::sweep {

/// The root attributes a results file of `job` carries beyond the store's own (software, version,
/// commit, date, host): the job's text and fingerprint, model, parameters, integrator, vector
/// path, inputs, threads, ranks, command line. Also the attributes of the Python module's
/// in-memory results, so that both describe a computation in the same words.
io::Attributes provenance(const Job& job, const SweepOptions& options, int threads);

/// The results file of one run of a sweep. A file to resume is opened at once (refusing a different
/// layout, job or build). A new file's path is checked at once (a missing or read-only folder, an
/// existing file without `force`, a full disk) but the file is created only when the writer first
/// writes, job.write_interval (1 s) into the sweep; a sweep that ends sooner, every point held in
/// memory, gets its finished compressed file written directly (close_results). Why: creating the
/// running file, compressing it into a copy and renaming that over it was most of a small job's
/// time outside the integration (tools/bench/README.md, "Fixed costs"); a job that ends within a
/// second has nothing a kill -9 could lose beyond that second, which the writer's hold risks anyway.
/// `threads` and options.ranks go into the provenance.
class SweepFile {
 public:
  SweepFile(const Job& job, const SweepOptions& options, std::string path, int threads, const ResultsLayout& layout);

  const std::string& path() const { return path_; }
  std::size_t point_count() const;
  std::size_t done_at_start() const { return done_at_start_; }  ///< points a resumed file held
  /// Maximal runs of unfinished points, cut at chunk boundaries and at `size` points, in flat order.
  std::vector<Batch> pending_batches(std::size_t size) const;

  bool created() const { return store_.has_value(); }
  io::ResultsStore& store();  ///< the running file, created on first use
  /// The finished file of a new sweep from every point's values, nothing written before.
  void write_finished(std::span<const PointRun> runs);

 private:
  const Job& job_;
  const SweepOptions options_;
  const std::string path_;
  const int threads_;
  const ResultsLayout& layout_;
  io::GridGeometry geometry_;  // of a new file (a resumed one's is its store's)
  std::optional<io::ResultsStore> store_;
  std::vector<bool> done_at_open_;  // of a resumed file
  std::size_t done_at_start_ = 0;
};

/// Bytes the results file occupies while the sweep runs (uncompressed; finalize() shrinks it).
std::size_t estimated_file_bytes(const Job& job);

/// Bytes of memory a sweep of this grid needs beyond a fixed base: what grows with the number of
/// points (their status codes, read whole on start and at the end, the done flags and the batch
/// list) and with the axes (their coordinates, a point list's rows). Values themselves are held one
/// batch at a time.
std::size_t estimated_memory_bytes(const Job& job);

/// Points per batch: the job's [output] batch, else enough for `threads` threads to share.
std::size_t batch_size(const Job& job, int threads);

/// The sink that writes finished points into the file (one writer at a time: the store is not
/// thread-safe) and drives the progress display (points computed).
///
/// Finished batches are held and written together, neighbouring ones joined into one run, once
/// `hold` (the job's write_interval, 1 s by default) has passed since the last write (the first:
/// since the writer was made), or when kMaxPendingPoints wait. Why: a write is two HDF5 flushes
/// that rewrite the touched chunks whole, and after a while of pure compute its memory is cold
/// (measured on our VMs: 8-15 ms for a write that takes 0.3 ms when repeated at once). Writing each
/// 16-point batch as it finished took 2.8-4.3 % of a golf λ_max sweep's time (96², T = 100 s, three
/// runs), holding 1 s 1.7-2.4 %, 2 s 1.7-2.6 %, 5 s 1.4-2.0 % (the compressed copy at the end
/// included); tools/bench/README.md. flush() writes what is held; the runners call it (through
/// close_results) when the compute ends, also after SIGINT or SIGTERM. A kill -9 loses the points
/// held, at most about the last second's (or, when batches finish further apart, the last batch of
/// each thread): --resume computes them again.
class StoreWriter : public BatchSink {
 public:
  static constexpr std::size_t kMaxPendingPoints = 16384;

  StoreWriter(SweepFile& file, const ResultsLayout& layout, Progress& progress,
              std::chrono::steady_clock::duration hold = std::chrono::seconds(1));
  void put(std::size_t first, const PointColumns& values, std::span<const std::int8_t> status) override;
  /// The same for a run the caller owns (the MPI coordinator's decoded messages): held without a copy.
  void put(PointRun run);
  void flush();  ///< writes every point held
  /// When nothing was written yet and the points held are every point of a new file: writes the
  /// finished file from them (SweepFile::write_finished) and returns true. False, holding the
  /// points still, otherwise or when that write fails (the caller then flush()es into a running file).
  bool write_finished();

  std::size_t written() const;  ///< points written by this run
  std::size_t failed() const;   ///< of which with a status other than ok
  std::size_t writes() const;   ///< write_points calls (a finished file written at once: 1)
  double seconds() const;       ///< spent in HDF5 writes
  void add_seconds(double s);   ///< time spent elsewhere in the store (finalize)

 private:
  void write_pending();  // with mutex_ held
  void write_run(const PointRun& run);
  void count_written(const std::vector<PointRun>& runs);  // with mutex_ held

  SweepFile& file_;
  const ResultsLayout& layout_;
  Progress& progress_;
  const std::chrono::steady_clock::duration hold_;
  mutable std::mutex mutex_;
  std::vector<PointRun> pending_;
  std::size_t pending_points_ = 0;
  std::chrono::steady_clock::time_point last_write_;
  std::size_t computed_ = 0, computed_failed_ = 0;  // put, for the progress display
  double computed_cost_ = 0.0;                      // model time those points integrated [s]
  std::size_t written_ = 0, failed_ = 0, writes_ = 0;
  double seconds_ = 0.0;
};

/// The writer's hold for a job: its [output] write_interval.
std::chrono::steady_clock::duration write_hold(const Job& job);

/// After the compute: writes the finished file at once when every point is held and nothing was
/// written (a new sweep, not interrupted), else writes what is held and compresses the file if
/// every point is done; fills the summary's totals (computed, failed, finalized, write time),
/// closes the store and prints the closing line.
void close_results(SweepFile& file, StoreWriter& writer, Progress& progress, SweepSummary& summary);

}  // namespace chaoskit::sweep
