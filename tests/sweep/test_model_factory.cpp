// The sweep's model factory (sweep/model_factory.hpp) against what it replaces: make_model on the
// set with the coordinate written into its [values]. Same model, bit for bit (its parameters and
// its right-hand side at a state), and the same error for a value the reader refuses, for each
// layout the factory handles: a set in its model's layout, a limb set read for golf (and a golf set
// for limb and a two-link chain), a chain's array element, lorenz, and a model file (the TOML path).
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "chaoskit/sweep/job/model_factory.hpp"
#include "chaoskit/sweep/job/parameter_axes.hpp"

using namespace chaoskit;
using namespace chaoskit::sweep;

namespace {

/// The parameters of a compiled model as one list of numbers (a model file: none).
std::vector<double> parameters_of(const AnyModel& model) {
  return std::visit(
      [](const auto& m) {
        std::vector<double> v;
        if constexpr (requires { m.p.for_each_field([](const FieldInfo&, const auto&) {}); }) {
          m.p.for_each_field([&](const FieldInfo&, const auto& x) {
            if constexpr (std::is_same_v<std::decay_t<decltype(x)>, double>)
              v.push_back(x);
            else
              v.insert(v.end(), x.begin(), x.end());  // chain's per-link arrays
          });
        }
        return v;
      },
      model);
}

/// f(x, u, 0) at a state and input that are not special (every component nonzero).
std::vector<double> rhs_of(const AnyModel& model) {
  return std::visit(
      [](const auto& m) {
        using M = std::decay_t<decltype(m)>;
        auto x = sized<Vec<double, M::state_dim>>(state_count(m));
        auto u = sized<Vec<double, M::input_dim>>(input_count(m));
        for (int i = 0; i < x.size(); ++i) x(i) = 0.3 + 0.17 * i - 0.05 * i * i;
        for (int i = 0; i < u.size(); ++i) u(i) = 0.7 - 0.4 * i;
        const Vec<double, M::state_dim> f = m.rhs(x, u, 0.0);
        return std::vector<double>(f.data(), f.data() + f.size());
      },
      model);
}

}  // namespace

TEST_CASE("model factory: a parameter coordinate gives make_model's model on the rewritten set, bit for bit",
          "[sweep][parameter][model_factory]") {
  const std::string lorenz_file = (data_directory() / "models" / "lorenz.toml").string();
  const auto [model, set, name, value] = GENERATE_COPY(table<std::string, std::string, std::string, double>({
      {"golf", "golf_manufactured", "L1", 0.4125},
      {"golf", "golf_manufactured", "m2", 0.3333},
      {"golf", "limb_deleva_male", "L1", 0.47},  // a limb set read for golf
      {"golf", "limb_deleva_male", "I2", 0.17},
      {"limb", "golf_manufactured", "r2", 0.52},  // a golf set read for limb
      {"limb", "limb_paper_reconstructed", "m2", 3.9},
      {"chain", "golf_manufactured", "m1", 2.2},  // a golf set read as a chain of two links
      {"chain", "chain3_uniform_rods", "b2", 0.07},
      {"chain", "chain3_uniform_rods", "L1", 1.3},
      {"chain", "chain3_uniform_rods", "g", 3.7},
      {"lorenz", "lorenz_classic", "sigma", 12.5},
      {"henon_heiles", "henon_heiles", "", 0.0},  // no fields: the set's own model
      {lorenz_file, lorenz_file, "rho", 24.0},    // a model file: the TOML path
  }));
  CAPTURE(model, set, name, value);
  const ParamFile file = read_param_file(set);
  const ModelFactory factory(model, file);
  std::vector<ModelFactory::Setting> settings;
  ParamFile rewritten = file;
  if (!name.empty()) {
    const auto ref = find_parameter(file, name);
    REQUIRE(ref);
    settings.push_back({factory.field(ref->key, ref->element), ref->element, value});
    set_parameter(rewritten, *ref, value);
  }
  const AnyModel typed = factory.make(settings);
  const AnyModel reread = make_model(model, rewritten);
  REQUIRE(typed.index() == reread.index());
  CHECK(parameters_of(typed) == parameters_of(reread));
  CHECK(rhs_of(typed) == rhs_of(reread));
  if (!name.empty()) CHECK(rhs_of(typed) != rhs_of(make_model(model, file)));  // the coordinate was written
}

TEST_CASE("model factory: a value the reader refuses is refused with the reader's error",
          "[sweep][parameter][model_factory]") {
  const auto [model, set, name, value] = GENERATE(table<std::string, std::string, std::string, double>({
      {"golf", "golf_manufactured", "m2", -1.0},
      {"golf", "limb_deleva_male", "I1", 1e-6},  // limb: I1 >= m1 C1^2, checked in the set's layout
      {"chain", "chain3_uniform_rods", "b3", -0.5},
      {"lorenz", "lorenz_classic", "beta", std::nan("")},  // lorenz bounds its fields only by finiteness
  }));
  CAPTURE(model, set, name, value);
  const ParamFile file = read_param_file(set);
  const ModelFactory factory(model, file);
  const auto ref = find_parameter(file, name);
  REQUIRE(ref);
  const ModelFactory::Setting s{factory.field(ref->key, ref->element), ref->element, value};
  ParamFile rewritten = file;
  set_parameter(rewritten, *ref, value);
  std::string typed_error, reread_error;
  try {
    (void)factory.make({&s, 1});
  } catch (const InputError& e) { typed_error = e.field() + " | " + e.reason(); }
  try {
    (void)make_model(model, rewritten);
  } catch (const InputError& e) { reread_error = e.field() + " | " + e.reason(); }
  CHECK_FALSE(reread_error.empty());
  CHECK(typed_error == reread_error);
}
