#pragma once
// THE list of compiled models. Everything that depends on which models exist is generated from it:
// the `AnyModel` variant and the CHAOSKIT_FOR_EACH_*_MODEL macros (model_registry.hpp), the
// explicit template instances (src/CMakeLists.txt reads the entries below and writes one unit per
// model from each of {integrate,indicators,sweep}/instances/instances.cpp.in), `make_model`, the
// model names and the catalogue (`chaoskit models`, the --model help), the default parameter sets
// and the parameter axes' field descriptions (each model's ModelTraits, model_traits.hpp).
//
// One entry per line, `X(A, <type>, <kind>)` (src/CMakeLists.txt reads this form: keep one entry per
// line and no comma or parenthesis inside the type). The order is AnyModel's alternative order. Kinds:
//   mechanical       a compiled mechanical model (MechanicalModel: links, endpoint, rest states)
//                    of more than one degree of freedom
//   mechanical_1dof  the same with one degree of freedom (state_dim 2: its SALI is its GALI_n)
//   flow             any other compiled model (more than two states)
//   file_flow        model files with this state size (FileModel<N>, chosen by path)
//   file_mechanical  the same, whose type has the mechanical pieces (even N; each file is checked
//                    at run time, models/mechanical_form.hpp)
//   file_any_size    the model files of every other size (FileModel<Eigen::Dynamic>: vectors sized
//                    at run time, the scalar driver only, no lanes; the mechanical pieces as above)
// Each FileModel<N> alternative is compiled into every integrator, indicator, section and sweep
// instance, so the fixed sizes, the fast path with lanes, are capped at three (CI's build time), and
// one run-time-sized type takes the rest.
#include "chaoskit/models/chain.hpp"
#include "chaoskit/models/file_model.hpp"
#include "chaoskit/models/golf.hpp"
#include "chaoskit/models/henon_heiles.hpp"
#include "chaoskit/models/limb.hpp"
#include "chaoskit/models/lorenz.hpp"

// clang-format off
#define CHAOSKIT_MODEL_LIST(X, A)       \
  X(A, LimbModel, mechanical)           \
  X(A, GolfModel, mechanical)           \
  X(A, ChainModel<1>, mechanical_1dof)  \
  X(A, ChainModel<2>, mechanical)       \
  X(A, ChainModel<3>, mechanical)       \
  X(A, ChainModel<4>, mechanical)       \
  X(A, ChainModel<5>, mechanical)       \
  X(A, LorenzModel, flow)               \
  X(A, HenonHeilesModel, flow)          \
  X(A, FileModel<3>, file_flow)         \
  X(A, FileModel<4>, file_mechanical)   \
  X(A, FileModel<6>, file_mechanical)   \
  X(A, FileModel<Eigen::Dynamic>, file_any_size)
// clang-format on
