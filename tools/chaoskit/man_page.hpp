#pragma once
// Help in the form of a manual page: `chaoskit --help` and `chaoskit COMMAND --help` print NAME,
// SYNOPSIS, DESCRIPTION, ARGUMENTS, OPTIONS, COMMANDS, OUTPUT, EXIT STATUS, EXAMPLES and
// ENVIRONMENT, wrapped to 100 columns. Each command fills a ManPage for the prose; the ARGUMENTS
// and OPTIONS sections are rendered from the options CLI11 holds, every one of them, so an option
// cannot be added without appearing in its page (tests/cli/test_cli_help.cpp checks each has a
// description and runs every example).
//
// Text conventions in a ManPage: each line is a paragraph, word-wrapped; an empty line is a blank
// line; "TERM\tdefinition" lines form a list whose definitions line up; a line starting with a
// space is printed as written. In `examples`, a line starting with "$ " is a command line, printed
// as written together with its continuation lines (after a trailing backslash) and here-document
// lines (up to the terminator); the other lines explain it.
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

namespace chaoskit::cli {

struct ManPage {
  std::string summary;      ///< one line: the NAME section and the parent's COMMANDS list
  std::string synopsis;     ///< one usage form per line, without the leading program name
  std::string description;  ///< what the command does and how
  std::string output;       ///< what it writes: stdout, files, JSON keys
  std::string exit_status;  ///< "CODE\tmeaning" lines; empty: common_exit_status()
  std::string examples;     ///< "$ chaoskit ..." lines (each finishes in about a second)
  std::string environment;  ///< environment variables and files read, if any
};

/// 0 success, 1 runtime failure, 2 bad input: the codes every command shares.
std::string common_exit_status(const std::string& runtime_failure = "");

/// Makes `page` the help of `app`; app's description becomes page.summary.
void set_man_page(CLI::App* app, ManPage page);

/// The ENVIRONMENT text of commands that read parameter sets (CHAOSKIT_DATA and the search order).
std::string parameter_set_environment();

}  // namespace chaoskit::cli
