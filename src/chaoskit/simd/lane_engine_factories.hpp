#pragma once
// The lane engines of one instruction set, defined in lane_engine_<isa>.cpp (lane_engine.hpp) and
// chosen by lane_dispatch.cpp. Plain declarations: nothing here depends on the instruction set.
#include "chaoskit/models/chain.hpp"
#include "chaoskit/models/golf.hpp"
#include "chaoskit/models/henon_heiles.hpp"
#include "chaoskit/models/limb.hpp"
#include "chaoskit/models/lorenz.hpp"
#include "chaoskit/simd/lane_task.hpp"

namespace chaoskit::simd {

// The model argument only chooses the overload: the engine reads nothing from it (lanes.hpp: no
// inline function shared with baseline code), and takes the model's parameter-only terms as
// `constants` (M::lane_constants, M::lane_constant_count values) instead.
#define CHAOSKIT_DECLARE_LANE_FACTORIES(ISA)                                                              \
  LaneEngine* make_lane_engine_##ISA(const GolfModel&, const double* constants, LaneSystem system,        \
                                     const IntegratorOptions& io);                                        \
  LaneEngine* make_lane_engine_##ISA(const LimbModel&, const double* constants, LaneSystem system,        \
                                     const IntegratorOptions& io);                                        \
  LaneEngine* make_lane_engine_##ISA(const LorenzModel&, const double* constants, LaneSystem system,      \
                                     const IntegratorOptions& io);                                        \
  LaneEngine* make_lane_engine_##ISA(const HenonHeilesModel&, const double* constants, LaneSystem system, \
                                     const IntegratorOptions& io);                                        \
  LaneEngine* make_lane_engine_##ISA(const ChainModel<1>&, const double* constants, LaneSystem system,    \
                                     const IntegratorOptions& io);                                        \
  LaneEngine* make_lane_engine_##ISA(const ChainModel<2>&, const double* constants, LaneSystem system,    \
                                     const IntegratorOptions& io);                                        \
  LaneEngine* make_lane_engine_##ISA(const ChainModel<3>&, const double* constants, LaneSystem system,    \
                                     const IntegratorOptions& io);                                        \
  LaneEngine* make_lane_engine_##ISA(const ChainModel<4>&, const double* constants, LaneSystem system,    \
                                     const IntegratorOptions& io);                                        \
  LaneEngine* make_lane_engine_##ISA(const ChainModel<5>&, const double* constants, LaneSystem system,    \
                                     const IntegratorOptions& io);                                        \
  double lane_chains_##ISA(long iterations, double a, double b);

CHAOSKIT_DECLARE_LANE_FACTORIES(sse2)
CHAOSKIT_DECLARE_LANE_FACTORIES(avx2)
CHAOSKIT_DECLARE_LANE_FACTORIES(avx512)

}  // namespace chaoskit::simd
