// Storage faults: a disk that fills up during a sweep, an output folder that cannot be written,
// damaged results files given to --resume and query, a file of another chaoskit version, and grids
// too large to track. Each is refused or reported in one line naming what went wrong, exits
// non-zero, and loses nothing: --resume then completes the sweep to datasets identical to an
// uninterrupted run.
//
// Full and read-only disks are small tmpfs mounts inside a private mount namespace (`unshare -rm`),
// so the machine's mounts are never touched; where the kernel forbids that, those tests warn and
// return.
#include <catch2/catch.hpp>

#include <hdf5.h>

#include <fstream>

#include "../support/json_lite.hpp"
#include "chaoskit/io/h5_handle.hpp"
#include "chaoskit/io/results_store.hpp"
#include "support/build_paths.hpp"
#include "sweep_fixtures.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

namespace {

// 256 points in batches of 4, each written as it finishes (write_interval = 0, so the file appears
// with the first): about a second of work, long enough to fill a disk behind it.
std::string fault_job() { return golf_map_job(16, 16, 40.0, "[output]\nbatch = 4\nwrite_interval = 0\n"); }

bool private_mounts_available() {
  return run_command(
             "unshare -rm bash -c 'd=$(mktemp -d) && mount -t tmpfs -o size=64k t \"$d\" && umount \"$d\" "
             "&& rmdir \"$d\"'")
             .exit_code == 0;
}

/// Runs a bash script as root of a private mount namespace, where it may mount tmpfs folders.
ProcessResult run_with_private_mounts(const std::string& script) {
  return run_command("unshare -rm bash -c " + quote_arg("set -u\n" + script));
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

/// File offset and size of chunk `index` of a dataset, from HDF5's own chunk index.
std::pair<haddr_t, hsize_t> chunk_location(const std::string& file, const std::string& dataset, hsize_t index) {
  h5::File f(H5Fopen(file.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), "open " + file);
  h5::Dataset ds(H5Dopen2(f, dataset.c_str(), H5P_DEFAULT), "open " + dataset);
  h5::Dataspace space(H5Dget_space(ds), "space");
  hsize_t offset[8] = {};
  unsigned mask = 0;
  haddr_t addr = 0;
  hsize_t size = 0;
  h5::check(H5Dget_chunk_info(ds, space, index, offset, &mask, &addr, &size), "chunk info");
  return {addr, size};
}

void xor_byte(const std::string& file, std::uint64_t offset, unsigned char mask) {
  std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
  f.seekg(static_cast<std::streamoff>(offset));
  char c = 0;
  f.get(c);
  f.seekp(static_cast<std::streamoff>(offset));
  f.put(static_cast<char>(static_cast<unsigned char>(c) ^ mask));
}

/// A sweep of `job` stopped by SIGINT once its first batch is in `out`: an unfinished file.
void interrupted_sweep(const std::string& job, const std::string& out) {
  const pid_t pid = spawn_cli("sweep " + shell_quote(job) + " --threads 2 --progress quiet --out " + shell_quote(out));
  wait_for_first_batch(out);
  ::kill(pid, SIGINT);
  int wstatus = 0;
  ::waitpid(pid, &wstatus, 0);
  REQUIRE(WIFEXITED(wstatus));
  REQUIRE(WEXITSTATUS(wstatus) == 128 + SIGINT);
}

}  // namespace

TEST_CASE("sweep faults: a disk that fills up during the sweep keeps every point, and --resume finishes",
          "[sweep][faults][disk]") {
  if (!private_mounts_available()) {
    WARN("no private mount namespace here (unshare -rm): the disk-full test needs one");
    return;
  }
  ScratchDir dir("sweep_disk_full");
  const std::string job = write_job(dir, "job.toml", fault_job());
  const std::string reference = dir.file("reference.h5");
  REQUIRE(run_cli("sweep " + shell_quote(job) + " --progress quiet --out " + shell_quote(reference)).exit_code == 0);

  // A 512 kB disk holds the running file (about 80 kB); once the file exists another process takes
  // every free byte, as a neighbour's job would. The sweep must still save every point.
  const std::string d = dir.path.string(), cli = chaoskit::test::cli_path();
  const auto r = run_with_private_mounts(
      "d=" + quote_arg(d) + "; cli=" + quote_arg(cli) + "; job=" + quote_arg(job) +
      "\nmkdir \"$d/mnt\" && mount -t tmpfs -o size=512k chaoskit_disk \"$d/mnt\" || exit 90\n"
      "\"$cli\" sweep \"$job\" --threads 2 --progress quiet --out \"$d/mnt/r.h5\" 2> \"$d/full.err\" &\n"
      "pid=$!\n"
      "while [ ! -e \"$d/mnt/r.h5\" ] && kill -0 $pid 2>/dev/null; do sleep 0.005; done\n"
      "cat /dev/zero > \"$d/mnt/filler\" 2>/dev/null\n"
      "df -k \"$d/mnt\" | tail -1 > \"$d/full.df\"\n"
      "wait $pid; echo $? > \"$d/full.rc\"\n"
      "ls -A \"$d/mnt\" > \"$d/full.ls\"\n"
      "cp \"$d/mnt/r.h5\" \"$d/full.h5\"\n"
      "rm -f \"$d/mnt/filler\"\n"
      "\"$cli\" sweep \"$job\" --resume --progress quiet --json --out \"$d/mnt/r.h5\" > \"$d/resume.json\" "
      "2> \"$d/resume.err\"; echo $? > \"$d/resume.rc\"\n"
      "cp \"$d/mnt/r.h5\" \"$d/resumed.h5\"\n");
  INFO(r.out);
  REQUIRE(r.exit_code == 0);
  INFO("df of the full disk: " << read_text(dir.file("full.df")));

  // The failure: exit 1, one line naming the file, that every point is saved, and what to do.
  const std::string err = read_text(dir.file("full.err"));
  INFO("stderr: " << err);
  CHECK(std::stoi(read_text(dir.file("full.rc"))) == 1);
  CHECK(line_count(err) == 1);
  CHECK_THAT(err, Catch::Matchers::Contains("all 256 points are computed and saved in") &&
                      Catch::Matchers::Contains("r.h5") && Catch::Matchers::Contains("resume the sweep") &&
                      Catch::Matchers::Contains("No space left on device"));
  // No temporary copy is left behind, and the file holds every point, uncompressed.
  CHECK(read_text(dir.file("full.ls")) == "filler\nr.h5\n");
  {
    io::ResultsStore s = io::ResultsStore::open_read(dir.file("full.h5"));
    CHECK(s.done_count() == 256);
    CHECK_FALSE(s.finalized());
  }
  // With space again, --resume computes nothing and compresses: the same datasets as a clean run.
  CHECK(std::stoi(read_text(dir.file("resume.rc"))) == 0);
  CHECK(JsonParser::parse(read_text(dir.file("resume.json")))["computed"].number() == 0);
  CHECK(io::ResultsStore::open_read(dir.file("resumed.h5")).finalized());
  std::string diff;
  CHECK(same_datasets(reference, dir.file("resumed.h5"), diff));
  INFO("first differing dataset: " << diff);
}

TEST_CASE("sweep faults: a disk too small for the results and a read-only folder are refused before any work",
          "[sweep][faults][disk]") {
  if (!private_mounts_available()) {
    WARN("no private mount namespace here (unshare -rm): the small and read-only disk tests need one");
    return;
  }
  ScratchDir dir("sweep_disk_small");
  const std::string job = write_job(dir, "job.toml", fault_job());
  const std::string d = dir.path.string(), cli = chaoskit::test::cli_path();
  const auto r = run_with_private_mounts(
      "d=" + quote_arg(d) + "; cli=" + quote_arg(cli) + "; job=" + quote_arg(job) +
      "\nmkdir \"$d/small\" \"$d/ro\" || exit 90\n"
      "mount -t tmpfs -o size=48k chaoskit_small \"$d/small\" || exit 90\n"
      "mount -t tmpfs -o size=512k,ro chaoskit_ro \"$d/ro\" || exit 90\n"
      "\"$cli\" sweep \"$job\" --progress quiet --out \"$d/small/r.h5\" 2> \"$d/small.err\"; echo $? > "
      "\"$d/small.rc\"\n"
      "ls -A \"$d/small\" > \"$d/small.ls\"\n"
      "\"$cli\" sweep \"$job\" --progress quiet --out \"$d/ro/r.h5\" 2> \"$d/ro.err\"; echo $? > \"$d/ro.rc\"\n");
  INFO(r.out);
  REQUIRE(r.exit_code == 0);

  const std::string small = read_text(dir.file("small.err"));
  INFO("small disk: " << small);
  CHECK(std::stoi(read_text(dir.file("small.rc"))) == 2);
  CHECK(line_count(small) == 1);
  CHECK_THAT(small, Catch::Matchers::StartsWith("chaoskit: --out: the results need about") &&
                        Catch::Matchers::Contains("is free in"));
  CHECK(read_text(dir.file("small.ls")).empty());

  const std::string ro = read_text(dir.file("ro.err"));
  INFO("read-only folder: " << ro);
  CHECK(std::stoi(read_text(dir.file("ro.rc"))) == 2);
  CHECK(line_count(ro) == 1);
  CHECK_THAT(ro, Catch::Matchers::StartsWith("chaoskit: --out:") && Catch::Matchers::Contains("is not writable"));
}

TEST_CASE("sweep faults: truncated, corrupted and foreign files are refused by --resume and query, never read",
          "[sweep][faults][damaged]") {
  ScratchDir dir("sweep_damaged");
  const std::string job = write_job(dir, "job.toml", fault_job());
  const std::string reference = dir.file("reference.h5");
  REQUIRE(run_cli("sweep " + shell_quote(job) + " --progress quiet --out " + shell_quote(reference)).exit_code == 0);

  auto refused = [&](const std::string& file, const std::string& expected) {
    const std::string bytes = read_text(file);
    for (const std::string& args :
         {"sweep " + shell_quote(job) + " --resume --progress quiet --out " + shell_quote(file),
          "query " + shell_quote(file) + " describe", "query " + shell_quote(file) + " select --vars lambda_max"}) {
      const auto r = run_cli(args);
      INFO(args << "\nstderr: " << r.err);
      CHECK(r.exit_code == 2);
      CHECK(line_count(r.err) == 1);
      CHECK_THAT(r.err,
                 Catch::Matchers::StartsWith("chaoskit: file: '" + file + "'") && Catch::Matchers::Contains(expected));
      CHECK(r.out.empty());  // not one number from a damaged file
    }
    CHECK(read_text(file) == bytes);  // refused files are left as they are, byte for byte
  };

  SECTION("a finished file cut short") {
    const std::string f = dir.file("truncated.h5");
    std::filesystem::copy_file(reference, f);
    std::filesystem::resize_file(f, std::filesystem::file_size(f) / 2);
    refused(f, "is truncated");
  }
  SECTION("an unfinished file cut short") {
    const std::string f = dir.file("unfinished_truncated.h5");
    interrupted_sweep(job, f);
    std::filesystem::resize_file(f, std::filesystem::file_size(f) - 1000);
    refused(f, "is truncated");
  }
  SECTION("a byte changed in the stored values of a finished file: its checksum fails") {
    const std::string f = dir.file("flipped.h5");
    std::filesystem::copy_file(reference, f);
    const auto [addr, size] = chunk_location(f, "lambda_max", 0);
    xor_byte(f, addr + size / 2, 0x10);
    const auto r = run_cli("query " + shell_quote(f) + " select --vars lambda_max");
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK(line_count(r.err) == 1);
    CHECK_THAT(r.err, Catch::Matchers::Contains("is damaged") && Catch::Matchers::Contains("lambda_max") &&
                          Catch::Matchers::Contains("checksum"));
    CHECK(line_count(r.out) <= 1);  // at most the CSV header: no value from the damaged chunk
    // The same byte changed back reads as before: the refusal was the checksum, nothing else.
    xor_byte(f, addr + size / 2, 0x10);
    CHECK(run_cli("query " + shell_quote(f) + " select --vars lambda_max").exit_code == 0);
  }
  SECTION("a status code changed in an unfinished file; restored, the sweep resumes to the reference") {
    const std::string f = dir.file("status_flipped.h5");
    interrupted_sweep(job, f);
    const std::vector<std::int8_t> status = io::ResultsStore::open_read(f).read_status();
    const std::size_t point =
        static_cast<std::size_t>(std::find(status.begin(), status.end(), point_status::ok) - status.begin());
    REQUIRE(point < 16);  // in the first chunk (one row of 16 points), which starts at flat index 0
    const auto [addr, size] = chunk_location(f, "status", 0);
    REQUIRE(size >= 16);
    xor_byte(f, addr + point, 0x40);
    refused(f, "status of point " + std::to_string(point) + " holds");
    xor_byte(f, addr + point, 0x40);
    const auto r = run_cli("sweep " + shell_quote(job) + " --resume --progress quiet --out " + shell_quote(f));
    REQUIRE(r.exit_code == 0);
    std::string diff;
    CHECK(same_datasets(reference, f, diff));
    INFO("first differing dataset: " << diff);
  }
  SECTION("not an HDF5 file, and an HDF5 file chaoskit did not write") {
    const std::string text = dir.file("text.h5");
    std::ofstream(text) << "lambda_max = 0.1\n";
    refused(text, "is not an HDF5 file");
    const std::string foreign = dir.file("foreign.h5");
    {
      h5::File f(H5Fcreate(foreign.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), "create");
      h5::Group root(H5Gopen2(f, "/", H5P_DEFAULT), "open /");
      h5::write_attribute(root, "title", std::string("not chaoskit"));
    }
    refused(foreign, "is not a chaoskit results file");
  }
}

TEST_CASE("sweep faults: --resume of a file written by another chaoskit version is refused, naming the version",
          "[sweep][faults]") {
  ScratchDir dir("sweep_version");
  const std::string job = write_job(dir, "job.toml", fault_job());
  const std::string reference = dir.file("reference.h5"), f = dir.file("old.h5");
  REQUIRE(run_cli("sweep " + shell_quote(job) + " --progress quiet --out " + shell_quote(reference)).exit_code == 0);
  interrupted_sweep(job, f);

  // Rewrite the version line of the file's job fingerprint, as an older chaoskit would have left it.
  std::string original;
  {
    h5::File file(H5Fopen(f.c_str(), H5F_ACC_RDWR, H5P_DEFAULT), "open");
    h5::Group root(H5Gopen2(file, "/", H5P_DEFAULT), "open /");
    original = h5::read_string_attribute(root, "job_fingerprint");
    const std::string key = "chaoskit.version = ";
    const auto at = original.find(key);
    REQUIRE(at != std::string::npos);
    std::string older = original;
    older.replace(at + key.size(), older.find('\n', at) - at - key.size(), "0.0.1");
    h5::write_attribute(root, "job_fingerprint", older);
  }
  const auto r = run_cli("sweep " + shell_quote(job) + " --resume --progress quiet --out " + shell_quote(f));
  INFO(r.err);
  CHECK(r.exit_code == 2);
  CHECK(line_count(r.err) == 1);
  CHECK_THAT(r.err, Catch::Matchers::StartsWith("chaoskit: --resume:") &&
                        Catch::Matchers::Contains("chaoskit.version differs: '0.0.1' in the file"));
  // Refused without a change: with the fingerprint restored, resume completes to the reference.
  {
    h5::File file(H5Fopen(f.c_str(), H5F_ACC_RDWR, H5P_DEFAULT), "open");
    h5::Group root(H5Gopen2(file, "/", H5P_DEFAULT), "open /");
    h5::write_attribute(root, "job_fingerprint", original);
  }
  REQUIRE(run_cli("sweep " + shell_quote(job) + " --resume --progress quiet --out " + shell_quote(f)).exit_code == 0);
  std::string diff;
  CHECK(same_datasets(reference, f, diff));
  INFO("first differing dataset: " << diff);
}

TEST_CASE("sweep faults: grids too large to index or to track in memory are refused up front with the estimate",
          "[sweep][faults]") {
  ScratchDir dir("sweep_huge");
  auto job_with = [&](const std::string& name, const std::string& axes) {
    return write_job(dir, name,
                     "[model]\nname = \"golf\"\n\n[grid]\n" + axes + "\n[compute]\nfinal_state = { time = 1.0 }\n");
  };
  // 65536^4 = 2^64 points: a size_t product would wrap around to 0.
  const std::string wraps = job_with("wraps.toml",
                                     "th1 = { linspace = [0, 1, 65536] }\nth2 = { linspace = [0, 1, 65536] }\n"
                                     "dth1 = { linspace = [0, 1, 65536] }\ndth2 = { linspace = [0, 1, 65536] }\n");
  for (const std::string& extra : {std::string(""), std::string(" --dry-run")}) {
    const auto r = run_cli("sweep " + shell_quote(wraps) + extra);
    INFO(r.err);
    CHECK(r.exit_code == 2);
    CHECK(line_count(r.err) == 1);
    CHECK_THAT(r.err, Catch::Matchers::StartsWith("chaoskit: " + wraps +
                                                  ": grid: th1[65536] x th2[65536] x dth1[65536] x dth2[65536] "
                                                  "is 1.84e+19 points"));
  }
  // 1e14 points: indexable, but their status codes alone are 100 TB.
  const std::string huge = job_with("huge.toml",
                                    "th1 = { linspace = [0, 1, 100000] }\nth2 = { linspace = [0, 1, 100000] }\n"
                                    "dth1 = { linspace = [0, 1, 10000] }\ndth2 = 0.0\n");
  const auto r = run_cli("sweep " + shell_quote(huge) + " --progress quiet");
  INFO(r.err);
  CHECK(r.exit_code == 2);
  CHECK(line_count(r.err) == 1);
  CHECK_THAT(r.err, Catch::Matchers::StartsWith("chaoskit: grid: the grid has 100000000000000 points; tracking them "
                                                "needs about 2.25e+05 GB of memory, but only") &&
                        Catch::Matchers::Contains("is available"));
  const auto dry = run_cli("sweep " + shell_quote(huge) + " --dry-run");
  CHECK(dry.exit_code == 0);
  CHECK_THAT(dry.out, Catch::Matchers::Contains("memory about 2.25e+08 MB"));
  std::size_t entries = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path)) ++entries;
  CHECK(entries == 2);  // the two job files: nothing was written
}
