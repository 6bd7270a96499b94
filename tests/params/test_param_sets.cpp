// Shipped parameter sets: every one loads, validates and documents the provenance of every
// value; derived sets are recomputed from their recorded raw inputs; the reader rejects bad files
// with an error naming the file and the key.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "../support/scratch.hpp"
#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "chaoskit/params/segment_geometry.hpp"

using namespace chaoskit;
using Catch::Matchers::Contains;
using Catch::Matchers::WithinRel;

namespace {

std::filesystem::path write_temp(const std::string& name, const std::string& text) {
  static const chaoskit::test::ScratchDir dir("param_tests");  // removed when the tests end
  const auto path = dir.path / name;
  std::ofstream(path) << text;
  return path;
}

std::string error_of(const std::string& model, const std::string& text) {
  const auto path = write_temp("bad_" + std::to_string(std::hash<std::string>{}(text)) + ".toml", text);
  try {
    make_model(model, path.string());
  } catch (const InputError& e) { return e.what(); }
  return "(no error)";
}

const char* kGoodGolf = R"(model = "golf"
[values]
L1 = 0.35
L2 = 1.0
m1 = 2.5
m2 = 0.4
r1 = 0.175
r2 = 0.5
I1 = 0.025
I2 = 0.03
g = 9.81
)";

std::string replace(std::string s, const std::string& from, const std::string& to) {
  const auto at = s.find(from);
  REQUIRE(at != std::string::npos);
  return s.replace(at, from.size(), to);
}

void check_limb_equal(const LimbParams& a, const LimbParams& b) {
  CHECK_THAT(a.L1, WithinRel(b.L1, 1e-10));
  CHECK_THAT(a.L2, WithinRel(b.L2, 1e-10));
  CHECK_THAT(a.m1, WithinRel(b.m1, 1e-10));
  CHECK_THAT(a.C1, WithinRel(b.C1, 1e-10));
  CHECK_THAT(a.I1, WithinRel(b.I1, 1e-10));
  CHECK_THAT(a.m2, WithinRel(b.m2, 1e-10));
  CHECK_THAT(a.C2, WithinRel(b.C2, 1e-10));
  CHECK_THAT(a.I2, WithinRel(b.I2, 1e-10));
  CHECK(a.g == b.g);
}

}  // namespace

TEST_CASE("every shipped set loads and gives provenance for every value", "[params]") {
  const auto sets = shipped_param_sets();
  REQUIRE(sets.size() >= 8);
  for (const auto& name : sets) {
    INFO(name);
    const ParamFile f = read_param_file(name);
    REQUIRE_NOTHROW(make_model(f.model, name));
    const toml::table* values = f.table["values"].as_table();
    const toml::table* provenance = f.table["provenance"].as_table();
    REQUIRE(provenance);
    for (const auto& [key, node] : *values) {
      INFO("key " << key.str());
      const auto text = (*provenance)[key.str()].value<std::string>();
      REQUIRE(text);
      CHECK(text->size() > 10);
    }
    CHECK(f.table["description"].value<std::string>());
  }
}

TEST_CASE("frustum set is eq. 33 applied to the recorded radii and densities", "[params][limb]") {
  const ParamFile f = read_param_file("limb_frustum_deleva_lengths");
  const auto d = *f.table["derivation"].as_table();
  const LimbParams shipped = limb_params(f);
  const LimbParams rebuilt =
      frustum_limb(shipped.L1, d["thigh_R_proximal"].value_or(0.0), d["thigh_R_distal"].value_or(0.0),
                   d["thigh_density"].value_or(0.0), shipped.L2, d["shank_R_proximal"].value_or(0.0),
                   d["shank_R_distal"].value_or(0.0), d["shank_density"].value_or(0.0), 9.8);
  check_limb_equal(shipped, rebuilt);
}

TEST_CASE("frustum formulas: mass, COM and inertia by direct quadrature", "[params][geometry]") {
  const double L = 0.42, R1 = 0.095, R2 = 0.055, rho = 1062;
  // Midpoint rule on 200000 slices of radius R(s) = R1 + (R2 − R1) s / L.
  const int n = 200000;
  double mass = 0, moment = 0, inertia_axis = 0, inertia_disc = 0;
  for (int i = 0; i < n; ++i) {
    const double s = (i + 0.5) * L / n, R = R1 + (R2 - R1) * s / L, dm = rho * M_PI * R * R * L / n;
    mass += dm;
    moment += dm * s;
    inertia_axis += dm * s * s;
    inertia_disc += dm * R * R / 4;
  }
  const SegmentInertia slender = frustum_segment(L, R1, R2, rho, false);
  const SegmentInertia solid = frustum_segment(L, R1, R2, rho, true);
  CHECK_THAT(slender.mass, WithinRel(mass, 1e-9));
  CHECK_THAT(slender.com, WithinRel(moment / mass, 1e-9));
  CHECK_THAT(slender.inertia_hinge, WithinRel(inertia_axis, 1e-9));
  CHECK_THAT(solid.inertia_hinge, WithinRel(inertia_axis + inertia_disc, 1e-9));
}

TEST_CASE("de Leva sets are the table scaled to their recorded subject", "[params][limb]") {
  for (const char* sex : {"male", "female"}) {
    INFO(sex);
    const ParamFile f = read_param_file(std::string("limb_deleva_") + sex);
    const auto d = *f.table["derivation"].as_table();
    const LimbParams rebuilt = de_leva_limb(sex, d["body_mass"].value_or(0.0), d["stature"].value_or(0.0), 9.81);
    check_limb_equal(limb_params(f), rebuilt);
  }
  // Scaling: a leg of twice the mass has twice the masses and inertias, same lengths.
  const LimbParams a = de_leva_limb("male", 73.0, 1.741, 9.81), b = de_leva_limb("male", 146.0, 1.741, 9.81);
  CHECK_THAT(b.m1, WithinRel(2 * a.m1, 1e-14));
  CHECK_THAT(b.I2, WithinRel(2 * a.I2, 1e-14));
  CHECK(b.L1 == a.L1);
  CHECK_THROWS_AS(de_leva_leg("child"), InputError);
}

TEST_CASE("parameter files: a good file loads", "[params][errors]") {
  CHECK(error_of("golf", kGoodGolf) == "(no error)");
}

TEST_CASE("parameter files: each defect is named", "[params][errors]") {
  const std::string good = kGoodGolf;
  struct Case {
    std::string text, expected;
  };
  const std::vector<Case> cases = {
      {replace(good, "m1 = 2.5\n", ""), "values.m1: missing required parameter"},
      {replace(good, "m1 = 2.5", "m1 = 2.5\nmass3 = 1.0"), "values.mass3: unknown parameter for model golf"},
      {replace(good, "m1 = 2.5", "m1 = 0.0"), "values.m1: mass of link 1 must be > 0, got 0"},
      {replace(good, "m2 = 0.4", "m2 = -0.4"), "values.m2: mass of link 2 must be > 0, got -0.4"},
      {replace(good, "L1 = 0.35", "L1 = 0"), "values.L1: length of link 1 must be > 0"},
      {replace(good, "I2 = 0.03", "I2 = -0.03"), "values.I2: centroidal inertia of link 2 must be > 0"},
      {replace(good, "I1 = 0.025", "I1 = 0.0"), "values.I1: centroidal inertia of link 1 must be > 0"},
      {replace(good, "r1 = 0.175", "r1 = nan"), "values.r1: COM distance of link 1 from the pivot must be finite"},
      {replace(good, "g = 9.81", "g = inf"), "values.g: gravitational acceleration must be finite"},
      {replace(good, "L2 = 1.0", "L2 = \"long\""), "values.L2: must be a number"},
      {replace(good, "model = \"golf\"", "model = \"lorenz\""), "model: is 'lorenz', which model golf cannot use"},
      {replace(good, "model = \"golf\"", ""), "model: missing or not a string"},
      {replace(good, "model = \"golf\"", "model = \"golf\"\ncolour = \"red\""), "colour: unknown top-level key"},
      {replace(good, "[values]", "[valeus]"), "unknown top-level key"},
      // One message style with every strict reader (params/toml_fields.hpp): the keys it expects.
      {replace(good, "m1 = 2.5", "m1 = 2.5\nmass3 = 1.0"),
       "unknown parameter for model golf (expected one of: I1, I2, L1, L2, g, m1, m2, r1, r2)"},
      {replace(good, "model = \"golf\"", "model = \"golf\"\ncolour = \"red\""),
       "unknown top-level key (expected one of: derivation, description, model, provenance, values)"},
      {replace(good, "g = 9.81", "g = 9.81 9"), "bad_"},  // TOML syntax error names the file and line
  };
  for (const auto& c : cases) {
    INFO(c.text);
    CHECK_THAT(error_of("golf", c.text), Contains(c.expected));
  }
}

TEST_CASE("limb files: parallel-axis violation and chain list lengths are named", "[params][errors]") {
  const std::string limb = R"(model = "limb"
[values]
L1 = 0.5
L2 = 0.4
m1 = 10.0
C1 = 0.2
I1 = 0.5
m2 = 3.0
C2 = 0.2
I2 = 0.05
g = 9.8
)";
  CHECK_THAT(error_of("limb", limb), Contains("values.I2: shank inertia about the knee must be >= m2*C2^2"));
  const std::string chain = R"(model = "chain"
[values]
L = [1.0, 1.0]
m = [1.0]
r = [0.5, 0.5]
I = [0.1, 0.1]
g = 9.81
)";
  CHECK_THAT(error_of("chain", chain), Contains("values.m: expected 2 values (one per link, as L), got 1"));
  CHECK_THAT(error_of("chain", replace(chain, "m = [1.0]", "m = [1.0, 0.0]")),
             Contains("values.m[1]: link mass must be > 0"));
  CHECK_THAT(error_of("chain", replace(chain, "L = [1.0, 1.0]", "L = [1,1,1,1,1,1]")), Contains("1 to 5 links"));
  CHECK_THAT(error_of("chain",
                      replace(replace(chain, "m = [1.0]", "m = [1.0, 1.0]"), "g = 9.81", "g = 9.81\nb = [0.1, -0.1]")),
             Contains("values.b[1]: joint damping must be >= 0"));
}

TEST_CASE("unknown set names list the shipped ones", "[params][errors]") {
  try {
    read_param_file("no_such_set");
    FAIL("expected an InputError");
  } catch (const InputError& e) {
    CHECK_THAT(std::string(e.what()), Contains("unknown parameter set 'no_such_set'") && Contains("golf_manufactured"));
  }
  CHECK_THROWS_WITH(read_param_file("/nonexistent/x.toml"), Contains("no such file"));
}
