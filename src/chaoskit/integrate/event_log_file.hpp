#pragma once
// The event log of a hybrid model's trajectory (event_log.hpp) in `simulate --out` files
// (trajectory_file.hpp), model-agnostic: names instead of indices where a reader needs them.
//
// HDF5: a dimension `event_time` [s] (a dimension scale; the events in order) and over it
//   event_index         int32, the model's event index, with CF flag_values / flag_meanings (names)
//   event_mode_before   int32, the mode the event happened in, flag_values / flag_meanings (mode names)
//   event_mode_after    int32, the mode after it
//   event_state_before  event_time × state_component: the state just before (columns: state names)
//   event_state_after   the state just after
//   event_energy_before, event_energy_after [J]: the model's energy on both sides (NaN without one)
// CSV: comment lines after the provenance, `# event_names = a,b` and `# mode_names = m0,m1`, then
// one per event,
//   # event = t,name,mode_before,mode_after,energy_before,energy_after,<state before>,<state after>
// (names for the event and modes, numbers with 17 significant digits), so that CSV readers that
// skip '#' lines still read the samples.
#include <hdf5.h>

#include <ostream>
#include <string>
#include <vector>

namespace chaoskit {

struct EventTable {
  std::vector<std::string> event_names;  ///< the model's events by index (empty: not a hybrid model)
  std::vector<std::string> mode_names;   ///< the model's modes by index
  std::vector<double> t, energy_before, energy_after;
  std::vector<int> event, mode_before, mode_after;
  std::vector<std::vector<double>> state_before, state_after;  ///< one row of state_dim values per event

  bool present() const { return !event_names.empty(); }
  std::size_t size() const { return t.size(); }
};

/// Writes the HDF5 layout above into an open file whose /state_component scale exists.
void write_event_table_h5(hid_t file, const EventTable& table, hid_t state_component);
/// Reads it back (an empty table, present() false, when the file has none).
EventTable read_event_table_h5(hid_t file, std::size_t state_dim);

/// The CSV comment lines above.
void write_event_table_csv(std::ostream& o, const EventTable& table);
/// Reads one CSV comment line (its key and value: "event_names", "mode_names" or "event") into
/// `table`; false for another key. Throws std::runtime_error for a malformed event line.
bool read_event_csv_line(const std::string& key, const std::string& value, std::size_t state_dim, EventTable& table);

}  // namespace chaoskit
