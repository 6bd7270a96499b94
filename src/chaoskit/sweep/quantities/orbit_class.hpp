#pragma once
// orbit_class: its own options, its variables and its evaluation for a model: the verdict of
// classify_orbit (three indicators voting, at a fixed time or adaptively up to max_time) with the
// evidence behind it. Its reader, the description of its variables, its fingerprint line and its
// variable-time hook are in orbit_class.cpp.
#include <array>
#include <cmath>

#include "chaoskit/indicators/orbit_classification.hpp"
#include "chaoskit/sweep/quantities/point_evaluation.hpp"

namespace chaoskit::sweep {

/// orbit_class's own options, read by orbit_class.cpp.
struct OrbitClassEntry : QuantityOptions {
  double max_time = NAN;      ///< adaptive classification up to this time [s] (NaN: fixed at `time`)
  double lambda_floor = NAN;  ///< adaptive: the smallest exponent resolved [1/s] (NaN: default)
};

/// The classifier's options of an entry, built in this one place: the reader validates them, the
/// variables describe the verdict rule they imply, the evaluation runs with them.
inline OrbitClassOptions orbit_class_options(const ComputeSpec& c) {
  OrbitClassOptions o;
  o.time = c.time;
  o.renorm = c.renorm;
  o.blocks = c.blocks;
  const OrbitClassEntry& own = c.options_as<OrbitClassEntry>();
  o.max_time = own.max_time;
  o.lambda_floor = own.lambda_floor;
  return o;
}

/// orbit_class's variables (votes: 3 values; described in orbit_class.cpp).
namespace orbit_class_slot {
/// OrbitClass codes; votes: λ_max, SALI, MEGNO
inline constexpr Slot<std::int32_t> verdict{0, "orbit_class"}, votes{1, "orbit_votes"};
inline constexpr Slot<double> lambda_max{2, "orbit_lambda_max"}, lambda_max_error{3, "orbit_lambda_max_error"},
    lambda_max_half{4, "orbit_lambda_max_half"}, sali{5, "orbit_sali"}, sali_min{6, "orbit_sali_min"},
    megno{7, "orbit_megno"}, growth_power{8, "orbit_growth_power"}, time{9, "orbit_time"};
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
    // (p.tangent_io is the job's [integrator], validated once when the job was read.)
    p.defer(simd::LaneSystem::classifier, OrbitClassTask<M>(p.x0, orbit_class_options(c)), write);
    return;
  }
  write(classify_orbit(p.model, p.x0, p.inputs, orbit_class_options(c), p.tangent_io));
}

}  // namespace chaoskit::sweep
