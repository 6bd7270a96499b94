#pragma once
// Where a grid point's values sit in a results file: the grid's shape, the chunk shape chosen for
// it, flat (row-major) indices, and the HDF5 selections of runs of points and of boxes.
//
// Every chunk is a contiguous run of flat indices: the trailing grid axes are whole, one axis is
// cut, the leading ones have extent 1. So a batch of consecutive points that ends at chunk_end()
// touches each chunk once, and HDF5's chunk cache writes each chunk once per batch.
#include <hdf5.h>

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "chaoskit/io/h5_handle.hpp"

namespace chaoskit::io {

/// Values per chunk when the caller names no target (32 kB of float64). HDF5 writes a chunk whole,
/// so every write of a running sweep (flushed for crash safety) rewrites the touched chunks: with
/// 32768-value chunks and a write per 16-point batch a golf λ_max sweep wrote 3.5 GB through pwrite
/// for a 1.3 MB file (256², T = 1 s; a third of its time). Smaller chunks cost more index entries
/// (256 per variable at 1024²). The sweep's writer also holds batches to write about once a second
/// (sweep/results_file.hpp).
inline constexpr std::size_t kDefaultChunkValues = 4096;

/// A box over the grid axes (trailing dimensions are always whole).
struct Hyperslab {
  std::vector<std::size_t> start, count;
};

class GridGeometry {
 public:
  GridGeometry() = default;
  /// `chunk` must satisfy chunks_are_runs (asserted).
  GridGeometry(std::vector<std::size_t> shape, std::vector<std::size_t> chunk);

  /// Whether chunks of extent `chunk` are contiguous flat runs of the row-major grid `shape`, as
  /// chunk_end and the writers' batches need: leading axes of extent 1, one cut axis, then whole
  /// axes, every extent between 1 and its axis's size. choose() gives such chunks.
  static bool chunks_are_runs(const std::vector<std::size_t>& shape, const std::vector<std::size_t>& chunk);
  /// The chunk shape of about `target_values` values (kDefaultChunkValues when 0) for variables of
  /// at most `max_values_per_point` values per point, cut as the header says.
  static GridGeometry choose(std::vector<std::size_t> shape, std::size_t max_values_per_point,
                             std::size_t target_values);

  const std::vector<std::size_t>& shape() const { return shape_; }
  const std::vector<std::size_t>& chunk() const { return chunk_; }
  std::size_t points() const;

  /// Flat row-major index of a multi-index over the axes, and back (std::out_of_range outside the grid).
  std::size_t flat_index(std::span<const std::size_t> index) const;
  std::vector<std::size_t> multi_index(std::size_t flat) const;
  /// One past the last flat index of the chunk holding `flat`.
  std::size_t chunk_end(std::size_t flat) const;

  /// The file dataspace of `ds` (grid axes first, then whole trailing dimensions) with the points
  /// first .. first+count-1 selected, as O(2·rank) boxes.
  h5::Dataspace select_run(hid_t ds, std::size_t first, std::size_t count) const;
  /// The same with a box over the axes selected; `selected` is the number of values in it.
  /// InputError("hyperslab") for a box of the wrong rank or outside the grid (`axis_names` name it).
  h5::Dataspace select_box(hid_t ds, const Hyperslab& box, const std::vector<std::string>& axis_names,
                           std::size_t& selected) const;

 private:
  std::vector<std::size_t> shape_, chunk_;
};

}  // namespace chaoskit::io
