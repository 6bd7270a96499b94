// The manual pages of `chaoskit --help` and of every command's --help: each exits 0, fits in 100
// columns, has the man-page sections, gives every option a description, states the exit codes, and
// every example command line it shows runs successfully (in a scratch directory, with `chaoskit`
// the program under test). Also `chaoskit --version`.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "chaoskit/core/build_info.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "io/store_fixtures.hpp"
#include "support/build_paths.hpp"
#include "support/run_cli.hpp"

using namespace chaoskit::test;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

/// The sections of a page: title line (no indent) -> the lines below it.
std::map<std::string, std::vector<std::string>> sections_of(const std::string& page) {
  std::map<std::string, std::vector<std::string>> sections;
  std::string current;
  for (const auto& line : lines_of(page)) {
    if (!line.empty() && line[0] != ' ')
      current = line;
    else if (!current.empty())
      sections[current].push_back(line);
  }
  return sections;
}

/// The command lines of an EXAMPLES section: "$ " lines (indent 4) with their continuation lines
/// and here-documents, as the page shows them (man_page.cpp renders them the same way).
std::vector<std::string> example_commands(const std::vector<std::string>& lines) {
  std::vector<std::string> commands;
  for (std::size_t k = 0; k < lines.size(); ++k) {
    if (lines[k].rfind("    $ ", 0) != 0) continue;
    std::string command = lines[k].substr(6);
    std::string terminator;
    if (const auto at = command.find("<<"); at != std::string::npos) {
      std::istringstream(command.substr(at + 2)) >> terminator;
      std::erase_if(terminator, [](char c) { return c == '\'' || c == '"' || c == '-'; });
    }
    while (command.back() == '\\' && k + 1 < lines.size()) command += "\n" + lines[++k].substr(4);
    if (!terminator.empty())
      while (k + 1 < lines.size()) {
        command += "\n" + lines[++k].substr(4);
        if (lines[k] == "    " + terminator) break;
      }
    commands.push_back(command);
  }
  return commands;
}

/// Runs `command` in `dir` with the program under test first on PATH; exit code and output.
ProcessResult run_example(const std::string& command, const std::filesystem::path& dir) {
  // Examples are written as typed at the top of a checkout (data/models/... for the shipped model
  // files); the scratch directory stands in for it, with the shipped data at data/.
  if (!std::filesystem::exists(dir / "data"))
    std::filesystem::create_directory_symlink(chaoskit::data_directory(), dir / "data");
  const std::filesystem::path script = dir / "example.sh";
  std::ofstream(script) << command << "\n";
  const std::string bin = std::filesystem::path(chaoskit::test::cli_path()).parent_path().string();
  return run_command("cd " + quote_arg(dir.string()) + " && PATH=" + quote_arg(bin) + ":\"$PATH\" sh example.sh");
}

/// Checks one page (`args` prints it; `name` is the command as NAME shows it) and runs its examples in `dir`.
void check_page(const std::string& args, const std::string& name, const std::filesystem::path& dir) {
  INFO("chaoskit " << args);
  const CliResult r = run_cli(args);
  REQUIRE(r.exit_code == 0);
  CHECK(r.err.empty());
  for (const auto& line : lines_of(r.out)) {
    INFO(line);
    CHECK(line.size() <= 100);
    CHECK(std::all_of(line.begin(), line.end(), [](unsigned char c) { return c < 128 && c != '\t'; }));
  }
  const auto sections = sections_of(r.out);
  for (const char* title : {"NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "EXAMPLES"}) {
    INFO(title);
    REQUIRE(sections.count(title));
  }
  CHECK_THAT(sections.at("NAME").at(0), StartsWith("    " + name + " - "));

  // Every argument and option: a name line (indent 4), then a description (indent 8).
  for (const char* title : {"ARGUMENTS", "OPTIONS"}) {
    if (!sections.count(title)) continue;
    const auto& lines = sections.at(title);
    int entries = 0;
    for (std::size_t k = 0; k < lines.size(); ++k) {
      if (lines[k].rfind("    ", 0) != 0 || lines[k].rfind("     ", 0) == 0) continue;
      ++entries;
      INFO(title << ": " << lines[k]);
      const bool described = k + 1 < lines.size() && lines[k + 1].rfind("        ", 0) == 0 &&
                             lines[k + 1].find_first_not_of(' ') != std::string::npos;
      CHECK(described);
    }
    CHECK(entries > 0);
  }
  CHECK_THAT(r.out, Contains("-h,--help"));

  // Exit codes 0, 1 and 2 each with a meaning.
  std::string exit_text;
  for (const auto& line : sections.at("EXIT STATUS")) exit_text += line + "\n";
  for (const char* code : {"    0 ", "    1 ", "    2 "}) CHECK_THAT(exit_text, Contains(code));
  CHECK_THAT(exit_text, Contains("naming the field"));

  // Every example runs successfully; at least one runs chaoskit.
  const auto commands = example_commands(sections.at("EXAMPLES"));
  REQUIRE(!commands.empty());
  CHECK(
      std::any_of(commands.begin(), commands.end(), [](const std::string& c) { return c.rfind("chaoskit", 0) == 0; }));
  for (const auto& command : commands) {
    INFO("example: " << command);
    const ProcessResult e = run_example(command, dir);
    INFO(e.out);
    CHECK(e.exit_code == 0);
  }
}

}  // namespace

TEST_CASE("cli help: the program's page and --version", "[cli][help]") {
  ScratchDir dir("help_program");
  check_page("--help", "chaoskit", dir.path);
  const CliResult r = run_cli("--help");
  for (const char* command : {"models", "inspect", "lyapunov", "lyapunov-data", "simulate", "stm", "sweep", "section",
                              "basin", "query", "periodic", "continue"})
    CHECK_THAT(r.out, Contains("    " + std::string(command) + " "));
  CHECK_THAT(r.out, Contains("128+N"));
  CHECK_THAT(r.out, Contains("CHAOSKIT_DATA"));
}

TEST_CASE("cli help: an unknown command is refused, with --help after it too", "[cli][help]") {
  // Whatever follows it, a first word that is no command gets one line naming it and the commands,
  // exit 2 and nothing on stdout (not the main page, which would read as if the command existed).
  for (const char* args : {"NOSUCHCOMMAND", "NOSUCHCOMMAND --help", "NOSUCHCOMMAND -h", "NOSUCHCOMMAND --version",
                           "sweeep job.toml", "Sweep --help"}) {
    INFO(args);
    const CliResult r = run_cli(args);
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(line_count(r.err) == 1);
    CHECK_THAT(r.err, StartsWith("chaoskit: unknown command '") && Contains("(commands: models, inspect"));
  }
  // A command's own --help is still its page, and an unknown option after a command its own error.
  CHECK(run_cli("sweep --help").exit_code == 0);
  const CliResult option = run_cli("models --no-such-option");
  CHECK(option.exit_code == 2);
  CHECK_THAT(option.err, !Contains("unknown command"));
}

TEST_CASE("cli help: --version prints the version and the commit the program was built from", "[cli][help]") {
  const CliResult v = run_cli("--version");
  CHECK(v.exit_code == 0);
  CHECK(v.err.empty());
  const std::string version = chaoskit::build_info::version, commit = chaoskit::build_info::commit;
  const std::string first_line = "chaoskit " + version + " (commit " + commit + ")\n";
  CHECK(v.out.substr(0, first_line.size()) == first_line);
  // The second line names the vector path (simd/lane_dispatch.hpp).
  CHECK(std::regex_match(v.out.substr(std::min(first_line.size(), v.out.size())),
                         std::regex("vector path: (sse2 \\(2|avx2 \\(4|avx512 \\(8|scalar \\(no).*\n")));
  CHECK(std::regex_match(version, std::regex(R"(\d+\.\d+\.\d+)")));
  // The commit is the configure-time HEAD of this repository: a commit it holds (later commits
  // without a reconfigure leave it older, never invented). Without git it is "unknown".
  const ProcessResult git = run_command("git -C " + quote_arg(chaoskit::test::test_dir()) + " rev-parse --git-dir");
  if (git.exit_code != 0) {
    WARN("not a git checkout: the commit cannot be checked");
    return;
  }
  REQUIRE(std::regex_match(commit, std::regex("[0-9a-f]{12}")));
  CHECK(run_command("git -C " + quote_arg(chaoskit::test::test_dir()) + " cat-file -e " + commit + "^{commit}")
            .exit_code == 0);
}

TEST_CASE("cli help: models and inspect", "[cli][help]") {
  for (const char* command : {"models", "inspect"}) {
    ScratchDir dir("help_page");
    check_page(std::string(command) + " --help", "chaoskit " + std::string(command), dir.path);
  }
}

TEST_CASE("cli help: lyapunov", "[cli][help]") {
  ScratchDir dir("help_lyapunov");
  check_page("lyapunov --help", "chaoskit lyapunov", dir.path);
  CHECK(std::filesystem::exists(dir.path / "lam.csv"));
}

TEST_CASE("cli help: lyapunov-data", "[cli][help][timeseries]") {
  ScratchDir dir("help_lyapunov_data");
  check_page("lyapunov-data --help", "chaoskit lyapunov-data", dir.path);
  CHECK(std::filesystem::exists(dir.path / "lorenz.csv"));
}

TEST_CASE("cli help: simulate and stm", "[cli][help]") {
  ScratchDir dir("help_simulate");
  check_page("simulate --help", "chaoskit simulate", dir.path);
  CHECK(std::filesystem::exists(dir.path / "swing.h5"));
  check_page("stm --help", "chaoskit stm", dir.path);
}

TEST_CASE("cli help: sweep", "[cli][help]") {
  ScratchDir dir("help_sweep");
  check_page("sweep --help", "chaoskit sweep", dir.path);
  CHECK(std::filesystem::exists(dir.path / "quick.h5"));
  CHECK_THAT(run_cli("sweep --help").out, Contains("128+N"));
}

TEST_CASE("cli help: section and basin", "[cli][help]") {
  ScratchDir dir("help_section");
  check_page("section --help", "chaoskit section", dir.path);
  check_page("basin --help", "chaoskit basin", dir.path);
}

TEST_CASE("cli help: periodic and continue", "[cli][help][periodic]") {
  ScratchDir dir("help_periodic");
  check_page("periodic --help", "chaoskit periodic", dir.path);
  check_page("continue --help", "chaoskit continue", dir.path);
  CHECK(std::filesystem::exists(dir.path / "henon.h5"));
  CHECK(std::filesystem::exists(dir.path / "pd.h5"));
}

TEST_CASE("cli help: query and each of its commands", "[cli][help]") {
  // The query pages' examples read quick.h5, made by the examples of `chaoskit query --help`.
  ScratchDir dir("help_query");
  check_page("query --help", "chaoskit query", dir.path);
  REQUIRE(std::filesystem::exists(dir.path / "quick.h5"));
  for (const char* command : {"describe", "select", "stats", "nearest", "export"}) {
    check_page("query quick.h5 " + std::string(command) + " --help", "chaoskit query " + std::string(command),
               dir.path);
    // The command's page, not the page of `query`.
    CHECK_THAT(run_cli("query quick.h5 " + std::string(command) + " --help").out,
               Contains("chaoskit query FILE.h5 " + std::string(command)));
  }
}
