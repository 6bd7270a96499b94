#include "chaoskit/io/h5_handle.hpp"

namespace chaoskit::h5 {

namespace {

herr_t take_first(unsigned n, const H5E_error2_t* err, void* client) {
  // Walking upward, entry 0 is where the error was detected: the most specific description.
  if (n == 0 && err != nullptr && err->desc != nullptr) *static_cast<std::string*>(client) = err->desc;
  return 0;
}

/// HDF5's description of a failed system call spans lines and carries the time, the buffer
/// address and the byte counts; users need the operation and the system's reason, on one line:
/// "file write failed: time = ..., errno = 28, error message = 'No space left on device', ..."
/// becomes "file write failed: No space left on device".
std::string one_line(std::string desc) {
  const std::string key = "error message = '";
  const auto at = desc.find(key);
  const auto colon = desc.find(':');
  if (at != std::string::npos && colon != std::string::npos && colon < at) {
    const auto end = desc.find('\'', at + key.size());
    if (end != std::string::npos)
      desc = desc.substr(0, colon + 1) + " " + desc.substr(at + key.size(), end - at - key.size());
  }
  for (char& c : desc)
    if (c == '\n' || c == '\r') c = ' ';
  return desc;
}

// HDF5 closes every open file in an exit handler; a file whose close failed (say the disk filled up
// while it was written) stays open and makes that handler print "infinite loop closing library".
// chaoskit closes its files itself (RAII handles, also when unwinding from an error), so the
// handler has nothing to add but that noise after an error already reported on one line.
const bool no_hdf5_exit_handler = [] {
  H5dont_atexit();
  return true;
}();

}  // namespace

std::string innermost_error() {
  std::string desc;
  H5Ewalk2(H5E_DEFAULT, H5E_WALK_UPWARD, take_first, &desc);
  return one_line(desc);
}

herr_t check(herr_t status, const std::string& what) {
  if (status < 0) throw Error(what, innermost_error());
  return status;
}

QuietErrors::QuietErrors() {
  H5Eget_auto2(H5E_DEFAULT, &func_, &data_);
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
}

QuietErrors::~QuietErrors() { H5Eset_auto2(H5E_DEFAULT, func_, data_); }

}  // namespace chaoskit::h5
