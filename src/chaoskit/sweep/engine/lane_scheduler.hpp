#pragma once
// One compute thread's lanes (simd/): a lane engine per system the job uses, the tasks waiting
// for a lane, and the points whose deferred entries are still running. The batch engine takes a
// new point whenever every engine has an idle lane, so that a lane that finishes is refilled at
// once and lanes do not wait for the slowest trajectory; a point is finished (its status the first
// failure in entry order) when its last deferred entry completes.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <list>
#include <memory>
#include <optional>
#include <vector>

#include "chaoskit/simd/lane_dispatch.hpp"
#include "chaoskit/sweep/quantities/lane_deferral.hpp"

namespace chaoskit::sweep {

/// Whether a job's points go through the lanes on `path`: a model with a lane kernel, rkf78 for the
/// tangent flow, and some entry the lanes integrate (λ_max, spectrum, SALI, MEGNO, orbit_class; stm,
/// ftle and endpoint_sensitivity through Ψ(T, 0)). Parameter axes too: each lane holds its point's
/// model constants (a compiled model's LaneConstants, simd/lane_kernels.hpp; a model file's program
/// constants, simd/lane_file_kernels.hpp, for the points whose program has the engines' code).
bool job_uses_lanes(const Job& job, simd::LanePath path);

class LaneScheduler final : public LaneDeferral {
 public:
  /// A point taken by this thread, with its entries' statuses.
  struct Point {
    void* owner = nullptr;  ///< the batch engine's bookkeeping (its batch)
    std::size_t index = 0;  ///< the point's offset in that batch
    std::vector<std::int8_t> entry_status;
    int pending = 0;                  ///< deferred entries still running (+1 while they are being handed over)
    const AnyModel* model = nullptr;  ///< the point's model: the job's, or `own`
    std::optional<AnyModel> own;      ///< a point's own model (parameter axes), kept for its tasks
    bool on_lanes = true;             ///< whether its entries go to the lanes (simd::lanes_run_as)
  };

  /// finish(point) is called when a point's last deferred entry has completed.
  LaneScheduler(const Job& job, simd::LanePath path, std::function<void(Point&)> finish);
  ~LaneScheduler() override;

  bool takes(const ComputeSpec& c) const override;
  const AnyModel& model() const override { return *current_->model; }
  std::function<void()> completion() override;
  void defer(simd::LaneSystem system, std::unique_ptr<simd::LaneTask> task) override;

  /// Whether a new point may be taken: every engine has an idle lane and nothing waiting.
  bool ready_for_a_point() const;
  /// Starts a point whose model is `model` (its entries then go to evaluate_entries with this as
  /// the deferral); a model other than the job's is copied, for the point's tasks.
  Point& begin_point(void* owner, std::size_t index, const AnyModel& model);
  /// After evaluate_entries returned: finishes the point now if nothing was deferred.
  void end_point();
  /// After evaluate_entries threw: forgets the point (nothing of it was handed over).
  void abandon_point();
  /// Whether any lane is busy.
  bool busy() const;
  /// Steps one busy engine until a lane frees, then refills its lanes from the waiting tasks.
  void run_some();
  /// Lane usage summed over the engines.
  simd::LaneUsage usage() const;

 private:
  struct Slot {
    std::unique_ptr<simd::LaneEngine> engine;
    std::deque<std::unique_ptr<simd::LaneTask>> waiting;
  };
  Slot& slot(simd::LaneSystem system);
  void refill(Slot& s);
  void release(Point* p);

  const Job& job_;
  simd::LanePath path_;
  std::function<void(Point&)> finish_;
  Slot slots_[simd::kLaneSystems];  // by LaneSystem
  std::list<Point> points_;
  Point* current_ = nullptr;
  std::size_t next_engine_ = 0;
};

}  // namespace chaoskit::sweep
