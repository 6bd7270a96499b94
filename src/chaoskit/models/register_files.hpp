#pragma once
// The per-thread register files of model-file programs (model_program.cpp runs rhs and tangents in
// them, model_mechanics.cpp the mechanical pieces): grown to the largest program a thread has run,
// then reused, so no call allocates. A thread runs one program call at a time, so one file of values
// and one of derivatives suffice. (The lanes keep theirs in their kernels: simd/lane_file_kernels.hpp.)
#include <cstddef>
#include <vector>

namespace chaoskit::detail {

inline std::vector<double>& register_values(std::size_t n) {
  thread_local std::vector<double> buf;
  if (buf.size() < n) buf.resize(n);
  return buf;
}

inline std::vector<double>& register_derivatives(std::size_t n) {
  thread_local std::vector<double> buf;
  if (buf.size() < n) buf.resize(n);
  return buf;
}

}  // namespace chaoskit::detail
