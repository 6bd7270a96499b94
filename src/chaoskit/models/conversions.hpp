#pragma once
// Maps between the models' conventions (design.md): absolute ↔ relative angles
// (α2 = θ1 + θ2_rel) and hinge ↔ centroidal inertia (K = I + m r²). The same leg can then be
// integrated as `limb`, `golf` or a two-link `chain`, and tests check all three agree.
#include <type_traits>

#include "chaoskit/models/chain.hpp"
#include "chaoskit/models/golf.hpp"
#include "chaoskit/models/limb.hpp"

namespace chaoskit {

inline GolfParams golf_from_limb(const LimbParams& l) {
  GolfParams g;
  g.L1 = l.L1;
  g.L2 = l.L2;
  g.m1 = l.m1;
  g.m2 = l.m2;
  g.r1 = l.C1;
  g.r2 = l.C2;
  g.I1 = l.I1 - l.m1 * l.C1 * l.C1;
  g.I2 = l.I2 - l.m2 * l.C2 * l.C2;
  g.g = l.g;
  return g;
}

inline LimbParams limb_from_golf(const GolfParams& g) {
  LimbParams l;
  l.L1 = g.L1;
  l.L2 = g.L2;
  l.m1 = g.m1;
  l.m2 = g.m2;
  l.C1 = g.r1;
  l.C2 = g.r2;
  l.I1 = g.I1 + g.m1 * g.r1 * g.r1;
  l.I2 = g.I2 + g.m2 * g.r2 * g.r2;
  l.g = g.g;
  return l;
}

inline ChainParams chain_from_golf(const GolfParams& g) {
  ChainParams c;
  c.L = {g.L1, g.L2};
  c.m = {g.m1, g.m2};
  c.r = {g.r1, g.r2};
  c.I = {g.I1, g.I2};
  c.g = g.g;
  return c;
}

/// The layouts a parameter set may be written in for another model (params/param_sets.hpp's
/// readers): golf ← limb, limb ← golf, chain ← golf | limb, and every layout for its own model.
/// Overloads on the target type, so that generic code (the sweep's model factory) finds the
/// conversion of a pair of layouts by overload resolution, and the readers use the same functions.
template <class P>
P convert_params(const P& p, std::type_identity<P>) {
  return p;
}
inline GolfParams convert_params(const LimbParams& l, std::type_identity<GolfParams>) { return golf_from_limb(l); }
inline LimbParams convert_params(const GolfParams& g, std::type_identity<LimbParams>) { return limb_from_golf(g); }
inline ChainParams convert_params(const GolfParams& g, std::type_identity<ChainParams>) { return chain_from_golf(g); }
inline ChainParams convert_params(const LimbParams& l, std::type_identity<ChainParams>) {
  return chain_from_golf(golf_from_limb(l));
}

/// Relative-angle state (θ1, θ2_rel, θ̇1, θ̇2_rel) of the limb's absolute state (θ1, θ2, θ̇1, θ̇2).
inline Vec<double, 4> relative_state_from_absolute(const Vec<double, 4>& x) {
  return Vec<double, 4>(x(0), x(1) - x(0), x(2), x(3) - x(2));
}

inline Vec<double, 4> absolute_state_from_relative(const Vec<double, 4>& x) {
  return Vec<double, 4>(x(0), x(0) + x(1), x(2), x(2) + x(3));
}

}  // namespace chaoskit
