#pragma once
// Replacing a file atomically: the new content is written under a temporary name in the same
// folder and renamed over the target only once it is complete and closed (rename is atomic on one
// file system), so the target path never holds a half-written file. Used by every chaoskit writer:
// a results file's creation and its compressed copy (results_store.cpp), trajectory files and
// section files.
//
//   io::AtomicFile out(path);           // ".<name>.tmp-<pid>" beside `path`, any leftover removed
//   write_everything(out.temp_path());
//   out.commit();                       // rename over `path`; without it the destructor removes the temp file
#include <string>

namespace chaoskit::io {

class AtomicFile {
 public:
  /// `tag` names the temporary file's purpose: ".<name>.<tag>-<pid>".
  explicit AtomicFile(const std::string& path, const std::string& tag = "tmp");
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  /// Removes the temporary file unless commit() succeeded.
  ~AtomicFile();

  const std::string& path() const { return path_; }
  const std::string& temp_path() const { return temp_; }
  /// Renames the temporary file over path(); throws std::filesystem::filesystem_error on failure.
  void commit();
  /// Removes the temporary file now (e.g. before reporting a failure).
  void discard() noexcept;

 private:
  std::string path_, temp_;
  bool committed_ = false;
};

}  // namespace chaoskit::io
