#pragma once
// Delay embedding (Takens 1981; Packard et al. 1980) of one or more measured series. With columns
// x^(1)..x^(m), dimension d and delay tau (samples), the embedded point at time index t is
//   y_t = (x^(1)_t, x^(1)_{t+tau}, .., x^(1)_{t+(d-1)tau},  x^(2)_t, .., x^(m)_{t+(d-1)tau}),
// so D = m*d coordinates and N - (d-1)*tau points. Columns are first standardised to zero mean and
// unit variance (standardise()), so that a joint angle in rad and a velocity in rad/s weigh alike
// in the Euclidean distances; a single column's exponent does not depend on this scaling.
#include <cstddef>
#include <vector>

namespace chaoskit::timeseries {

/// Columns of a record: columns[c][t], all of one length.
using Columns = std::vector<std::vector<double>>;

struct Embedding {
  std::vector<double> points;  ///< row-major, count × dim
  std::size_t count = 0;       ///< number of embedded points, N - (d-1)*tau
  std::size_t dim = 0;         ///< columns × per_column_dim
  std::size_t per_column_dim = 0, delay = 0;
  const double* point(std::size_t t) const { return points.data() + t * dim; }
};

/// Each column shifted to mean 0 and scaled to standard deviation 1. Throws InputError("column")
/// for a constant column (no variation to embed) or a non-finite value, and for columns of
/// unequal length.
Columns standardise(const Columns& columns);

/// The delay embedding above, of the first `length` samples (all when 0). Throws InputError
/// ("dim", "delay") for d or tau < 1 and when fewer than 2 points would remain.
Embedding delay_embed(const Columns& columns, std::size_t dim, std::size_t delay, std::size_t length = 0);

}  // namespace chaoskit::timeseries
