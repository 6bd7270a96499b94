#include "chaoskit/sweep/engine/lane_scheduler.hpp"

#include <optional>
#include <utility>

#include "chaoskit/core/point_status.hpp"
#include "chaoskit/sweep/quantities/quantity_unit.hpp"

namespace chaoskit::sweep {

namespace {
bool lane_quantity(const AnyModel& model, Quantity q) {
  // On lanes whenever the job's are (job_uses_lanes) and the model has a kernel for its system.
  const std::optional<simd::LaneSystem> system = unit_of(q).lanes;
  return system && simd::has_lane_kernel(model, *system);
}
}  // namespace

bool job_uses_lanes(const Job& job, simd::LanePath path) {
  if (path == simd::LanePath::scalar || !simd::has_lane_kernel(job.base_model)) return false;
  // With parameter axes each lane holds its point's constants: a compiled model's, or a model file's
  // program's (begin_point checks that the point's program has the engine's code).
  if (job.has_parameter_axes() && !simd::lanes_take_parameters(job.base_model)) return false;
  if (job.integrator_for(Workload::tangent_flow).stepper != StepperKind::rkf78) return false;
  for (const ComputeSpec& c : job.compute)
    if (lane_quantity(job.base_model, c.quantity)) return true;
  return false;
}

LaneScheduler::LaneScheduler(const Job& job, simd::LanePath path, std::function<void(Point&)> finish)
    : job_(job), path_(path), finish_(std::move(finish)) {}

LaneScheduler::~LaneScheduler() = default;

bool LaneScheduler::takes(const ComputeSpec& c) const {
  return (current_ == nullptr || current_->on_lanes) && lane_quantity(job_.base_model, c.quantity);
}

LaneScheduler::Slot& LaneScheduler::slot(simd::LaneSystem system) {
  Slot& s = slots_[static_cast<int>(system)];
  if (!s.engine)
    s.engine = simd::make_lane_engine(job_.base_model, system, job_.integrator_for(Workload::tangent_flow), path_);
  return s;
}

std::function<void()> LaneScheduler::completion() {
  Point* p = current_;
  return [this, p] { release(p); };
}

void LaneScheduler::defer(simd::LaneSystem system, std::unique_ptr<simd::LaneTask> task) {
  ++current_->pending;
  Slot& s = slot(system);
  if (s.engine->idle_lanes() > 0 && s.waiting.empty())
    s.engine->add(task.release());
  else
    s.waiting.push_back(std::move(task));
}

bool LaneScheduler::ready_for_a_point() const {
  for (const Slot& s : slots_)
    if (s.engine && (s.engine->idle_lanes() == 0 || !s.waiting.empty())) return false;
  return true;
}

LaneScheduler::Point& LaneScheduler::begin_point(void* owner, std::size_t index, const AnyModel& model) {
  Point& p = points_.emplace_back();
  p.owner = owner;
  p.index = index;
  // Without parameter axes every point's model is the job's: no copy. With them, a model file's
  // point whose program had other code than the engines' would be computed here, entry by entry,
  // with the same bits (the compiler's code depends on no value, so none has today).
  if (job_.has_parameter_axes()) {
    p.model = &p.own.emplace(model);
    p.on_lanes = simd::lanes_run_as(job_.base_model, model);
  } else {
    p.model = &job_.base_model;
  }
  p.entry_status.assign(job_.compute.size(), point_status::ok);  // as evaluate_point computes in place
  p.pending = 1;  // held until end_point, so that an entry completing at once does not finish it early
  current_ = &p;
  return p;
}

void LaneScheduler::end_point() {
  Point* p = current_;
  current_ = nullptr;
  release(p);
}

void LaneScheduler::abandon_point() {
  Point* p = current_;
  current_ = nullptr;
  points_.remove_if([p](const Point& q) { return &q == p; });
}

void LaneScheduler::release(Point* p) {
  if (--p->pending > 0) return;
  finish_(*p);
  points_.remove_if([p](const Point& q) { return &q == p; });
}

bool LaneScheduler::busy() const {
  for (const Slot& s : slots_)
    if (s.engine && (s.engine->busy_lanes() > 0 || !s.waiting.empty())) return true;
  return false;
}

void LaneScheduler::refill(Slot& s) {
  while (!s.waiting.empty() && s.engine->idle_lanes() > 0) {
    simd::LaneTask* t = s.waiting.front().release();
    s.waiting.pop_front();
    s.engine->add(t);
  }
}

void LaneScheduler::run_some() {
  for (int tries = 0; tries < simd::kLaneSystems; ++tries) {
    Slot& s = slots_[next_engine_];
    next_engine_ = (next_engine_ + 1) % simd::kLaneSystems;
    if (!s.engine) continue;
    refill(s);
    if (s.engine->busy_lanes() == 0) continue;
    s.engine->run_until_a_lane_frees();
    refill(s);
    return;
  }
}

simd::LaneUsage LaneScheduler::usage() const {
  simd::LaneUsage u;
  for (const Slot& s : slots_) {
    if (!s.engine) continue;
    const simd::LaneUsage e = s.engine->usage();
    u.steps += e.steps, u.lane_steps += e.lane_steps, u.rhs_evaluations += e.rhs_evaluations;
  }
  return u;
}

}  // namespace chaoskit::sweep
