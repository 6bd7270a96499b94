// orbit_class = { time = 500, renorm = 1, blocks = 10, max_time, lambda_floor }: regular, chaotic or
// undecided by λ_max, SALI and MEGNO together, fixed at `time` or adaptive up to `max_time`
// (indicators/orbit_classification.hpp; the options and their classifier's are in orbit_class.hpp).
#include <cmath>
#include <cstdio>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/params/toml_fields.hpp"
#include "chaoskit/sweep/quantities/fast_indicator_fields.hpp"
#include "chaoskit/sweep/quantities/orbit_class.hpp"
#include "chaoskit/sweep/quantities/quantity_unit.hpp"

namespace chaoskit::sweep {

namespace {

using entry_fields::exact;

/// orbit_class's long_name: the codes and the verdict rule in force, with its exponent floor.
std::string orbit_class_description(const OrbitClassOptions& o) {
  char rule[400];
  if (o.adaptive())
    std::snprintf(rule, sizeof rule,
                  "adaptive: T doubled from %g s up to max_time %g s; chaotic where lambda_max and SALI say so, "
                  "regular where lambda_max, SALI and MEGNO all say so and T >= ln(sqrt(2)/%g)/lambda_floor = %.0f s "
                  "(lambda_floor = %g 1/s), else undecided",
                  o.time, o.max_time, o.sali_chaotic, o.regular_time(), o.floor());
  else
    std::snprintf(rule, sizeof rule,
                  "fixed T = %g s, where lambda_max and SALI agree: a regular verdict excludes only exponents above "
                  "ln(sqrt(2)/%g)/T = %.3g 1/s",
                  o.time, o.sali_chaotic, o.floor());
  return std::string("verdict: 0 regular, 1 chaotic, 2 undecided; ") + rule;
}

void read_orbit_class(const toml::table& t, const std::string& prefix, const Job& job, ComputeSpec& c) {
  using namespace entry_fields;
  require_two_states(job, prefix);
  reject_unknown_keys(t, {"time", "renorm", "blocks", "max_time", "lambda_floor"}, prefix + ".");
  c.time = 500.0;
  read_time(t, prefix, c);
  read_renorm(t, prefix, c);
  read_blocks(t, prefix, c);
  check_renorm(prefix, c);
  check_blocks(prefix, c);
  // The adaptive keys, checked by the classifier's own rules (OrbitClassOptions) so that a job is
  // refused for exactly what classify_orbit would refuse, with the key named.
  auto own = std::make_shared<OrbitClassEntry>();
  if (t.get("max_time")) own->max_time = positive(t, "max_time", NAN, prefix + ".max_time");
  if (t.get("lambda_floor")) own->lambda_floor = positive(t, "lambda_floor", NAN, prefix + ".lambda_floor");
  c.options = std::move(own);
  try {
    orbit_class_options(c).validate();
  } catch (const InputError& e) { throw InputError(prefix + "." + e.field(), e.reason()); }
}

/// The codes of a verdict or a vote, as CF flags.
io::Flags verdict_flags() {
  auto code = [](OrbitClass k) { return static_cast<long long>(k); };
  return {{code(OrbitClass::regular), code(OrbitClass::chaotic), code(OrbitClass::undecided)},
          "regular chaotic undecided"};
}

void orbit_class_variables(const ComputeSpec& c, const ModelShape&, VariableList& out) {
  namespace slot = orbit_class_slot;
  out.add(slot::verdict, {}, "1", orbit_class_description(orbit_class_options(c)), verdict_flags());
  out.add(slot::votes, {{"indicator", 3}}, "1",
          "vote of lambda_max, SALI and MEGNO, in that order: 0 regular, 1 chaotic, 2 undecided", verdict_flags());
  out.add(slot::lambda_max, {}, "1/s", "largest Lyapunov exponent at T (from SALI's first vector)");
  out.add(slot::lambda_max_error, {}, "1/s", "standard error of orbit_lambda_max (block averages)");
  out.add(slot::lambda_max_half, {}, "1/s", "the lambda_max estimate at T/2");
  out.add(slot::sali, {}, "1", "smaller alignment index at T");
  out.add(slot::sali_min, {}, "1", "smallest SALI met up to T");
  out.add(slot::megno, {}, "1", "MEGNO <Y> at T");
  out.add(slot::growth_power, {}, "1",
          "adaptive: p in |w| ~ t^p of the deviation vector over [T/4, T] (about 1 on a torus, large if chaotic)");
  out.add(slot::time, {}, "s",
          "T: the time at which the verdict was reached (or max_time), the time of every orbit_ value");
}

void orbit_class_fingerprint(const ComputeSpec& c, std::ostream& o) {
  entry_fields::common_fingerprint(c, o);
  const OrbitClassEntry& own = c.options_as<OrbitClassEntry>();
  o << ", max_time " << exact(own.max_time) << ", lambda_floor " << exact(own.lambda_floor);
}

// An adaptive entry continues each orbit until its verdict settles: between `time` and max_time,
// recorded as orbit_time.
std::optional<VariableTime> orbit_class_variable_time(const ComputeSpec& c) {
  const double max_time = c.options_as<OrbitClassEntry>().max_time;
  if (!std::isfinite(max_time)) return std::nullopt;
  return VariableTime{orbit_class_slot::time.index, c.time, max_time};
}

}  // namespace

const QuantityUnit& orbit_class_unit() {
  static const QuantityUnit unit{.quantity = Quantity::orbit_class,
                                 .name = "orbit_class",
                                 .workload = Workload::tangent_flow,
                                 .lanes = simd::LaneSystem::classifier,
                                 .read = read_orbit_class,
                                 .variables = orbit_class_variables,
                                 .fingerprint = orbit_class_fingerprint,
                                 .variable_time = orbit_class_variable_time};
  return unit;
}

}  // namespace chaoskit::sweep
