#pragma once
// Floquet multipliers of a periodic orbit (the eigenvalues of its monodromy matrix M), with the
// trivial ones identified by deflation rather than by guessing which eigenvalue is "close to 1".
//
// A symmetry gives M a known eigenvector or left eigenvector: the flow direction f(x_0) (M f = f,
// multiplier +1: the time shift), the energy gradient ∇H(x_0) of a conservative system
// (∇Hᵀ M = ∇Hᵀ, multiplier +1: the family), and for a map taken on a section in all n
// coordinates the collapsed flow direction (M c = 0). With R the right vectors and L the left
// ones (Lᵀ R = 0), the subspace W = {v : Lᵀv = 0} is invariant and contains R; in an orthonormal
// basis [R | Q | P] (Q spans W ∩ R^⊥, P spans W^⊥) M is block upper triangular, so the nontrivial
// multipliers are exactly the eigenvalues of Qᵀ M Q, and the trivial ones are those of Rᵀ M R and
// Pᵀ M P (their distance from 1 or 0 measures the accuracy of M). Near a fold, where a nontrivial
// multiplier approaches +1 too, the two stay apart.
//
// Verdict (nontrivial multipliers): asymptotically stable when every |μ| < 1 − tol; unstable when
// some |μ| > 1 + tol; otherwise linearly stable (multipliers on the unit circle: the elliptic
// orbits of conservative systems, whose neighbours on other energy levels neither approach nor
// leave, a one-degree-of-freedom oscillator with no nontrivial multiplier, or a marginal case).
// tol defaults to 1e-6.
#include <complex>
#include <string>
#include <vector>

#include "chaoskit/periodic/map_step.hpp"

namespace chaoskit::periodic {

struct Multiplier {
  std::complex<double> value;
  bool trivial = false;
  std::string origin;  ///< trivial ones: "flow direction", "energy", "section", "impact"; "" otherwise
};

enum class Stability { asymptotically_stable, linearly_stable, unstable };

/// "asymptotically_stable", "linearly_stable", "unstable".
const char* stability_name(Stability s);

/// Known eigenvectors (M r = λ r) and left eigenvectors (lᵀ M = λ lᵀ) of M, with their multipliers.
struct TrivialDirections {
  struct Direction {
    Vector vector;
    double multiplier;
    std::string origin;
  };
  std::vector<Direction> right, left;
};

struct FloquetAnalysis {
  std::vector<Multiplier> multipliers;  ///< trivial first, then nontrivial by decreasing modulus (+Im first)
  Stability stability = Stability::unstable;
  double max_modulus = 0.0;  ///< largest nontrivial |μ| (0 when there is none)
  int unstable_count = 0;    ///< nontrivial multipliers with |μ| > 1 + tol
};

FloquetAnalysis floquet_analysis(const Matrix& monodromy, const TrivialDirections& trivial,
                                 double unit_circle_tol = 1e-6);

/// The nontrivial multipliers of an analysis.
std::vector<std::complex<double>> nontrivial_multipliers(const FloquetAnalysis& a);

/// Test functions whose sign changes along a branch mark its bifurcations (products over the
/// nontrivial multipliers, each factor divided by max(1, |μ|) so that strongly unstable orbits do
/// not overflow; that scaling keeps every sign and zero):
///   fold:            Π (μ_i − 1)          a real multiplier through +1
///   period_doubling: Π (μ_i + 1)          a real multiplier through −1
///   neimark_sacker:  Π_{i<j} (μ_i μ_j − 1)  a complex pair through |μ| = 1 (also zero at a real
///                    pair μ, 1/μ, a neutral saddle, which location tells apart)
struct TestFunctions {
  double fold = 0.0, period_doubling = 0.0, neimark_sacker = 0.0;
};
TestFunctions test_functions(const FloquetAnalysis& a);

/// A real eigenvector of M for its real eigenvalue closest to `target` (the −1 of a period
/// doubling), normalised to unit length with its largest component positive.
Vector real_eigenvector(const Matrix& monodromy, double target, double* eigenvalue = nullptr);

}  // namespace chaoskit::periodic
