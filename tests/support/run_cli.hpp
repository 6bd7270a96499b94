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

#include "build_paths.hpp"
#include "scratch.hpp"

namespace chaoskit::test {

struct CliResult {
  int exit_code;
  std::string out;
  std::string err;
};

/// s in single quotes for the shell (scratch.hpp's quote_arg, by the name the CLI tests use).
inline std::string shell_quote(const std::string& s) { return quote_arg(s); }

/// Runs a shell command (in `workdir` when given); exit code, stdout and stderr apart.
inline CliResult run_shell(const std::string& command, const std::string& workdir = "") {
  const ScratchDir scratch("stderr");
  const std::string err_path = scratch.file("err");
  std::string cmd;
  if (!workdir.empty()) cmd += "cd " + shell_quote(workdir) + " && ";
  cmd += "{ " + command + "; } 2>" + shell_quote(err_path);
  const ProcessResult p = read_command_output(cmd);
  CliResult r{p.exit_code, p.out, ""};
  std::ifstream in(err_path);
  std::stringstream ss;
  ss << in.rdbuf();
  r.err = ss.str();
  return r;
}

/// `args` is appended to the binary path verbatim (quote what needs quoting with shell_quote).
inline CliResult run_cli(const std::string& args, const std::string& workdir = "") {
  return run_shell(std::string(chaoskit::test::cli_path()) + " " + args, workdir);
}

/// Number of lines in s (a trailing newline does not start a new line).
inline int line_count(const std::string& s) {
  int lines = 0;
  for (std::size_t i = 0; i < s.size(); ++i)
    if (s[i] == '\n' || i + 1 == s.size()) ++lines;
  return lines;
}

}  // namespace chaoskit::test
