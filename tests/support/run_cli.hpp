#pragma once
// Runs the built `chaoskit` binary with arguments and captures exit code, stdout and stderr, so
// CLI behaviour (exit codes, one-line errors, --json keys) is tested end to end.
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace chaoskit::test {

struct CliResult {
  int exit_code;
  std::string out;
  std::string err;
};

inline std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

/// `args` is appended to the binary path verbatim (quote what needs quoting with shell_quote).
inline CliResult run_cli(const std::string& args, const std::string& workdir = "") {
  const auto err_path = std::filesystem::temp_directory_path() /
                        ("chaoskit_test_err_" + std::to_string(::getpid()) + "_" + std::to_string(std::rand()));
  std::string cmd;
  if (!workdir.empty()) cmd += "cd " + shell_quote(workdir) + " && ";
  cmd += std::string(CHAOSKIT_CLI_PATH) + " " + args + " 2>" + shell_quote(err_path.string());
  CliResult r{-1, "", ""};
  FILE* pipe = ::popen(cmd.c_str(), "r");
  if (!pipe) return r;
  std::array<char, 4096> buf{};
  std::size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), pipe)) > 0) r.out.append(buf.data(), n);
  const int status = ::pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream in(err_path);
  std::stringstream ss;
  ss << in.rdbuf();
  r.err = ss.str();
  std::filesystem::remove(err_path);
  return r;
}

/// Number of lines in s (a trailing newline does not start a new line).
inline int line_count(const std::string& s) {
  int lines = 0;
  for (std::size_t i = 0; i < s.size(); ++i)
    if (s[i] == '\n' || i + 1 == s.size()) ++lines;
  return lines;
}

}  // namespace chaoskit::test
