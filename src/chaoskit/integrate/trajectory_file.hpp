#pragma once
// Trajectory files written by `chaoskit simulate --out`: CSV or HDF5, chosen by extension.
//
// Both are written under a temporary name in the target directory and renamed into place only
// after the last byte is written and the file closed, so an interrupted or failed run never leaves
// a complete-looking file (io/atomic_file.hpp).
//
// CSV: '#'-prefixed provenance lines (key = value), one header line
//      t,<state names>,energy,power,work,dissipated,<input names>   then one row per sample,
//      numbers with 17 significant digits (round-trip exact).
// HDF5: root string attributes (provenance); datasets /t [s] (a dimension scale), /state (N × n,
//      attribute `columns`), /energy [J], /power [W], /work [J], /dissipated [J], and /inputs
//      (N × m, attribute `columns`) for models with inputs; each with `units` and `long_name`.
//      The column axes have index scales /state_component and /input_component, so xarray
//      (engine "h5netcdf") opens the file as a labelled dataset (io/netcdf_layout.hpp). The root
//      and dataset attributes are fixed-length ASCII strings, as since the first version.
// A hybrid model's trajectory also carries its event log (event_log_file.hpp: comment lines in the
// CSV, an `event_time` dimension and its datasets in the HDF5 file).
#include <map>
#include <string>
#include <vector>

#include "chaoskit/integrate/event_log_file.hpp"

namespace chaoskit {

struct TrajectoryTable {
  std::vector<std::string> state_names, input_names;
  std::vector<double> t, energy, power, work, dissipated;
  std::vector<std::vector<double>> x, u;          // one row per sample
  std::map<std::string, std::string> attributes;  // provenance (model, params, integrator, status, ...)
  EventTable events;                              // a hybrid model's events (present() false otherwise)
};

/// Writes `table` to `path` (.csv or .h5/.hdf5); throws InputError("output") for another extension
/// and std::runtime_error when writing fails (no file is left at `path` then).
void write_trajectory(const std::string& path, const TrajectoryTable& table);

/// Reads back a file written by write_trajectory (used by tests and tools).
TrajectoryTable read_trajectory(const std::string& path);

}  // namespace chaoskit
