#pragma once
// Basin entropy S_b and boundary basin entropy S_bb (Daza, Wagemakers, Georgeot, Guéry-Odelin,
// Sanjuán, Sci. Rep. 6, 31416, 2016): how uncertain the final state of a basin map is, and whether
// its boundaries are fractal, from the label grid alone.
//
// The grid is tiled by non-overlapping boxes of box×box points (incomplete boxes at the far edges
// are dropped). Box i holding labels j with proportions p_ij has Gibbs entropy
// S_i = −Σ_j p_ij ln p_ij. S_b = mean of S_i over all N boxes; S_bb = mean over the N_b boxes
// that contain more than one label. The log 2 criterion: S_bb > ln 2 is a sufficient condition for
// a fractal boundary (a smooth boundary between two basins gives boxes with two labels in
// proportions p, 1−p, each with entropy ≤ ln 2, and their mean stays below ln 2).
// Every distinct int32 value is a label (including "not settled" and failure codes).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>

namespace chaoskit::basins {

struct BasinEntropy {
  double Sb = 0.0;                 ///< basin entropy [nat]
  double Sbb = 0.0;                ///< boundary basin entropy [nat]; 0 when there is no boundary box
  std::size_t boxes = 0;           ///< N
  std::size_t boundary_boxes = 0;  ///< N_b
  std::size_t box = 0;             ///< box side in grid points
  /// S_bb > log 2 beyond rounding (a margin of 1e-12 nat, so exact log 2 boxes do not count).
  bool fractal_boundary() const { return Sbb > std::log(2.0) + 1e-12; }
};

/// Labels row-major over rows × cols. Throws std::invalid_argument for a size mismatch, box = 0 or a
/// box larger than the grid.
BasinEntropy basin_entropy(std::span<const std::int32_t> labels, std::size_t rows, std::size_t cols, std::size_t box);

}  // namespace chaoskit::basins
