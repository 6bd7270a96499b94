#include "chaoskit/basins/basin_entropy.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace chaoskit::basins {

BasinEntropy basin_entropy(std::span<const std::int32_t> labels, std::size_t rows, std::size_t cols, std::size_t box) {
  if (labels.size() != rows * cols) throw std::invalid_argument("basin_entropy: labels do not match rows x cols");
  if (box == 0 || box > rows || box > cols)
    throw std::invalid_argument("basin_entropy: box must be in 1..min(rows, cols)");
  BasinEntropy r;
  r.box = box;
  double sum_all = 0.0, sum_boundary = 0.0;
  std::vector<std::int32_t> cell(box * box);
  for (std::size_t bi = 0; bi + box <= rows; bi += box)
    for (std::size_t bj = 0; bj + box <= cols; bj += box) {
      std::size_t k = 0;
      for (std::size_t i = 0; i < box; ++i)
        for (std::size_t j = 0; j < box; ++j) cell[k++] = labels[(bi + i) * cols + bj + j];
      std::sort(cell.begin(), cell.end());
      double s = 0.0;
      std::size_t distinct = 0;
      const double total = static_cast<double>(cell.size());
      for (std::size_t a = 0; a < cell.size();) {
        std::size_t b = a;
        while (b < cell.size() && cell[b] == cell[a]) ++b;
        const double p = static_cast<double>(b - a) / total;
        s -= p * std::log(p);
        ++distinct;
        a = b;
      }
      ++r.boxes;
      sum_all += s;
      if (distinct > 1) {
        ++r.boundary_boxes;
        sum_boundary += s;
      }
    }
  r.Sb = sum_all / static_cast<double>(r.boxes);
  r.Sbb = r.boundary_boxes ? sum_boundary / static_cast<double>(r.boundary_boxes) : 0.0;
  return r;
}

}  // namespace chaoskit::basins
