#pragma once
// The hand-over of a point's entries from the point evaluator to the lanes (batch_engine.cpp): an
// entry the lanes integrate (λ_max, spectrum, SALI, MEGNO, orbit_class, and stm, ftle and
// endpoint_sensitivity through Ψ(T, 0), on a model with a lane kernel) is not computed in
// evaluate_point_entries but turned into a LaneTask and deferred; its results are written into the
// point's values (its batch's columns, point_columns.hpp) when the task completes, possibly after other points have
// been taken.
#include <functional>
#include <memory>

#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/simd/lane_task.hpp"
#include "chaoskit/sweep/job/job.hpp"

namespace chaoskit::sweep {

class LaneDeferral {
 public:
  virtual ~LaneDeferral() = default;
  /// Whether this entry goes to the lanes.
  virtual bool takes(const ComputeSpec& c) const = 0;
  /// The model the point's deferred tasks refer to: the point's (its parameters), alive until every
  /// task of the point has completed.
  virtual const AnyModel& model() const = 0;
  /// Called by each deferred task after it has written its results (its entry's status included).
  virtual std::function<void()> completion() = 0;
  /// Hands over a task (after every entry of the point has been evaluated or deferred).
  virtual void defer(simd::LaneSystem system, std::unique_ptr<simd::LaneTask> task) = 0;
};

}  // namespace chaoskit::sweep
