#pragma once
// The uncertainty exponent α of a basin boundary (McDonald, Grebogi, Ott, Yorke, Physica D 17,
// 125, 1985): the fraction f(ε) of ε-uncertain initial conditions — those whose label changes
// under a perturbation of size ε — scales as f ∝ ε^α, and the boundary's box-counting dimension is
// d = D − α (D = 2 for a 2-D map). A smooth boundary has α = 1; α < 1 means a fractal boundary
// and a final state that refining the initial condition by a factor 10 makes only 10^α times
// more predictable.
//
// On a label grid: ε = k grid spacings (k from `offsets`), and a point is ε-uncertain when one of
// its four neighbours at distance k along the axes has another label; only points whose four
// neighbours lie inside the grid are counted. ε is reported as k/(n−1), a fraction of the axis
// range (n the larger grid side), and α is the least-squares slope of ln f against ln ε with its
// standard error. Offsets where no point is uncertain are left out of the fit.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace chaoskit::basins {

struct UncertaintyFit {
  std::vector<double> eps;       ///< ε of each offset used, fraction of the axis range
  std::vector<double> fraction;  ///< f(ε)
  double alpha = 0.0;            ///< slope of ln f vs ln ε (NaN with fewer than 2 usable offsets)
  double alpha_error = 0.0;      ///< its standard error (NaN with fewer than 3)
  double dimension = 0.0;        ///< box-counting dimension of the boundary, 2 − α
};

/// Fraction of k-uncertain points of a rows × cols label grid (row-major).
double uncertain_fraction(std::span<const std::int32_t> labels, std::size_t rows, std::size_t cols, std::size_t k);

/// Fit over `offsets` (default 1, 2, 4, 8, 16 grid spacings, those smaller than a quarter grid).
UncertaintyFit uncertainty_exponent(std::span<const std::int32_t> labels, std::size_t rows, std::size_t cols,
                                    std::vector<std::size_t> offsets = {});

}  // namespace chaoskit::basins
