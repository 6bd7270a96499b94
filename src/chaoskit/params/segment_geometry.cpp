#include "chaoskit/params/segment_geometry.hpp"

#include <numbers>

#include "chaoskit/core/errors.hpp"

namespace chaoskit {

SegmentInertia frustum_segment(double L, double R1, double R2, double rho, bool include_cross_section) {
  constexpr double pi = std::numbers::pi;
  const double s2 = R1 * R1 + R1 * R2 + R2 * R2;
  SegmentInertia out{};
  out.mass = pi * rho * L * s2 / 3.0;
  out.com = L * (R1 * R1 + 2.0 * R1 * R2 + 3.0 * R2 * R2) / (4.0 * s2);
  out.inertia_hinge = pi * rho * L * L * L * (R1 * R1 + 3.0 * R1 * R2 + 6.0 * R2 * R2) / 30.0;
  if (include_cross_section) {
    // ∫0^L ρ π R(s)⁴/4 ds with R linear in s: ρ π L (R1⁴ + R1³R2 + R1²R2² + R1R2³ + R2⁴) / 20.
    const double r4 = R1 * R1 * R1 * R1 + R1 * R1 * R1 * R2 + R1 * R1 * R2 * R2 + R1 * R2 * R2 * R2 + R2 * R2 * R2 * R2;
    out.inertia_hinge += pi * rho * L * r4 / 20.0;
  }
  out.inertia_centroidal = out.inertia_hinge - out.mass * out.com * out.com;
  return out;
}

DeLevaLeg de_leva_leg(const std::string& sex) {
  // de Leva (1996) Table 4 (Zatsiorsky–Seluyanov adjusted), transverse radii of gyration, shank to
  // the lateral malleolus; reference subjects 73.0 kg / 1.741 m (male), 61.9 kg / 1.735 m (female).
  if (sex == "male") return {73.0, 1.741, {0.1416, 0.4095, 0.329, 0.4222}, {0.0433, 0.4459, 0.249, 0.4340}};
  if (sex == "female") return {61.9, 1.735, {0.1478, 0.3612, 0.364, 0.3685}, {0.0481, 0.4416, 0.267, 0.4323}};
  throw InputError("sex", "de Leva's table has 'male' and 'female', got '" + sex + "'");
}

LimbParams de_leva_limb(const std::string& sex, double body_mass, double stature, double g) {
  const DeLevaLeg t = de_leva_leg(sex);
  const double scale = stature / t.reference_stature;
  auto segment = [&](const DeLevaSegment& s) {
    SegmentInertia out{};
    const double L = s.reference_length * scale;
    out.mass = s.mass_fraction * body_mass;
    out.com = s.com_fraction * L;
    out.inertia_centroidal = out.mass * (s.gyration_fraction * L) * (s.gyration_fraction * L);
    out.inertia_hinge = out.inertia_centroidal + out.mass * out.com * out.com;
    return std::pair{out, L};
  };
  const auto [thigh, L1] = segment(t.thigh);
  const auto [shank, L2] = segment(t.shank);
  return LimbParams{L1, L2, thigh.mass, thigh.com, thigh.inertia_hinge, shank.mass, shank.com, shank.inertia_hinge, g};
}

LimbParams frustum_limb(double L1, double R11, double R12, double rho1, double L2, double R21, double R22, double rho2,
                        double g, bool include_cross_section) {
  const SegmentInertia thigh = frustum_segment(L1, R11, R12, rho1, include_cross_section);
  const SegmentInertia shank = frustum_segment(L2, R21, R22, rho2, include_cross_section);
  return LimbParams{L1, L2, thigh.mass, thigh.com, thigh.inertia_hinge, shank.mass, shank.com, shank.inertia_hinge, g};
}

}  // namespace chaoskit
