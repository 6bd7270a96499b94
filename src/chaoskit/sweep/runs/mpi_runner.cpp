#include "chaoskit/sweep/runs/mpi_runner.hpp"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <list>
#include <mutex>
#include <numeric>
#include <optional>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/sweep/runs/guided_schedule.hpp"
#include "chaoskit/sweep/runs/job_fingerprint.hpp"
#include "chaoskit/sweep/runs/rank_threads.hpp"
#include "chaoskit/sweep/runs/results_file.hpp"
#include "chaoskit/sweep/runs/stop_signals.hpp"
#include "chaoskit/sweep/runs/work_messages.hpp"

namespace chaoskit::sweep {

namespace {

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// Message tags. Worker → coordinator: request (int threads), result (bytes), stop_notice (int
// signal), bye (long long computed; the worker has sent everything). Coordinator → worker: unit
// (uint64 pairs; empty = no more work), stop (int signal), fin (empty; the file is closed, the
// worker may exit).
enum Tag : int { request = 1, result = 2, stop_notice = 3, bye = 4, unit = 5, stop = 6, fin = 7 };

/// The coordinator never blocks in a send (a worker may be blocked sending it a large result at
/// the same moment): its messages go out with MPI_Isend and their buffers live here until done.
class PendingSends {
 public:
  explicit PendingSends(MPI_Comm comm) : comm_(comm) {}
  template <class T>
  void send(std::vector<T> data, MPI_Datatype type, int dest, int tag) {
    Item& it = items_.emplace_back();
    it.bytes.resize(data.size() * sizeof(T));
    if (!data.empty()) std::memcpy(it.bytes.data(), data.data(), it.bytes.size());
    MPI_Isend(it.bytes.data(), static_cast<int>(data.size()), type, dest, tag, comm_, &it.request);
  }
  void progress() {
    for (auto i = items_.begin(); i != items_.end();) {
      int done = 0;
      MPI_Test(&i->request, &done, MPI_STATUS_IGNORE);
      i = done ? items_.erase(i) : std::next(i);
    }
  }
  void wait_all() {
    for (Item& it : items_) MPI_Wait(&it.request, MPI_STATUS_IGNORE);
    items_.clear();
  }

 private:
  struct Item {
    std::vector<char> bytes;
    MPI_Request request = MPI_REQUEST_NULL;
  };
  MPI_Comm comm_;
  std::list<Item> items_;
};

/// Rank 0's own threads: single batches from the shared schedule, none once the run stops.
class ScheduleFeed : public BatchFeed {
 public:
  ScheduleFeed(GuidedSchedule& s, std::mutex& m, const std::atomic<bool>& stopping)
      : s_(s), m_(m), stopping_(stopping) {}
  std::optional<Batch> next() override {
    std::lock_guard<std::mutex> lock(m_);
    if (stopping_.load()) return std::nullopt;
    return s_.next_batch();
  }

 private:
  GuidedSchedule& s_;
  std::mutex& m_;
  const std::atomic<bool>& stopping_;
};

// Messages the coordinator takes in before it writes what arrived (bounds its memory when the
// writer falls behind).
constexpr std::size_t max_messages_per_round = 256;

int threads_of(const SweepOptions& opt) { return opt.threads > 0 ? opt.threads : omp_get_max_threads(); }

void warn_point_error(const EngineReport& r, int rank) {
  if (!r.first_point_error.empty())
    std::fprintf(stderr, "chaoskit sweep: warning: rank %d: a point failed with an internal error (status 6): %s\n",
                 rank, r.first_point_error.c_str());
}

/// Every rank must compute the same job with the same build, or the file would mix two jobs'
/// numbers: rank 0's fingerprint (job_fingerprint.hpp) is compared on every rank.
void check_same_job(const Job& job, const MpiSession& mpi) {
  std::string fp = job_fingerprint(job);
  unsigned long long n = fp.size();
  MPI_Bcast(&n, 1, MPI_UNSIGNED_LONG_LONG, 0, mpi.comm());
  std::string fp0(n, '\0');
  if (mpi.rank() == 0) fp0 = fp;
  MPI_Bcast(fp0.data(), static_cast<int>(n), MPI_CHAR, 0, mpi.comm());
  mpi.agree([&] {
    const std::string diff = fingerprint_difference(fp0, fp);
    if (!diff.empty())
      throw InputError("mpirun", "rank " + std::to_string(mpi.rank()) +
                                     " read a different job or runs a different build than rank 0: " + diff);
  });
}

SweepSummary coordinate(const Job& job, const SweepOptions& opt, const MpiSession& mpi, int threads,
                        const std::vector<int>& all_threads) {
  const auto t_start = Clock::now();
  SweepSummary sum;
  sum.output = opt.output.empty() ? job.output : opt.output;
  sum.threads = threads;
  sum.ranks = mpi.size();
  const ResultsLayout layout = results_layout(job);
  std::optional<SweepFile> file;
  mpi.agree([&] { file.emplace(job, opt, sum.output, threads, layout); });
  sum.total = file->point_count();
  sum.already_done = file->done_at_start();

  const int max_threads = *std::max_element(all_threads.begin(), all_threads.end());
  const std::size_t total_threads = std::accumulate(all_threads.begin(), all_threads.end(), std::size_t{0});
  GuidedSchedule schedule(file->pending_batches(batch_size(job, max_threads)), total_threads);
  std::mutex schedule_mutex;
  Progress progress(sum.total, sum.already_done, opt.progress, opt.log_interval);
  StoreWriter writer(*file, layout, progress, write_hold(job));

  Wakeup wake;
  std::atomic<bool> stopping{false};
  ScheduleFeed feed(schedule, schedule_mutex, stopping);
  ComputeThread compute(job, layout, threads, feed, writer, stopping, wake);

  PendingSends sends(mpi.comm());
  std::vector<bool> said_bye(static_cast<std::size_t>(mpi.size()), false);
  int workers_left = mpi.size() - 1;
  auto begin_stop = [&](int sig) {
    if (stopping.load()) return;
    sum.signal = sig;
    stopping.store(true);
    for (int w = 1; w < mpi.size(); ++w)
      if (!said_bye[static_cast<std::size_t>(w)]) sends.send(std::vector<int>{sig}, MPI_INT, w, Tag::stop);
  };
  Backoff backoff;
  try {
    for (;;) {
      if (const int s = signal_received(); s != 0) begin_stop(s);
      bool traffic = false;
      std::vector<DecodedResult> arrived;
      for (std::size_t round = 0; round < max_messages_per_round; ++round) {
        int flag = 0;
        MPI_Status st;
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, mpi.comm(), &flag, &st);
        if (!flag) break;
        traffic = true;
        const auto t0 = Clock::now();
        ++sum.messages;
        const int src = st.MPI_SOURCE;
        switch (st.MPI_TAG) {
          case Tag::request: {
            int t = 1;
            MPI_Recv(&t, 1, MPI_INT, src, Tag::request, mpi.comm(), MPI_STATUS_IGNORE);
            std::vector<Batch> u;
            if (!stopping.load()) {
              std::lock_guard<std::mutex> lock(schedule_mutex);
              u = schedule.next_unit(static_cast<std::size_t>(t));
            }
            sends.send(encode_unit(u), MPI_UINT64_T, src, Tag::unit);
            break;
          }
          case Tag::result: {
            int n = 0;
            MPI_Get_count(&st, MPI_BYTE, &n);
            std::vector<char> bytes(static_cast<std::size_t>(n));
            MPI_Recv(bytes.data(), n, MPI_BYTE, src, Tag::result, mpi.comm(), MPI_STATUS_IGNORE);
            sum.message_bytes += bytes.size();
            arrived.push_back(decode_result(bytes, layout.variables));
            break;
          }
          case Tag::stop_notice: {
            int sig = 0;
            MPI_Recv(&sig, 1, MPI_INT, src, Tag::stop_notice, mpi.comm(), MPI_STATUS_IGNORE);
            begin_stop(sig);
            break;
          }
          case Tag::bye: {
            long long computed = 0;
            MPI_Recv(&computed, 1, MPI_LONG_LONG, src, Tag::bye, mpi.comm(), MPI_STATUS_IGNORE);
            said_bye[static_cast<std::size_t>(src)] = true;
            --workers_left;
            break;
          }
          default:
            throw std::runtime_error("unexpected message tag " + std::to_string(st.MPI_TAG) + " from rank " +
                                     std::to_string(src));
        }
        sum.coordinator_seconds += seconds_since(t0);
      }
      if (!arrived.empty()) {
        const auto t0 = Clock::now();
        // The writer joins neighbouring runs and writes about once a second (results_file.hpp).
        for (DecodedResult& r : arrived) writer.put(std::move(r));
        sum.coordinator_seconds += seconds_since(t0);
      }
      sends.progress();
      if (compute.done() && workers_left == 0) break;
      if (traffic)
        backoff.reset();
      else
        wake.wait(backoff.next());
    }
    warn_point_error(compute.join(), 0);
    sum.units = schedule.units_handed_out();
    sum.interrupted = sum.signal != 0;
    close_results(*file, writer, progress, sum);
    // Only now may the workers exit: mpirun ends the whole job when one rank exits with a non-zero
    // code (128+signal after a stop), and rank 0 must not be cut off while it writes.
    for (int w = 1; w < mpi.size(); ++w) sends.send(std::vector<char>{}, MPI_BYTE, w, Tag::fin);
    sends.wait_all();
  } catch (const std::exception& e) { mpi.abort(e.what()); }
  sum.seconds = seconds_since(t_start);
  return sum;
}

SweepSummary work(const Job& job, const MpiSession& mpi, int threads) {
  SweepSummary sum;
  sum.threads = threads;
  sum.ranks = mpi.size();
  mpi.agree([] {});  // rank 0 opens the results file
  const ResultsLayout layout = results_layout(job);
  Wakeup wake;
  UnitQueue queue(wake);
  ResultOutbox outbox(wake);
  std::atomic<bool> stop{false};
  ComputeThread compute(job, layout, threads, queue, outbox, stop, wake);

  bool outstanding = false, no_more = false, told = false;
  Backoff backoff;
  EngineReport report;
  try {
    auto halt = [&](int sig) {
      if (sum.signal == 0) sum.signal = sig;
      stop.store(true);
      queue.close(true);
    };
    for (;;) {
      if (const int s = signal_received(); s != 0 && !told) {
        told = true;
        halt(s);
        MPI_Send(&s, 1, MPI_INT, 0, Tag::stop_notice, mpi.comm());
      }
      bool traffic = false;
      if (!outstanding && !no_more && !stop.load() && queue.wants_more()) {
        MPI_Send(&threads, 1, MPI_INT, 0, Tag::request, mpi.comm());
        outstanding = traffic = true;
      }
      for (const std::vector<char>& m : outbox.take()) {
        MPI_Send(m.data(), static_cast<int>(m.size()), MPI_BYTE, 0, Tag::result, mpi.comm());
        traffic = true;
      }
      for (;;) {
        int flag = 0;
        MPI_Status st;
        MPI_Iprobe(0, MPI_ANY_TAG, mpi.comm(), &flag, &st);
        if (!flag) break;
        traffic = true;
        if (st.MPI_TAG == Tag::unit) {
          int n = 0;
          MPI_Get_count(&st, MPI_UINT64_T, &n);
          std::vector<std::uint64_t> words(static_cast<std::size_t>(n));
          MPI_Recv(words.data(), n, MPI_UINT64_T, 0, Tag::unit, mpi.comm(), MPI_STATUS_IGNORE);
          outstanding = false;
          if (words.empty()) {
            no_more = true;
            queue.close(false);
          } else {
            queue.push(decode_unit(words));
          }
        } else if (st.MPI_TAG == Tag::stop) {
          int sig = 0;
          MPI_Recv(&sig, 1, MPI_INT, 0, Tag::stop, mpi.comm(), MPI_STATUS_IGNORE);
          halt(sig);
        } else {
          throw std::runtime_error("unexpected message tag " + std::to_string(st.MPI_TAG) + " from rank 0");
        }
      }
      // done() first: once the engine has returned, the outbox holds its last results.
      if (compute.done() && outbox.empty() && !outstanding) break;
      if (traffic)
        backoff.reset();
      else
        wake.wait(backoff.next());
    }
    report = compute.join();
    long long computed = static_cast<long long>(report.computed);
    MPI_Send(&computed, 1, MPI_LONG_LONG, 0, Tag::bye, mpi.comm());
    // A stop may cross the bye; everything up to fin is left over.
    for (;;) {
      int flag = 0;
      MPI_Status st;
      MPI_Iprobe(0, MPI_ANY_TAG, mpi.comm(), &flag, &st);
      if (!flag) {
        wake.wait(backoff.next());
        continue;
      }
      const MPI_Datatype type = st.MPI_TAG == Tag::unit ? MPI_UINT64_T : st.MPI_TAG == Tag::stop ? MPI_INT : MPI_BYTE;
      int n = 0;
      MPI_Get_count(&st, type, &n);
      std::vector<std::uint64_t> junk(static_cast<std::size_t>(n) + 1);  // 8 bytes per element covers every type
      MPI_Recv(junk.data(), n, type, 0, st.MPI_TAG, mpi.comm(), MPI_STATUS_IGNORE);
      if (st.MPI_TAG == Tag::fin) break;
    }
  } catch (const std::exception& e) { mpi.abort(e.what()); }
  warn_point_error(report, mpi.rank());
  sum.computed = report.computed;
  sum.interrupted = sum.signal != 0;
  return sum;
}

}  // namespace

SweepSummary run_sweep_mpi(const Job& job, const SweepOptions& options, const MpiSession& mpi) {
  SignalGuard signals;
  const int threads = threads_of(options);
  check_same_job(job, mpi);
  std::vector<int> all_threads(static_cast<std::size_t>(mpi.size()));
  MPI_Allgather(&threads, 1, MPI_INT, all_threads.data(), 1, MPI_INT, mpi.comm());
  SweepOptions opt = options;
  opt.ranks = mpi.size();
  return mpi.rank() == 0 ? coordinate(job, opt, mpi, threads, all_threads) : work(job, mpi, threads);
}

}  // namespace chaoskit::sweep
