#include "chaoskit/models/model_registry.hpp"

#include "chaoskit/core/errors.hpp"
#include "chaoskit/params/param_sets.hpp"

namespace chaoskit {

const std::vector<ModelDescription>& model_catalog() {
  static const std::vector<ModelDescription> catalog = {
      {"limb", "leg (thigh + shank) as a planar double pendulum, limb paper eqs. 22-31", "th1,th2,dth1,dth2",
       "tau_hip,tau_knee", "both angles absolute from the downward vertical, CCW +; inertias about each proximal hinge",
       default_param_set("limb")},
      {"golf", "two-link golf swing with joint moments, golf chapter", "th1,th2,dth1,dth2", "tau1,tau2",
       "th1 absolute from the downward vertical, th2 relative to link 1; centroidal inertias",
       default_param_set("golf")},
      {"chain", "N planar links (N = 1..5) with optional viscous joint damping", "th1..thN,dth1..dthN", "tau1..tauN",
       "golf's conventions: th1 absolute, thk relative to link k-1; centroidal inertias", default_param_set("chain")},
      {"lorenz", "Lorenz-63 convection model (validation: published Lyapunov spectrum)", "x,y,z", "none",
       "sigma, rho, beta", default_param_set("lorenz")},
      {"henon_heiles", "Henon-Heiles Hamiltonian (validation: exponent pairing)", "x,y,px,py", "none",
       "H = (px^2+py^2+x^2+y^2)/2 + x^2 y - y^3/3", default_param_set("henon_heiles")},
  };
  return catalog;
}

namespace {
template <int N>
AnyModel make_chain_n(const ChainParams& p, int links) {
  if constexpr (N > kMaxChainLinks) {
    throw InputError("L", "chain with " + std::to_string(links) + " links is not supported");
  } else {
    if (links == N) return ChainModel<N>(p);
    return make_chain_n<N + 1>(p, links);
  }
}
}  // namespace

bool is_model_file(const std::string& name) { return name.find('/') != std::string::npos || name.ends_with(".toml"); }

namespace {
template <std::size_t I = 0>
AnyModel make_file_model(std::shared_ptr<const ModelProgram> program) {
  if constexpr (I == std::size(kFileModelSizes)) {
    std::string sizes;
    for (int n : kFileModelSizes) sizes += (sizes.empty() ? "" : ", ") + std::to_string(n);
    throw InputError(program->source(), "a model file needs " + sizes + " states (this one has " +
                                            std::to_string(program->state_dim()) +
                                            "); other sizes need a compiled model (data/models/README.md)");
  } else {
    constexpr int n = kFileModelSizes[I];
    if (program->state_dim() != n) return make_file_model<I + 1>(std::move(program));
    if (program->input_count() > FileModel<n>::input_dim)
      throw InputError(program->source(), "a model of " + std::to_string(n) + " states takes at most " +
                                              std::to_string(FileModel<n>::input_dim) + " inputs, this one declares " +
                                              std::to_string(program->input_count()));
    return FileModel<n>(std::move(program));
  }
}
}  // namespace

AnyModel make_model(const std::string& name, const std::string& params) {
  if (is_model_file(name)) {
    if (!params.empty())
      throw InputError(name, "a model file carries its own parameters in [values]; edit a copy of the file instead");
    return make_model(name, read_param_file(name));
  }
  bool known = false;
  for (const auto& d : model_catalog()) known = known || d.name == name;
  if (!known) {
    std::string list;
    for (const auto& d : model_catalog()) list += (list.empty() ? "" : ", ") + d.name;
    throw InputError("model", "unknown model '" + name + "' (known: " + list + ")");
  }
  return make_model(name, read_param_file(params.empty() ? default_param_set(name) : params));
}

AnyModel make_model(const std::string& name, const ParamFile& file) {
  if (is_model_file(name)) return make_file_model(ModelProgram::compile(file));
  bool known = false;
  for (const auto& d : model_catalog()) known = known || d.name == name;
  if (!known) throw InputError("model", "unknown model '" + name + "'");
  if (name == "limb") return LimbModel(limb_params(file));
  if (name == "golf") return GolfModel(golf_params(file));
  if (name == "lorenz") return LorenzModel(lorenz_params(file));
  if (name == "henon_heiles") return HenonHeilesModel(henon_heiles_params(file));
  const ChainParams cp = chain_params(file);
  return make_chain_n<1>(cp, cp.links());
}

std::string model_name(const AnyModel& model) {
  return std::visit(
      [](const auto& m) -> std::string {
        using M = std::decay_t<decltype(m)>;
        if constexpr (std::is_same_v<M, LimbModel>)
          return "limb";
        else if constexpr (std::is_same_v<M, GolfModel>)
          return "golf";
        else if constexpr (std::is_same_v<M, LorenzModel>)
          return "lorenz";
        else if constexpr (std::is_same_v<M, HenonHeilesModel>)
          return "henon_heiles";
        else if constexpr (requires { m.program; })
          return m.source();
        else
          return "chain";
      },
      model);
}

}  // namespace chaoskit
