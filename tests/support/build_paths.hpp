#pragma once
// Where the test binary finds the `chaoskit` program it runs and the files of this folder. The two
// paths are compiled into build_paths.cpp alone (tests/CMakeLists.txt), not into every test file, so
// that no other test file's compile command names this checkout or its build directory: a compiler
// cache (ccache, base_dir) then serves the same objects to every clone and worktree.
namespace chaoskit::test {

/// The built `chaoskit` program (an absolute path).
const char* cli_path();
/// tests/ of the source tree (an absolute path).
const char* test_dir();

}  // namespace chaoskit::test
