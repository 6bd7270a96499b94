#include "chaoskit/sweep/engine/batch_engine.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <list>
#include <memory>
#include <mutex>
#include <vector>

#include "chaoskit/io/results_store.hpp"
#include "chaoskit/sweep/engine/evaluate.hpp"
#include "chaoskit/sweep/engine/lane_scheduler.hpp"
#include "chaoskit/sweep/engine/point_context.hpp"
#include "chaoskit/sweep/engine/point_inputs.hpp"

namespace chaoskit::sweep {

namespace {

/// A batch while its points are being computed. Its columns are sized once, so the slots a
/// deferred lane task writes into stay where they are until the batch is delivered.
struct ActiveBatch {
  Batch batch;
  PointColumns values;
  std::vector<std::int8_t> status;  // 0 until the point is finished
  std::atomic<std::size_t> remaining{0};
};

}  // namespace

EngineReport compute_batches(const Job& job, const ResultsLayout& layout, int threads, BatchFeed& feed, BatchSink& sink,
                             const std::function<bool()>& stop) {
  std::vector<std::size_t> shape;
  for (const auto& a : job.axes) shape.push_back(a.values.size());

  // Batches in flight, oldest first; a list so that an entry stays put while others come and go.
  std::list<ActiveBatch> active;
  ActiveBatch* current = nullptr;  // the batch points are taken from
  std::size_t next_offset = 0;
  bool feed_done = false;
  std::mutex take_mutex, report_mutex;
  std::atomic<bool> abort{false};
  std::exception_ptr sink_error;
  EngineReport report;

  auto count_delivered = [&](const std::int8_t* status, std::size_t count) {
    std::lock_guard<std::mutex> lock(report_mutex);
    report.computed += count;
    for (std::size_t i = 0; i < count; ++i) report.failed += status[i] != point_status::ok;
  };

  // The vector path (simd/lane_dispatch.hpp); the same bits whichever it is.
  const simd::LanePath lane_path = simd::selected_lane_path();
  const bool lanes_on = job_uses_lanes(job, lane_path);

  // Takes the next point: its batch and offset, or false when the feed is empty (sets feed_done).
  auto take_point = [&](ActiveBatch*& a, std::size_t& k) {
    std::lock_guard<std::mutex> lock(take_mutex);
    if (current == nullptr || next_offset == current->batch.count) {
      current = nullptr;
      if (feed_done) return false;
      const std::optional<Batch> b = feed.next();  // may wait for work; the other threads keep computing
      if (!b || b->count == 0) {
        feed_done = true;
        return false;
      }
      ActiveBatch& n = active.emplace_back();
      n.batch = *b;
      n.values = PointColumns(layout.variables, b->count);
      n.status.assign(b->count, 0);
      n.remaining.store(b->count);
      current = &n;
      next_offset = 0;
    }
    a = current;
    k = next_offset++;
    return true;
  };

  // Records a finished point; the thread finishing a batch's last point delivers the batch.
  auto finish_point = [&](ActiveBatch* a, std::size_t k, std::int8_t st) {
    a->status[k] = st;
    if (a->remaining.fetch_sub(1, std::memory_order_acq_rel) != 1) return;
    try {
      sink.put(a->batch.first, a->values, a->status);
    } catch (...) {
      std::lock_guard<std::mutex> lock(report_mutex);
      if (!sink_error) sink_error = std::current_exception();
      abort.store(true);
      return;
    }
    count_delivered(a->status.data(), a->batch.count);
    std::lock_guard<std::mutex> lock(take_mutex);
    if (current == a) current = nullptr;
    active.remove_if([a](const ActiveBatch& x) { return &x == a; });
  };

  auto note_point_error = [&](const std::exception& e) {
    std::lock_guard<std::mutex> lock(report_mutex);
    if (report.first_point_error.empty()) report.first_point_error = e.what();
  };

#pragma omp parallel num_threads(threads)
  {
    std::vector<std::size_t> index(shape.size());
    auto locate = [&](const ActiveBatch* a, std::size_t k) {
      // Row-major multi-index of the flat index.
      std::size_t flat = a->batch.first + k;
      for (std::size_t d = shape.size(); d-- > 0;) index[d] = flat % shape[d], flat /= shape[d];
    };
    if (!lanes_on) {
      while (!abort.load() && !stop()) {
        ActiveBatch* a;
        std::size_t k;
        if (!take_point(a, k)) break;
        locate(a, k);
        const PointValues out{&a->values, k};
        std::int8_t st;
        try {
          const PointContext ctx = point_context(job, index);
          st = evaluate(ctx, job, layout, out);
          record_point_inputs(job, layout, index, ctx, out);
        } catch (const std::exception& e) {
          st = point_status::internal_error;
          a->values.fill_point(k);
          note_point_error(e);
        }
        finish_point(a, k, st);
      }
    } else {
      // Lanes: a point's tangent-flow entries run in this thread's lanes; a new point is
      // taken whenever every lane engine has an idle lane, and a point is finished when its last
      // entry completes. A stop abandons the points in the lanes (their batches deliver the
      // finished points only, below), as a kill would.
      LaneScheduler lanes(job, lane_path, [&](LaneScheduler::Point& p) {
        finish_point(static_cast<ActiveBatch*>(p.owner), p.index, first_failure(p.entry_status));
      });
      bool more_points = true;
      while (!abort.load() && !stop()) {
        if (more_points && lanes.ready_for_a_point()) {
          ActiveBatch* a;
          std::size_t k;
          if (!take_point(a, k)) {
            more_points = false;
            continue;
          }
          locate(a, k);
          const PointValues out{&a->values, k};
          try {
            const PointContext ctx = point_context(job, index);
            if (!ctx.admissible) {
              record_point_inputs(job, layout, index, ctx, out);
              finish_point(a, k, point_status::invalid_point);
              continue;
            }
            LaneScheduler::Point& p = lanes.begin_point(a, k, ctx.model);
            evaluate_entries(ctx, job, layout, out, p.entry_status, &lanes);
            record_point_inputs(job, layout, index, ctx, out);
          } catch (const std::exception& e) {
            lanes.abandon_point();
            a->values.fill_point(k);
            note_point_error(e);
            finish_point(a, k, point_status::internal_error);
            continue;
          }
          lanes.end_point();
          continue;
        }
        if (!lanes.busy()) break;
        lanes.run_some();
      }
      const simd::LaneUsage u = lanes.usage();
      std::lock_guard<std::mutex> lock(report_mutex);
      report.lane_steps += u.steps * simd::lane_width(lane_path);
      report.busy_lane_steps += u.lane_steps;
    }
  }
  if (sink_error) std::rethrow_exception(sink_error);

  // Stopped: deliver every finished point of the batches in flight (runs of consecutive points).
  for (const ActiveBatch& a : active) {
    for (std::size_t p = 0; p < a.batch.count;) {
      if (a.status[p] == 0) {
        ++p;
        continue;
      }
      std::size_t q = p;
      while (q < a.batch.count && a.status[q] != 0) ++q;
      sink.put(a.batch.first + p, a.values.slice(p, q - p), std::span<const std::int8_t>(a.status).subspan(p, q - p));
      count_delivered(a.status.data() + p, q - p);
      p = q;
    }
  }
  return report;
}

}  // namespace chaoskit::sweep
