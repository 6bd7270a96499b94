#include "chaoskit/sweep/reading/energy_sample.hpp"

#include <algorithm>
#include <cassert>
#include <cstdio>
#include <limits>
#include <stdexcept>
#include <vector>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/models/energy_surface_sampler.hpp"
#include "chaoskit/models/mechanical_form.hpp"
#include "chaoskit/params/toml_fields.hpp"
#include "chaoskit/sweep/quantities/quantity_unit.hpp"
#include "chaoskit/sweep/reading/axis_values.hpp"

namespace chaoskit::sweep {

namespace {

/// A model whose energy surfaces the sampler can draw from.
template <class M>
concept SampleableModel = MechanicalModel<M> &&(M::dof >= 2 || !is_fixed_extent(M::dof));

template <SampleableModel M>
class LevelSamplersOf final : public LevelSamplers {
 public:
  /// One sampler per level, in order. The levels increase, so a level below the potential
  /// minimum is met first as level 0; the sampler's refusal is passed on naming the level.
  LevelSamplersOf(const M& model, const std::vector<double>& levels, SampleMeasure measure) {
    samplers_.reserve(levels.size());
    for (std::size_t k = 0; k < levels.size(); ++k) {
      try {
        samplers_.emplace_back(model, levels[k], measure);
      } catch (const InputError& e) {
        throw InputError("sample.energy",
                         "level " + std::to_string(k) + " of " + std::to_string(levels.size()) + ": " + e.reason());
      }
    }
  }

  std::size_t levels() const override { return samplers_.size(); }

  std::uint64_t draw(std::uint64_t seed, std::size_t level, std::size_t index, std::span<double> x) const override {
    const auto d = samplers_.at(level).draw(seed, level, index);
    for (int i = 0; i < d.state.size(); ++i) x[static_cast<std::size_t>(i)] = d.state(i);
    return d.proposals;
  }

  double potential_minimum() const override { return samplers_.front().potential_minimum(); }

  double acceptance_estimate(std::size_t level, std::size_t trials) const override {
    // A proposal is a uniform q accepted with probability q_weight(q) / W (energy_surface_sampler.hpp),
    // so the acceptance is the mean of that ratio over uniform angles. Their stream is one no sample
    // draws from (an index beyond kMaxSamplesPerLevel), fixed so that the estimate is too.
    const auto& sampler = samplers_.at(level);
    sample_rng::Stream stream(sample_rng::sample_key(0, level, std::numeric_limits<std::uint64_t>::max()));
    double sum = 0.0;
    for (std::size_t t = 0; t < trials; ++t) {
      auto q = sized<Vec<double, M::dof>>(coordinate_count(sampler.model()));
      for (int i = 0; i < q.size(); ++i) q(i) = stream.angle();
      sum += sampler.q_weight(q) / sampler.q_weight_bound();
    }
    return sum / static_cast<double>(trials);
  }

 private:
  std::vector<EnergySurfaceSampler<M>> samplers_;
};

std::shared_ptr<const LevelSamplers> make_level_samplers(const AnyModel& model, const std::vector<double>& levels,
                                                         SampleMeasure measure) {
  return std::visit(
      [&](const auto& m) -> std::shared_ptr<const LevelSamplers> {
        using M = std::decay_t<decltype(m)>;
        if constexpr (SampleableModel<M>)
          return std::make_shared<const LevelSamplersOf<M>>(m, levels, measure);
        else {
          assert(false && "make_level_samplers: the job reader checks that the model has energy surfaces");
          return nullptr;
        }
      },
      model);
}

/// The tables a [sample] replaces or cannot be combined with, refused before anything else so
/// that the message says why rather than what is wrong inside them.
void refuse_tables_beside_sample(const toml::table& root) {
  for (const char* table : {"grid", "points"})
    if (root.get(table))
      throw InputError(table, std::string("cannot be combined with [sample]: its points are random states on the "
                                          "energy levels; give [") +
                                  table + "] or [sample], not both");
  if (root.get("energy"))
    throw InputError("energy",
                     "cannot be combined with [sample]: the sampler sets every rate of a state on its level, "
                     "there is none to solve");
  if (root.get("inputs"))
    throw InputError("inputs",
                     "cannot be combined with [sample]: it samples the energy surfaces of the unforced model "
                     "(joint moments would move an orbit off its level)");
}

/// Only a mechanical, undamped model with at least two degrees of freedom has energy surfaces
/// whose chaotic fraction means something.
void check_model(const Job& job) {
  // A model file: mechanical, with a potential, and a damping D apart from its other forces.
  std::visit(
      [](const auto& m) {
        require_mechanics(m, "energy surfaces", MechanicalNeeds{.potential = true, .constant_pieces = true});
      },
      job.base_model);
  const int dof = mechanical_dof(job.base_model);
  if (dof == 0)
    throw InputError("sample", "energy surfaces need a mechanical model of 2 or more degrees of freedom (" +
                                   mechanical_model_names() + "), not " + job.model_name);
  if (dof < 2)
    throw InputError("sample", "model " + job.model_name + " (params " + job.params.label +
                                   ") has one degree of freedom: its energy surfaces are single periodic orbits, none "
                                   "chaotic (use a chain with 2 or more links)");
  if (has_joint_damping(job.base_model))
    throw InputError("sample",
                     "model " + job.model_name + " (params " + job.params.label +
                         ") has joint damping > 0: its energy decays, so an orbit leaves the energy surface it "
                         "started on and the surface has no chaotic fraction to measure (set the damping to 0, "
                         "e.g. [model.overrides] b = [0.0, ...], or use an undamped parameter set)");
}

/// sample.energy: one number or an axis, in J; the levels are strictly increasing.
std::vector<double> read_levels(const toml::table& t) {
  const toml::node* node = t.get("energy");
  if (!node)
    throw InputError("sample.energy", "missing (the levels in J: a number, or e.g. { linspace = [-5.0, -3.0, 9] })");
  const std::vector<double> levels = node->is_table() || node->is_array()
                                         ? axis_values(*node, "sample.energy")
                                         : std::vector<double>{number_of(*node, "sample.energy")};
  if (levels.size() > kMaxLevels)
    throw InputError("sample.energy", std::to_string(levels.size()) + " levels, more than " +
                                          std::to_string(kMaxLevels) +
                                          " (each level's sampler searches its rejection bound when the job is read)");
  return levels;
}

std::size_t read_count(const toml::table& t) {
  const toml::node* node = t.get("n");
  if (!node) throw InputError("sample.n", "missing (the number of samples per energy level, e.g. n = 200)");
  const auto n = node->as_integer();
  if (!n) throw InputError("sample.n", "must be an integer (the number of samples per energy level)");
  if (n->get() < 1)
    throw InputError("sample.n", "must be >= 1 (samples per energy level), got " + std::to_string(n->get()));
  if (static_cast<std::uint64_t>(n->get()) > kMaxSamplesPerLevel)
    throw InputError("sample.n", std::to_string(n->get()) + " samples per level, more than " +
                                     std::to_string(kMaxSamplesPerLevel) + " (as many as a [grid] axis may have)");
  return static_cast<std::size_t>(n->get());
}

SampleMeasure read_measure(const toml::table& t, int dof) {
  const toml::node* node = t.get("measure");
  if (!node) return SampleMeasure::liouville;
  SampleMeasure measure;
  try {
    measure = parse_sample_measure(string_of(*node, "sample.measure"));
  } catch (const InputError& e) { throw InputError("sample.measure", e.reason()); }
  if (measure == SampleMeasure::section && dof != 2)
    throw InputError("sample.measure", "\"section\" seeds the plane dth1 = 0 of a two-link model; this model has " +
                                           std::to_string(dof) + " links (use measure = \"liouville\")");
  return measure;
}

std::uint64_t read_seed(const toml::table& t) {
  const toml::node* node = t.get("seed");
  if (!node) return 0;
  const auto seed = node->as_integer();
  if (!seed) throw InputError("sample.seed", "must be an integer >= 0 (the same seed draws the same samples)");
  if (seed->get() < 0) throw InputError("sample.seed", "must be >= 0, got " + std::to_string(seed->get()));
  return static_cast<std::uint64_t>(seed->get());
}

GridEntry level_axis(std::vector<double> levels) {
  GridEntry e;
  e.name = "energy";
  e.target = Target::sample_level;
  e.values = std::move(levels);
  e.units = "J";
  e.long_name = "energy level: the total energy of every sample on it";
  return e;
}

GridEntry sample_axis(std::size_t n) {
  GridEntry e;
  e.name = "sample";
  e.target = Target::sample_index;
  e.values.resize(n);
  for (std::size_t i = 0; i < n; ++i) e.values[i] = static_cast<double>(i);
  e.units = "1";
  e.long_name = "index of the sample on its energy level (the state is initial_state)";
  return e;
}

/// `v` with `digits` significant digits, for the dry-run's lines.
std::string rounded(double v, int digits = 6) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.*g", digits, v);
  return buffer;
}

}  // namespace

void read_sample(Job& job, const toml::table& root) {
  refuse_tables_beside_sample(root);
  const toml::node* node = root.get("sample");
  if (!node || !node->is_table()) throw InputError("sample", "must be a table");
  const toml::table& t = *node->as_table();
  reject_unknown_keys(t, {"energy", "n", "measure", "seed"}, "sample.");
  check_model(job);
  std::vector<double> levels = read_levels(t);
  EnergySample& s = job.sample;
  s.n = read_count(t);
  s.measure = read_measure(t, mechanical_dof(job.base_model));
  s.seed = read_seed(t);
  s.samplers = make_level_samplers(job.base_model, levels, s.measure);
  job.point_source = PointSource::energy_sample;
  job.axes = {level_axis(std::move(levels)), sample_axis(s.n)};
}

io::Attributes sample_attributes(const Job& job) {
  if (job.point_source != PointSource::energy_sample) return {};
  // The seed is read as a TOML integer >= 0, so it fits a long long.
  return {{"sample_measure", std::string(sample_measure_name(job.sample.measure))},
          {"sample_seed", static_cast<long long>(job.sample.seed)},
          {"sample_n", static_cast<long long>(job.sample.n)}};
}

std::string describe_sample(const Job& job) {
  constexpr std::size_t kTrials = 4096;
  const GridEntry& levels = job.axes.at(0);
  const LevelSamplers& samplers = *job.sample.samplers;
  double lowest = 1.0, highest = 0.0;
  for (std::size_t k = 0; k < samplers.levels(); ++k) {
    const double a = samplers.acceptance_estimate(k, kTrials);
    lowest = std::min(lowest, a), highest = std::max(highest, a);
  }
  const bool liouville = job.sample.measure == SampleMeasure::liouville;
  const std::string range = levels.values.size() == 1
                                ? rounded(levels.values.front())
                                : rounded(levels.values.front()) + ".." + rounded(levels.values.back());
  std::string s = "sample " + std::to_string(job.point_count()) + " points: energy[" +
                  std::to_string(levels.values.size()) + "] " + range + " J x sample[" + std::to_string(job.sample.n) +
                  "], measure " + std::string(sample_measure_name(job.sample.measure)) +
                  (liouville ? " (uniform on the energy surface in canonical coordinates)"
                             : " (uniform by area on the plane dth1 = 0, dth2 > 0)") +
                  ", seed " + std::to_string(job.sample.seed) + "\n";
  // Two digits: the estimate's own error is about sqrt(p / kTrials), a few per cent of p. No trial
  // accepted says only that p is small: each sample will then take thousands of proposals or more.
  auto shown = [&](double p) { return p > 0.0 ? rounded(p, 2) : "below 1/" + std::to_string(kTrials); };
  const std::string low = shown(lowest), high = shown(highest);
  s += "sampler: potential minimum " + rounded(samplers.potential_minimum()) + " J; acceptance " + low +
       (low == high ? "" : ".." + high) + " per proposal (" + std::to_string(kTrials) + " trial angles per level)";
  return s;
}

}  // namespace chaoskit::sweep
