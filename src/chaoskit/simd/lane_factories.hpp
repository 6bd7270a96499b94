#pragma once
// The lane engines' factories, one per instruction set and model of models/model_list.hpp: defined
// in the files src/CMakeLists.txt writes from simd/instances/lane_models.cpp.in (every compiled
// model) and lane_files.cpp.in (every model-file type), each compiled with its instruction set's
// flags, and chosen by lane_dispatch.cpp where the CPU has the instructions. Declarations only:
// nothing here depends on the instruction set, so a new entry of the model list has its lane
// factories without a line here.
//
// The model argument only chooses the overload: an engine reads nothing from it (lanes.hpp: no
// inline function shared with baseline code). A compiled model hands its parameter-only terms over
// as `constants` (M::lane_constants, M::lane_constant_count values); a model file its compiled
// program as ModelProgram::Layout's plain arrays (the program must outlive the engine).
#include <concepts>

#include "chaoskit/models/model_program.hpp"
#include "chaoskit/models/model_registry.hpp"
#include "chaoskit/simd/lane_task.hpp"

namespace chaoskit::simd {

/// A compiled model with a lane kernel: its tangent_rhs_with runs on Lanes<W> with the parameter-only
/// terms it lists as constants (lane_kernels.hpp's LaneConstants). Factories of a compiled model
/// without one return null, and its points run on the scalar driver.
template <class M>
concept LaneKernelModel = requires(const M& m, double* constants) {
  { M::lane_constant_count } -> std::convertible_to<int>;
  m.lane_constants(constants);
};

// Per instruction set ISA: make_lane_engine_ISA for every model of the list, and lane_chains_ISA,
// the arithmetic peak without FMA (lane_dispatch.hpp's lane_peak_flops).
#define CHAOSKIT_DECLARE_LANE_FACTORIES(ISA)                             \
  CHAOSKIT_FOR_EACH_COMPILED_MODEL(CHAOSKIT_DECLARE_LANE_FACTORY_##ISA)  \
  CHAOSKIT_FOR_EACH_FILE_MODEL(CHAOSKIT_DECLARE_FILE_LANE_FACTORY_##ISA) \
  double lane_chains_##ISA(long iterations, double a, double b);
#define CHAOSKIT_DECLARE_LANE_FACTORY(ISA, M) \
  LaneEngine* make_lane_engine_##ISA(const M&, const double* constants, LaneSystem system, const IntegratorOptions& io);
#define CHAOSKIT_DECLARE_FILE_LANE_FACTORY(ISA, M)                                                     \
  LaneEngine* make_lane_engine_##ISA(const M&, const ModelProgram::Layout& program, LaneSystem system, \
                                     const IntegratorOptions& io);
#define CHAOSKIT_DECLARE_LANE_FACTORY_sse2(M) CHAOSKIT_DECLARE_LANE_FACTORY(sse2, M)
#define CHAOSKIT_DECLARE_LANE_FACTORY_avx2(M) CHAOSKIT_DECLARE_LANE_FACTORY(avx2, M)
#define CHAOSKIT_DECLARE_LANE_FACTORY_avx512(M) CHAOSKIT_DECLARE_LANE_FACTORY(avx512, M)
#define CHAOSKIT_DECLARE_FILE_LANE_FACTORY_sse2(M) CHAOSKIT_DECLARE_FILE_LANE_FACTORY(sse2, M)
#define CHAOSKIT_DECLARE_FILE_LANE_FACTORY_avx2(M) CHAOSKIT_DECLARE_FILE_LANE_FACTORY(avx2, M)
#define CHAOSKIT_DECLARE_FILE_LANE_FACTORY_avx512(M) CHAOSKIT_DECLARE_FILE_LANE_FACTORY(avx512, M)

CHAOSKIT_DECLARE_LANE_FACTORIES(sse2)
CHAOSKIT_DECLARE_LANE_FACTORIES(avx2)
CHAOSKIT_DECLARE_LANE_FACTORIES(avx512)

}  // namespace chaoskit::simd
