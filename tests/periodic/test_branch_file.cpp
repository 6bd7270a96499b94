// The branch file: written, read back equal (every variable), a restart from a saved period
// doubling switches onto the same period-2 branch, and a file that is not a branch file is refused.
#include <catch2/catch.hpp>

#include <cmath>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/periodic/branch_file.hpp"
#include "chaoskit/periodic/continuation.hpp"
#include "chaoskit/periodic/parameter_family.hpp"
#include "chaoskit/sections/section_file.hpp"
#include "support/scratch.hpp"

using namespace chaoskit;
using namespace chaoskit::periodic;

namespace {

ContinuationResult henon_branch(int levels) {
  const ParameterFamily fam = map_family("henon", {{"a", 0.1}}, "a");
  ContinuationOptions opt;
  opt.parameter_max = 1.0;
  opt.period_doubling_levels = levels;
  Vector guess(2);
  guess << 1.2, 0.36;
  return continue_orbits(fam, {{guess}, NAN}, opt);
}

}  // namespace

TEST_CASE("branch file: written and read back equal", "[periodic][io]") {
  const ContinuationResult r = henon_branch(1);
  test::ScratchDir dir("branch_file");
  const std::string path = dir.file("henon.h5");
  write_branch_file(path, r, {{"map", std::string("henon")}}, false);
  const BranchFile f = read_branch_file(path);
  CHECK(f.result.parameter == "a");
  CHECK(f.result.state_names == r.state_names);
  CHECK(std::get<std::string>(f.attributes.at("map")) == "henon");
  CHECK(std::get<std::string>(f.attributes.at("software")) == "chaoskit");
  REQUIRE(f.result.points.size() == r.points.size());
  for (std::size_t k = 0; k < r.points.size(); ++k) {
    const BranchPoint &a = r.points[k], &b = f.result.points[k];
    CAPTURE(k);
    CHECK(a.parameter == b.parameter);
    CHECK(a.state == b.state);
    CHECK(a.unknowns == b.unknowns);
    CHECK(a.monodromy == b.monodromy);
    CHECK(a.type == b.type);
    CHECK(a.branch == b.branch);
    CHECK(a.segments == b.segments);
    CHECK(a.iterations == b.iterations);
    CHECK(a.floquet.stability == b.floquet.stability);
    REQUIRE(a.floquet.multipliers.size() == b.floquet.multipliers.size());
    for (std::size_t j = 0; j < a.floquet.multipliers.size(); ++j) {
      CHECK(a.floquet.multipliers[j].value == b.floquet.multipliers[j].value);
      CHECK(a.floquet.multipliers[j].trivial == b.floquet.multipliers[j].trivial);
    }
  }
  REQUIRE(f.result.branches.size() == r.branches.size());
  for (std::size_t k = 0; k < r.branches.size(); ++k) {
    CHECK(f.result.branches[k].parent == r.branches[k].parent);
    CHECK(f.result.branches[k].parent_point == r.branches[k].parent_point);
    CHECK(f.result.branches[k].end_reason == r.branches[k].end_reason);
  }
  // An existing file is kept unless replacing it is asked for.
  CHECK_THROWS_AS(write_branch_file(path, r, {}, false), InputError);
  write_branch_file(path, r, {}, true);
}

TEST_CASE("branch file: a restart at a saved period doubling switches onto the period-2 branch", "[periodic][io]") {
  const ContinuationResult first = henon_branch(0);
  test::ScratchDir dir("branch_restart");
  const std::string path = dir.file("henon.h5");
  write_branch_file(path, first, {}, false);
  const BranchFile f = read_branch_file(path);
  const BranchPoint* pd = nullptr;
  for (const auto& p : f.result.points)
    if (p.type == PointType::period_doubling) pd = &p;
  REQUIRE(pd);
  ContinuationOptions opt;
  opt.parameter_max = 1.0;
  opt.period_doubling_levels = 1;
  ParameterFamily fam = map_family("henon", {{"a", 0.1}}, "a");
  fam.start = pd->parameter;
  const ContinuationResult r = continue_doubled(fam, *pd, opt);
  REQUIRE(r.branches.size() == 2);
  CHECK(r.branches[1].parent == 0);
  bool found = false;
  for (const auto& p : r.points)
    if (p.branch == 1 && p.type == PointType::period_doubling) {
      found = true;
      CHECK(std::abs(p.parameter - (0.49 + 1.69 / 4.0)) < 1e-9);  // (1 - b)^2 + (1 + b)^2 / 4, b = 0.3
    }
  CHECK(found);
}

TEST_CASE("branch file: another file is refused with one line", "[periodic][io][errors]") {
  test::ScratchDir dir("branch_refuse");
  const std::string path = dir.file("section.h5");
  SectionTable tb;
  tb.state_names = {"x"};
  write_section_file(path, tb, false);
  CHECK_THROWS_WITH(read_branch_file(path), Catch::Matchers::Contains("is not a chaoskit branch file"));
  CHECK_THROWS_AS(read_branch_file(dir.file("missing.h5")), InputError);
}
