#pragma once
// section: its own options, its variables and its evaluation for a model: the Poincaré crossings
// of the job's surface, up to `crossings` of them (its reader, the description of its variables and
// its fingerprint are in section.cpp; the surface was parsed once, there).
#include <string>

#include "chaoskit/core/expression.hpp"
#include "chaoskit/indicators/poincare.hpp"
#include "chaoskit/sweep/quantities/point_evaluation.hpp"

namespace chaoskit::sweep {

/// section's own options, read by section.cpp.
struct SectionEntry : QuantityOptions {
  std::string plane;     ///< the surface "lhs = rhs" as written
  Expression surface;    ///< `plane` parsed (g = lhs − rhs over the state names)
  int direction = +1;    ///< +1 up, −1 down, 0 both
  long crossings = 100;  ///< crossings kept per point
};

/// section's variables (per crossing: time, state; described in section.cpp).
namespace section_slot {
inline constexpr Slot<std::int32_t> count{0, "section_count"};
inline constexpr Slot<double> time{1, "section_time"}, state{2, "section_state"};
}  // namespace section_slot

template <Model M>
void evaluate_section(const ComputeSpec& c, const EntryOutput& out, PointEvaluation<M>& p) {
  constexpr int n = M::state_dim;
  const SectionEntry& own = c.options_as<SectionEntry>();
  SectionOptions so;
  so.direction = own.direction;
  so.max_crossings = own.crossings;
  so.max_time = c.time;
  const SectionResult<n> r = poincare_section(p.model, p.x0, own.surface, p.inputs, so, p.trajectory_io);
  if (!out.note(r.report)) return;
  *out[section_slot::count] = static_cast<std::int32_t>(r.crossings.size());
  double* time = out[section_slot::time];
  double* state = out[section_slot::state];
  for (std::size_t k = 0; k < r.crossings.size(); ++k) {
    time[k] = r.crossings[k].t;
    const Eigen::Index size = r.crossings[k].x.size();
    for (int i = 0; i < size; ++i) state[k * size + i] = r.crossings[k].x(i);
  }
}

}  // namespace chaoskit::sweep
