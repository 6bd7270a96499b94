#include "chaoskit/io/atomic_file.hpp"

#include <unistd.h>

#include <filesystem>

namespace chaoskit::io {

namespace fs = std::filesystem;

AtomicFile::AtomicFile(const std::string& path, const std::string& tag) : path_(path) {
  const fs::path p(path);
  // The process id keeps two processes writing the same target (say two runs with --force) apart.
  temp_ = (p.parent_path() / ("." + p.filename().string() + "." + tag + "-" + std::to_string(::getpid()))).string();
  discard();  // a leftover of an earlier process with the same id
}

AtomicFile::~AtomicFile() {
  if (!committed_) discard();
}

void AtomicFile::commit() {
  fs::rename(temp_, path_);
  committed_ = true;
}

void AtomicFile::discard() noexcept {
  std::error_code ec;
  fs::remove(temp_, ec);
}

}  // namespace chaoskit::io
