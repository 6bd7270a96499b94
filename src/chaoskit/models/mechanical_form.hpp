#pragma once
// Run-time checks of what a command or job needs of a mechanical model. The built-in mechanical
// models (limb, golf, chain) have every piece by their type. A model file's type FileModel<N>
// offers the pieces for N = 4 and 6 whatever its file says (file_model.hpp), so whether they
// exist — a mechanical file, its potential, its [kinematics], a constant B and D — is known only
// at run time: is_mechanical_model() asks, require_mechanics() refuses with one line naming the
// file and what is missing (an InputError: exit 2).
#include <string>
#include <type_traits>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/models/model_concepts.hpp"

namespace chaoskit {

/// What a use of the mechanical pieces needs beyond M(q) and the forces.
struct MechanicalNeeds {
  bool potential = false;        ///< V(q): energies, barriers, energy surfaces
  bool kinematics = false;       ///< angle_map and endpoint_lengths: endpoint, flips, rest windings
  bool constant_pieces = false;  ///< B and D apart from c: power, damping, inspect's c
};

/// True when `model` has the mechanical pieces at run time: every MechanicalModel but a model
/// file of the ODE form.
template <class M>
bool is_mechanical_model(const M& model) {
  if constexpr (!MechanicalModel<M>) {
    (void)model;
    return false;
  } else if constexpr (requires { model.mechanical(); }) {
    return model.mechanical();
  } else {
    return true;
  }
}

/// For a model file: throws InputError(file, "<purpose> need ...") unless the file is mechanical
/// and has what `needs` asks; `purpose` is plural, e.g. "basins". Nothing for built-in models:
/// their commands decide by type (a built-in that is not mechanical has its own message there).
template <class M>
void require_mechanics(const M& model, const std::string& purpose, MechanicalNeeds needs = {}) {
  if constexpr (requires { model.program; }) {
    const auto& p = *model.program;
    if (!is_mechanical_model(model))
      throw InputError(p.source(), purpose + " need a mechanical model file (model = \"mechanical\")");
    if (needs.potential && !p.has_potential())
      throw InputError(p.source(), purpose + " need the file's 'potential' V(q) (data/models/README.md)");
    if (needs.kinematics && p.link_angles() == std::decay_t<decltype(p)>::LinkAngles::none)
      throw InputError(p.source(), purpose + " need [kinematics] with angles and lengths (data/models/README.md)");
    if (needs.constant_pieces && !p.mechanics_problem().empty()) throw InputError(p.source(), p.mechanics_problem());
  } else {
    (void)model, (void)purpose, (void)needs;
  }
}

/// Whether a mechanical model has its link kinematics (always, but for a file without [kinematics]).
template <class M>
bool has_kinematics(const M& model) {
  if constexpr (requires { model.program; })
    return model.program->link_angles() != std::decay_t<decltype(*model.program)>::LinkAngles::none;
  else
    return is_mechanical_model(model);
}

}  // namespace chaoskit
