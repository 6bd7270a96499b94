#pragma once
// The samplers of a [sample] job's energy levels as the job holds them (Job::sample): built once
// when the job is read (../reading/energy_sample.cpp), drawn from by every point
// (../engine/point_context.cpp). An interface, because the job holds its model as an AnyModel,
// whose type is chosen at run time.
#include <cstddef>
#include <cstdint>
#include <span>

namespace chaoskit::sweep {

/// The samplers of a job's energy levels, for a model type the caller need not know. Immutable
/// after construction: one instance serves every thread.
class LevelSamplers {
 public:
  virtual ~LevelSamplers() = default;

  virtual std::size_t levels() const = 0;

  /// Writes sample `index` of level `level` (an index into the job's levels) under `seed` into
  /// `x` (the model's state_dim values); returns the proposals its rejection loop drew (>= 1).
  virtual std::uint64_t draw(std::uint64_t seed, std::size_t level, std::size_t index, std::span<double> x) const = 0;

  /// min V(q) over the angles as the samplers' search found it [J].
  virtual double potential_minimum() const = 0;

  /// The fraction of proposals that level's rejection loop accepts, estimated from `trials`
  /// uniform angle vectors of a fixed stream (the same estimate on every call).
  virtual double acceptance_estimate(std::size_t level, std::size_t trials) const = 0;
};

}  // namespace chaoskit::sweep
