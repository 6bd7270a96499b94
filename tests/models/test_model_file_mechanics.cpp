// The mechanical pieces of model files (models/model_mechanics.cpp, file_model.hpp): golf.toml and
// limb.toml give the built-in golf and limb models' M, c, G, B, D, V, angle map, endpoint lengths,
// endpoint kinematics, modes, basin maps and energy-surface states; a damped two-link file gives
// chain's damping and rest basins; and what cannot work is refused with one line naming the file.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>

#include "../support/scratch.hpp"
#include "chaoskit/basins/instances.hpp"
#include "chaoskit/models/energy_surface_sampler.hpp"
#include "chaoskit/models/linear_modes.hpp"
#include "chaoskit/models/mechanical_form.hpp"
#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "chaoskit/sections/energy_seeds.hpp"

using namespace chaoskit;

namespace {

std::string model_file(const std::string& name) { return (data_directory() / "models" / (name + ".toml")).string(); }

FileModel<4> file4(const std::string& path) {
  const AnyModel any = make_model(path);
  REQUIRE(std::holds_alternative<FileModel<4>>(any));
  return std::get<FileModel<4>>(any);
}

/// ‖a − b‖∞ / max(‖b‖∞, scale): norm-wise, against a scale for quantities that may vanish.
template <class A, class B>
double difference(const A& a, const B& b, double scale = 0.0) {
  return (a - b).cwiseAbs().maxCoeff() / std::max({b.cwiseAbs().maxCoeff(), scale, 1e-300});
}

/// A model file written into the temporary folder; removed with the object.
struct TempModel {
  chaoskit::test::ScratchDir dir{"mech"};
  std::filesystem::path path = dir.path / "model.toml";
  explicit TempModel(const std::string& text) { std::ofstream(path) << text; }
};

// A damped two-link chain in golf's conventions (chain's: th2 relative, centroidal inertias), with
// joint damping moments −b_k dth_k; {LINKS} is replaced by the table of angles and lengths.
const std::string damped_chain = R"TOML(model = "mechanical"
coordinates = ["th1", "th2"]
inputs = ["tau1", "tau2"]
mass_matrix = [["K1 + m2*L1^2 + K2 + 2*b*cos(th2)", "K2 + b*cos(th2)"],
               ["K2 + b*cos(th2)",                  "K2"]]
forces = ["tau1 + b*sin(th2)*(2*dth1*dth2 + dth2^2) - (m1*r1 + m2*L1)*g*sin(th1) - m2*g*r2*sin(th1 + th2) - b1*dth1",
          "tau2 - b*sin(th2)*dth1^2 - m2*g*r2*sin(th1 + th2) - b2*dth2"]
potential = "-m1*g*r1*cos(th1) - m2*g*(L1*cos(th1) + r2*cos(th1 + th2))"
{LINKS}
[values]
L1 = 1.0
L2 = 1.0
m1 = 1.0
m2 = 1.0
r1 = 0.5
r2 = 0.5
I1 = 0.08333333333333333
I2 = 0.08333333333333333
g = 9.81
b1 = 1.5
b2 = 1.5
[let]
K1 = "I1 + m1*r1^2"
K2 = "I2 + m2*r2^2"
b = "m2*L1*r2"
)TOML";
const std::string relative_links = "[kinematics]\nangles = \"relative\"\nlengths = [\"L1\", \"L2\"]\n";

std::string with_links(std::string text, const std::string& links) {
  text.replace(text.find("{LINKS}"), 7, links);
  return text;
}

ChainModel<2> damped_chain_builtin() {
  ChainParams p = chain_params(read_param_file("chain2_damped_rods"));
  p.b = {1.5, 1.5};
  return ChainModel<2>(p);
}

template <class Builtin>
void check_pieces(const Builtin& builtin, const FileModel<4>& file) {
  REQUIRE(is_mechanical_model(file));
  REQUIRE(has_kinematics(file));
  CHECK(file.program->mechanics_problem().empty());
  CHECK(difference(file.input_matrix(), builtin.input_matrix()) == 0.0);
  CHECK(file.angle_map() == builtin.angle_map());
  CHECK(file.endpoint_lengths() == builtin.endpoint_lengths());
  std::mt19937_64 rng(20261203);
  std::uniform_real_distribution<double> angle(-M_PI, M_PI), rate(-10, 10), torque(-5, 5);
  double worst = 0.0;
  for (int k = 0; k < 200; ++k) {
    const Vec<double, 2> q(angle(rng), angle(rng)), qd(rate(rng), rate(rng)), u(torque(rng), torque(rng));
    CAPTURE(q.transpose(), qd.transpose());
    // D q̇ to the bit: the dual mode's D of an undamped file is 0, not rounding, and a damped
    // file's is its damping coefficients.
    CHECK(file.dissipation(qd) == builtin.dissipation(qd));
    const Vec<double, 2> Gb = builtin.gravity(q), cb = builtin.bias(q, qd);
    // c is −f(q, q̇, 0) − G: its rounding is that of the gravity terms it cancels.
    const double scale = std::max(Gb.cwiseAbs().maxCoeff(), cb.cwiseAbs().maxCoeff());
    const double errs[] = {
        difference(file.mass_matrix(q), builtin.mass_matrix(q)),
        difference(file.gravity(q), Gb, scale),
        difference(file.bias(q, qd), cb, scale),
        std::abs(file.potential_energy(q) - builtin.potential_energy(q)) /
            std::max(1.0, std::abs(builtin.potential_energy(q))),
        difference(joint_accelerations(file, q, qd, u), joint_accelerations(builtin, q, qd, u)),
        difference(endpoint_kinematics(file, q, qd, Vec<double, 2>(1, -2)).a,
                   endpoint_kinematics(builtin, q, qd, Vec<double, 2>(1, -2)).a),
        std::abs(schur_inertia(file, q) / schur_inertia(builtin, q) - 1.0),
        std::abs(file.energy((Vec<double, 4>() << q, qd).finished()) / total_energy(builtin, q, qd) - 1.0),
    };
    for (double e : errs) worst = std::max(worst, e);
  }
  CAPTURE(worst);
  CHECK(worst <= 1e-12);
}

}  // namespace

TEST_CASE("model file mechanics: golf.toml and limb.toml give the built-in pieces", "[model_files][mechanics]") {
  SECTION("golf") { check_pieces(std::get<GolfModel>(make_model("golf")), file4(model_file("golf"))); }
  SECTION("limb") { check_pieces(std::get<LimbModel>(make_model("limb")), file4(model_file("limb"))); }
}

TEST_CASE("model file mechanics: a damped file gives chain's damping D and its pieces", "[model_files][mechanics]") {
  const TempModel f(with_links(damped_chain, relative_links));
  const FileModel<4> file = file4(f.path.string());
  const ChainModel<2> chain = damped_chain_builtin();
  CHECK(file.program->mechanics_problem().empty());
  CHECK(basins::has_damping(file));
  const Vec<double, 2> qd(1.5, -2.5);
  CHECK(file.dissipation(qd) == chain.dissipation(qd));  // D = −∂f/∂q̇ at rest, exactly diag(b)
  check_pieces(chain, file);
}

TEST_CASE("model file mechanics: modes of golf.toml and limb.toml are the built-ins' to 1e-10",
          "[model_files][mechanics]") {
  auto compare = [](const auto& builtin, const FileModel<4>& file) {
    const auto mb = linear_modes(builtin), mf = linear_modes(file);
    CAPTURE(mb.omega.transpose(), mf.omega.transpose());
    CHECK(difference(mf.omega, mb.omega) <= 1e-10);
    CHECK(difference(mf.shapes, mb.shapes) <= 1e-10);
    CHECK(difference(mf.stiffness, mb.stiffness) <= 1e-12);
    CHECK(difference(mf.mass, mb.mass) <= 1e-14);
  };
  compare(std::get<GolfModel>(make_model("golf")), file4(model_file("golf")));
  compare(std::get<LimbModel>(make_model("limb")), file4(model_file("limb")));
  // The golf chapter's printed frequencies, through the file.
  const auto golf = linear_modes(file4(model_file("golf")));
  CHECK(std::abs(golf.omega(0) - 3.644068205) < 5e-9);
  CHECK(std::abs(golf.omega(1) - 7.552873204) < 5e-9);
}

TEST_CASE("model file mechanics: basin maps equal the built-ins' label for label", "[model_files][mechanics][basins]") {
  const IntegratorOptions io;
  basins::BasinOptions bo;
  // Flip and bottom times are events located to 1e-10 on the interpolant; a rest label's capture
  // time is the end of the step in which the energy fell below the barrier, so it moves with the
  // step sequence (whose error estimates differ in their last bits between the two models).
  auto same_labels = [&](const auto& builtin, const auto& file, const basins::GridAxis& x, const basins::GridAxis& y,
                         const Vec<double, 4>& base, const InputSchedule& inputs, double time_tolerance = 1e-6) {
    const auto mb = basins::compute_basin_map(builtin, base, x, y, inputs, bo, io);
    const auto mf = basins::compute_basin_map(file, base, x, y, inputs, bo, io);
    CHECK(mf.label == mb.label);
    CHECK(mf.status == mb.status);
    std::set<std::int32_t> distinct(mb.label.begin(), mb.label.end());
    CHECK(distinct.size() >= 2);  // a map with something to get wrong
    double worst = 0.0;
    for (std::size_t k = 0; k < mb.time.size(); ++k)
      if (std::isfinite(mb.time[k])) worst = std::max(worst, std::abs(mf.time[k] - mb.time[k]));
    CAPTURE(worst);
    CHECK(worst <= time_tolerance);
  };
  const basins::GridAxis th1{"th1", 0, {-3.0, -2.0, -1.0, 1.0, 2.0, 3.0}};
  const basins::GridAxis th2{"th2", 1, {-3.0, -1.5, 0.0, 1.5, 3.0}};
  SECTION("flip, golf") {
    bo.kind = basins::BasinKind::flip;
    bo.flip.max_time = 3.0;
    same_labels(std::get<GolfModel>(make_model("golf")), file4(model_file("golf")), th1, th2, Vec<double, 4>::Zero(),
                InputSchedule(2));
  }
  SECTION("task, golf with a base moment") {
    bo.kind = basins::BasinKind::task;
    bo.task.max_time = 2.0;
    bo.task.threshold = 20.0;
    const InputSchedule push = InputSchedule::constant({5.0, 0.0});
    same_labels(std::get<GolfModel>(make_model("golf")), file4(model_file("golf")), th1, th2,
                Vec<double, 4>(0, 0, 0, 0), push);
  }
  SECTION("rest, the damped chain") {
    bo.kind = basins::BasinKind::rest;
    bo.rest.max_time = 60.0;
    const TempModel f(with_links(damped_chain, relative_links));
    const basins::GridAxis dth1{"dth1", 2, {-12.0, -6.0, 0.0, 6.0, 12.0}};
    same_labels(damped_chain_builtin(), file4(f.path.string()), th1, dth1, Vec<double, 4>::Zero(), InputSchedule(2),
                1e-3);
  }
}

TEST_CASE("model file mechanics: energy-surface samples and seeds equal the built-ins'",
          "[model_files][mechanics][energy]") {
  const GolfModel golf = std::get<GolfModel>(make_model("golf"));
  const FileModel<4> file = file4(model_file("golf"));
  for (SampleMeasure measure : {SampleMeasure::liouville, SampleMeasure::section}) {
    const EnergySurfaceSampler<GolfModel> sb(golf, 2.0, measure);
    const EnergySurfaceSampler<FileModel<4>> sf(file, 2.0, measure);
    CHECK(std::abs(sf.potential_minimum() - sb.potential_minimum()) <= 1e-12);
    double worst = 0.0;
    for (std::uint64_t i = 0; i < 200; ++i) {
      const auto db = sb.draw(3, 0, i);
      const auto df = sf.draw(3, 0, i);
      CHECK(df.proposals == db.proposals);  // the same proposals accepted
      worst = std::max(worst, difference(df.state, db.state));
    }
    CAPTURE(sample_measure_name(measure), worst);
    CHECK(worst <= 1e-12);
  }
  // section --energy: a seed line th2 in [−1, 1], dth1 solved.
  const std::vector<AxisSpec> axes{parse_axis_spec("th2=-1:1:9", golf.state_names(), "--seed")};
  const auto seeds_b = energy_surface_seeds(golf, 1.0, axes, 2), seeds_f = energy_surface_seeds(file, 1.0, axes, 2);
  REQUIRE(seeds_f.size() == seeds_b.size());
  for (std::size_t k = 0; k < seeds_b.size(); ++k) {
    CHECK(seeds_f[k].accessible == seeds_b[k].accessible);
    if (seeds_b[k].accessible) CHECK(difference(seeds_f[k].x, seeds_b[k].x) <= 1e-12);
  }
}

TEST_CASE("model file mechanics: what a file cannot give is refused naming the file",
          "[model_files][mechanics][bad_input]") {
  using Catch::Matchers::Contains;
  using Catch::Matchers::Matches;
  using Catch::Matchers::StartsWith;
  auto message = [](const auto& f) {
    try {
      f();
    } catch (const InputError& e) { return std::string(e.what()); }
    return std::string("(no error)");
  };
  SECTION("an ODE file") {
    const std::string lorenz = model_file("lorenz");
    const auto m = std::get<FileModel<3>>(make_model(lorenz));
    CHECK_THAT(message([&] { require_mechanics(m, "basins"); }),
               StartsWith(lorenz + ": basins need a mechanical model file (model = \"mechanical\")"));
    CHECK_FALSE(is_mechanical_model(m));
    // An ODE of 4 states has the type of a mechanical one, and is refused at run time.
    const TempModel hh(
        "model = \"ode\"\nstates = [\"x\", \"y\", \"px\", \"py\"]\n[values]\nk = 1.0\n[derivatives]\n"
        "x = \"px\"\ny = \"py\"\npx = \"-k*x\"\npy = \"-k*y\"\n");
    const FileModel<4> ode = file4(hh.path.string());
    CHECK_FALSE(is_mechanical_model(ode));
    CHECK_THAT(message([&] { require_mechanics(ode, "energy surfaces"); }), Contains("need a mechanical model file"));
  }
  SECTION("no [kinematics], no potential") {
    const TempModel f(with_links(damped_chain, ""));
    const FileModel<4> m = file4(f.path.string());
    CHECK_FALSE(has_kinematics(m));
    CHECK_THAT(message([&] { require_mechanics(m, "basins", basins::basin_needs(basins::BasinKind::flip)); }),
               StartsWith(f.path.string() + ": basins need [kinematics] with angles and lengths"));
    std::string no_potential = with_links(damped_chain, relative_links);
    no_potential.erase(no_potential.find("potential ="), no_potential.find('\n', no_potential.find("potential =")) -
                                                             no_potential.find("potential =") + 1);
    const TempModel g(no_potential);
    const FileModel<4> mg = file4(g.path.string());
    CHECK_THAT(message([&] { require_mechanics(mg, "energy grids", MechanicalNeeds{.potential = true}); }),
               StartsWith(g.path.string() + ": energy grids need the file's 'potential'"));
    CHECK(mg.gravity(Vec<double, 2>(0.3, 0.2)) == Vec<double, 2>::Zero());  // gravity then stays in c
    CHECK(std::isnan(mg.potential_energy(Vec<double, 2>(0.3, 0.2))));
  }
  SECTION("an input matrix that varies with the state") {
    std::string text = with_links(damped_chain, relative_links);
    text.replace(text.find("\"tau1 +"), 7, "\"cos(th1)*tau1 +");
    const TempModel f(text);
    const FileModel<4> m = file4(f.path.string());
    CHECK_THAT(m.program->mechanics_problem(), Contains("d(forces[1])/dtau1 is 1 at rest but"));
    CHECK_THAT(message([&] { require_mechanics(m, "basins", basins::basin_needs(basins::BasinKind::rest)); }),
               StartsWith(f.path.string() + ": the input matrix B"));
    // Flip basins need neither B nor D: they still run.
    CHECK_NOTHROW(require_mechanics(m, "basins", basins::basin_needs(basins::BasinKind::flip)));
  }
  SECTION("damping that varies with the angles") {
    std::string text = with_links(damped_chain, relative_links);
    text.replace(text.find("- b1*dth1"), 9, "- b1*(1 + th2^2)*dth1");
    const TempModel f(text);
    CHECK_THAT(file4(f.path.string()).program->mechanics_problem(),
               Contains("the damping -d(forces[1])/ddth1 is 1.5 at rest"));
  }
  SECTION("bad [kinematics] tables") {
    auto compile_error = [&](const std::string& links) {
      const TempModel f(with_links(damped_chain, links));
      return message([&] { (void)make_model(f.path.string()); }).substr(f.path.string().size());
    };
    CHECK_THAT(compile_error("[kinematics]\nangles = \"sideways\"\nlengths = [\"L1\", \"L2\"]\n"),
               Matches(":[0-9]+:[0-9]+: 'angles' in \\[kinematics\\] must be \"absolute\" or \"relative\""));
    CHECK_THAT(compile_error("[kinematics]\nangles = \"relative\"\n"), Contains("[kinematics] has no 'lengths'"));
    CHECK_THAT(compile_error("[kinematics]\nlengths = [\"L1\", \"L2\"]\n"), Contains("[kinematics] has no 'angles'"));
    CHECK_THAT(compile_error("[kinematics]\nangles = \"relative\"\nlengths = [\"L1\"]\n"),
               Contains("'lengths' in [kinematics] must list 2 lengths"));
    CHECK_THAT(compile_error("[kinematics]\nangles = \"relative\"\nlengths = [\"L1\", \"L2*cos(th1)\"]\n"),
               Contains("must be a number or an expression of parameters, not of the state"));
    CHECK_THAT(compile_error("[kinematics]\nangles = \"relative\"\nlengths = [\"L1\", \"L2 - 1\"]\n"),
               Contains("must be a length > 0"));
    CHECK_THAT(compile_error("[kinematics]\nangles = \"relative\"\nlengths = [\"L1\", \"L2\"]\nlinks = 2\n"),
               Contains("unknown key 'links' in [kinematics]"));
    const TempModel ode("model = \"ode\"\nstates = [\"x\"]\n[values]\nk = 1.0\n[derivatives]\nx = \"-k*x\"\n" +
                        relative_links);
    CHECK_THAT(message([&] { (void)make_model(ode.path.string()); }),
               Contains("[kinematics] is for mechanical model files"));
  }
}
