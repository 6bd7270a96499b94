// The lane engines of Lorenz and Hénon–Heiles for avx2: 4 lanes per vector
// (lane_engine_flows_instances.inc; compiled with this instruction set's flags in
// src/CMakeLists.txt, and run only where lane_dispatch.cpp finds it).
#define CHAOSKIT_LANE_ISA avx2
#define CHAOSKIT_LANE_WIDTH 4
#include "chaoskit/simd/lane_engine_flows_instances.inc"
