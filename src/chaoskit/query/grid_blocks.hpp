#pragma once
// Reads a results store block by block for the query tools: each block is a contiguous run of flat
// (row-major) grid indices that is also a box over the axes, so one hyperslab read per variable
// loads it. Memory is one block (about `target_points` points) whatever the grid size.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "chaoskit/io/results_store.hpp"

namespace chaoskit::query {

class BlockReader {
 public:
  /// Reads the statuses and the named variables (every value of a point, trailing dims flattened);
  /// axis coordinates are computed from the grid. Unknown variables throw InputError("variable").
  BlockReader(const io::ResultsStore& store, std::vector<std::string> variables, std::size_t target_points = 65536);

  /// Loads the next block; false once the grid is exhausted.
  bool next();

  std::size_t first() const { return first_; }  ///< flat index of the block's first point
  std::size_t size() const { return count_; }   ///< points in the block
  std::int8_t status(std::size_t j) const { return status_[j]; }
  /// Coordinate of point j of the block along axis a.
  double coordinate(std::size_t a, std::size_t j) const;
  /// The values_per_point values of variable k (in the constructor's order) at point j.
  const double* values(std::size_t k, std::size_t j) const { return data_[k].data() + j * per_point_[k]; }
  std::size_t values_per_point(std::size_t k) const { return per_point_[k]; }
  const std::vector<std::string>& variables() const { return names_; }

 private:
  const io::ResultsStore& store_;
  std::vector<std::string> names_;
  std::vector<std::size_t> per_point_;
  std::vector<std::size_t> shape_, strides_;
  std::size_t cut_axis_ = 0;  ///< blocks span part of this axis and all of the later ones
  std::size_t inner_ = 1;     ///< points per step along the cut axis
  std::size_t run_ = 1;       ///< steps along the cut axis per block
  std::size_t first_ = 0, count_ = 0, next_first_ = 0;
  std::vector<std::size_t> start_index_;  ///< multi-index of the block's first point
  std::vector<std::int8_t> status_;
  std::vector<std::vector<double>> data_;
};

}  // namespace chaoskit::query
