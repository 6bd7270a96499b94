#pragma once
// The structure of a results file, written whole before any point is: the root attributes, a
// coordinate per axis and an index dimension per trailing dimension (netcdf_layout.hpp), a chunked
// dataset per variable and the int8 `status`, each with its scales attached. Layout in
// results_store.hpp.
//
// Two storages (write_protocol.hpp says why): `running`, uncompressed, with every chunk allocated
// and filled at creation so that later writes change bytes in place and never metadata; and
// `finalized`, shuffle + deflate compressed with a Fletcher-32 checksum per chunk.
#include <memory>
#include <string>
#include <vector>

#include "chaoskit/io/chunk_geometry.hpp"
#include "chaoskit/io/provenance.hpp"
#include "chaoskit/io/results_layout.hpp"
#include "chaoskit/io/store_file.hpp"

namespace chaoskit::io {

struct StoreStorage {
  bool compressed = false;  ///< false: running (allocated, uncompressed); true: finalized
  int deflate_level = 4;    ///< 1..9, when compressed
};

/// Creates the file `file_path` (which must not exist) with the whole structure of a results file of
/// this layout and geometry. `provenance` adds to and overrides the software provenance (and host);
/// chaoskit_format, chaoskit_axes, chaoskit_variables and chaoskit_storage are the store's own.
/// HDF5 failures are h5::Error; a file that cannot be created names `reported_path` (the target
/// the temporary file stands for).
void build_results_file(const std::string& file_path, const std::string& reported_path, const std::vector<Axis>& axes,
                        const std::vector<Variable>& variables, const Attributes& provenance,
                        const GridGeometry& geometry, const StoreStorage& storage);

/// The same, the file left open for writing (a finished file written in one go: no second open):
/// its StoreFile, with the layout given and every dataset open.
std::unique_ptr<StoreFile> build_open_results_file(const std::string& file_path, const std::string& reported_path,
                                                   const std::vector<Axis>& axes,
                                                   const std::vector<Variable>& variables, const Attributes& provenance,
                                                   const GridGeometry& geometry, const StoreStorage& storage);

}  // namespace chaoskit::io
