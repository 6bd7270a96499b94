#pragma once
// Initial conditions on one energy surface for Poincaré sections: the user fixes some state
// components on a line or grid (axis_spec.hpp), leaves the others at 0 and names one rate to
// solve so that T + V = E (energy_surface.hpp's rate_for_energy). Grid points where no real rate
// exists lie in the energetically inaccessible region: they are kept, flagged and counted, and
// the section runs skip them — a seed grid that crosses the zero-velocity curve is normal, not
// an error.
#include <optional>
#include <vector>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/models/energy_surface.hpp"
#include "chaoskit/models/mechanical_form.hpp"
#include "chaoskit/sections/axis_spec.hpp"

namespace chaoskit {

template <int n>
struct EnergySeed {
  Vec<double, n> x;  ///< the state (the solved rate NaN when inaccessible)
  bool accessible = true;
};

/// The cartesian product of `axes` (last axis fastest), each point completed by solving
/// component `solve` (a rate, q̇_k) for energy E; `sign` picks the root (+1 larger, −1 smaller).
template <MechanicalModel M>
std::vector<EnergySeed<M::state_dim>> energy_surface_seeds(const M& model, double energy,
                                                           const std::vector<AxisSpec>& axes, int solve,
                                                           int sign = +1) {
  constexpr int n = M::state_dim, d = M::dof;
  const int ns = state_count(model), ds = coordinate_count(model);
  require_mechanics(model, "energy-surface seeds", MechanicalNeeds{.potential = true});
  if (solve < ds || solve >= ns)
    throw InputError("solve", "must name a rate (one of the last " + std::to_string(ds) + " state components)");
  for (std::size_t a = 0; a < axes.size(); ++a) {
    if (axes[a].component == solve)
      throw InputError("seeds", "component '" + axes[a].name + "' is solved for; do not seed it");
    for (std::size_t b = 0; b < a; ++b)
      if (axes[a].component == axes[b].component)
        throw InputError("seeds", "component '" + axes[a].name + "' given twice");
  }
  std::size_t total = 1;
  for (const auto& a : axes) total *= a.values.size();
  std::vector<EnergySeed<n>> seeds;
  seeds.reserve(total);
  std::vector<std::size_t> idx(axes.size(), 0);
  for (std::size_t k = 0; k < total; ++k) {
    std::size_t rem = k;
    for (std::size_t a = axes.size(); a-- > 0;) {
      idx[a] = rem % axes[a].values.size();
      rem /= axes[a].values.size();
    }
    EnergySeed<n> s;
    s.x.setZero(ns);
    for (std::size_t a = 0; a < axes.size(); ++a) s.x(axes[a].component) = axes[a].values[idx[a]];
    const Vec<double, d> q = s.x.template head<d>(ds);
    const Vec<double, d> qd = s.x.template segment<d>(ds, ds);
    const std::optional<double> v = rate_for_energy(model, q, qd, solve - ds, energy, sign);
    s.accessible = v.has_value();
    s.x(solve) = v ? *v : NAN;
    seeds.push_back(s);
  }
  return seeds;
}

}  // namespace chaoskit
