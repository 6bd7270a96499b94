#pragma once
// Many Poincaré-section orbits in parallel (OpenMP), for `chaoskit section`: each orbit's
// crossings come from poincare_section alone and land in that orbit's own slot, gathered in orbit
// order afterwards, so the result does not depend on the thread count or the schedule.
#include <vector>

#include <omp.h>

#include "chaoskit/indicators/instances.hpp"
#include "chaoskit/indicators/poincare.hpp"

namespace chaoskit {

template <int n>
struct OrbitSections {
  std::vector<SectionResult<n>> orbits;  ///< one per seed, in seed order (empty result for skipped seeds)
};

/// Runs poincare_section from every x0s[k] with active[k]; inactive seeds are skipped.
template <Model M>
OrbitSections<M::state_dim> run_sections(const M& model, const std::vector<Vec<double, M::state_dim>>& x0s,
                                         const std::vector<bool>& active, const Expression& surface,
                                         const InputSchedule& inputs, const SectionOptions& so,
                                         const IntegratorOptions& io, int threads) {
  constexpr int n = M::state_dim;
  // Validate once, outside the parallel region (exceptions must not leave an OpenMP region).
  if (so.direction < -1 || so.direction > 1) throw InputError("direction", "must be up, down or both");
  if (so.max_crossings < 1) throw InputError("max_crossings", "must be >= 1");
  if (!(so.max_time > 0.0) || !std::isfinite(so.max_time)) throw InputError("max_time", "must be > 0 s");
  OrbitSections<n> out;
  out.orbits.resize(x0s.size());
  const long long count = static_cast<long long>(x0s.size());
  const int nt = threads > 0 ? threads : omp_get_max_threads();
#pragma omp parallel for schedule(dynamic, 1) num_threads(nt)
  for (long long k = 0; k < count; ++k) {
    if (!active[static_cast<std::size_t>(k)]) continue;
    out.orbits[static_cast<std::size_t>(k)] =
        poincare_section(model, x0s[static_cast<std::size_t>(k)], surface, inputs, so, io);
  }
  return out;
}

}  // namespace chaoskit
