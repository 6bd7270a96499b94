#pragma once
// What the rest of chaoskit needs to know about a compiled model beyond its equations: one
// specialisation of ModelTraits per model, written beside the model in its header, and read by
// the one model list (model_list.hpp) to build the catalogue, `make_model`, the default parameter
// sets and the parameter axes' field descriptions.
//
//   template <> struct ModelTraits<FooModel> {
//     using Params = FooParams;                 // its parameter struct (a field visitor, as GolfParams)
//     static constexpr const char* name = "foo";                  // the name in --model and [model] name
//     static constexpr const char* default_params = "foo_default";  // data/params/foo_default.toml
//     static constexpr const char* summary = "...";                // one line for `chaoskit models`
//     static constexpr const char* state = "x,y,z";                // state component names, in order
//     static constexpr const char* inputs = "none";                // input names, or "none"
//     static constexpr const char* conventions = "...";            // angles, inertias, parameter names
//   };
//
// Optional member: `static bool accepts(const Params&)` when several list entries share a name
// (the chains of 1 to 5 links: the one whose link count matches is built). Model files
// (FileModel<N>) have no name: they are chosen by path.
namespace chaoskit {

template <class M>
struct ModelTraits;

}  // namespace chaoskit
