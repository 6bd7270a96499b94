#pragma once
// Which vector path runs the lanes, and lane engines for a model (lane_engine.hpp).
//
// One portable binary: the lane engines are compiled once per instruction set (the files
// src/CMakeLists.txt writes from simd/instances/, each with its own -m flags; the rest of chaoskit
// with none, lane_factories.hpp), and the path is chosen
// at run time: the widest the CPU supports, or a narrower one named by the environment variable
// CHAOSKIT_SIMD = scalar | sse2 | avx2 | avx512 (for tests and comparisons; a wider one than the
// CPU has is refused). `scalar` is the scalar driver, without lanes. Every path gives the same bits.
#include <memory>
#include <string>

#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/simd/lane_task.hpp"

namespace chaoskit::simd {

enum class LanePath { scalar, sse2, avx2, avx512 };

/// "scalar", "sse2", "avx2", "avx512".
std::string lane_path_name(LanePath path);
/// Lanes per vector: 1, 2, 4, 8.
int lane_width(LanePath path);
/// The widest path this CPU (and its operating system) supports.
LanePath widest_supported_path();
/// widest_supported_path(), or the one CHAOSKIT_SIMD names; InputError("CHAOSKIT_SIMD") for an
/// unknown name or a path this CPU cannot run.
LanePath selected_lane_path();
/// "avx512 (8 lanes)": for the files' provenance.
std::string lane_path_description(LanePath path);
/// The path this process would use, for --version: "avx512 (8 lanes)", with "chosen by
/// CHAOSKIT_SIMD; the CPU has …" when the variable narrows it, or the variable's error.
std::string lane_path_report();

/// Whether lanes can integrate this model's tangent flow: a compiled model whose hand-derived
/// tangent rhs runs on lanes (golf, limb, Lorenz, Hénon–Heiles, the chains), or a model file of
/// three, four or six states (its compiled program on lanes, simd/lane_program.hpp; its events, if
/// any, in each lane's task, lane_hybrid_tasks.hpp).
bool has_lane_kernel(const AnyModel& model);
/// The same for one system (every system, for every model today).
bool has_lane_kernel(const AnyModel& model, LaneSystem system);
/// Whether one engine can integrate this model type with other parameters in each lane: a compiled
/// model (its constants per lane), and a model file for the points whose program has the engine's
/// code (lanes_run_as; each lane its program's constants).
bool lanes_take_parameters(const AnyModel& model);
/// Whether an engine made for `engine_model` integrates `point_model`, each lane with its point's
/// constants: the same model type, and for a model file a program with the same code
/// (ModelProgram::same_code_as; a point of other code would be computed on the scalar driver).
bool lanes_run_as(const AnyModel& engine_model, const AnyModel& point_model);

/// An engine of lane_width(path) lanes for `model` (a model file's program must outlive it), or
/// null for the scalar path or a model without a lane kernel for `system`. The integrator must be rkf78 (the engine's
/// stepper).
std::unique_ptr<LaneEngine> make_lane_engine(const AnyModel& model, LaneSystem system, const IntegratorOptions& io,
                                             LanePath path);

/// The floating-point rate of `path` without FMA, measured now on one core [flop/s]: independent
/// multiply and add chains on its lanes (on plain doubles, kept scalar, for the scalar path). The
/// benchmark's reference for the fraction of the vector peak the integration reaches.
double lane_peak_flops(LanePath path);

}  // namespace chaoskit::simd
