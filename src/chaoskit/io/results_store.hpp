#pragma once
// Results store of an N-D grid sweep: one HDF5 file that netCDF-4 readers (xarray with engine
// "h5netcdf", h5py) open as a labelled grid, written incrementally and safe against kill -9.
// This class ties the pieces of io/ together (README.md lists them): the layout and its checks
// (results_layout.hpp), the structure written at creation (store_build.hpp), chunk geometry
// (chunk_geometry.hpp), the crash-safe write protocol and the compressed copy (write_protocol.hpp),
// temporary files renamed into place (atomic_file.hpp), and opening with the diagnosis of damaged
// files (file_open.hpp).
//
// Layout
//   /<axis>        1-D float64 coordinate of each swept axis (int64 for an index axis, Axis::integer),
//                  a dimension scale (H5DS) named after the axis, with `units`, `long_name` and
//                  `_Netcdf4Dimid`.
//   /<trailing>    1-D int32 index coordinate (0..n-1) of each extra trailing dimension (e.g.
//                  state_row, state_col of a matrix per point), also a dimension scale.
//   /<variable>    N-D dataset over (axes..., trailing...), chunked, scales attached per dimension;
//                  attributes `units`, `long_name`, `_FillValue` (in the variable's own type, so
//                  xarray masks unwritten points), `chaoskit_dims` (dimension names, comma-separated)
//                  and, for an enumerated variable, the CF `flag_values` and `flag_meanings`.
//   /status        int8 over the axes: point_status codes (core/point_status.hpp); 0 until the
//                  point is written.
//   /              provenance attributes: software, softwareVersion, softwareCommit, date (UTC,
//                  ISO 8601), host (defaults the caller may override), the caller's map (job text,
//                  model, parameters, integrator, threads, ranks), and chaoskit_format,
//                  chaoskit_axes, chaoskit_variables, chaoskit_storage.
//
// Chunks: each chunk is a contiguous run of flat (row-major) grid indices; chunk_end() gives the
// run's end (chunk_geometry.hpp).
//
// Crash safety: the file is created whole under a temporary name and renamed into place, written in
// place while the sweep runs (data, flush, status, flush), and compressed into a copy renamed over
// it once complete; write_protocol.hpp gives the protocol and the measurements behind it.
//
// Concurrent reading: open_read takes no file lock, so a query can read a sweep in progress (it
// sees the state of the last flush); from Python set HDF5_USE_FILE_LOCKING=FALSE for the same. The
// writer holds HDF5's exclusive lock, so a second writer (e.g. two --resume runs) is refused.
//
// A ResultsStore is not thread-safe: one thread writes (a parallel sweep hands finished batches to
// it); HDF5 itself is the serial build.
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "chaoskit/core/point_status.hpp"
#include "chaoskit/io/chunk_geometry.hpp"
#include "chaoskit/io/provenance.hpp"
#include "chaoskit/io/results_layout.hpp"
#include "chaoskit/io/write_protocol.hpp"

namespace chaoskit::io {

struct StoreFile;

struct CreateOptions {
  bool overwrite = false;  ///< replace an existing file (otherwise InputError)
  /// Values per chunk of a variable, aimed at (grid points × values per point); 0 = kDefaultChunkValues.
  std::size_t target_chunk_values = 0;
};

/// One run of consecutive points' values, as write_points takes them.
struct PointBlock {
  std::size_t first = 0, count = 0;
  std::map<std::string, BufferView> values;
  std::span<const std::int8_t> statuses;
};

struct VariableInfo {
  Variable definition;
  std::vector<std::string> dims;    ///< axes then trailing dimensions
  std::vector<std::size_t> shape;   ///< matching dims
  std::vector<std::size_t> chunks;  ///< chunk shape
  Attributes attributes;            ///< all attributes of the dataset
};

class ResultsStore {
 public:
  /// Creates `path` (InputError("output") if it exists and !options.overwrite, or cannot be
  /// created); InputError naming the field for an invalid layout (results_layout.hpp).
  static ResultsStore create(const std::string& path, const std::vector<Axis>& axes,
                             const std::vector<Variable>& variables, const Attributes& provenance,
                             const CreateOptions& options = {});
  /// Writes the finished (compressed) file that create, write_points for every point and finalize
  /// would leave, in one go from values held in memory: built under a temporary name, renamed into
  /// place once complete. For a sweep that ends before its first write (sweep/runs/results_file.hpp):
  /// one file built instead of two and no copy. `blocks` must cover every point exactly once
  /// (std::invalid_argument otherwise); the same InputError("output") as create for a path that
  /// exists or cannot be created; h5::Error for a failure while writing (e.g. no space left).
  static void write_finished(const std::string& path, const std::vector<Axis>& axes,
                             const std::vector<Variable>& variables, const Attributes& provenance,
                             std::span<const PointBlock> blocks, const CreateOptions& options = {},
                             int deflate_level = 4);
  /// The chunking create gives a store of this layout (its chunk_end cuts the batches).
  static GridGeometry geometry_for(const std::vector<Axis>& axes, const std::vector<Variable>& variables,
                                   const CreateOptions& options = {});
  /// Opens an existing store for writing after checking that its layout equals the one requested;
  /// InputError naming the first difference otherwise. done() then tells which points are finished.
  static ResultsStore open_for_resume(const std::string& path, const std::vector<Axis>& axes,
                                      const std::vector<Variable>& variables);
  /// Opens read-only (for query tools); InputError("file") if it is not a chaoskit results file.
  static ResultsStore open_read(const std::string& path);

  ResultsStore(ResultsStore&&) noexcept;
  ResultsStore& operator=(ResultsStore&&) noexcept;
  ~ResultsStore();

  const std::string& path() const;
  const std::vector<Axis>& axes() const;
  const std::vector<Variable>& variables() const;
  std::vector<std::size_t> grid_shape() const;
  std::size_t point_count() const;
  /// Flat row-major index of a multi-index over the axes, and back.
  std::size_t flat_index(std::span<const std::size_t> index) const;
  std::vector<std::size_t> multi_index(std::size_t flat) const;
  /// One past the last flat index of the chunk holding `flat` (batches ending there write each chunk once).
  std::size_t chunk_end(std::size_t flat) const;

  /// Writes points first .. first+count-1: for every variable a buffer of count × values_per_point
  /// values of its type, and count statuses (each ≥ 1). Data first, flush, then status, flush.
  /// Throws std::invalid_argument for a missing/mistyped/mis-sized buffer or a status of 0.
  void write_points(std::size_t first, std::size_t count, const std::map<std::string, BufferView>& values,
                    std::span<const std::int8_t> statuses);

  /// status != 0, per flat index.
  std::vector<bool> done() const;
  std::size_t done_count() const;

  Attributes root_attributes() const;
  VariableInfo variable_info(const std::string& name) const;
  /// Whole array (row-major, values converted to double), or a box over the axes.
  std::vector<double> read(const std::string& variable) const;
  std::vector<double> read(const std::string& variable, const Hyperslab& box) const;
  std::vector<std::int8_t> read_status() const;
  std::vector<std::int8_t> read_status(const Hyperslab& box) const;

  /// Once every point is done: rewrites the file with shuffle + deflate compressed chunks (same
  /// layout, values and root attributes) under a temporary name and renames it into place; a crash
  /// meanwhile leaves the uncompressed file intact. std::logic_error while points are missing.
  void finalize(int deflate_level = 4);
  /// finalize, then close (without opening the compressed file again: a sweep's last step).
  void finalize_and_close(int deflate_level = 4);
  /// True for a finalized (compressed) file.
  bool finalized() const;

  /// Flushes and closes; errors are reported (the destructor closes silently).
  void close();

 private:
  explicit ResultsStore(std::unique_ptr<StoreFile> file);
  std::unique_ptr<StoreFile> file_;
};

}  // namespace chaoskit::io
