// The lane engines of the chains for avx512: 8 lanes per vector (lane_engine_chains_instances.inc;
// compiled with this instruction set's flags in src/CMakeLists.txt, and run only where
// lane_dispatch.cpp finds it).
#define CHAOSKIT_LANE_ISA avx512
#define CHAOSKIT_LANE_WIDTH 8
#include "chaoskit/simd/lane_engine_chains_instances.inc"
