#include "flag_errors.hpp"

#include <string_view>

namespace chaoskit::cli {

// A field the CLI cannot set (integrator.dt_initial) is absent and shown as it is.
const std::map<std::string, std::string, std::less<>>& field_flags() {
  static const std::map<std::string, std::string, std::less<>> table = {
      // integrate/
      {"t_end", "--time"},
      {"integrator.rtol", "--rtol"},
      {"integrator.atol", "--atol"},
      {"integrator.dt_min", "--dt-min"},
      {"integrator.max_steps", "--max-steps"},
      {"integrator.stepper", "--stepper"},
      {"torque", "--torque"},
      {"torque_table", "--torque-table"},
      {"release", "--release"},
      {"inputs", "--inputs"},
      {"metric", "--metric"},
      {"output", "--out"},
      // indicators/
      {"time", "--time"},
      {"transient", "--transient"},
      {"renorm", "--renorm"},
      {"blocks", "--blocks"},
      {"settle_tol", "--settle"},
      {"direction", "--direction"},
      {"max_crossings", "--crossings"},
      {"max_time", "--max-time"},
      // models/, params/
      {"model", "--model"},
      {"params", "--params"},
      // sections/, basins/
      {"seeds", "--seed"},
      {"solve", "--solve"},
      {"x", "--x"},
      {"y", "--y"},
      {"damping", "--damping"},
      {"threshold", "--threshold"},
      // timeseries/
      {"rate", "--rate"},
      {"sample_interval", "--rate"},
      {"time_column", "--time-column"},
      {"column", "--column"},
      {"columns", "--column"},
      {"period", "--period"},
      {"delay", "--delay"},
      {"dim", "--dim"},
      {"horizon", "--horizon"},
      // query/
      {"variables", "--vars"},
      {"where", "--where"},
      {"at", "--at"},
      {"quantiles", "--quantiles"},
      {"bins", "--bins"},
      {"above", "--above"},
      // sweep/
      {"resume", "--resume"},
      // periodic/
      {"state", "--state"},
      {"segments", "--segments"},
      {"forcing_period", "--forcing-period"},
      {"forcing_periods", "--iterates"},
      {"orbit_energy", "--energy"},
      {"conservative", "--conservative"},
      {"shift", "--winding"},
      {"tolerance", "--tol"},
      {"max_iterations", "--max-iter"},
      {"threads", "--threads"},
      {"map", "--map"},
      {"map_params", "--map-params"},
      {"parameter", "--param"},
      {"ds", "--ds"},
      {"ds_min", "--ds-min"},
      {"ds_max", "--ds-max"},
      {"max_points", "--max-points"},
      {"parameter_min", "--min"},
      {"parameter_max", "--max"},
      {"locate_tolerance", "--locate-tol"},
      {"period_doubling_levels", "--switch-pd"},
  };
  return table;
}

std::string flag_for_field(const std::string& field) {
  // The field's name ends at the first space or '[' ("inputs FILE:2", "torque_table row 3"); a
  // name followed by ':' is a file ("x: grid.th1", a job file named x), never a flag.
  const std::size_t end = field.find_first_of(" :[");
  if (end != std::string::npos && field[end] == ':') return field;
  const std::string_view name = std::string_view(field).substr(0, end);
  const auto& table = field_flags();
  const auto it = table.find(name);
  if (it == table.end()) return field;
  return it->second + (end == std::string::npos ? std::string() : field.substr(end));
}

std::string flag_message(const InputError& e) { return flag_for_field(e.field()) + ": " + e.reason(); }

}  // namespace chaoskit::cli
