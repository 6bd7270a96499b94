#pragma once
// The embedding dimension by false nearest neighbours (Kennel, Brown and Abarbanel, Phys. Rev. A
// 45, 3403, 1992). For each dimension d, every reference point's nearest neighbour in d
// dimensions (Theiler window applied) is declared false when adding the next delay coordinate
// separates the pair:
//   criterion 1:  |x_{i+d tau} - x_{j+d tau}| / R_d(i) > R_tol       (R_tol = 15, as in the paper)
//   criterion 2:  R_{d+1}(i) / R_A > A_tol                              (A_tol = 2, as in the paper)
// where R_d(i) is the pair's distance in d dimensions and R_A the attractor size, the standard
// deviation of the series (sqrt(m) for m standardised columns, whose added coordinates enter
// criterion 1 through their joint Euclidean norm). Criterion 2 catches neighbours that are
// nearest only because the data are too few or noisy, for which criterion 1 alone falls to zero
// spuriously. The dimension chosen is the smallest d whose false fraction is at most
// `threshold` (1 %): for clean deterministic data it drops to about zero at the sufficient d.
// When the fraction rises from one d to the next before reaching the threshold (noise), the
// search stops and the d of the smallest fraction is taken, with reached_threshold false.
#include <cstddef>
#include <vector>

#include "chaoskit/timeseries/embedding.hpp"

namespace chaoskit::timeseries {

struct FnnOptions {
  std::size_t max_dim = 10;            ///< dimensions tried: 1..max_dim
  double r_tol = 15.0;                 ///< criterion 1
  double a_tol = 2.0;                  ///< criterion 2
  double threshold = 0.01;             ///< accepted false fraction
  std::size_t theiler = 0;             ///< samples; temporal neighbours excluded from the search
  std::size_t max_references = 10000;  ///< evenly spaced reference points (all when fewer); the tree holds all points
};

struct DimensionChoice {
  std::size_t dim = 0;
  bool reached_threshold = false;      ///< false: no d reached the threshold; dim is the smallest fraction's
  std::vector<double> false_fraction;  ///< index d-1 for d = 1..(tested)
};

/// Columns should be standardised (standardise()). Throws InputError("dim") when the record is
/// too short for dimension 2.
DimensionChoice choose_dimension(const Columns& columns, std::size_t delay, const FnnOptions& options = {});

}  // namespace chaoskit::timeseries
