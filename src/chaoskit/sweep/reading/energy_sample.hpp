#pragma once
// [sample] jobs: the chaotic fraction of an energy surface, as a sweep. Instead of grid axes, n
// random states on each of a list of energy levels of the unforced, undamped model, drawn by
// models/energy_surface_sampler.hpp:
//
//   [sample]
//   energy = { linspace = [-5.0, -3.0, 9] }   # J: a number, or any axis form of [grid]
//   n = 200                                    # samples per level
//   measure = "liouville"                      # or "section" (the plane dth1 = 0, two-link models)
//   seed = 1                                   # integer >= 0 (default 0)
//
// The job's points are (level, sample) on two synthetic axes, `energy` and `sample` (job.hpp).
// point_context() draws sample (seed, level index, sample index) from the level's sampler: a pure
// function of the three, so a file is the same for any thread or rank count, order of evaluation
// or resume history. The results store each state drawn as `initial_state` (point_inputs.hpp) and
// the seed, measure and n as root attributes; the job fingerprint holds all of it.
//
// Refused, each naming the field: [sample] beside [grid] or [points] (they give points too),
// [energy] (the sampler sets every rate) or [inputs] (moments would move an orbit off its level);
// a model that is not mechanical or has one degree of freedom (its energy surfaces are single
// periodic orbits); a damped model (energy decays, so an orbit leaves its surface); measure
// "section" on a model that is not two-link; a level at or below the potential minimum; more than
// kMaxLevels levels; n < 1 or n > kMaxSamplesPerLevel; a seed that is not an integer >= 0.
//
// The samplers: one per level, built when the job is read and never again (each searches its
// rejection bound at construction, milliseconds; a point only draws). Every MPI rank reads the job
// and builds the same samplers: the search is deterministic. They sit behind LevelSamplers
// (../job/level_samplers.hpp) because the job holds its model as an AnyModel, whose type is chosen
// at run time.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include <toml++/toml.h>

#include "chaoskit/io/results_store.hpp"
#include "chaoskit/sweep/job/job.hpp"
#include "chaoskit/sweep/job/level_samplers.hpp"

namespace chaoskit::sweep {

/// The most energy levels a [sample] may have. Each costs its sampler's searches when the job is
/// read, before any point is computed (and again on every MPI rank): measured 10 ms for golf,
/// 16 ms for a 3-link and 41 ms for a 5-link chain on our 2-core machine (three times that while
/// another build ran), several times more under the sanitizers, where the fuzzer allows an input
/// 25 s. A curve of the chaotic fraction over energy needs a few dozen levels; a longer one is a
/// job to split.
inline constexpr std::size_t kMaxLevels = 100;

/// The most samples per level: as many as one [grid] axis may have values (linspace's count), so
/// that the `sample` axis's coordinates, held while the sweep runs, take at most 800 MB as a grid
/// axis's do.
inline constexpr std::size_t kMaxSamplesPerLevel = 100'000'000;
static_assert(kMaxLevels * kMaxSamplesPerLevel <= kMaxPoints, "a [sample] must stay within a sweep's point count");

/// Reads the [sample] table of the job file's `root` into `job`: point source, the axes `energy`
/// and `sample`, measure, seed, n and the samplers. `job.base_model` and `job.params` must be the
/// job's final model. InputError (naming the field) for everything listed above.
void read_sample(Job& job, const toml::table& root);

/// The root attributes that record a [sample] in its results file: sample_measure, sample_seed,
/// sample_n (none for other jobs).
io::Attributes sample_attributes(const Job& job);

/// What `--dry-run` says about a [sample]: points, levels, n, measure, seed, the potential minimum
/// and the samplers' acceptance (a few thousand trial proposals per level). Ends without a newline.
std::string describe_sample(const Job& job);

}  // namespace chaoskit::sweep
