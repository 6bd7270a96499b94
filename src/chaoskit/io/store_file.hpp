#pragma once
// A results file while it is open: its path, HDF5 handles, layout and chunk geometry, as read back
// from the file itself (its root attributes chaoskit_format, chaoskit_axes and chaoskit_variables,
// and each variable's chaoskit_dims). ResultsStore holds one; the write protocol and the reads
// work on it.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "chaoskit/io/chunk_geometry.hpp"
#include "chaoskit/io/h5_handle.hpp"
#include "chaoskit/io/results_layout.hpp"

namespace chaoskit::io {

/// The root attribute chaoskit_format of every results file.
inline constexpr const char* kResultsFormat = "chaoskit-results/1";

struct StoreFile {
  std::string path;
  bool writable = false;
  h5::File file;
  std::vector<Axis> axes;
  std::vector<Variable> variables;
  GridGeometry geometry;
  std::map<std::string, h5::Dataset> datasets;  ///< one per variable
  h5::Dataset status;

  /// The variable `name`; InputError("variable") listing the file's variables otherwise.
  const Variable& variable(const std::string& name) const;
  std::vector<std::string> axis_names() const;
  /// Closes every handle, flushing first when writable; a failure is reported (h5::Error).
  void close();
};

/// Every value of a dataset, converted to double, row-major.
std::vector<double> read_whole_as_double(hid_t ds);

/// Opens the results file `path` for reading or writing and reads its layout back. InputError
/// ("file") when it is missing, not HDF5, not writable, held by a writer, truncated, damaged
/// (file_open.hpp), or not a chaoskit results file.
std::unique_ptr<StoreFile> open_store_file(const std::string& path, bool writable);
/// The same, but an HDF5 failure stays an h5::Error: for a file chaoskit has just written itself,
/// where a failure is storage's (a full disk), not damage.
std::unique_ptr<StoreFile> load_store_file(const std::string& path, bool writable);

}  // namespace chaoskit::io
