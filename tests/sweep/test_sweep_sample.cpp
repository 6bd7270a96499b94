// `chaoskit sweep` of a [sample] job (sweep/energy_sample.hpp) end to end: the states stored are
// the energy-surface sampler's for (seed, level, sample), bit for bit, and lie on their levels; the
// results are those of a direct computation from them; threads, an interruption and --resume give
// the same file, seeds give different samples, a changed seed, n or measure is refused on resume;
// the section measure seeds dth1 = 0; and every job [sample] cannot run is refused with one line
// naming the field, writing nothing.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "../support/json_lite.hpp"
#include "chaoskit/indicators/instances.hpp"
#include "chaoskit/indicators/lyapunov.hpp"
#include "chaoskit/integrate/instances.hpp"
#include "chaoskit/io/results_store.hpp"
#include "chaoskit/models/energy_surface_sampler.hpp"
#include "chaoskit/sweep/engine/point_context.hpp"
#include "chaoskit/sweep/reading/energy_sample.hpp"
#include "chaoskit/sweep/reading/job_reader.hpp"
#include "chaoskit/sweep/runs/job_fingerprint.hpp"
#include "sweep_fixtures.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

namespace {

// Golf's potential minimum with golf_manufactured is -a - b = -7.63 J, and the club can first turn
// over at -a + b = -3.70 J (a = g (m1 r1 + m2 L1), b = g m2 r2): the lower level confines both
// links, the upper one lets the club turn over.
const std::string kLevels = "energy = [-4.5, -2.0]\n";

// Short integrations (the suite also runs under the sanitizers), tight tolerances.
const std::string kCompute =
    "[compute]\nfinal_state = { time = 1.0 }\nlambda_max = { time = 1.0, renorm = 0.5, blocks = 2 }\n"
    "[integrator]\nrtol = 1e-9\natol = 1e-9\n";

std::string golf_sample_job(const std::string& sample, const std::string& rest = kCompute) {
  return "[model]\nname = \"golf\"\n[sample]\n" + sample + rest;
}

}  // namespace

TEST_CASE("sweep job: a [sample] has axes energy and sample, and point_context draws the sampler's state",
          "[sweep][sample][job]") {
  const sweep::Job job = sweep::parse_job(golf_sample_job(kLevels + "n = 3\nseed = 11\n"), "/tmp/sample.toml");
  REQUIRE(job.point_source == sweep::PointSource::energy_sample);
  REQUIRE(job.axes.size() == 2);
  CHECK(job.axes[0].name == "energy");
  CHECK(job.axes[0].values == std::vector<double>{-4.5, -2.0});
  CHECK(job.axes[0].units == "J");
  CHECK(job.axes[1].name == "sample");
  CHECK(job.axes[1].values == std::vector<double>{0, 1, 2});
  CHECK(job.point_count() == 6);
  CHECK(job.sample.measure == SampleMeasure::liouville);  // the default
  CHECK(job.sample.seed == 11);
  CHECK(job.energy.component == -1);  // nothing solved: the sampler sets every rate

  const GolfModel& golf = std::get<GolfModel>(job.base_model);
  const EnergySurfaceSampler<GolfModel> upper(golf, -2.0, SampleMeasure::liouville);
  const std::size_t index[] = {1, 2};
  const sweep::PointContext c = sweep::point_context(job, index);
  const auto expected = upper.sample(11, 1, 2);
  REQUIRE(c.x0.size() == 4);
  for (int i = 0; i < 4; ++i) CHECK(same_bits(c.x0[static_cast<std::size_t>(i)], expected(i)));
  CHECK(c.admissible);

  // The acceptance --dry-run reports agrees with the proposals the draws take (their mean is 1/p;
  // 4000 draws and 4096 trial angles each leave a few per cent of error).
  const sweep::LevelSamplers& samplers = *job.sample.samplers;
  REQUIRE(samplers.levels() == 2);
  for (std::size_t level = 0; level < 2; ++level) {
    double proposals = 0.0;
    std::vector<double> x(4);
    for (std::size_t i = 0; i < 4000; ++i) proposals += static_cast<double>(samplers.draw(11, level, i, x));
    const double estimate = samplers.acceptance_estimate(level, 4096);
    INFO("level " << level << ": acceptance measured " << 4000.0 / proposals << ", estimated " << estimate);
    CHECK(std::abs(4000.0 / proposals - estimate) < 0.15 * estimate);
  }

  const std::string fp = sweep::job_fingerprint(job);
  CHECK(fp.find("sample.energy = levels -0x1.2p+2 -0x1p+1\n") != std::string::npos);
  CHECK(fp.find("sample.n = 3\n") != std::string::npos);
  CHECK(fp.find("sample.measure = liouville\n") != std::string::npos);
  CHECK(fp.find("sample.seed = 11\n") != std::string::npos);

  // One number is one level; seed 0 by default.
  const sweep::Job one =
      sweep::parse_job(golf_sample_job("energy = -3.0\nn = 2\nmeasure = \"section\"\n"), "/tmp/one.toml");
  CHECK(one.axes[0].values == std::vector<double>{-3.0});
  CHECK(one.sample.seed == 0);
  CHECK(one.sample.measure == SampleMeasure::section);
}

TEST_CASE("sweep sample: initial_state is the sampler's, on its level, and the results are a direct computation's",
          "[sweep][sample][cli]") {
  ScratchDir dir("sweep_sample_direct");
  const std::string text = golf_sample_job(kLevels + "n = 5\nmeasure = \"liouville\"\nseed = 3\n");
  const std::string job_path = write_job(dir, "surface.toml", text);
  const auto r = run_cli(sweep_quiet(job_path));
  INFO(r.err);
  REQUIRE(r.exit_code == 0);

  const io::ResultsStore s = io::ResultsStore::open_read(dir.file("surface.h5"));
  REQUIRE(s.finalized());
  REQUIRE(s.axes().size() == 2);
  CHECK(s.axes()[0].name == "energy");
  CHECK(s.axes()[0].values == std::vector<double>{-4.5, -2.0});
  CHECK(s.axes()[0].units == "J");
  CHECK(s.axes()[1].name == "sample");
  CHECK(s.axes()[1].values == std::vector<double>{0, 1, 2, 3, 4});
  CHECK(s.variable_info("initial_state").dims == std::vector<std::string>{"energy", "sample", "component"});
  const auto attrs = s.root_attributes();
  CHECK(std::get<std::string>(attrs.at("sample_measure")) == "liouville");
  CHECK(std::get<long long>(attrs.at("sample_seed")) == 3);
  CHECK(std::get<long long>(attrs.at("sample_n")) == 5);

  // The same model, inputs and integrator options as the sweep's, from the same job text.
  const sweep::Job job = sweep::parse_job(text, job_path);
  const GolfModel& golf = std::get<GolfModel>(job.base_model);
  const auto x0s = s.read("initial_state"), E0 = s.read("initial_energy"), xT = s.read("final_state");
  const auto lambda = s.read("lambda_max"), lambda_error = s.read("lambda_max_error");
  const auto status = s.read_status();
  LyapunovOptions lo;
  lo.time = 1.0, lo.renorm = 0.5, lo.blocks = 2, lo.history_points = 1;
  const double levels[] = {-4.5, -2.0};
  for (std::size_t level = 0; level < 2; ++level) {
    const EnergySurfaceSampler<GolfModel> sampler(golf, levels[level], SampleMeasure::liouville);
    for (std::size_t i = 0; i < 5; ++i) {
      const std::size_t p = level * 5 + i;
      INFO("level " << level << ", sample " << i);
      REQUIRE(status[p] == point_status::ok);
      const Vec<double, 4> x0 = sampler.sample(3, level, i);
      for (int k = 0; k < 4; ++k) CHECK(same_bits(x0s[p * 4 + static_cast<std::size_t>(k)], x0(k)));
      CHECK(std::abs(E0[p] - levels[level]) <= 1e-12 * std::abs(levels[level]));

      IntegrationReport report;
      const Vec<double, 4> end =
          flow(golf, x0, job.inputs, 0.0, 1.0, job.integrator_for(Workload::trajectory), &report);
      REQUIRE(report.ok());
      for (int k = 0; k < 4; ++k) CHECK(same_bits(xT[p * 4 + static_cast<std::size_t>(k)], end(k)));
      const LyapunovResult l =
          lyapunov_exponents<1>(golf, x0, job.inputs, lo, job.integrator_for(Workload::tangent_flow));
      CHECK(same_bits(lambda[p], l.exponents[0]));
      CHECK(same_bits(lambda_error[p], l.errors[0]));
    }
  }
  // The samples differ from one another (the comparisons above are not of one repeated state).
  CHECK_FALSE(same_bits(x0s[0], x0s[4]));
  CHECK_FALSE(same_bits(x0s[0], x0s[5 * 4]));
}

TEST_CASE("sweep sample: the section measure seeds the plane dth1 = 0 exactly", "[sweep][sample][cli]") {
  ScratchDir dir("sweep_sample_section");
  const std::string job = write_job(dir, "section.toml",
                                    golf_sample_job(kLevels + "n = 6\nmeasure = \"section\"\nseed = 8\n",
                                                    "[compute]\nfinal_state = { time = 0.5 }\n"));
  REQUIRE(run_cli(sweep_quiet(job)).exit_code == 0);
  const io::ResultsStore s = io::ResultsStore::open_read(dir.file("section.h5"));
  CHECK(std::get<std::string>(s.root_attributes().at("sample_measure")) == "section");
  const auto x0 = s.read("initial_state"), E0 = s.read("initial_energy");
  const GolfModel golf(golf_params(read_param_file("golf_manufactured")));
  const double levels[] = {-4.5, -2.0};
  for (std::size_t level = 0; level < 2; ++level) {
    const EnergySurfaceSampler<GolfModel> sampler(golf, levels[level], SampleMeasure::section);
    for (std::size_t i = 0; i < 6; ++i) {
      const std::size_t p = level * 6 + i;
      INFO("level " << level << ", sample " << i);
      CHECK(x0[p * 4 + 2] == 0.0);  // dth1
      CHECK(x0[p * 4 + 3] > 0.0);   // dth2: the larger root
      CHECK(std::abs(E0[p] - levels[level]) <= 1e-12 * std::abs(levels[level]));
      const Vec<double, 4> expected = sampler.sample(8, level, i);
      for (int k = 0; k < 4; ++k) CHECK(same_bits(x0[p * 4 + static_cast<std::size_t>(k)], expected(k)));
    }
  }
}

TEST_CASE("sweep sample: threads 1 and 2 give one file, seeds differ, --dry-run describes the sample",
          "[sweep][sample][cli]") {
  ScratchDir dir("sweep_sample_threads");
  const std::string job = write_job(dir, "threads.toml", golf_sample_job(kLevels + "n = 8\nseed = 5\n"));
  const auto dry = run_cli(sweep_quiet(job, "--dry-run"));
  INFO(dry.out);
  CHECK(dry.exit_code == 0);
  CHECK(dry.out.find("sample 16 points: energy[2] -4.5..-2 J x sample[8], measure liouville") != std::string::npos);
  CHECK(dry.out.find("seed 5") != std::string::npos);
  CHECK(dry.out.find("potential minimum -7.6") != std::string::npos);
  CHECK(dry.out.find("acceptance 0.") != std::string::npos);
  CHECK(dry.out.find("initial_state") != std::string::npos);
  CHECK_FALSE(any_h5_in(dir));

  const std::string one = dir.file("one.h5"), two = dir.file("two.h5");
  REQUIRE(run_cli(sweep_quiet(job, "--threads 1 --out " + shell_quote(one))).exit_code == 0);
  REQUIRE(run_cli(sweep_quiet(job, "--threads 2 --out " + shell_quote(two))).exit_code == 0);
  std::string diff;
  CHECK(same_datasets(one, two, diff));
  INFO("first differing dataset: " << diff);

  // Another seed: the same levels, other states, every one of them.
  const std::string other = write_job(dir, "other.toml", golf_sample_job(kLevels + "n = 8\nseed = 6\n"));
  REQUIRE(run_cli(sweep_quiet(other)).exit_code == 0);
  const auto a = io::ResultsStore::open_read(one).read("initial_state");
  const auto b = io::ResultsStore::open_read(dir.file("other.h5")).read("initial_state");
  REQUIRE(a.size() == b.size());
  for (std::size_t p = 0; p < 16; ++p) CHECK_FALSE(same_bits(a[p * 4], b[p * 4]));
}

TEST_CASE("sweep sample: SIGINT, then --resume, equals an uninterrupted run", "[sweep][sample][faults]") {
  ScratchDir dir("sweep_sample_resume");
  // Written in batches of 4 points, so that the signal lands between writes. The interrupted run is
  // the scalar driver on one thread: on lanes the 128 points finish in groups of a vector's width,
  // and the release build's AVX-512 lanes had written them all (0.2 s) before the signal came. The
  // resumed run and the reference take the default path: the file must be the same on every path.
  const std::string job =
      write_job(dir, "slow.toml",
                golf_sample_job("energy = [-4.0, -3.0]\nn = 64\nseed = 2\n",
                                "[compute]\nlambda_max = { time = 40.0, renorm = 1.0, blocks = 4 }\n"
                                "[output]\nbatch = 4\nwrite_interval = 0\n"));
  const std::string reference = dir.file("reference.h5"), out = dir.file("interrupted.h5");
  REQUIRE(run_cli(sweep_quiet(job, "--threads 2 --out " + shell_quote(reference))).exit_code == 0);
  const pid_t pid = spawn_cli(sweep_quiet(job, "--threads 1 --out " + shell_quote(out)), "CHAOSKIT_SIMD=scalar");
  wait_for_first_batch(out);
  ::kill(pid, SIGINT);
  int wstatus = 0;
  ::waitpid(pid, &wstatus, 0);
  REQUIRE(WIFEXITED(wstatus));
  CHECK(WEXITSTATUS(wstatus) == 128 + SIGINT);
  const std::size_t saved = done_points(out);
  CHECK(saved > 0);
  CHECK(saved < 128);
  const auto r = run_cli(sweep_quiet(job, "--threads 1 --resume --json --out " + shell_quote(out)));
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const auto summary = JsonParser::parse(r.out);
  CHECK(summary["computed"].number() == 128 - static_cast<double>(saved));
  // The time computing the points is part of the run's time (the rest: the file's writes, its compression).
  CHECK(summary["compute_seconds"].number() > 0.0);
  CHECK(summary["compute_seconds"].number() <= summary["seconds"].number());
  std::string diff;
  CHECK(same_datasets(reference, out, diff));
  INFO("first differing dataset: " << diff);
}

TEST_CASE("sweep sample: --resume refuses a changed seed, n or measure and names it", "[sweep][sample][cli]") {
  ScratchDir dir("sweep_sample_refuse_resume");
  const std::string compute = "[compute]\nfinal_state = { time = 0.5 }\n";
  const std::string job = write_job(dir, "job.toml", golf_sample_job(kLevels + "n = 4\nseed = 1\n", compute));
  const std::string out = dir.file("job.h5");
  REQUIRE(run_cli(sweep_quiet(job)).exit_code == 0);
  const auto unchanged = run_cli(sweep_quiet(job, "--resume --json"));
  REQUIRE(unchanged.exit_code == 0);
  CHECK(JsonParser::parse(unchanged.out)["computed"].number() == 0);

  const std::string before = file_bytes(out);
  struct Edit {
    std::string sample, expect;
  };
  const std::vector<Edit> edits = {
      {kLevels + "n = 4\nseed = 2\n", "sample.seed differs: '1' in the file, '2' in this job"},
      {kLevels + "n = 4\nseed = 1\nmeasure = \"section\"\n",
       "sample.measure differs: 'liouville' in the file, 'section' in this job"},
      // Another n is another `sample` dimension: the file's layout refuses it first.
      {kLevels + "n = 5\nseed = 1\n", "axis 'sample'"},
      {"energy = [-4.5, -2.5]\nn = 4\nseed = 1\n", "axis 'energy'"},
  };
  for (const auto& e : edits) {
    write_job(dir, "job.toml", golf_sample_job(e.sample, compute));
    const auto r = run_cli(sweep_quiet(job, "--resume"));
    INFO(e.sample << "\nstderr: " << r.err);
    CHECK(r.exit_code == 2);
    CHECK(line_count(r.err) == 1);
    CHECK(r.err.find(e.expect) != std::string::npos);
    CHECK(file_bytes(out) == before);
  }
}

TEST_CASE("sweep sample: every job [sample] cannot run exits 2 with one line naming the field, and writes nothing",
          "[sweep][sample][cli][errors]") {
  struct Case {
    std::string job;  ///< the whole job file but [compute]
    std::vector<std::string> expect;
  };
  const std::string golf = "[model]\nname = \"golf\"\n";
  const std::string sample = "[sample]\n" + kLevels + "n = 4\n";
  const std::vector<Case> cases = {
      {golf + sample + "[grid]\nth1 = [0.0, 1.0]\n", {"chaoskit: grid:", "[sample]"}},
      {golf + sample + "[points]\nfile = \"states.csv\"\n", {"chaoskit: points:", "[sample]"}},
      {golf + sample + "[energy]\nsolve = \"dth1\"\n", {"chaoskit: energy:", "[sample]", "every rate"}},
      {golf + sample + "[inputs]\ntorque = [1.0, 0.0]\n", {"chaoskit: inputs:", "[sample]", "unforced"}},
      {"[model]\nname = \"lorenz\"\n" + sample, {"chaoskit: sample:", "mechanical model", "lorenz"}},
      {"[model]\nname = \"henon_heiles\"\n" + sample, {"chaoskit: sample:", "mechanical model", "henon_heiles"}},
      {"[model]\nname = \"chain\"\nparams = \"chain1_damped_rod\"\n" + sample,
       {"chaoskit: sample:", "one degree of freedom", "periodic orbits"}},
      {"[model]\nname = \"chain\"\nparams = \"chain2_damped_rods\"\n" + sample,
       {"chaoskit: sample:", "damping > 0", "energy decays"}},
      {"[model]\nname = \"chain\"\nparams = \"chain3_uniform_rods\"\n" + sample + "measure = \"section\"\n",
       {"chaoskit: sample.measure:", "two-link", "3 links"}},
      {golf + "[sample]\nenergy = [-9.0, -4.0]\nn = 4\n",
       {"chaoskit: sample.energy:", "level 0 of 2", "E = -9 J", "potential minimum V_min = -7.6", "J"}},
      {golf + "[sample]\nenergy = { linspace = [-4.0, -3.0, 101] }\nn = 4\n",
       {"chaoskit: sample.energy:", "101 levels"}},
      {golf + "[sample]\nenergy = [-4.0, -4.5]\nn = 4\n", {"chaoskit: sample.energy:", "increasing"}},
      {golf + "[sample]\nenergy = \"low\"\nn = 4\n", {"chaoskit: sample.energy:"}},
      {golf + "[sample]\nn = 4\n", {"chaoskit: sample.energy:", "missing"}},
      {golf + "[sample]\n" + kLevels, {"chaoskit: sample.n:", "missing"}},
      {golf + "[sample]\n" + kLevels + "n = 0\n", {"chaoskit: sample.n:", ">= 1"}},
      {golf + "[sample]\n" + kLevels + "n = -3\n", {"chaoskit: sample.n:", ">= 1"}},
      {golf + "[sample]\n" + kLevels + "n = 2.5\n", {"chaoskit: sample.n:", "integer"}},
      {golf + "[sample]\n" + kLevels + "n = 100000001\n", {"chaoskit: sample.n:", "more than 100000000"}},
      {golf + "[sample]\n" + kLevels + "n = 1125899906842624\n", {"chaoskit: sample.n:", "more than 100000000"}},
      {golf + sample + "seed = -1\n", {"chaoskit: sample.seed:", ">= 0"}},
      {golf + sample + "seed = 1.5\n", {"chaoskit: sample.seed:", "integer"}},
      {golf + sample + "seed = \"one\"\n", {"chaoskit: sample.seed:", "integer"}},
      {golf + sample + "measure = \"uniform\"\n", {"chaoskit: sample.measure:", "liouville, section"}},
      {golf + sample + "measure = 1\n", {"chaoskit: sample.measure:", "string"}},
      {golf + sample + "seeds = 1\n", {"chaoskit: sample.seeds:", "unknown key"}},
      {"sample = 3\n" + golf, {"chaoskit: sample:", "table"}},
  };
  for (const auto& c : cases) {
    ScratchDir dir("sweep_sample_bad");
    std::ofstream(dir.file("states.csv")) << "th1\n0.1\n";
    const std::string job = write_job(dir, "bad.toml", c.job + "[compute]\nfinal_state = { time = 0.5 }\n");
    const auto r = run_cli(sweep_quiet(job));
    INFO("job:\n" << c.job << "\nstderr: " << r.err);
    CHECK(r.exit_code == 2);
    CHECK(line_count(r.err) == 1);
    // "chaoskit: sample:" stands for "chaoskit: JOB: sample:": the job reader names the file first.
    for (const auto& e : c.expect)
      CHECK(r.err.find(e.rfind("chaoskit: ", 0) == 0 ? "chaoskit: " + job + ": " + e.substr(10) : e) !=
            std::string::npos);
    CHECK_FALSE(any_h5_in(dir));
  }
}
