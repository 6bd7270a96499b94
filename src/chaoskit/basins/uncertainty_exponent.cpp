#include "chaoskit/basins/uncertainty_exponent.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace chaoskit::basins {

double uncertain_fraction(std::span<const std::int32_t> labels, std::size_t rows, std::size_t cols, std::size_t k) {
  if (labels.size() != rows * cols) throw std::invalid_argument("uncertain_fraction: labels do not match rows x cols");
  if (k == 0 || 2 * k >= rows || 2 * k >= cols) return NAN;
  std::size_t uncertain = 0, total = 0;
  for (std::size_t i = k; i + k < rows; ++i)
    for (std::size_t j = k; j + k < cols; ++j) {
      const std::int32_t l = labels[i * cols + j];
      const bool u = labels[(i - k) * cols + j] != l || labels[(i + k) * cols + j] != l ||
                     labels[i * cols + j - k] != l || labels[i * cols + j + k] != l;
      uncertain += u;
      ++total;
    }
  return static_cast<double>(uncertain) / static_cast<double>(total);
}

UncertaintyFit uncertainty_exponent(std::span<const std::int32_t> labels, std::size_t rows, std::size_t cols,
                                    std::vector<std::size_t> offsets) {
  if (offsets.empty())
    for (std::size_t k = 1; 4 * k < std::min(rows, cols) && k <= 16; k *= 2) offsets.push_back(k);
  const double range = static_cast<double>(std::max(rows, cols) - 1);
  UncertaintyFit fit;
  std::vector<double> lx, ly;
  for (std::size_t k : offsets) {
    const double f = uncertain_fraction(labels, rows, cols, k);
    if (!(f > 0.0)) continue;
    fit.eps.push_back(static_cast<double>(k) / range);
    fit.fraction.push_back(f);
    lx.push_back(std::log(fit.eps.back()));
    ly.push_back(std::log(f));
  }
  const std::size_t m = lx.size();
  if (m < 2) {
    fit.alpha = fit.alpha_error = fit.dimension = NAN;
    return fit;
  }
  double mx = 0, my = 0;
  for (std::size_t i = 0; i < m; ++i) mx += lx[i], my += ly[i];
  mx /= static_cast<double>(m);
  my /= static_cast<double>(m);
  double sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < m; ++i) sxx += (lx[i] - mx) * (lx[i] - mx), sxy += (lx[i] - mx) * (ly[i] - my);
  fit.alpha = sxy / sxx;
  if (m >= 3) {
    double ss = 0;
    for (std::size_t i = 0; i < m; ++i) {
      const double res = ly[i] - (my + fit.alpha * (lx[i] - mx));
      ss += res * res;
    }
    fit.alpha_error = std::sqrt(ss / static_cast<double>(m - 2) / sxx);
  } else {
    fit.alpha_error = NAN;
  }
  fit.dimension = 2.0 - fit.alpha;
  return fit;
}

}  // namespace chaoskit::basins
