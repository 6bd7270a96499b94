#pragma once
// Opening an existing chaoskit file, and saying in one line what is wrong with one that HDF5
// cannot read: truncated (a copy or a write cut short, detected from the end-of-file address the
// superblock records), held open by a writer (HDF5's file lock), or damaged (HDF5's innermost
// description, e.g. a Fletcher-32 checksum that no longer matches a finalized file's chunk).
// A damaged file is the user's input, not a chaoskit failure: InputError("file"), exit 2.
#include <hdf5.h>

#include <string>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/io/h5_handle.hpp"

namespace chaoskit::io {

/// Opens `path` read-only without a file lock (so a query can read a sweep that is still running:
/// it sees its last flush) or for writing with HDF5's exclusive lock (so two writers cannot
/// collide). InputError("file") if it does not exist, is not an HDF5 file or cannot be written;
/// an h5::Error from HDF5 itself (for damage_description).
h5::File open_existing(const std::string& path, bool writable);

/// The one-line reason why `path` cannot be read, from the error HDF5 reported.
std::string damage_description(const std::string& path, const h5::Error& e);

/// Runs `read` and turns an h5::Error into InputError("file", damage_description); `what`, when
/// given, says what was being read ("variable 'lambda_max'").
template <class Read>
auto diagnosing_damage(const std::string& path, Read&& read, const std::string& what = "") {
  try {
    return read();
  } catch (const h5::Error& e) {
    throw InputError("file", damage_description(path, e) + (what.empty() ? "" : " (reading " + what + ")"));
  }
}

/// H5Dread with a failure (a checksum mismatch, an unreadable chunk) reported as damage to `path`.
void read_or_damaged(const std::string& path, const std::string& what, hid_t ds, hid_t mem_type, hid_t mem_space,
                     hid_t file_space, void* out);

}  // namespace chaoskit::io
