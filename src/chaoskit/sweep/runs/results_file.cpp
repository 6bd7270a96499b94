#include "chaoskit/sweep/runs/results_file.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <utility>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/core/memory.hpp"
#include "chaoskit/models/hybrid_model.hpp"
#include "chaoskit/sweep/engine/lane_scheduler.hpp"
#include "chaoskit/sweep/quantities/quantity_unit.hpp"
#include "chaoskit/sweep/reading/energy_sample.hpp"
#include "chaoskit/sweep/runs/job_fingerprint.hpp"

namespace chaoskit::sweep {

namespace {

/// A model with events (a model file's [[events]]): "heel_strike (up)" per event ("fall (down,
/// terminal)" for one that ends the orbit), and its modes,
/// for the results' provenance (`chaoskit query FILE describe`); empty for a smooth model.
std::pair<std::string, std::string> event_summary(const AnyModel& model) {
  return std::visit(
      [](const auto& m) -> std::pair<std::string, std::string> {
        using M = std::decay_t<decltype(m)>;
        std::string events, modes;
        if constexpr (HybridModel<M>) {
          if (m.event_count() == 0) return {};
          for (int k = 0; k < m.event_count(); ++k) {
            const EventInfo e = m.event_info(k);
            const char* dir = e.direction == EventDirection::up     ? "up"
                              : e.direction == EventDirection::down ? "down"
                                                                    : "both";
            events += (k ? ", " : "") + e.name + " (" + dir + (e.terminal ? ", terminal" : "") + ")";
          }
          for (const std::string& name : m.mode_names()) modes += (modes.empty() ? "" : ", ") + name;
        }
        return {events, modes};
      },
      model);
}

}  // namespace

io::Attributes provenance(const Job& job, const SweepOptions& opt, int threads) {
  std::ostringstream values;
  values << *job.params.table["values"].as_table();
  std::ostringstream integ;
  integ.precision(17);
  integ << stepper_description(job) << ", rtol " << job.integrator.rtol << ", atol " << job.integrator.atol
        << ", max_steps " << job.integrator.max_steps << ", dt_min " << job.integrator.dt_min;
  const simd::LanePath lane_path = simd::selected_lane_path();
  io::Attributes attributes = {
      {"job", job.text},
      {"job_file", job.source},
      {"job_fingerprint", job_fingerprint(job)},
      {"model", job.model_name},
      {"params", job.params.label},
      {"parameters", values.str()},
      {"integrator", integ.str()},
      // The vector path of the tangent flows (simd/lane_dispatch.hpp): every path gives the same
      // bits, so this says how, not what, was computed.
      {"vector_path", simd::lane_path_description(job_uses_lanes(job, lane_path) ? lane_path : simd::LanePath::scalar)},
      {"inputs", job.inputs.describe()},
      {"threads", static_cast<long long>(threads)},
      {"ranks", static_cast<long long>(opt.ranks)},
      {"command_line", opt.command_line},
  };
  // A hybrid model's events and modes (its points run on the scalar driver, simd/README.md).
  if (const auto [events, modes] = event_summary(job.base_model); !events.empty()) {
    attributes["model_events"] = events;
    attributes["model_modes"] = modes;
  }
  // A point list's file, as opened (its values are in the results: the column variables). Grid
  // files carry no such attribute.
  if (job.point_source == PointSource::point_list) attributes["points_file"] = job.points.table.file;
  // A [sample]'s measure, seed and n (its levels are the `energy` coordinate).
  attributes.merge(sample_attributes(job));
  return attributes;
}

namespace {

/// Refuses, before any file is touched, a grid whose bookkeeping alone would not fit in memory.
void check_memory(const Job& job) {
  require_memory("grid", "the grid has " + std::to_string(job.point_count()) + " points; tracking them",
                 static_cast<double>(estimated_memory_bytes(job)), "use a coarser grid or split the job");
}

}  // namespace

SweepFile::SweepFile(const Job& job, const SweepOptions& opt, std::string path, int threads,
                     const ResultsLayout& layout)
    : job_(job), options_(opt), path_(std::move(path)), threads_(threads), layout_(layout) {
  const std::vector<io::Axis>& axes = layout.axes;
  // The job file names the output unless the caller overrode it (SweepOptions::output).
  const std::string field = opt.output.empty() ? "output.file" : "output";
  check_memory(job);
  const std::filesystem::path parent = std::filesystem::absolute(path_).parent_path();
  if (!std::filesystem::is_directory(parent))
    throw InputError(field, "folder '" + parent.string() + "' does not exist");
  if (::access(parent.c_str(), W_OK) != 0) throw InputError(field, "folder '" + parent.string() + "' is not writable");
  const bool exists = std::filesystem::exists(path_);
  if (exists && opt.resume) {
    io::ResultsStore store = io::ResultsStore::open_for_resume(path_, axes, layout.variables);
    const io::Attributes attrs = store.root_attributes();
    const auto it = attrs.find("job_fingerprint");
    if (it == attrs.end() || !std::holds_alternative<std::string>(it->second))
      throw InputError("resume", "'" + path_ + "' was not written by chaoskit sweep (no job fingerprint)");
    const std::string diff = fingerprint_difference(std::get<std::string>(it->second), job_fingerprint(job));
    if (!diff.empty()) throw InputError("resume", "'" + path_ + "' was written by a different job or build: " + diff);
    done_at_open_ = store.done();
    done_at_start_ = static_cast<std::size_t>(std::count(done_at_open_.begin(), done_at_open_.end(), true));
    store_.emplace(std::move(store));
    return;
  }
  if (exists && !opt.force)
    throw InputError(field, "'" + path_ + "' exists (resume to continue it or force to replace it)");
  std::error_code ec;
  const auto space = std::filesystem::space(parent, ec);
  const double need = static_cast<double>(estimated_file_bytes(job));
  if (!ec && need > static_cast<double>(space.available))
    throw InputError(field, "the results need about " + human_bytes(need) + " while the sweep runs, but only " +
                                human_bytes(static_cast<double>(space.available)) + " is free in " + parent.string());
  // The whole file is reserved when it is created, so a disk that fills up later cannot fail a
  // batch; only the compressed copy written at the end (at most the same size again) can.
  if (!ec && 2 * need > static_cast<double>(space.available))
    std::cerr << "chaoskit: warning: " << human_bytes(static_cast<double>(space.available)) << " free in "
              << parent.string() << " may not hold the compressed copy written at the end (up to " << human_bytes(need)
              << " more); the results would stay complete, uncompressed, until resuming the sweep compresses them\n";
  geometry_ = io::ResultsStore::geometry_for(axes, layout.variables);
}

std::size_t SweepFile::point_count() const { return store_ ? store_->point_count() : geometry_.points(); }

std::vector<Batch> SweepFile::pending_batches(std::size_t size) const {
  const std::size_t points = point_count();
  auto done = [&](std::size_t i) { return !done_at_open_.empty() && done_at_open_[i]; };
  // A resumed file's chunks are the file's own (an older build may have cut them otherwise).
  auto chunk_end = [&](std::size_t i) { return store_ ? store_->chunk_end(i) : geometry_.chunk_end(i); };
  std::vector<Batch> out;
  for (std::size_t i = 0; i < points;) {
    if (done(i)) {
      ++i;
      continue;
    }
    const std::size_t end = std::min(chunk_end(i), i + size);
    std::size_t j = i;
    while (j < end && !done(j)) ++j;
    out.push_back({i, j - i});
    i = j;
  }
  return out;
}

io::ResultsStore& SweepFile::store() {
  if (!store_) {
    io::CreateOptions co;
    co.overwrite = options_.force;
    store_.emplace(
        io::ResultsStore::create(path_, layout_.axes, layout_.variables, provenance(job_, options_, threads_), co));
  }
  return *store_;
}

void SweepFile::write_finished(std::span<const PointRun> runs) {
  if (store_ || done_at_start_ > 0) throw std::logic_error("write_finished: '" + path_ + "' was written already");
  std::vector<io::PointBlock> blocks;
  for (const PointRun& run : runs) {
    io::PointBlock& b = blocks.emplace_back();
    b.first = run.first;
    b.count = run.count();
    for (std::size_t v = 0; v < layout_.variables.size(); ++v) b.values[layout_.variables[v].name] = run.values.view(v);
    b.statuses = run.status;
  }
  io::CreateOptions co;
  co.overwrite = options_.force;
  io::ResultsStore::write_finished(path_, layout_.axes, layout_.variables, provenance(job_, options_, threads_), blocks,
                                   co);
}

std::size_t estimated_file_bytes(const Job& job) {
  const ResultsLayout layout = results_layout(job);
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

std::size_t batch_size(const Job& job, int threads) {
  return job.batch > 0 ? job.batch : std::max<std::size_t>(16, 8 * static_cast<std::size_t>(threads));
}

StoreWriter::StoreWriter(SweepFile& file, const ResultsLayout& layout, Progress& progress,
                         std::chrono::steady_clock::duration hold)
    : file_(file), layout_(layout), progress_(progress), hold_(hold), last_write_(std::chrono::steady_clock::now()) {
  progress_.set_point_cost(layout_.cost.least(), layout_.cost.most());
}

void StoreWriter::put(std::size_t first, const PointColumns& values, std::span<const std::int8_t> status) {
  put(PointRun{first, values, std::vector<std::int8_t>(status.begin(), status.end())});
}

void StoreWriter::put(PointRun run) {
  std::lock_guard<std::mutex> lock(mutex_);
  pending_points_ += run.count();
  computed_ += run.count();
  for (std::int8_t st : run.status) computed_failed_ += st != point_status::ok;
  for (std::size_t p = 0; p < run.count(); ++p) computed_cost_ += layout_.cost.of(run.values, p);
  pending_.push_back(std::move(run));
  progress_.update(computed_, computed_failed_, computed_cost_);
  if (std::chrono::steady_clock::now() - last_write_ >= hold_ || pending_points_ >= kMaxPendingPoints) write_pending();
}

void StoreWriter::flush() {
  std::lock_guard<std::mutex> lock(mutex_);
  write_pending();
}

void StoreWriter::write_pending() {
  if (pending_.empty()) return;
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<PointRun> runs = merge_adjacent(std::move(pending_));
  pending_.clear();
  pending_points_ = 0;
  for (const PointRun& r : runs) {
    write_run(r);
    ++writes_;
  }
  count_written(runs);
  last_write_ = std::chrono::steady_clock::now();
  seconds_ += std::chrono::duration<double>(last_write_ - t0).count();
}

void StoreWriter::count_written(const std::vector<PointRun>& runs) {
  for (const PointRun& r : runs) {
    written_ += r.count();
    for (std::int8_t st : r.status) failed_ += st != point_status::ok;
  }
}

bool StoreWriter::write_finished() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (writes_ > 0 || file_.created() || file_.done_at_start() > 0 || pending_points_ != file_.point_count())
    return false;
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<PointRun> runs = merge_adjacent(std::move(pending_));
  try {
    file_.write_finished(runs);
  } catch (const std::exception&) {
    // Nothing is in place (the file is renamed into place only when complete): hold the points
    // again for the running file, whose creation reports the folder's or the disk's refusal.
    pending_ = std::move(runs);
    return false;
  }
  pending_.clear();
  pending_points_ = 0;
  ++writes_;
  count_written(runs);
  last_write_ = std::chrono::steady_clock::now();
  seconds_ += std::chrono::duration<double>(last_write_ - t0).count();
  return true;
}

void StoreWriter::write_run(const PointRun& run) {
  // Each variable's column goes to the file as computed, in its own element type.
  std::map<std::string, io::BufferView> views;
  for (std::size_t v = 0; v < layout_.variables.size(); ++v) views[layout_.variables[v].name] = run.values.view(v);
  file_.store().write_points(run.first, run.count(), views, run.status);
}

std::size_t StoreWriter::written() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return written_;
}
std::size_t StoreWriter::failed() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return failed_;
}
std::size_t StoreWriter::writes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return writes_;
}
double StoreWriter::seconds() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return seconds_;
}
void StoreWriter::add_seconds(double s) {
  std::lock_guard<std::mutex> lock(mutex_);
  seconds_ += s;
}

std::chrono::steady_clock::duration write_hold(const Job& job) {
  return std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      std::chrono::duration<double>(job.write_interval));
}

void close_results(SweepFile& file, StoreWriter& writer, Progress& progress, SweepSummary& sum) {
  if (!sum.interrupted && writer.write_finished()) {
    sum.computed = writer.written();
    sum.failed = writer.failed();
    sum.finalized = true;
  } else {
    writer.flush();
    io::ResultsStore& store = file.store();
    sum.computed = writer.written();
    for (std::int8_t s : store.read_status()) sum.failed += s > point_status::ok;
    if (store.done_count() == sum.total) {
      const auto t0 = std::chrono::steady_clock::now();
      try {
        store.finalize_and_close();
      } catch (const std::exception& e) {
        // finalize() writes the compressed copy beside the file and renames it into place only when
        // it is complete, so the uncompressed results are untouched: say so, and how to finish.
        throw std::runtime_error("all " + std::to_string(sum.total) + " points are computed and saved in '" +
                                 store.path() + "', but writing its compressed copy failed (" + e.what() +
                                 "); free some space and resume the sweep to compress it");
      }
      writer.add_seconds(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      sum.finalized = true;
    }
    store.close();  // (a finalized store is closed already; this closes one left incomplete)
  }
  sum.write_seconds = writer.seconds();
  sum.writes = writer.writes();
  progress.finish(sum.computed, writer.failed(),
                  sum.interrupted ? "interrupted (resume the sweep to finish it)"
                  : sum.finalized ? "complete"
                                  : "stopped");
}

}  // namespace chaoskit::sweep
