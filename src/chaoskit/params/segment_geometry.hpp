#pragma once
// Segment inertial parameters from geometry or from published tables, used to build limb
// parameter sets whose every number can be traced (data/derivations/*.md).
//
//   frustum_segment: a uniform frustum of a cone (the limb paper's thigh and shank model, its
//     eq. 33 and section 4): proximal radius R1, distal radius R2, density ρ, length L.
//   de_leva_limb: thigh + shank from de Leva (1996), "Adjustments to Zatsiorsky–Seluyanov's
//     segment inertia parameters", J. Biomech. 29:1223–1230, scaled to any body mass and stature.
#include <string>

#include "chaoskit/models/limb.hpp"

namespace chaoskit {

struct SegmentInertia {
  double mass;                // [kg]
  double com;                 // COM distance from the proximal end [m]
  double inertia_hinge;       // about the proximal end, transverse axis [kg m²]
  double inertia_centroidal;  // about the COM, transverse axis [kg m²]
};

/// Uniform frustum. With `include_cross_section = false` the inertia is the limb paper's eq. (33),
/// I = π ρ L³ (R1² + 3 R1 R2 + 6 R2²) / 30, which treats each slice as a point on the axis (eq. 8);
/// with `true` it adds each disc's own transverse inertia ∫ ρ π R⁴/4 ds (the exact solid).
SegmentInertia frustum_segment(double L, double R1, double R2, double rho, bool include_cross_section = false);

struct DeLevaSegment {
  double mass_fraction;      // of body mass
  double com_fraction;       // COM from the proximal endpoint, of segment length
  double gyration_fraction;  // transverse (flexion-axis) radius of gyration about the COM, of length
  double reference_length;   // segment length of de Leva's reference subject [m]
};

struct DeLevaLeg {
  double reference_mass;     // [kg]
  double reference_stature;  // [m]
  DeLevaSegment thigh;       // hip joint centre – knee joint centre
  DeLevaSegment shank;       // knee joint centre – lateral malleolus
};

/// de Leva's table for "male" or "female" (throws InputError otherwise).
DeLevaLeg de_leva_leg(const std::string& sex);

/// A limb parameter set scaled from de Leva: masses ∝ body mass, lengths ∝ stature.
LimbParams de_leva_limb(const std::string& sex, double body_mass, double stature, double g);

/// A limb parameter set from two frustums (thigh, shank).
LimbParams frustum_limb(double L1, double R11, double R12, double rho1, double L2, double R21, double R22, double rho2,
                        double g, bool include_cross_section = false);

}  // namespace chaoskit
