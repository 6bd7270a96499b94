#include "chaoskit/simd/lane_dispatch.hpp"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <cstdlib>
#include <string_view>
#include <type_traits>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/simd/lane_factories.hpp"

namespace chaoskit::simd {

std::string lane_path_name(LanePath path) {
  switch (path) {
    case LanePath::sse2: return "sse2";
    case LanePath::avx2: return "avx2";
    case LanePath::avx512: return "avx512";
    default: return "scalar";
  }
}

int lane_width(LanePath path) {
  switch (path) {
    case LanePath::sse2: return 2;
    case LanePath::avx2: return 4;
    case LanePath::avx512: return 8;
    default: return 1;
  }
}

LanePath widest_supported_path() {
  __builtin_cpu_init();
  // GCC's checks include the operating system's support for the wider registers (XCR0).
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("fma")) return LanePath::avx512;
  if (__builtin_cpu_supports("avx2")) return LanePath::avx2;
  return LanePath::sse2;  // every x86-64 CPU
}

LanePath selected_lane_path() {
  const LanePath widest = widest_supported_path();
  const char* forced = std::getenv("CHAOSKIT_SIMD");
  if (forced == nullptr || *forced == '\0') return widest;
  const std::string_view name(forced);
  LanePath path;
  if (name == "scalar")
    path = LanePath::scalar;
  else if (name == "sse2")
    path = LanePath::sse2;
  else if (name == "avx2")
    path = LanePath::avx2;
  else if (name == "avx512")
    path = LanePath::avx512;
  else
    throw InputError("CHAOSKIT_SIMD",
                     "unknown vector path '" + std::string(name) + "' (known: scalar, sse2, avx2, avx512)");
  if (static_cast<int>(path) > static_cast<int>(widest))
    throw InputError("CHAOSKIT_SIMD", "this CPU cannot run the " + std::string(name) + " path (the widest it has is " +
                                          lane_path_name(widest) + ")");
  return path;
}

std::string lane_path_description(LanePath path) {
  if (path == LanePath::scalar) return "scalar (no lanes)";
  return lane_path_name(path) + " (" + std::to_string(lane_width(path)) + " lanes)";
}

std::string lane_path_report() {
  try {
    const LanePath path = selected_lane_path(), widest = widest_supported_path();
    std::string text = lane_path_description(path);
    if (path != widest) text += ", chosen by CHAOSKIT_SIMD; this CPU has " + lane_path_name(widest);
    return text;
  } catch (const InputError& e) { return std::string("none: ") + e.what(); }
}

namespace {
// Model files of a fixed size (FileModel<N>, the sizes of the model list) run their compiled program
// on lanes (lane_program.hpp); compiled models run their kernel where they have one
// (LaneKernelModel). The run-time-sized FileModel<Eigen::Dynamic> runs on the scalar driver.
template <class M>
constexpr bool kIsLaneFileModel = false;
template <int N>
constexpr bool kIsLaneFileModel<FileModel<N>> = is_fixed_extent(N);

/// Whether M runs on lanes, with every system (MEGNO's rates sum in the scalar path's order for any
/// state size, lane_megno.hpp's eigen_order_dot) and with each lane's own parameters.
template <class M>
constexpr bool kRunsOnLanes = LaneKernelModel<M> || kIsLaneFileModel<M>;

/// A model file with events (a hybrid model) runs on lanes too: the engine integrates its flow and
/// each lane's task finds and applies the events in the scalar driver's code (lane_hybrid_tasks.hpp).
bool runs_on_lanes(const AnyModel& model) {
  return std::visit([](const auto& m) { return kRunsOnLanes<std::decay_t<decltype(m)>>; }, model);
}

/// The engine of path `path` for M: its kernel with M's parameter-only constants for a compiled
/// model, its compiled program for a model file (the factories of lane_factories.hpp).
template <class M>
std::unique_ptr<LaneEngine> model_engine(const M& m, LaneSystem system, const IntegratorOptions& io, LanePath path) {
  LaneEngine* engine = nullptr;
  if constexpr (kIsLaneFileModel<M>) {
    // The program as plain arrays (the lane code never touches the shared pointer).
    const ModelProgram::Layout program = m.program->layout();
    switch (path) {
      case LanePath::sse2: engine = make_lane_engine_sse2(m, program, system, io); break;
      case LanePath::avx2: engine = make_lane_engine_avx2(m, program, system, io); break;
      case LanePath::avx512: engine = make_lane_engine_avx512(m, program, system, io); break;
      default: break;
    }
  } else {
    double constants[M::lane_constant_count > 0 ? M::lane_constant_count : 1]{};  // Hénon–Heiles has none
    m.lane_constants(constants);  // here, in baseline code: the lane files call no member of M (lanes.hpp)
    switch (path) {
      case LanePath::sse2: engine = make_lane_engine_sse2(m, constants, system, io); break;
      case LanePath::avx2: engine = make_lane_engine_avx2(m, constants, system, io); break;
      case LanePath::avx512: engine = make_lane_engine_avx512(m, constants, system, io); break;
      default: break;
    }
  }
  return std::unique_ptr<LaneEngine>(engine);
}
}  // namespace

bool has_lane_kernel(const AnyModel& model) { return has_lane_kernel(model, LaneSystem::tangent1); }

bool lanes_take_parameters(const AnyModel& model) { return runs_on_lanes(model); }

bool lanes_run_as(const AnyModel& engine_model, const AnyModel& point_model) {
  return std::visit(
      [&point_model](const auto& e) {
        using M = std::decay_t<decltype(e)>;
        const M* p = std::get_if<M>(&point_model);
        if (p == nullptr) return false;
        if constexpr (kIsLaneFileModel<M>)
          return e.program->same_code_as(*p->program);
        else
          return LaneKernelModel<M>;
      },
      engine_model);
}

bool has_lane_kernel(const AnyModel& model, LaneSystem) { return runs_on_lanes(model); }

std::unique_ptr<LaneEngine> make_lane_engine(const AnyModel& model, LaneSystem system, const IntegratorOptions& io,
                                             LanePath path) {
  if (io.stepper != StepperKind::rkf78 || !has_lane_kernel(model, system)) return nullptr;
  std::unique_ptr<LaneEngine> engine = std::visit(
      [&](const auto& m) -> std::unique_ptr<LaneEngine> {
        using M = std::decay_t<decltype(m)>;
        if constexpr (kRunsOnLanes<M>)
          return model_engine(m, system, io, path);
        else
          return nullptr;
      },
      model);
  // The path's width: what the scheduler sizes its batches by and lane_width reports.
  assert(engine == nullptr || (engine->width() == lane_width(path) && engine->idle_lanes() == engine->width()));
  return engine;
}

namespace {
/// 12 chains of x = x·a + b in plain doubles, held scalar by empty asm statements (GCC would
/// otherwise pair them into SSE2 vectors).
double scalar_chains(long iterations, double a, double b) {
  double x0 = 0.1, x1 = 0.2, x2 = 0.3, x3 = 0.4, x4 = 0.5, x5 = 0.6, x6 = 0.7, x7 = 0.8, x8 = 0.9, x9 = 1.0, x10 = 1.1,
         x11 = 1.2;
  for (long k = 0; k < iterations; ++k) {
    x0 = x0 * a + b, x1 = x1 * a + b, x2 = x2 * a + b, x3 = x3 * a + b, x4 = x4 * a + b, x5 = x5 * a + b;
    x6 = x6 * a + b, x7 = x7 * a + b, x8 = x8 * a + b, x9 = x9 * a + b, x10 = x10 * a + b, x11 = x11 * a + b;
    asm volatile("" : "+x"(x0), "+x"(x1), "+x"(x2), "+x"(x3), "+x"(x4), "+x"(x5));
    asm volatile("" : "+x"(x6), "+x"(x7), "+x"(x8), "+x"(x9), "+x"(x10), "+x"(x11));
  }
  return x0 + x1 + x2 + x3 + x4 + x5 + x6 + x7 + x8 + x9 + x10 + x11;
}
}  // namespace

double lane_peak_flops(LanePath path) {
  volatile double a = 0.999999, b = 1e-7, sink = 0;
  const long iterations = 20'000'000;
  double best = 0;
  for (int round = 0; round < 3; ++round) {
    const auto start = std::chrono::steady_clock::now();
    switch (path) {
      case LanePath::sse2: sink = lane_chains_sse2(iterations, a, b); break;
      case LanePath::avx2: sink = lane_chains_avx2(iterations, a, b); break;
      case LanePath::avx512: sink = lane_chains_avx512(iterations, a, b); break;
      default: sink = scalar_chains(iterations, a, b); break;
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    best = std::max(best, 24.0 * lane_width(path) * static_cast<double>(iterations) / secs);
  }
  (void)sink;
  return best;
}

}  // namespace chaoskit::simd
