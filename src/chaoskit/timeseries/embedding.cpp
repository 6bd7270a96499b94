#include "chaoskit/timeseries/embedding.hpp"

#include <cmath>
#include <string>

#include "chaoskit/core/errors.hpp"

namespace chaoskit::timeseries {

Columns standardise(const Columns& columns) {
  Columns out;
  out.reserve(columns.size());
  for (std::size_t c = 0; c < columns.size(); ++c) {
    const auto& x = columns[c];
    if (x.size() != columns.front().size())
      throw InputError("column", "columns have different lengths (" + std::to_string(x.size()) + " and " +
                                     std::to_string(columns.front().size()) + ")");
    double mean = 0.0;
    for (std::size_t t = 0; t < x.size(); ++t) {
      if (!std::isfinite(x[t]))
        throw InputError(
            "column", "column " + std::to_string(c + 1) + " row " + std::to_string(t + 1) + " is not a finite number");
      mean += x[t];
    }
    mean /= static_cast<double>(x.size());
    double var = 0.0;
    for (double v : x) var += (v - mean) * (v - mean);
    const double sd = std::sqrt(var / static_cast<double>(x.size()));
    if (!(sd > 0.0)) throw InputError("column", "column " + std::to_string(c + 1) + " is constant: nothing to embed");
    std::vector<double> z(x.size());
    for (std::size_t t = 0; t < x.size(); ++t) z[t] = (x[t] - mean) / sd;
    out.push_back(std::move(z));
  }
  return out;
}

Embedding delay_embed(const Columns& columns, std::size_t dim, std::size_t delay, std::size_t length) {
  if (dim < 1) throw InputError("dim", "must be >= 1");
  if (delay < 1) throw InputError("delay", "must be >= 1 sample");
  if (columns.empty()) throw InputError("column", "no column to embed");
  const std::size_t n = length == 0 ? columns.front().size() : length;
  const std::size_t span = (dim - 1) * delay;
  if (n < span + 2)
    throw InputError("dim", "a record of " + std::to_string(n) + " samples is too short for dimension " +
                                std::to_string(dim) + " at delay " + std::to_string(delay) + " (needs more than " +
                                std::to_string(span + 1) + ")");
  Embedding e;
  e.per_column_dim = dim;
  e.delay = delay;
  e.dim = dim * columns.size();
  e.count = n - span;
  e.points.resize(e.count * e.dim);
  for (std::size_t t = 0; t < e.count; ++t) {
    double* y = e.points.data() + t * e.dim;
    for (std::size_t c = 0; c < columns.size(); ++c)
      for (std::size_t k = 0; k < dim; ++k) y[c * dim + k] = columns[c][t + k * delay];
  }
  return e;
}

}  // namespace chaoskit::timeseries
