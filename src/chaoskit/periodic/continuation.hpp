#pragma once
// continue_orbits: pseudo-arclength continuation of a periodic orbit (or of a map's fixed point or
// period-k orbit) in one parameter (arclength.hpp), with step control, detection and location of
// the bifurcations of its Floquet multipliers, and branch switching onto period-doubled branches.
//
// Step control (as AUTO and MatCont do it): a step that converges in ≤ 2 corrector iterations grows
// by 1.5 (up to ds_max), one that needs ≥ 5 shrinks by 0.6; a corrector failure, or a tangent that
// turns by more than max_turn (25°) in one step, halves it; below ds_min the branch ends. A branch
// also ends at max_points, and on a bound of [parameter_min, parameter_max]: a step whose prediction
// would cross it is shortened onto it and corrected at that fixed value (the model may refuse any
// value beyond, as a damping below 0), or, where the corrector itself carried the point across,
// the crossing is located on the bound.
//
// Bifurcations: the test functions of floquet.hpp change sign between two points; the zero is then
// located by Illinois regula falsi in the arclength s between them, each trial a corrected point on
// the hyperplane at s, until s (hence p: |dp/ds| ≤ 1) is known to locate_tolerance. A multiplier
// through +1 is a fold (limit point) where the parameter turns back and a branch point where it
// does not; through −1 a period doubling; a complex pair through |μ| = 1 a Neimark–Sacker point
// (a real pair μ, 1/μ also zeroes its test function: that neutral saddle is not reported; nor is
// any Neimark–Sacker point of a conservative system, whose multipliers pair up on the circle).
//
// Branch switching at a period doubling (period_doubling_levels > 0): the doubled orbit (2m
// segments, or period 2k) starts as x_i ± h v_i with v the multiplier −1's eigenvector carried
// along the segments (Doedel, Keller, Kernévez 1991, "Numerical analysis and control of bifurcation
// problems (II)", Int. J. Bifurcation and Chaos 1, 745–772: the period-doubled branch is a branch
// point of the doubled system, whose tangent is (v, −v)); it is corrected on the hyperplane normal
// to that direction and continued from there, its own period doublings switched in turn.
#include "chaoskit/periodic/arclength.hpp"
#include "chaoskit/periodic/branch.hpp"
#include "chaoskit/periodic/continuation_options.hpp"

namespace chaoskit::periodic {

/// Continues the orbit near `guess` (found first with the family's problem at family.start).
/// InputError for bad options. A start orbit that does not converge gives a result without points
/// whose first branch's end_reason says why.
ContinuationResult continue_orbits(const ParameterFamily& family, const OrbitGuess& guess,
                                   const ContinuationOptions& options);

/// Switches onto the period-doubled branch at `pd` (a point of a result of the same family, e.g.
/// read back from a branch file) and continues it, with its own doublings when levels > 1.
ContinuationResult continue_doubled(const ParameterFamily& family, const BranchPoint& pd,
                                    const ContinuationOptions& options);

/// One orbit as a result of one branch with one point (so that it is written as a branch file).
ContinuationResult orbit_result(const PeriodicOrbit& orbit, const std::string& note);

/// Checks the options (InputError naming the field).
void validate(const ContinuationOptions& options);

}  // namespace chaoskit::periodic
