// `cmake --install` as a user meets it: the build is installed into a scratch prefix, and
//  - the installed tree holds every public header (and the headers they include), the CMake
//    package, chaoskit.pc and the data, and no text file in it names the source or build tree;
//  - the installed program reads the parameter sets installed beside it;
//  - tests/downstream (a project of its own) is configured with find_package(chaoskit) and built,
//    and the same program is built with g++ $(pkg-config --cflags --libs chaoskit); both agree
//    bit for bit with the installed chaoskit program on the golf model's energy at a state, the
//    state after a forced swing (and its HDF5 trajectory file) and the section crossing times.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "chaoskit/integrate/trajectory_file.hpp"
#include "chaoskit/sections/section_file.hpp"
#include "io/store_fixtures.hpp"
#include "support/build_paths.hpp"
#include "support/json_lite.hpp"
#include "support/run_cli.hpp"

using namespace chaoskit;
using namespace chaoskit::test;
using Catch::Matchers::Contains;

namespace fs = std::filesystem;

namespace {

// The computation both sides do: the declared swing of analyses/golf_chaos/forced_swing.
const std::string kState = "150deg,70deg,0,0", kTime = "0.295", kTorque = "-20,-8", kRelease = "none,0.2";

fs::path source_dir() { return fs::canonical(fs::path(chaoskit::test::test_dir()) / ".."); }

/// Installs the build into `prefix` with `cmake --install`.
void install_into(const fs::path& prefix) {
  const ProcessResult r = run_command(std::string(CHAOSKIT_CMAKE_COMMAND) + " --install " +
                                      quote_arg(CHAOSKIT_BUILD_DIR) + " --prefix " + quote_arg(prefix.string()));
  INFO(r.out);
  REQUIRE(r.exit_code == 0);
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

/// The installed program (never $CHAOSKIT_DATA: it must find its data by itself).
ProcessResult installed_cli(const fs::path& prefix, const std::string& args) {
  return run_command("env -u CHAOSKIT_DATA " + quote_arg((prefix / "bin/chaoskit").string()) + " " + args);
}

/// What the chaoskit program says about the computation, and its trajectory file.
struct Reference {
  std::string version_line;
  double energy = 0;
  std::vector<double> final_state, crossing_times;
  fs::path trajectory;
};

Reference reference_from_cli(const fs::path& prefix, const fs::path& dir) {
  Reference ref;
  const ProcessResult v = installed_cli(prefix, "--version");
  REQUIRE(v.exit_code == 0);
  ref.version_line = v.out.substr(0, v.out.find('\n'));
  CHECK(v.out == run_cli("--version").out);  // installed and build-tree program are the same build

  const ProcessResult inspect = installed_cli(prefix, "inspect --model golf --state " + kState + " --json");
  INFO(inspect.out);
  REQUIRE(inspect.exit_code == 0);
  ref.energy = JsonParser::parse(inspect.out)["energy"].number();

  ref.trajectory = dir / "cli_swing.h5";
  const ProcessResult sim =
      installed_cli(prefix, "simulate --model golf --state " + kState + " --time " + kTime + " --torque=" + kTorque +
                                " --release " + kRelease + " --out " + quote_arg(ref.trajectory.string()) + " --json");
  INFO(sim.out);
  REQUIRE(sim.exit_code == 0);
  // Parsed into a named object first: a range-for over a member of the temporary parse() result
  // would read freed memory (the temporary dies before the loop runs; AddressSanitizer found it).
  const Json sim_json = JsonParser::parse(sim.out);
  for (const auto& v : sim_json["state"].arr.back().arr) ref.final_state.push_back(v.number());

  const fs::path sections = dir / "cli_sections.h5";
  const ProcessResult sec = installed_cli(prefix, "section --model golf --state " + kState +
                                                      " --plane 'th1 = 0' --crossings 3 --max-time 20 --threads 2"
                                                      " --out " +
                                                      quote_arg(sections.string()));
  INFO(sec.out);
  REQUIRE(sec.exit_code == 0);
  ref.crossing_times = read_section_file(sections.string()).t;
  REQUIRE(ref.crossing_times.size() == 3);
  return ref;
}

/// Runs a downstream build of golf_swing_check with CHAOSKIT_DATA = `data_dir` and checks it
/// against the program's numbers, bit for bit.
void check_downstream(const fs::path& program, const fs::path& data_dir, const Reference& ref, const fs::path& dir) {
  const fs::path trajectory = dir / "downstream_swing.h5";
  const ProcessResult r = run_command("CHAOSKIT_DATA=" + quote_arg(data_dir.string()) + " " +
                                      quote_arg(program.string()) + " golf_manufactured " + kState + " " + kTime + " " +
                                      kTorque + " " + kRelease + " " + quote_arg(trajectory.string()));
  INFO(r.out);
  REQUIRE(r.exit_code == 0);
  std::istringstream in(r.out);
  std::string version_line;
  std::getline(in, version_line);
  CHECK(version_line == ref.version_line);
  std::map<std::string, std::vector<double>> values;
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string key, word;
    words >> key;
    while (words >> word) values[key].push_back(std::strtod(word.c_str(), nullptr));
  }
  CHECK(values["energy"] == std::vector<double>{ref.energy});
  CHECK(values["final_state"] == ref.final_state);
  CHECK(values["crossing_times"] == ref.crossing_times);
  const TrajectoryTable mine = read_trajectory(trajectory.string()), theirs = read_trajectory(ref.trajectory.string());
  CHECK(mine.t == theirs.t);
  CHECK(mine.x == theirs.x);
  CHECK(mine.energy == theirs.energy);
}

}  // namespace

TEST_CASE("install: the installed tree is complete and names no source or build directory", "[install]") {
  ScratchDir dir("install_tree");
  const fs::path prefix = dir.path / "prefix";
  install_into(prefix);
  for (const char* file : {"bin/chaoskit", "lib/libchaoskit.a", "lib/cmake/chaoskit/chaoskitConfig.cmake",
                           "lib/cmake/chaoskit/chaoskitConfigVersion.cmake", "lib/cmake/chaoskit/chaoskitTargets.cmake",
                           "lib/pkgconfig/chaoskit.pc", "include/chaoskit/core/build_info.hpp",
                           "share/chaoskit/data/params/golf_manufactured.toml"}) {
    INFO(file);
    CHECK(fs::exists(prefix / file));
  }

  // Every header of src/chaoskit in its place (the MPI transport's excepted: not in the library),
  // nothing else, and every chaoskit header an installed header includes is installed.
  const fs::path sources = source_dir() / "src";
  std::set<std::string> expected{"chaoskit/core/build_info.hpp"}, installed;
  for (const auto& e : fs::recursive_directory_iterator(sources / "chaoskit"))
    if (e.path().extension() == ".hpp" && e.path().filename().string().rfind("mpi_", 0) != 0)
      expected.insert(fs::relative(e.path(), sources).string());
  for (const auto& e : fs::recursive_directory_iterator(prefix / "include"))
    if (e.is_regular_file()) installed.insert(fs::relative(e.path(), prefix / "include").string());
  CHECK(installed == expected);
  const std::regex include_line(R"(#include\s+"(chaoskit/[^"]+)\")");
  for (const auto& header : installed) {
    const std::string text = read_text(prefix / "include" / header);
    for (std::sregex_iterator m(text.begin(), text.end(), include_line), end; m != end; ++m) {
      INFO(header << " includes " << (*m)[1]);
      CHECK(installed.count((*m)[1]));
    }
  }

  // No text file of the install names the source or the build tree (libchaoskit.a, and the Python
  // module that links it, keep the build tree's data/ as a lookup for programs built there; see
  // params/param_sets.cpp).
  const std::set<std::string> roots{source_dir().string(), fs::canonical(CHAOSKIT_BUILD_DIR).string(),
                                    std::string(CHAOSKIT_BUILD_DIR),
                                    fs::path(chaoskit::test::test_dir()).parent_path().string()};
  int text_files = 0;
  for (const auto& e : fs::recursive_directory_iterator(prefix)) {
    const fs::path rel = fs::relative(e.path(), prefix);
    if (!e.is_regular_file() || *rel.begin() == "bin" || rel.extension() == ".a" || rel.extension() == ".so") continue;
    ++text_files;
    const std::string text = read_text(e.path());
    for (const auto& root : roots) {
      INFO(rel.string() << " names " << root);
      CHECK(text.find(root) == std::string::npos);
    }
  }
  CHECK(text_files > 50);
  // The package files name their dependencies by imported target (hdf5::hdf5, found again on the
  // user's machine) and locate chaoskit relative to themselves: no absolute path at all.
  const std::regex absolute_path(R"((^|[\s"=;])(-[IL])?/[A-Za-z])");
  std::vector<fs::path> package_files{prefix / "lib/pkgconfig/chaoskit.pc"};
  for (const auto& e : fs::directory_iterator(prefix / "lib/cmake/chaoskit")) package_files.push_back(e.path());
  CHECK(package_files.size() >= 5);
  for (const auto& file : package_files) {
    std::istringstream lines(read_text(file));
    for (std::string line; std::getline(lines, line);) {
      if (line.rfind('#', 0) == 0 || line.find_first_not_of(' ') == std::string::npos) continue;
      INFO(file.filename().string() << ": " << line);
      CHECK(!std::regex_search(line, absolute_path));
    }
  }
  const std::string pc = read_text(prefix / "lib/pkgconfig/chaoskit.pc");
  CHECK_THAT(pc, Contains("-fopenmp") && Contains("-lhdf5_hl") && Contains("hdf5") && Contains("eigen3"));
  CHECK_THAT(read_text(prefix / "lib/cmake/chaoskit/chaoskitTargets.cmake"),
             Contains("hdf5::hdf5") && Contains("OpenMP::OpenMP_CXX") && Contains("tomlplusplus::tomlplusplus"));

  // The installed program reads the sets installed beside it: a set added there is listed, and
  // not by the build tree's program.
  fs::copy_file(prefix / "share/chaoskit/data/params/golf_manufactured.toml",
                prefix / "share/chaoskit/data/params/installed_probe.toml");
  const ProcessResult models = installed_cli(prefix, "models");
  REQUIRE(models.exit_code == 0);
  CHECK_THAT(models.out, Contains("installed_probe") && Contains("golf_manufactured"));
  CHECK_THAT(run_cli("models").out, !Contains("installed_probe"));
  // ... also after the prefix is moved.
  fs::rename(prefix, dir.path / "moved");
  CHECK_THAT(installed_cli(dir.path / "moved", "models").out, Contains("installed_probe"));
}

TEST_CASE("install: a CMake project finds chaoskit and agrees with the chaoskit program", "[install]") {
  ScratchDir dir("install_cmake");
  const fs::path prefix = dir.path / "prefix";
  install_into(prefix);
  const Reference ref = reference_from_cli(prefix, dir.path);

  const fs::path build = dir.path / "build";
  const ProcessResult configure = run_command(
      std::string(CHAOSKIT_CMAKE_COMMAND) + " -S " + quote_arg((source_dir() / "tests/downstream").string()) + " -B " +
      quote_arg(build.string()) + " -DCMAKE_PREFIX_PATH=" + quote_arg(prefix.string()) +
      " -DCMAKE_CXX_COMPILER=" + quote_arg(CHAOSKIT_CXX_COMPILER));
  INFO(configure.out);
  REQUIRE(configure.exit_code == 0);
  // The package and its data directory come from the prefix.
  std::smatch found;
  REQUIRE(std::regex_search(configure.out, found, std::regex(R"(chaoskit ([0-9.]+): package (\S+), data (\S+))")));
  CHECK_THAT(ref.version_line, Contains("chaoskit " + found[1].str() + " "));
  CHECK(fs::canonical(found[2].str()) == fs::canonical(prefix / "lib/cmake/chaoskit"));
  const fs::path data_dir = found[3].str();
  CHECK(fs::canonical(data_dir) == fs::canonical(prefix / "share/chaoskit/data"));

  const ProcessResult compile =
      run_command(std::string(CHAOSKIT_CMAKE_COMMAND) + " --build " + quote_arg(build.string()));
  INFO(compile.out);
  REQUIRE(compile.exit_code == 0);
  check_downstream(build / "golf_swing_check", data_dir, ref, dir.path);
}

TEST_CASE("install: g++ with the pkg-config flags builds the same program", "[install]") {
  if (run_command("command -v pkg-config").exit_code != 0) {
    WARN("pkg-config is not installed: the pkg-config build is not checked");
    return;
  }
  ScratchDir dir("install_pkgconfig");
  const fs::path prefix = dir.path / "prefix";
  install_into(prefix);
  const Reference ref = reference_from_cli(prefix, dir.path);

  const std::string env = "PKG_CONFIG_PATH=" + quote_arg((prefix / "lib/pkgconfig").string()) + " ";
  const ProcessResult version = run_command(env + "pkg-config --modversion chaoskit");
  CHECK_THAT(ref.version_line, Contains("chaoskit " + version.out.substr(0, version.out.find('\n')) + " "));
  const ProcessResult data = run_command(env + "pkg-config --variable=datadir chaoskit");
  REQUIRE(data.exit_code == 0);
  const fs::path data_dir = data.out.substr(0, data.out.find('\n'));
  CHECK(fs::canonical(data_dir) == fs::canonical(prefix / "share/chaoskit/data"));

  const fs::path program = dir.path / "golf_swing_check";
  const ProcessResult compile =
      run_command("export " + env + "&& " + quote_arg(CHAOSKIT_CXX_COMPILER) + " " +
                  quote_arg((source_dir() / "tests/downstream/golf_swing_check.cpp").string()) + " -o " +
                  quote_arg(program.string()) + " $(pkg-config --cflags --libs chaoskit)");
  INFO(compile.out);
  REQUIRE(compile.exit_code == 0);
  check_downstream(program, data_dir, ref, dir.path);
}
