#pragma once
// How a results file is written so that kill -9 at any moment leaves a file every HDF5 tool opens
// as it is, holding final data at every point whose status is non-zero; and how it is compressed
// once complete.
//
// What we measured first (h5py 3.7 / HDF5 1.10.8 on this machine):
// - SWMR write mode keeps the file consistent on disk at every instant, but needs the latest
//   file format, whose superblock carries a "file open for write" flag. After kill -9 the flag
//   stays set and every ordinary open (h5py.File(f, "r"), xarray, h5dump) fails with "file is
//   already open for write (may use <h5clear file> ...)" until `h5clear -s`; only readers asking
//   for SWMR mode get in. The design asks for a file that opens as it is, so no SWMR.
// - Compressed chunks written batch by batch with H5Fflush after the data and again after the
//   status (an earlier version of this store, with freed space never reused and one-node chunk
//   indexes) failed 1 of 100 kill trials: a compressed chunk changes size when rewritten, so it
//   moves; HDF5 flushes the chunk index before the superblock's end-of-allocation address (EOA),
//   and a kill between the two left the index pointing past the recorded EOA ("addr overflow" on
//   reading that variable; `h5clear --increment` repairs it, but plain readers fail).
//
// The protocol, therefore:
// 1. Creation builds the whole file under a temporary name (atomic_file.hpp) — layout, scales,
//    attributes, and every chunk of every dataset allocated (H5D_ALLOC_TIME_EARLY) and filled
//    (store_build.hpp) — flushes it and renames it into place. After that no write changes any
//    metadata or the EOA: writes replace bytes inside chunks that already have their final place.
//    The path never holds a half-made layout, and the file's structure is final from the start.
// 2. An early-version superblock (the library default) has no write-access flag: a killed writer
//    leaves nothing that blocks readers.
// 3. write_points writes the variables, H5Fflush, then `status`, H5Fflush. A point's status is
//    non-zero only once its data reached the file (the kernel keeps written pages when the process
//    dies; power loss is out of scope). HDF5 writes a partially updated chunk whole, but the bytes
//    of the other points are rewritten with their unchanged values, so a torn write cannot change
//    a finished point.
// 4. Once every point is done, write_compressed_copy writes a shuffle + deflate compressed copy
//    under a temporary name, which the store renames over the file: chunked and compressed
//    results, bit-identical whatever the batch order or interruption history; a crash meanwhile
//    leaves the uncompressed file.
// Cost: while a sweep runs the file has its uncompressed size (grid points × bytes per point).
// Evidence: tests/io/test_results_store_crash.cpp (kill -9 at random moments, then reading with
// this library, with h5py and h5dump, and resuming).
//
// Writing is deterministic: the same values give the same chunk bytes whatever the batch order.
#include <cstddef>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <variant>

#include "chaoskit/io/store_file.hpp"

namespace chaoskit::io {

/// Borrowed values of one variable for a run of points (count × values_per_point, row-major).
using BufferView = std::variant<std::span<const double>, std::span<const std::int32_t>, std::span<const std::int8_t>,
                                std::span<const std::uint8_t>>;

/// Step 3 above for points first .. first+count-1 of an open, writable file: a buffer of its
/// element type for every variable, and count statuses (each ≥ 1). std::invalid_argument for a
/// missing, mistyped or mis-sized buffer, a status of 0 or points outside the grid.
void write_points(StoreFile& f, std::size_t first, std::size_t count, const std::map<std::string, BufferView>& values,
                  std::span<const std::int8_t> statuses);

/// The same checks and writes without the flushes, for a file no reader sees yet: a finished file
/// written whole under a temporary name and renamed into place once flushed (ResultsStore::write_finished).
void write_points_unflushed(StoreFile& f, std::size_t first, std::size_t count,
                            const std::map<std::string, BufferView>& values, std::span<const std::int8_t> statuses);

/// Step 4 above: writes the compressed copy of the complete file `f` (same layout, chunk shape,
/// values and root attributes other than chaoskit_storage) to the new file `copy_path`, chunk run
/// by chunk run, so memory holds one run per variable. HDF5 failures are h5::Error.
void write_compressed_copy(const StoreFile& f, const std::string& copy_path, int deflate_level);

}  // namespace chaoskit::io
