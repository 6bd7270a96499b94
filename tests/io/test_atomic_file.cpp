// io::AtomicFile: the target path holds either its old content or the complete new file, never a
// partial one, and no temporary file is left behind.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "chaoskit/io/atomic_file.hpp"
#include "io/store_fixtures.hpp"

using namespace chaoskit;
namespace fs = std::filesystem;

namespace {
std::string content(const std::string& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}
void put(const std::string& path, const std::string& text) { std::ofstream(path) << text; }
std::size_t entries(const fs::path& dir) {
  return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator{}));
}
}  // namespace

TEST_CASE("atomic file: commit replaces the target, and the temporary file sits beside it", "[io][atomic]") {
  test::ScratchDir dir("atomic_commit");
  const std::string target = dir.file("out.h5");
  put(target, "old");
  io::AtomicFile out(target);
  CHECK(fs::path(out.temp_path()).parent_path() == fs::path(target).parent_path());
  CHECK(fs::path(out.temp_path()).filename().string().rfind(".out.h5.tmp-", 0) == 0);
  put(out.temp_path(), "new");
  CHECK(content(target) == "old");  // untouched until the commit
  out.commit();
  CHECK(content(target) == "new");
  CHECK(entries(dir.path) == 1);
}

TEST_CASE("atomic file: without a commit the target keeps its content and the temporary file goes", "[io][atomic]") {
  test::ScratchDir dir("atomic_abandon");
  const std::string target = dir.file("out.h5");
  put(target, "old");
  try {
    io::AtomicFile out(target, "final");
    CHECK(fs::path(out.temp_path()).filename().string().rfind(".out.h5.final-", 0) == 0);
    put(out.temp_path(), "half");
    throw std::runtime_error("the writer failed");
  } catch (const std::runtime_error&) {}
  CHECK(content(target) == "old");
  CHECK(entries(dir.path) == 1);
}

TEST_CASE("atomic file: a leftover temporary file of the same process is removed first", "[io][atomic]") {
  test::ScratchDir dir("atomic_leftover");
  const std::string target = dir.file("out.h5");
  std::string temp;
  {
    io::AtomicFile first(target);
    temp = first.temp_path();
  }
  put(temp, "leftover");
  io::AtomicFile again(target);
  CHECK_FALSE(fs::exists(again.temp_path()));
  CHECK_FALSE(fs::exists(target));
}
