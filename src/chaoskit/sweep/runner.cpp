#include "chaoskit/sweep/runner.hpp"

#include <omp.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <chrono>
#include <exception>
#include <filesystem>
#include <memory>
#include <mutex>
#include <sstream>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/io/results_store.hpp"
#include "chaoskit/sweep/evaluate.hpp"
#include "chaoskit/sweep/job_fingerprint.hpp"
#include "chaoskit/sweep/point_context.hpp"
#include "chaoskit/sweep/result_layout.hpp"

namespace chaoskit::sweep {

namespace {

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// ---- signals: stop taking points, keep what is finished ------------------------------------

std::atomic<int> g_signal{0};
extern "C" void note_signal(int s) { g_signal.store(s); }

class SignalGuard {
 public:
  SignalGuard() {
    g_signal.store(0);
    struct sigaction sa {};
    sa.sa_handler = note_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_int_);
    sigaction(SIGTERM, &sa, &old_term_);
  }
  ~SignalGuard() {
    sigaction(SIGINT, &old_int_, nullptr);
    sigaction(SIGTERM, &old_term_, nullptr);
  }

 private:
  struct sigaction old_int_ {}, old_term_ {};
};

// ---- the file -------------------------------------------------------------------------------

std::size_t element_bytes(io::ElementType t) {
  switch (t) {
    case io::ElementType::float64: return 8;
    case io::ElementType::int32: return 4;
    default: return 1;
  }
}

std::string human_bytes(double b) {
  std::ostringstream o;
  o.precision(3);
  if (b >= 1e9) o << b / 1e9 << " GB";
  else if (b >= 1e6) o << b / 1e6 << " MB";
  else o << b / 1e3 << " kB";
  return o.str();
}

io::Attributes provenance(const Job& job, const SweepOptions& opt, int threads) {
  std::ostringstream values;
  values << *job.params.table["values"].as_table();
  std::ostringstream integ;
  integ.precision(17);
  integ << stepper_name(job.integrator.stepper) << ", rtol " << job.integrator.rtol << ", atol " << job.integrator.atol
        << ", max_steps " << job.integrator.max_steps << ", dt_min " << job.integrator.dt_min;
  return {
      {"job", job.text},
      {"job_file", job.source},
      {"job_fingerprint", job_fingerprint(job)},
      {"model", job.model_name},
      {"params", job.params.label},
      {"parameters", values.str()},
      {"integrator", integ.str()},
      {"inputs", job.inputs.describe()},
      {"threads", static_cast<long long>(threads)},
      {"ranks", static_cast<long long>(opt.ranks)},
      {"command_line", opt.command_line},
  };
}

io::ResultsStore open_store(const Job& job, const SweepOptions& opt, const std::string& path, int threads,
                            const ResultLayout& layout) {
  const auto axes = result_axes(job);
  const std::string field = opt.output.empty() ? "output.file" : "--out";
  const std::filesystem::path parent = std::filesystem::absolute(path).parent_path();
  if (!std::filesystem::is_directory(parent))
    throw InputError(field, "folder '" + parent.string() + "' does not exist");
  if (::access(parent.c_str(), W_OK) != 0) throw InputError(field, "folder '" + parent.string() + "' is not writable");
  const bool exists = std::filesystem::exists(path);
  if (exists && opt.resume) {
    io::ResultsStore store = io::ResultsStore::open_for_resume(path, axes, layout.variables);
    const io::Attributes attrs = store.root_attributes();
    const auto it = attrs.find("job_fingerprint");
    if (it == attrs.end() || !std::holds_alternative<std::string>(it->second))
      throw InputError("--resume", "'" + path + "' was not written by chaoskit sweep (no job fingerprint)");
    const std::string diff = fingerprint_difference(std::get<std::string>(it->second), job_fingerprint(job));
    if (!diff.empty()) throw InputError("--resume", "'" + path + "' was written by a different job or build: " + diff);
    return store;
  }
  if (exists && !opt.force)
    throw InputError(field, "'" + path + "' exists (use --resume to continue it or --force to replace it)");
  const std::filesystem::path dir = std::filesystem::absolute(path).parent_path();
  std::error_code ec;
  const auto space = std::filesystem::space(dir, ec);
  const double need = static_cast<double>(estimated_file_bytes(job));
  if (!ec && need > static_cast<double>(space.available))
    throw InputError(field, "the results need about " + human_bytes(need) + " while the sweep runs, but only " +
                                  human_bytes(static_cast<double>(space.available)) + " is free in " + dir.string());
  io::CreateOptions co;
  co.overwrite = opt.force;
  return io::ResultsStore::create(path, axes, layout.variables, provenance(job, opt, threads), co);
}

// ---- batches --------------------------------------------------------------------------------

struct Batch {
  std::size_t first = 0, count = 0;
};

/// Maximal runs of unfinished points, cut at chunk boundaries and at `size` points.
std::vector<Batch> pending_batches(const io::ResultsStore& store, std::size_t size) {
  const std::vector<bool> done = store.done();
  std::vector<Batch> out;
  for (std::size_t i = 0; i < done.size();) {
    if (done[i]) {
      ++i;
      continue;
    }
    const std::size_t end = std::min(store.chunk_end(i), i + size);
    std::size_t j = i;
    while (j < end && !done[j]) ++j;
    out.push_back({i, j - i});
    i = j;
  }
  return out;
}

/// Values of a batch while its points are being computed (point-major, layout order).
struct BatchBuffer {
  std::vector<double> values;
  std::vector<std::int8_t> status;  // 0 until the point is finished
  std::atomic<std::size_t> remaining{0};
};

void fill_defaults(const ResultLayout& layout, double* block) {
  for (std::size_t v = 0; v < layout.variables.size(); ++v)
    std::fill_n(block + layout.offset[v], layout.variables[v].values_per_point(), layout.variables[v].fill_value);
}

/// Writes points [first, first + count) of a buffer whose block starts at `base`.
void write_run(io::ResultsStore& store, const ResultLayout& layout, const BatchBuffer& buf, std::size_t base,
               std::size_t first, std::size_t count) {
  const std::size_t vpp = layout.values_per_point;
  std::vector<std::vector<double>> f64(layout.variables.size());
  std::vector<std::vector<std::int32_t>> i32(layout.variables.size());
  std::vector<std::vector<std::uint8_t>> u8(layout.variables.size());
  std::map<std::string, io::BufferView> views;
  for (std::size_t v = 0; v < layout.variables.size(); ++v) {
    const io::Variable& var = layout.variables[v];
    const std::size_t per = var.values_per_point();
    auto value = [&](std::size_t p, std::size_t k) { return buf.values[(first - base + p) * vpp + layout.offset[v] + k]; };
    for (std::size_t p = 0; p < count; ++p)
      for (std::size_t k = 0; k < per; ++k) {
        const double x = value(p, k);
        switch (var.type) {
          case io::ElementType::float64: f64[v].push_back(x); break;
          case io::ElementType::int32: i32[v].push_back(static_cast<std::int32_t>(x)); break;
          default: u8[v].push_back(static_cast<std::uint8_t>(x)); break;
        }
      }
    switch (var.type) {
      case io::ElementType::float64: views[var.name] = std::span<const double>(f64[v]); break;
      case io::ElementType::int32: views[var.name] = std::span<const std::int32_t>(i32[v]); break;
      default: views[var.name] = std::span<const std::uint8_t>(u8[v]); break;
    }
  }
  store.write_points(first, count, views, std::span<const std::int8_t>(buf.status.data() + (first - base), count));
}

}  // namespace

std::size_t estimated_file_bytes(const Job& job) {
  const ResultLayout layout = result_layout(job);
  std::size_t per_point = 1;  // status
  for (const auto& v : layout.variables) per_point += v.values_per_point() * element_bytes(v.type);
  return job.point_count() * per_point + 64 * 1024;
}

SweepSummary run_sweep(const Job& job, const SweepOptions& opt) {
  const auto t_start = Clock::now();
  SweepSummary sum;
  sum.output = opt.output.empty() ? job.output : opt.output;
  sum.threads = opt.threads > 0 ? opt.threads : omp_get_max_threads();
  const ResultLayout layout = result_layout(job);
  io::ResultsStore store = open_store(job, opt, sum.output, sum.threads, layout);
  sum.total = store.point_count();
  sum.already_done = store.done_count();

  const std::size_t batch_size = job.batch > 0 ? job.batch : std::max<std::size_t>(16, 8 * static_cast<std::size_t>(sum.threads));
  const std::vector<Batch> batches = pending_batches(store, batch_size);
  std::vector<std::unique_ptr<BatchBuffer>> buffers(batches.size());
  const std::size_t vpp = layout.values_per_point;
  const std::vector<std::size_t> shape = store.grid_shape();

  Progress progress(sum.total, sum.already_done, opt.progress, opt.log_interval);
  std::mutex take_mutex, write_mutex;
  std::size_t next_batch = 0, next_offset = 0, finished = 0, failed_now = 0;
  std::atomic<bool> abort{false};
  std::exception_ptr write_error;
  std::string first_point_error;
  double write_seconds = 0.0;

  SignalGuard signals;
#pragma omp parallel num_threads(sum.threads)
  {
    std::vector<std::size_t> index(shape.size());
    while (!abort.load() && g_signal.load() == 0) {
      std::size_t b, k;
      BatchBuffer* buf;
      {
        std::lock_guard<std::mutex> lock(take_mutex);
        if (next_batch == batches.size()) break;
        b = next_batch;
        k = next_offset++;
        if (k == 0) {
          buffers[b] = std::make_unique<BatchBuffer>();
          buffers[b]->values.resize(batches[b].count * vpp);
          for (std::size_t p = 0; p < batches[b].count; ++p) fill_defaults(layout, buffers[b]->values.data() + p * vpp);
          buffers[b]->status.assign(batches[b].count, 0);
          buffers[b]->remaining.store(batches[b].count);
        }
        buf = buffers[b].get();
        if (next_offset == batches[b].count) ++next_batch, next_offset = 0;
      }
      // Row-major multi-index of the flat index.
      std::size_t flat = batches[b].first + k;
      for (std::size_t d = shape.size(); d-- > 0;) index[d] = flat % shape[d], flat /= shape[d];

      double* block = buf->values.data() + k * vpp;
      std::int8_t st;
      try {
        const PointContext ctx = point_context(job, index);
        st = evaluate(ctx, job, layout, std::span<double>(block, vpp));
      } catch (const std::exception& e) {
        st = io::point_status::internal_error;
        fill_defaults(layout, block);
        std::lock_guard<std::mutex> lock(write_mutex);
        if (first_point_error.empty()) first_point_error = e.what();
      }
      buf->status[k] = st;
      if (buf->remaining.fetch_sub(1, std::memory_order_acq_rel) != 1) continue;

      std::lock_guard<std::mutex> lock(write_mutex);
      try {
        const auto t0 = Clock::now();
        write_run(store, layout, *buf, batches[b].first, batches[b].first, batches[b].count);
        write_seconds += seconds_since(t0);
      } catch (...) {
        if (!write_error) write_error = std::current_exception();
        abort.store(true);
        continue;
      }
      finished += batches[b].count;
      for (std::int8_t s : buf->status) failed_now += s != io::point_status::ok;
      {
        std::lock_guard<std::mutex> take(take_mutex);
        buffers[b].reset();
      }
      progress.update(finished, failed_now);
    }
  }
  if (write_error) std::rethrow_exception(write_error);
  if (!first_point_error.empty())
    std::fprintf(stderr, "chaoskit sweep: warning: a point failed with an internal error (status 6): %s\n",
                 first_point_error.c_str());

  // Interrupted: keep every finished point of the batches in flight (runs of consecutive points).
  sum.signal = g_signal.load();
  sum.interrupted = sum.signal != 0;
  for (std::size_t b = 0; b < buffers.size(); ++b) {
    if (!buffers[b]) continue;
    const BatchBuffer& buf = *buffers[b];
    const auto t0 = Clock::now();
    for (std::size_t p = 0; p < batches[b].count;) {
      if (buf.status[p] == 0) {
        ++p;
        continue;
      }
      std::size_t q = p;
      while (q < batches[b].count && buf.status[q] != 0) ++q;
      write_run(store, layout, buf, batches[b].first, batches[b].first + p, q - p);
      finished += q - p;
      for (std::size_t i = p; i < q; ++i) failed_now += buf.status[i] != io::point_status::ok;
      p = q;
    }
    write_seconds += seconds_since(t0);
  }
  sum.computed = finished;

  if (store.done_count() == sum.total) {
    const auto t0 = Clock::now();
    store.finalize();
    write_seconds += seconds_since(t0);
    sum.finalized = true;
  }
  for (std::int8_t s : store.read_status()) sum.failed += s > io::point_status::ok;
  store.close();
  sum.write_seconds = write_seconds;
  sum.seconds = seconds_since(t_start);
  progress.finish(finished, failed_now,
                  sum.interrupted ? "interrupted (resume with --resume)" : sum.finalized ? "complete" : "stopped");
  return sum;
}

}  // namespace chaoskit::sweep
