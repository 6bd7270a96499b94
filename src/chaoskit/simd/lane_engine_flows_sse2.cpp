// The lane engines of Lorenz and Hénon–Heiles for sse2: 2 lanes per vector
// (lane_engine_flows_instances.inc; compiled with this instruction set's flags in
// src/CMakeLists.txt, and run only where lane_dispatch.cpp finds it).
#define CHAOSKIT_LANE_ISA sse2
#define CHAOSKIT_LANE_WIDTH 2
#include "chaoskit/simd/lane_engine_flows_instances.inc"
