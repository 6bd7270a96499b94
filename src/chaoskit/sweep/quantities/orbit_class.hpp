#pragma once
// orbit_class for a model: the verdict of classify_orbit (three indicators voting, at a fixed time
// or adaptively up to max_time) with the evidence behind it (its reader, variables and fingerprint
// are in orbit_class.cpp).
#include <array>

#include "chaoskit/indicators/orbit_classification.hpp"
#include "chaoskit/sweep/classification_options.hpp"
#include "chaoskit/sweep/quantities/point_evaluation.hpp"

namespace chaoskit::sweep {

/// orbit_class's variables, in the order orbit_class.cpp declares them (votes: 3 values).
namespace orbit_class_slot {
inline constexpr Slot<std::int32_t> verdict{0}, votes{1};  ///< OrbitClass codes; votes: λ_max, SALI, MEGNO
inline constexpr Slot<double> lambda_max{2}, lambda_max_error{3}, lambda_max_half{4}, sali{5}, sali_min{6}, megno{7},
    growth_power{8}, time{9};
}  // namespace orbit_class_slot

template <Model M>
void evaluate_orbit_class(const ComputeSpec& c, const EntryOutput& out, PointEvaluation<M>& p) {
  namespace slot = orbit_class_slot;
  std::int32_t* const verdict = out[slot::verdict];
  std::int32_t* const votes = out[slot::votes];
  const std::array<double*, 8> evidence = {out[slot::lambda_max],      out[slot::lambda_max_error],
                                           out[slot::lambda_max_half], out[slot::sali],
                                           out[slot::sali_min],        out[slot::megno],
                                           out[slot::growth_power],    out[slot::time]};
  auto write = [=](const OrbitClassification& r) {
    if (!out.note(r.report)) return;
    auto code = [](OrbitClass k) { return static_cast<std::int32_t>(k); };
    *verdict = code(r.verdict);
    votes[0] = code(r.lambda_vote);
    votes[1] = code(r.sali_vote);
    votes[2] = code(r.megno_vote);
    const double values[8] = {r.lambda_max, r.lambda_error, r.lambda_half,  r.sali,
                              r.sali_min,   r.megno,        r.growth_power, r.time};
    for (std::size_t i = 0; i < evidence.size(); ++i) *evidence[i] = values[i];
  };
  if (p.to_lanes) {
    p.defer(simd::LaneSystem::classifier, OrbitClassTask<M>(p.x0, orbit_class_options(c)), write);
    p.tangent_io.validate();  // as classify_orbit does, before anything is integrated
    return;
  }
  write(classify_orbit(p.model, p.x0, p.inputs, orbit_class_options(c), p.tangent_io));
}

}  // namespace chaoskit::sweep
