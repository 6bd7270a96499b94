#pragma once
// Shared by the sweep tests: job files written into a scratch folder, the CLI run in the
// foreground or as a child process that can be killed, and a dataset-by-dataset h5diff.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "../io/store_fixtures.hpp"
#include "../support/run_cli.hpp"
#include "../support/same_bits.hpp"
#include "chaoskit/io/results_store.hpp"
#include "support/build_paths.hpp"

namespace chaoskit::test {

inline std::string write_job(const ScratchDir& dir, const std::string& name, const std::string& text) {
  const std::string path = dir.file(name);
  std::ofstream(path) << text;
  return path;
}

/// A file's bytes (empty if it cannot be read).
inline std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// Whether `dir` holds any .h5 file (a failed sweep must leave none that looks complete).
inline bool any_h5_in(const ScratchDir& dir) {
  for (const auto& e : std::filesystem::directory_iterator(dir.path))
    if (e.path().extension() == ".h5") return true;
  return false;
}

/// The CLI's arguments for sweeping `job` without progress output.
inline std::string sweep_quiet(const std::string& job, const std::string& more = "") {
  return "sweep " + shell_quote(job) + " --progress quiet " + more;
}

/// Starts `chaoskit args` as a child (stdout/stderr to /dev/null), with the variables of
/// `environment` ("NAME=value ...") set for it; returns its pid.
inline pid_t spawn_cli(const std::string& args, const std::string& environment = "") {
  const pid_t pid = ::fork();
  if (pid == 0) {
    const std::string cmd = std::string("exec ") + (environment.empty() ? "" : "env " + environment + " ") +
                            chaoskit::test::cli_path() + " " + args + " >/dev/null 2>&1";
    ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  return pid;
}

/// h5diff of one dataset in two files: 0 identical, 1 different, 2 error.
inline int h5diff_dataset(const std::string& a, const std::string& b, const std::string& dataset) {
  return run_command("h5diff -q " + quote_arg(a) + " " + quote_arg(b) + " /" + dataset + " /" + dataset).exit_code;
}

/// Names of the datasets in a file (h5ls), e.g. axes, variables, status.
inline std::vector<std::string> dataset_names(const std::string& file) {
  const ProcessResult r = run_command("h5ls " + quote_arg(file));
  std::vector<std::string> names;
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);)
    if (line.find("Dataset") != std::string::npos) names.push_back(line.substr(0, line.find(' ')));
  return names;
}

/// Every dataset identical (values and types) in both files.
inline bool same_datasets(const std::string& a, const std::string& b, std::string& first_difference) {
  const auto names = dataset_names(a);
  if (names != dataset_names(b) || names.empty()) {
    first_difference = "dataset lists differ";
    return false;
  }
  for (const auto& n : names)
    if (h5diff_dataset(a, b, n) != 0) {
      first_difference = n;
      return false;
    }
  return true;
}

/// Points already written to a results file (it opens as it is, also while a sweep writes it).
inline std::size_t done_points(const std::string& file) { return io::ResultsStore::open_read(file).done_count(); }

/// Waits (up to 30 s) until a running sweep has written its first batch to `file`.
inline void wait_for_first_batch(const std::string& file) {
  for (int i = 0; i < 3000 && (!std::filesystem::exists(file) || done_points(file) == 0); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
}

/// A golf lambda_max + final-state job over (th1, th2) with n1 × n2 points.
inline std::string golf_map_job(int n1, int n2, double time, const std::string& extra = "") {
  return "[model]\nname = \"golf\"\n\n[grid]\nth1 = { linspace = [0.3, 2.0, " + std::to_string(n1) +
         "] }\nth2 = { linspace = [-1.0, 1.0, " + std::to_string(n2) +
         "] }\ndth1 = 0.0\ndth2 = 0.0\n\n[compute]\nlambda_max = { time = " + std::to_string(time) +
         ", renorm = 1.0, blocks = 5 }\nfinal_state = { time = 2.0 }\n\n[integrator]\nrtol = 1e-9\natol = 1e-9\n" +
         extra;
}

}  // namespace chaoskit::test
