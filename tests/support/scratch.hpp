#pragma once
// Shared by the tests that run programs and write files: a scratch folder removed with the object
// (also when a REQUIRE fails), shell quoting, and the exit code of a shell command with or without
// its output. (tests/support/run_cli.hpp runs the chaoskit program with stdout and stderr apart.)
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <system_error>

namespace chaoskit::test {

/// A fresh folder under the system's temporary folder, named after `tag`, the process and a random
/// number; removed with everything in it when the object goes.
struct ScratchDir {
  std::filesystem::path path;
  explicit ScratchDir(const std::string& tag) {
    std::random_device rd;
    path = std::filesystem::temp_directory_path() /
           ("chaoskit_" + tag + "_" + std::to_string(::getpid()) + "_" + std::to_string(rd()));
    std::filesystem::create_directories(path);
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  std::string file(const std::string& name) const { return (path / name).string(); }
};

/// s in single quotes for the shell.
inline std::string quote_arg(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

struct ProcessResult {
  int exit_code = -1;
  std::string out;  // stdout and stderr together
};

/// Runs `cmd` in the shell and reads its standard output to the end (-1 as the exit code if it
/// could not start or did not exit).
inline ProcessResult read_command_output(const std::string& cmd) {
  ProcessResult r;
  FILE* pipe = ::popen(cmd.c_str(), "r");
  if (!pipe) return r;
  std::array<char, 4096> buf{};
  std::size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), pipe)) > 0) r.out.append(buf.data(), n);
  const int status = ::pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

/// Runs a shell command, capturing stdout and stderr.
inline ProcessResult run_command(const std::string& cmd) { return read_command_output(cmd + " 2>&1"); }

/// The exit code of a shell command whose output is not wanted (-1 if it did not exit).
inline int shell_status(const std::string& cmd) {
  const int st = std::system(cmd.c_str());
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

}  // namespace chaoskit::test
