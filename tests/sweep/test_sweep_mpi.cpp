// `mpirun -n N chaoskit sweep` (the MPI build: build/chaoskit_mpi, or build/chaoskit configured
// with -DCHAOSKIT_MPI=ON): the file equals a single-process run's (h5diff, provenance aside), a
// rank killed with SIGKILL leaves a file that `mpirun ... --resume` completes to the same datasets,
// SIGTERM to every rank (what Slurm's scancel does) saves and exits 143, and errors are printed once.
#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

#include "../support/json_lite.hpp"
#include "chaoskit/io/results_store.hpp"
#include "support/build_paths.hpp"
#include "sweep_fixtures.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

namespace {

const std::string mpi_cli = CHAOSKIT_MPI_CLI_PATH;  // "" when CMake found no MPI
const std::string mpiexec = CHAOSKIT_MPIEXEC;

bool have_mpi() {
  if (mpi_cli.empty() || mpiexec.empty()) {
    WARN("no MPI build of chaoskit (CMake found no MPI): skipped");
    return false;
  }
  return true;
}

/// mpirun with what a test machine needs: 2 cores (--oversubscribe for more ranks), Open MPI's
/// explicit consent when run as root, and no cross-memory-attach copies (refused inside many
/// containers; only the speed of large messages depends on it).
std::string mpirun_prefix() {
  std::string cmd = "env OMPI_MCA_btl_vader_single_copy_mechanism=none " + mpiexec + " --oversubscribe";
  if (::geteuid() == 0) cmd += " --allow-run-as-root";
  return cmd;
}
std::string mpirun(int ranks) { return mpirun_prefix() + " -n " + std::to_string(ranks); }

pid_t spawn_shell(const std::string& cmd) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    const std::string c = "exec " + cmd + " >/dev/null 2>&1";
    ::execl("/bin/sh", "sh", "-c", c.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  return pid;
}

/// The pid of MPI rank `rank` among the children of mpirun (Open MPI starts the ranks of a
/// single-node job itself and tells each its rank in the environment); -1 if not (yet) there.
pid_t rank_pid(pid_t mpirun_pid, int rank) {
  const std::string want = "OMPI_COMM_WORLD_RANK=" + std::to_string(rank);
  for (const auto& e : std::filesystem::directory_iterator("/proc")) {
    const std::string name = e.path().filename();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream stat(e.path() / "stat");
    std::string s;
    std::getline(stat, s);
    const auto close = s.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream rest(s.substr(close + 2));
    char state;
    long ppid = 0;
    rest >> state >> ppid;
    if (ppid != mpirun_pid) continue;
    std::ifstream env(e.path() / "environ", std::ios::binary);
    for (std::string var; std::getline(env, var, '\0');)
      if (var == want) return static_cast<pid_t>(std::stol(name));
  }
  return -1;
}

pid_t wait_for_rank(pid_t mpirun_pid, int rank) {
  for (int i = 0; i < 3000; ++i) {  // up to 30 s: mpirun starts slowly on a loaded machine
    const pid_t p = rank_pid(mpirun_pid, rank);
    if (p > 0) return p;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return -1;
}

/// h5diff of the whole files with the root group's attributes (provenance: date, command line,
/// threads, ranks) left out: every dataset and every dataset attribute must be equal.
int h5diff_files(const std::string& a, const std::string& b) {
  return run_command("h5diff --exclude-attribute / " + quote_arg(a) + " " + quote_arg(b)).exit_code;
}

/// Root attributes other than those describing how and when the file was made are equal.
bool same_root_attributes(const std::string& a, const std::string& b, std::string& differing) {
  auto strip = [](io::Attributes x) {
    for (const char* k : {"date", "host", "command_line", "threads", "ranks"}) x.erase(k);
    return x;
  };
  const auto ra = strip(io::ResultsStore::open_read(a).root_attributes());
  const auto rb = strip(io::ResultsStore::open_read(b).root_attributes());
  for (const auto& [k, v] : ra)
    if (!rb.count(k) || rb.at(k) != v) differing = k;
  return ra == rb;
}

// About 2 s of work on 2 cores (256 points) in batches of 4 points, each written as it finishes
// (write_interval = 0), so a kill lands between writes.
std::string slow_job() { return golf_map_job(16, 16, 40.0, "[output]\nbatch = 4\nwrite_interval = 0\n"); }

int count_lines_starting(const std::string& text, const std::string& prefix) {
  std::istringstream in(text);
  int n = 0;
  for (std::string line; std::getline(in, line);) n += line.rfind(prefix, 0) == 0;
  return n;
}

}  // namespace

TEST_CASE("sweep mpi: mpirun -n 2 with 1 thread per rank writes the file of a 1-process 2-thread run (h5diff)",
          "[sweep][mpi]") {
  if (!have_mpi()) return;
  ScratchDir dir("sweep_mpi");
  const std::string job = write_job(dir, "map.toml", golf_map_job(9, 7, 10.0, "[output]\nbatch = 4\n"));
  const std::string single = dir.file("single.h5"), two = dir.file("two_ranks.h5"), three = dir.file("three_ranks.h5");
  REQUIRE(
      run_cli("sweep " + shell_quote(job) + " --threads 2 --progress quiet --out " + shell_quote(single)).exit_code ==
      0);
  const auto r = run_shell(mpirun(2) + " " + mpi_cli + " sweep " + shell_quote(job) +
                           " --threads 1 --progress quiet --json --out " + shell_quote(two));
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const auto js = JsonParser::parse(r.out);
  CHECK(js["ranks"].number() == 2);
  CHECK(js["computed"].number() == 63);
  CHECK(js["finalized"].b);
  CHECK(h5diff_files(single, two) == 0);
  std::string differing;
  CHECK(same_root_attributes(single, two, differing));
  INFO("root attribute " << differing);
  const auto attrs = io::ResultsStore::open_read(two).root_attributes();
  CHECK(std::get<long long>(attrs.at("ranks")) == 2);

  // Three ranks on two cores: more workers than cores, the same file.
  const auto r3 = run_shell(mpirun(3) + " " + mpi_cli + " sweep " + shell_quote(job) +
                            " --threads 1 --progress quiet --out " + shell_quote(three));
  INFO(r3.err);
  REQUIRE(r3.exit_code == 0);
  CHECK(h5diff_files(single, three) == 0);

  // Ranks with different thread counts (Open MPI's MPMD form: 1 rank x 2 threads, 1 rank x 1 thread).
  const std::string mixed = dir.file("mixed.h5");
  const auto rm = run_shell(mpirun_prefix() + " -n 1 " + mpi_cli + " sweep " + shell_quote(job) +
                            " --threads 2 --progress quiet --out " + shell_quote(mixed) + " : -n 1 " + mpi_cli +
                            " sweep " + shell_quote(job) + " --threads 1 --progress quiet --out " + shell_quote(mixed));
  INFO(rm.err);
  REQUIRE(rm.exit_code == 0);
  CHECK(h5diff_files(single, mixed) == 0);
}

TEST_CASE("sweep mpi: the MPI build without mpirun is one rank and writes the same file", "[sweep][mpi]") {
  if (!have_mpi()) return;
  ScratchDir dir("sweep_mpi_single");
  const std::string job = write_job(dir, "map.toml", golf_map_job(5, 4, 10.0));
  REQUIRE(run_cli("sweep " + shell_quote(job) + " --threads 1 --progress quiet --out " + shell_quote(dir.file("a.h5")))
              .exit_code == 0);
  const auto r =
      run_shell(mpi_cli + " sweep " + shell_quote(job) + " --progress quiet --out " + shell_quote(dir.file("b.h5")));
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(h5diff_files(dir.file("a.h5"), dir.file("b.h5")) == 0);
}

TEST_CASE("sweep mpi: a rank killed with SIGKILL, then mpirun --resume, equals an uninterrupted run",
          "[sweep][mpi][faults]") {
  if (!have_mpi()) return;
  ScratchDir dir("sweep_mpi_kill");
  const std::string job = write_job(dir, "job.toml", slow_job());
  const std::string reference = dir.file("reference.h5");
  const auto t0 = std::chrono::steady_clock::now();
  REQUIRE(run_cli("sweep " + shell_quote(job) + " --threads 2 --progress quiet --out " + shell_quote(reference))
              .exit_code == 0);
  const double full_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();

  std::random_device rd;
  const unsigned seed = rd();
  std::mt19937 rng(seed);
  int interrupted = 0;
  // Rank 1 computes; rank 0 also coordinates and is the only writer. A kill can land after the
  // last point is stored (while the ranks finish): the file then holds every point and --resume
  // must still complete it to the same datasets, but that try does not count as an interruption,
  // so the victim is tried again with a shorter delay (a loaded machine stretches the run).
  for (int victim : {1, 0, 1}) {
    for (int attempt = 0; attempt < 4; ++attempt) {
      const std::string killed = dir.file("killed_" + std::to_string(victim) + "_" + std::to_string(interrupted) + "_" +
                                          std::to_string(attempt) + ".h5");
      const pid_t mpirun_pid = spawn_shell(mpirun(2) + " " + mpi_cli + " sweep " + shell_quote(job) +
                                           " --threads 1 --progress quiet --out " + shell_quote(killed));
      const pid_t rank = wait_for_rank(mpirun_pid, victim);
      REQUIRE(rank > 0);
      // Once the first batch is in the file, a moment within the next 40 % of an uninterrupted
      // run (halved on each retry).
      wait_for_first_batch(killed);
      const double fraction = std::uniform_real_distribution<double>(0.0, 0.4)(rng) / double(1 << attempt);
      const int delay_ms = static_cast<int>(fraction * full_ms);
      INFO("victim rank " << victim << ", attempt " << attempt << ", seed " << seed << ", killed after " << delay_ms
                          << " ms of " << full_ms);
      std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
      ::kill(rank, SIGKILL);
      int wstatus = 0;
      ::waitpid(mpirun_pid, &wstatus, 0);
      if (WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0) continue;  // finished before the kill
      if (!std::filesystem::exists(killed)) continue;                 // killed before the file was made
      const std::size_t at_kill = done_points(killed);                // the file opens as it is
      CHECK(at_kill <= 256);
      const auto r = run_shell(mpirun(2) + " " + mpi_cli + " sweep " + shell_quote(job) +
                               " --threads 1 --resume --progress quiet --json --out " + shell_quote(killed));
      INFO(r.err);
      REQUIRE(r.exit_code == 0);
      const auto js = JsonParser::parse(r.out);
      CHECK(js["already_done"].number() == static_cast<double>(at_kill));
      CHECK(js["computed"].number() == 256 - static_cast<double>(at_kill));
      CHECK(h5diff_files(reference, killed) == 0);
      if (at_kill < 256) {
        ++interrupted;
        break;
      }
    }
  }
  CHECK(interrupted >= 2);
}

TEST_CASE("sweep mpi: SIGTERM to every rank saves the finished points, exits 143, and resumes",
          "[sweep][mpi][faults]") {
  if (!have_mpi()) return;
  ScratchDir dir("sweep_mpi_term");
  const std::string job = write_job(dir, "job.toml", slow_job());
  const std::string reference = dir.file("reference.h5"), out = dir.file("terminated.h5");
  REQUIRE(run_cli("sweep " + shell_quote(job) + " --threads 2 --progress quiet --out " + shell_quote(reference))
              .exit_code == 0);
  const pid_t mpirun_pid = spawn_shell(mpirun(2) + " " + mpi_cli + " sweep " + shell_quote(job) +
                                       " --threads 1 --progress quiet --out " + shell_quote(out));
  const pid_t r0 = wait_for_rank(mpirun_pid, 0), r1 = wait_for_rank(mpirun_pid, 1);
  REQUIRE(r0 > 0);
  REQUIRE(r1 > 0);
  // Wait until the file holds some points, then signal both ranks, as scancel does.
  wait_for_first_batch(out);
  ::kill(r1, SIGTERM);
  ::kill(r0, SIGTERM);
  int wstatus = 0;
  ::waitpid(mpirun_pid, &wstatus, 0);
  REQUIRE(WIFEXITED(wstatus));
  CHECK(WEXITSTATUS(wstatus) == 128 + SIGTERM);
  const std::size_t saved = done_points(out);
  CHECK(saved > 0);
  CHECK(saved < 256);
  const auto r = run_shell(mpirun(2) + " " + mpi_cli + " sweep " + shell_quote(job) +
                           " --threads 1 --resume --progress quiet --out " + shell_quote(out));
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(h5diff_files(reference, out) == 0);
}

TEST_CASE("sweep mpi: errors are printed once, by one rank, with exit 2", "[sweep][mpi]") {
  if (!have_mpi()) return;
  ScratchDir dir("sweep_mpi_errors");
  const std::string job = write_job(dir, "map.toml", golf_map_job(3, 2, 5.0));
  const std::string out = dir.file("map.h5");
  REQUIRE(run_cli("sweep " + shell_quote(job) + " --progress quiet --out " + shell_quote(out)).exit_code == 0);

  SECTION("an existing output without --force or --resume") {
    const auto r = run_shell(mpirun(2) + " " + mpi_cli + " sweep " + shell_quote(job) + " --out " + shell_quote(out));
    CHECK(r.exit_code == 2);
    CHECK(count_lines_starting(r.err, "chaoskit: ") == 1);
    CHECK(r.err.find("exists") != std::string::npos);
  }
  SECTION("a bad option value, seen by every rank") {
    const auto r = run_shell(mpirun(2) + " " + mpi_cli + " sweep " + shell_quote(job) + " --threads -1 --out " +
                             shell_quote(dir.file("x.h5")));
    CHECK(r.exit_code == 2);
    CHECK(count_lines_starting(r.err, "chaoskit: --threads") == 1);
  }
  SECTION("ranks reading different jobs (Open MPI's MPMD form gives each rank its own arguments)") {
    const std::string other = write_job(dir, "other.toml", golf_map_job(3, 2, 6.0));
    const std::string fresh = dir.file("fresh.h5");
    const auto r =
        run_shell(mpirun_prefix() + " -n 1 " + mpi_cli + " sweep " + shell_quote(job) + " --out " + shell_quote(fresh) +
                  " : -n 1 " + mpi_cli + " sweep " + shell_quote(other) + " --out " + shell_quote(fresh));
    CHECK(r.exit_code == 2);
    CHECK(count_lines_starting(r.err, "chaoskit: mpirun: rank 1 read a different job") == 1);
    CHECK_FALSE(std::filesystem::exists(fresh));
  }
  SECTION("the default (non-MPI) build started by mpirun refuses instead of running the sweep twice") {
    if (CHAOSKIT_CLI_IS_MPI) return;  // configured with -DCHAOSKIT_MPI=ON: there is no non-MPI program
    const auto r = run_shell(mpirun(2) + " " + chaoskit::test::cli_path() + " sweep " + shell_quote(job) + " --out " +
                             shell_quote(dir.file("y.h5")));
    CHECK(r.exit_code == 2);
    CHECK(count_lines_starting(r.err, "chaoskit: mpirun: this chaoskit was built without MPI") == 1);
    CHECK_FALSE(std::filesystem::exists(dir.file("y.h5")));
  }
}

TEST_CASE("sweep mpi: a [points] job under mpirun -n 2 writes the file of a 1-process run", "[sweep][mpi][points]") {
  if (!have_mpi()) return;
  ScratchDir dir("sweep_mpi_points");
  std::ofstream(dir.file("states.csv")) << "# seven frames\nth1,th2,m2\n0.3,0.1,3.0\n0.9,-0.2,3.1\n1.5,0.4,3.2\n"
                                           "0.6,0.0,3.0\n1.1,0.2,2.9\n2.0,-0.5,3.0\n0.1,0.1,3.3\n";
  const std::string job = write_job(dir, "frames.toml",
                                    "[model]\nname = \"limb\"\n[points]\nfile = \"states.csv\"\n[compute]\n"
                                    "lambda_max = { time = 2.0, renorm = 0.5, blocks = 4 }\n[output]\nbatch = 2\n");
  const std::string single = dir.file("single.h5"), two = dir.file("two_ranks.h5");
  REQUIRE(
      run_cli("sweep " + shell_quote(job) + " --threads 2 --progress quiet --out " + shell_quote(single)).exit_code ==
      0);
  const auto r = run_shell(mpirun(2) + " " + mpi_cli + " sweep " + shell_quote(job) +
                           " --threads 1 --progress quiet --out " + shell_quote(two));
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(h5diff_files(single, two) == 0);
  std::string differing;
  CHECK(same_root_attributes(single, two, differing));
  INFO("root attribute " << differing);
}

TEST_CASE("sweep mpi: a [sample] job under mpirun -n 2 writes the file of a 1-process run", "[sweep][mpi][sample]") {
  if (!have_mpi()) return;
  ScratchDir dir("sweep_mpi_sample");
  // Each rank reads the job and builds its own level samplers: the states must still be the same.
  const std::string job =
      write_job(dir, "surface.toml",
                "[model]\nname = \"golf\"\n[sample]\nenergy = [-4.5, -3.0, -2.0]\nn = 7\nseed = 4\n"
                "[compute]\nlambda_max = { time = 2.0, renorm = 0.5, blocks = 4 }\n[output]\nbatch = 2\n");
  const std::string single = dir.file("single.h5"), two = dir.file("two_ranks.h5");
  REQUIRE(
      run_cli("sweep " + shell_quote(job) + " --threads 2 --progress quiet --out " + shell_quote(single)).exit_code ==
      0);
  const auto r = run_shell(mpirun(2) + " " + mpi_cli + " sweep " + shell_quote(job) +
                           " --threads 1 --progress quiet --out " + shell_quote(two));
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(h5diff_files(single, two) == 0);
  std::string differing;
  CHECK(same_root_attributes(single, two, differing));
  INFO("root attribute " << differing);
}
