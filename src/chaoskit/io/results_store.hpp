#pragma once
// Results store of an N-D grid sweep: one HDF5 file that netCDF-4 readers (xarray with engine
// "h5netcdf", h5py) open as a labelled grid, written incrementally and safe against kill -9.
//
// Layout
//   /<axis>        1-D float64 coordinate of each swept axis, a dimension scale (H5DS) named after
//                  the axis, with `units`, `long_name` and `_Netcdf4Dimid`.
//   /<trailing>    1-D int32 index coordinate (0..n-1) of each extra trailing dimension (e.g.
//                  state_row, state_col of a matrix per point), also a dimension scale.
//   /<variable>    N-D dataset over (axes..., trailing...), chunked, scales attached per dimension;
//                  attributes `units`, `long_name`, `_FillValue` (in the variable's own type, so
//                  xarray masks unwritten points) and `chaoskit_dims` (dimension names, comma-separated).
//   /status        int8 over the axes: point_status codes (core/point_status.hpp); 0 until the
//                  point is written.
//   /              provenance attributes: software, softwareVersion, softwareCommit, date (UTC,
//                  ISO 8601), host (defaults the caller may override), the caller's map (job text,
//                  model, parameters, integrator, threads, ranks), and chaoskit_format,
//                  chaoskit_axes, chaoskit_variables, chaoskit_storage.
//
// Chunks: each chunk is a contiguous run of flat (row-major) grid indices — the trailing grid axes
// are whole, one axis is cut, the leading ones have extent 1; chunk_end() gives the run's end.
//
// Crash safety: a file written in place while the sweep runs, compressed once it is complete
//
//   What we measured first (h5py 3.7 / HDF5 1.10.8 on this machine):
//   - SWMR write mode keeps the file consistent on disk at every instant, but needs the latest
//     file format, whose superblock carries a "file open for write" flag. After kill -9 the flag
//     stays set and every ordinary open (h5py.File(f, "r"), xarray, h5dump) fails with "file is
//     already open for write (may use <h5clear file> ...)" until `h5clear -s`; only readers asking
//     for SWMR mode get in. The design asks for a file that opens as it is, so no SWMR.
//   - Compressed chunks written batch by batch with H5Fflush after the data and again after the
//     status (an earlier version of this store, with freed space never reused and one-node chunk
//     indexes) failed 1 of 100 kill trials: a compressed chunk changes size when rewritten, so it
//     moves; HDF5 flushes the chunk index before the superblock's end-of-allocation address (EOA),
//     and a kill between the two left the index pointing past the recorded EOA ("addr overflow" on
//     reading that variable; `h5clear --increment` repairs it, but plain readers fail).
//
//   The protocol, therefore:
//   1. create() builds the whole file under a temporary name — layout, scales, attributes, and
//      every chunk of every dataset allocated (H5D_ALLOC_TIME_EARLY) and filled — flushes it and
//      renames it into place. After that no write changes any metadata or the EOA: writes replace
//      bytes inside chunks that already have their final place. The path never holds a half-made
//      layout, and the file's structure is final from the start.
//   2. An early-version superblock (the library default) has no write-access flag: a killed writer
//      leaves nothing that blocks readers.
//   3. write_points writes the variables, H5Fflush, then `status`, H5Fflush. A point's status is
//      non-zero only once its data reached the file (the kernel keeps written pages when the process
//      dies; power loss is out of scope). HDF5 writes a partially updated chunk whole, but the bytes
//      of the other points are rewritten with their unchanged values, so a torn write cannot change
//      a finished point.
//   4. finalize() (every point done) writes a shuffle + deflate compressed copy under a temporary
//      name and renames it over the file: chunked and compressed results, bit-identical whatever
//      the batch order or interruption history; a crash during finalize leaves the uncompressed file.
//   Cost: while a sweep runs the file has its uncompressed size (grid points × bytes per point).
//   Evidence: tests/io/test_results_store_crash.cpp (kill -9 at random moments, then reading with
//   this library, with h5py and h5dump, and resuming).
//
// Concurrent reading: open_read takes no file lock, so a query can read a sweep in progress (it
// sees the state of the last flush); from Python set HDF5_USE_FILE_LOCKING=FALSE for the same. The
// writer holds HDF5's exclusive lock, so a second writer (e.g. two --resume runs) is refused.
//
// Writing is deterministic: the same values give the same chunk bytes whatever the batch order.
// A ResultsStore is not thread-safe: one thread writes (a parallel sweep hands finished batches to
// it); HDF5 itself is the serial build.
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "chaoskit/core/point_status.hpp"

namespace chaoskit::io {

/// The point status codes stored in /status (core/point_status.hpp) under the name the sweep code
/// has always used.
namespace point_status = chaoskit::point_status;

enum class ElementType { float64, int32, int8, uint8 };
std::string element_type_name(ElementType t);

struct Axis {
  std::string name;
  std::vector<double> values;
  std::string units;
  std::string long_name;
};

struct TrailingDim {
  std::string name;
  std::size_t size = 0;
};

struct Variable {
  std::string name;
  ElementType type = ElementType::float64;
  std::vector<TrailingDim> trailing;  ///< extra dimensions after the grid axes (each point holds a block)
  std::string units;
  std::string long_name;
  double fill_value = 0.0;  ///< converted to the variable's type; use NaN for float64 variables
  std::size_t values_per_point() const;
};

using AttributeValue = std::variant<std::string, double, long long>;
using Attributes = std::map<std::string, AttributeValue>;

/// Borrowed values of one variable for a run of points (count × values_per_point, row-major).
using BufferView = std::variant<std::span<const double>, std::span<const std::int32_t>, std::span<const std::int8_t>,
                                std::span<const std::uint8_t>>;

/// A box over the grid axes (trailing dimensions are always whole).
struct Hyperslab {
  std::vector<std::size_t> start, count;
};

struct CreateOptions {
  bool overwrite = false;  ///< replace an existing file (otherwise InputError)
  /// Values per chunk of a variable, aimed at (grid points × values per point); 0 = default 4096.
  std::size_t target_chunk_values = 0;
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
  /// created); InputError naming the field for an invalid layout (empty or duplicate names, empty
  /// axis, non-finite coordinates, a name clash between axes, trailing dims and variables).
  static ResultsStore create(const std::string& path, const std::vector<Axis>& axes,
                             const std::vector<Variable>& variables, const Attributes& provenance,
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
  /// True for a finalized (compressed) file.
  bool finalized() const;

  /// Flushes and closes; errors are reported (the destructor closes silently).
  void close();

  struct Impl;  ///< opaque (defined in results_store.cpp)

 private:
  explicit ResultsStore(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace chaoskit::io
