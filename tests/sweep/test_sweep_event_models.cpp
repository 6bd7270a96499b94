// Sweeps of event models: a walker file with a slope axis runs on the lanes (each lane's task finds
// and applies its heel strikes in the scalar driver's code, simd/README.md), its points integrate
// through heel strikes, and its dataset is the same bit for bit for 1 and 2 threads and for every
// vector path (the widest this CPU has, and CHAOSKIT_SIMD=scalar).
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <sstream>

#include "../support/model_files.hpp"
#include "chaoskit/indicators/lyapunov.hpp"
#include "chaoskit/integrate/variational.hpp"
#include "chaoskit/io/results_store.hpp"
#include "chaoskit/simd/lane_dispatch.hpp"
#include "support/build_paths.hpp"
#include "support/event_models.hpp"
#include "sweep_fixtures.hpp"

using namespace chaoskit;
using namespace chaoskit::test;

namespace {

/// Garcia's gait at gamma = 0.009 as the start of every point, the slope as the grid's axis.
std::string walker_job(const std::string& extra = "") {
  const double th = 0.20031090049483, dth = -0.19983247291764;
  std::ostringstream o;
  o.precision(17);
  o << "[model]\nname = \"" << shipped_model_file("simplest_walker") << "\"\n"
    << "[grid]\ngamma = { linspace = [0.006, 0.012, 4] }\n"
    << "theta = " << th << "\nphi = " << 2 * th << "\ndtheta = " << dth << "\ndphi = " << (1 - std::cos(2 * th)) * dth
    << "\n[compute]\nlambda_max = { time = 40.0, blocks = 4 }\nfinal_state = { time = 12.0 }\n"
    << "[integrator]\nrtol = 1e-10\natol = 1e-10\n"
    << extra;
  return o.str();
}

}  // namespace

TEST_CASE("sweep event models: the walker's slope axis, the same for 1 and 2 threads and on the scalar driver",
          "[sweep][cli][model_events]") {
  // The lanes take the walker (its λ_max; final_state is a trajectory, on the scalar driver).
  const AnyModel walker = make_model(shipped_model_file("simplest_walker"));
  CHECK(simd::has_lane_kernel(walker));
  CHECK(simd::lanes_run_as(walker, walker));

  ScratchDir dir("sweep_walker");
  const std::string job = write_job(dir, "walker.toml", walker_job());
  const auto r1 =
      run_cli("sweep " + shell_quote(job) + " --threads 1 --progress quiet --out " + shell_quote(dir.file("one.h5")));
  const auto r2 =
      run_cli("sweep " + shell_quote(job) + " --threads 2 --progress quiet --out " + shell_quote(dir.file("two.h5")));
  const auto rs =
      run_shell("CHAOSKIT_SIMD=scalar " + std::string(chaoskit::test::cli_path()) + " sweep " + shell_quote(job) +
                " --threads 2 --progress quiet --out " + shell_quote(dir.file("scalar.h5")));
  CAPTURE(r1.err, r2.err, rs.err);
  REQUIRE(r1.exit_code == 0);
  REQUIRE(r2.exit_code == 0);
  REQUIRE(rs.exit_code == 0);
  std::string diff;
  CHECK(same_datasets(dir.file("one.h5"), dir.file("two.h5"), diff));
  INFO(diff);
  CHECK(same_datasets(dir.file("one.h5"), dir.file("scalar.h5"), diff));
  INFO(diff);

  // Every point walked: status ok, and its final state is a trajectory through its heel strikes
  // under that point's slope (the same integration in-process, with the override a sweep makes).
  io::ResultsStore store = io::ResultsStore::open_read(dir.file("one.h5"));
  const auto status = store.read_status();
  const auto gamma = store.axes()[0].values;
  const auto x = store.read("final_state");
  const auto lambda = store.read("lambda_max");
  REQUIRE(gamma.size() == 4);
  IntegratorOptions io;
  io.stepper = StepperKind::dopri5;  // final_state's workload: a trajectory
  io.rtol = io.atol = 1e-10;
  const double th = 0.20031090049483, dth = -0.19983247291764;
  const Vec<double, 4> x0(th, 2 * th, dth, (1 - std::cos(2 * th)) * dth);
  for (std::size_t i = 0; i < gamma.size(); ++i) {
    CAPTURE(gamma[i]);
    CHECK(status[i] == 1);
    const std::map<std::string, double> values{{"gamma", gamma[i]}};
    const FileModel<4> w = file_model_with<4>(shipped_model_file("simplest_walker"), values);
    IntegrationReport rep;
    const Vec<double, 4> xT = flow(w, x0, InputSchedule(), 0.0, 12.0, io, &rep);
    REQUIRE(rep.ok());
    CHECK(rep.events == 3);  // heel strikes at about 3.9, 7.8 and 11.7
    for (int k = 0; k < 4; ++k)
      CHECK(x[i * 4 + static_cast<std::size_t>(k)] == Approx(xT(k)).epsilon(1e-8).margin(1e-9));
    // λ_max through the saltation matrices: the in-process computation's (rkf78, the tangent flow's).
    LyapunovOptions lo;
    lo.time = 40.0;
    lo.blocks = 4;
    IntegratorOptions tio;
    tio.stepper = StepperKind::rkf78;
    tio.rtol = tio.atol = 1e-10;
    const LyapunovResult ly = lyapunov_exponents<1>(w, x0, InputSchedule(), lo, tio);
    REQUIRE(ly.report.ok());
    CHECK(lambda[i] == Approx(ly.exponents[0]).epsilon(1e-6).margin(1e-9));
  }
  CHECK(x[0] != x[4]);  // the slope changed the walk
}

TEST_CASE("sweep event models: query describe names the walker file, its slope axis and the statuses",
          "[sweep][cli][model_events]") {
  ScratchDir dir("sweep_walker_query");
  const std::string job = write_job(dir, "walker.toml", walker_job());
  REQUIRE(run_cli("sweep " + shell_quote(job) + " --threads 2 --progress quiet").exit_code == 0);
  const auto q = run_cli("query " + shell_quote(dir.file("walker.h5")) + " describe");
  CAPTURE(q.out, q.err);
  REQUIRE(q.exit_code == 0);
  CHECK(q.out.find("simplest_walker.toml") != std::string::npos);
  CHECK(q.out.find("gamma") != std::string::npos);
  CHECK(q.out.find("model_events = heel_strike (up), fall (down, terminal)") !=
        std::string::npos);  // from the provenance
  CHECK(q.out.find("model_modes = default") != std::string::npos);
  CHECK(q.out.find("vector_path = " + simd::lane_path_description(simd::selected_lane_path())) != std::string::npos);
  CHECK(q.out.find("ok 4") != std::string::npos);
}
