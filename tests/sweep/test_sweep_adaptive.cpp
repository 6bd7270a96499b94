// Adaptive classification in a sweep: points then cost between `time` and `max_time` (here 8x
// apart), and the file must still be the same whatever the thread count or interruption history.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <set>
#include <thread>

#include "../support/json_lite.hpp"
#include "chaoskit/io/results_store.hpp"
#include "sweep_fixtures.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

namespace {
// Rest states over the golf plane, classified from 20 s up to 160 s (stages 20, 40, 80, 160) with a
// floor of 0.2 1/s (regular verdicts from 94 s): chaotic points stop at 20-40 s, regular ones at
// 160 s. Batches of 2 points so that a kill lands between writes.
std::string adaptive_job() {
  return "[model]\nname = \"golf\"\n[grid]\nth1 = { linspace = [0.3, 2.8, 8] }\nth2 = { linspace = [-2.5, 2.5, 6] }\n"
         "dth1 = 0.0\ndth2 = 0.0\n[compute]\norbit_class = { time = 20, max_time = 160, lambda_floor = 0.2 }\n"
         "[integrator]\nstepper = \"rkf78\"\n[output]\nbatch = 2\nwrite_interval = 0\n";
}
}  // namespace

TEST_CASE("sweep: adaptive classification gives the same file on 1 and 2 threads, with orbit times that differ",
          "[sweep][cli][adaptive]") {
  ScratchDir dir("sweep_adaptive_threads");
  const std::string job = write_job(dir, "adaptive.toml", adaptive_job());
  REQUIRE(
      run_cli("sweep " + shell_quote(job) + " --threads 1 --progress quiet --out " + shell_quote(dir.file("one.h5")))
          .exit_code == 0);
  REQUIRE(
      run_cli("sweep " + shell_quote(job) + " --threads 2 --progress quiet --out " + shell_quote(dir.file("two.h5")))
          .exit_code == 0);
  std::string diff;
  CHECK(same_datasets(dir.file("one.h5"), dir.file("two.h5"), diff));
  INFO(diff);
  // The points really took different times: several stages occur, and both classes.
  const auto times = io::ResultsStore::open_read(dir.file("one.h5")).read("orbit_time");
  const auto cls = io::ResultsStore::open_read(dir.file("one.h5")).read("orbit_class");
  const std::set<double> stages(times.begin(), times.end());
  CHECK(stages.size() >= 2);
  for (double t : stages) CHECK((t == 20 || t == 40 || t == 80 || t == 160));
  CHECK(std::count(cls.begin(), cls.end(), 0.0) > 0);
  CHECK(std::count(cls.begin(), cls.end(), 1.0) > 0);
}

TEST_CASE("sweep: adaptive classification killed at a random moment and resumed equals an uninterrupted run",
          "[sweep][faults][adaptive]") {
  ScratchDir dir("sweep_adaptive_kill");
  const std::string job = write_job(dir, "adaptive.toml", adaptive_job());
  const std::string reference = dir.file("reference.h5"), killed = dir.file("killed.h5");
  const auto t0 = std::chrono::steady_clock::now();
  REQUIRE(run_cli("sweep " + shell_quote(job) + " --threads 2 --progress quiet --out " + shell_quote(reference))
              .exit_code == 0);
  const double full_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  int interrupted = 0;
  for (double fraction : {0.2, 0.45, 0.7}) {
    std::filesystem::remove(killed);
    const pid_t pid =
        spawn_cli("sweep " + shell_quote(job) + " --threads 2 --progress quiet --out " + shell_quote(killed));
    // The moment counts from the file's first batch (the file appears with it), not from the start:
    // a fast build finishes start-up and the first orbits within a fifth of the run.
    for (int i = 0; i < 30000 && !std::filesystem::exists(killed); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    std::this_thread::sleep_for(std::chrono::milliseconds(static_cast<int>(fraction * full_ms)));
    ::kill(pid, SIGKILL);
    int wstatus = 0;
    ::waitpid(pid, &wstatus, 0);
    if (!WIFSIGNALED(wstatus) || !std::filesystem::exists(killed)) continue;
    ++interrupted;
    const std::size_t at_kill = done_points(killed);
    INFO("killed " << fraction * full_ms << " ms after the first batch, of " << full_ms << " ms, with " << at_kill
                   << " points done");
    const auto r = run_cli("sweep " + shell_quote(job) + " --threads 1 --resume --progress quiet --json --out " +
                           shell_quote(killed));
    REQUIRE(r.exit_code == 0);
    CHECK(JsonParser::parse(r.out)["computed"].number() == 48 - static_cast<double>(at_kill));
    std::string diff;
    CHECK(same_datasets(reference, killed, diff));
    INFO("first differing dataset: " << diff);
  }
  CHECK(interrupted >= 1);
}
