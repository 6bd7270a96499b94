#pragma once
// The lane engines of model files, defined in lane_engine_files_<isa>.cpp and chosen by
// lane_dispatch.cpp. Plain declarations: nothing here depends on the instruction set. The program
// is passed as ModelProgram::Layout (plain arrays into the compiled program, which must outlive the
// engine), so that the lane code never touches the model's shared pointer (lanes.hpp: no inline
// function shared with the rest of chaoskit). Null for a program of other than three, four or six
// states, the sizes FileModel is compiled for.
#include "chaoskit/models/model_program.hpp"
#include "chaoskit/simd/lane_task.hpp"

namespace chaoskit::simd {

LaneEngine* make_file_lane_engine_sse2(const ModelProgram::Layout& program, LaneSystem system,
                                       const IntegratorOptions& io);
LaneEngine* make_file_lane_engine_avx2(const ModelProgram::Layout& program, LaneSystem system,
                                       const IntegratorOptions& io);
LaneEngine* make_file_lane_engine_avx512(const ModelProgram::Layout& program, LaneSystem system,
                                         const IntegratorOptions& io);

}  // namespace chaoskit::simd
