#include "chaoskit/io/file_open.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

namespace chaoskit::io {

h5::File open_existing(const std::string& path, bool writable) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) throw InputError("file", "'" + path + "' does not exist");
  if (H5Fis_hdf5(path.c_str()) <= 0) throw InputError("file", "'" + path + "' is not an HDF5 file");
  if (writable && ::access(path.c_str(), W_OK) != 0)
    throw InputError("file", "'" + path + "' cannot be written: " + std::strerror(errno));
  h5::PropList fapl(H5Pcreate(H5P_FILE_ACCESS), "file access properties");
  if (!writable) h5::check(H5Pset_file_locking(fapl, 0, 1), "file locking off for reading");
  return h5::File(H5Fopen(path.c_str(), writable ? H5F_ACC_RDWR : H5F_ACC_RDONLY, fapl), "open " + path);
}

std::string damage_description(const std::string& path, const h5::Error& e) {
  const std::string& why = e.innermost();
  unsigned long long eof = 0, base = 0, stored = 0;
  if (why.find("unable to lock") != std::string::npos)
    return "'" + path + "' is held open for writing by another process (a sweep still running?): " + why;
  if (std::sscanf(why.c_str(), "truncated file: eof = %llu, sblock->base_addr = %llu, stored_eof = %llu", &eof, &base,
                  &stored) == 3)
    return "'" + path + "' is truncated: " + std::to_string(eof) + " of its " + std::to_string(stored) +
           " bytes are present (a copy or a write was cut short)";
  return "'" + path + "' is damaged: " + (why.empty() ? std::string(e.what()) : why);
}

void read_or_damaged(const std::string& path, const std::string& what, hid_t ds, hid_t mem_type, hid_t mem_space,
                     hid_t file_space, void* out) {
  if (H5Dread(ds, mem_type, mem_space, file_space, H5P_DEFAULT, out) >= 0) return;
  const h5::Error e("read " + what, h5::innermost_error());
  throw InputError("file", damage_description(path, e) + " (reading " + what + ")");
}

}  // namespace chaoskit::io
