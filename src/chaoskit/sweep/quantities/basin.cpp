// basin = { kind = "rest" | "flip" | "task", max_time = 200, threshold }: the per-point basin label
// of `chaoskit basin` (basins/basin_map.hpp). Mechanical models only; the kind is read once into
// BasinEntry (basin_options.hpp).
#include "chaoskit/sweep/quantities/basin.hpp"

#include <cmath>
#include <ostream>

#include "chaoskit/basins/basin_map.hpp"
#include "chaoskit/core/errors.hpp"
#include "chaoskit/core/number_text.hpp"
#include "chaoskit/models/mechanical_form.hpp"
#include "chaoskit/params/toml_fields.hpp"
#include "chaoskit/sweep/quantities/quantity_unit.hpp"

namespace chaoskit::sweep {

namespace {

void read_basin(const toml::table& t, const std::string& prefix, const Job& job, ComputeSpec& c) {
  using basins::BasinKind;
  reject_unknown_keys(t, {"kind", "max_time", "threshold"}, prefix + ".");
  c.time = 200.0;
  entry_fields::read_time(t, prefix, c, "max_time");
  require_file_mechanics(job.base_model, "basins");
  if (!is_mechanical(job.base_model))
    throw InputError(prefix, "needs a mechanical model (" + mechanical_model_names() + "), not " + job.model_name);
  auto own = std::make_shared<BasinEntry>();
  if (const auto* n = t.get("kind")) {
    const std::string kind = string_of(*n, prefix + ".kind");
    if (kind == "rest")
      own->kind = BasinKind::rest;
    else if (kind == "flip")
      own->kind = BasinKind::flip;
    else if (kind == "task")
      own->kind = BasinKind::task;
    else
      throw InputError(prefix + ".kind", "must be \"rest\", \"flip\" or \"task\"");
  }
  require_file_mechanics(job.base_model, "basins", basins::basin_needs(own->kind));
  if (const auto* n = t.get("threshold")) own->threshold = number_of(*n, prefix + ".threshold");
  if (own->kind == BasinKind::task && !std::isfinite(own->threshold))
    throw InputError(prefix + ".threshold", "a task basin needs the endpoint speed threshold [m/s]");
  if (own->kind != BasinKind::task && t.get("threshold"))
    throw InputError(prefix + ".threshold", "only for kind = \"task\"");
  if (own->kind == BasinKind::rest) {
    if (!has_joint_damping(job.base_model))
      throw InputError(prefix + ".kind",
                       "rest basins need joint damping > 0 (chain with b > 0, e.g. params = "
                       "\"chain2_damped_rods\", or [model.overrides] b = [...])");
  }
  c.options = std::move(own);
}

// A rest basin labels where the unforced, damped chain comes to rest (its energy test needs E to
// decrease), as `chaoskit basin --kind rest` refuses --torque: moments would be ignored silently.
void check_basin_job(const ComputeSpec& c, const std::string& prefix, const Job& job) {
  if (c.options_as<BasinEntry>().kind == basins::BasinKind::rest && job.has_moments())
    throw InputError(prefix + ".kind",
                     "rest basins take no joint moments (the energy test needs E to decrease): "
                     "remove [inputs] and torque or release names, or use kind = \"flip\" or \"task\"");
}

void basin_variables(const ComputeSpec& c, const ModelShape&, VariableList& out) {
  namespace slot = basin_slot;
  switch (c.options_as<BasinEntry>().kind) {
    case basins::BasinKind::rest:
      out.add(slot::label, {}, "1",
              "rest state: winding numbers of the links, encoded (0: no link over the top, -1: not settled)");
      out.add(slot::time, {}, "s", "time when the energy fell below the lowest barrier");
      break;
    case basins::BasinKind::flip:
      out.add(slot::label, {}, "1", "link that first passed over the top (0: none)");
      out.add(slot::time, {}, "s", "flip time: first passage of a link over the top");
      break;
    case basins::BasinKind::task:
      out.add(slot::label, {}, "1", "task outcome: endpoint speed at the first th1 = 0 >= threshold");
      out.add(slot::time, {}, "s", "time of the first th1 = 0");
      out.add(slot::speed, {}, "m/s", "endpoint speed at the first th1 = 0");
      break;
  }
}

// The kind and the task threshold change what basin_label means without changing the variables, so
// they are part of the job: without them a resume would mix rest and flip labels in one file.
void basin_fingerprint(const ComputeSpec& c, std::ostream& o) {
  entry_fields::common_fingerprint(c, o);
  const BasinEntry& own = c.options_as<BasinEntry>();
  o << ", kind " << basins::basin_kind_name(own.kind) << ", threshold " << exact_number_text(own.threshold);
}

}  // namespace

const QuantityUnit& basin_unit() {
  static const QuantityUnit unit{.quantity = Quantity::basin,
                                 .name = "basin",
                                 .workload = Workload::trajectory,
                                 .lanes = std::nullopt,
                                 .read = read_basin,
                                 .variables = basin_variables,
                                 .fingerprint = basin_fingerprint,
                                 .check_job = check_basin_job};
  return unit;
}

}  // namespace chaoskit::sweep
