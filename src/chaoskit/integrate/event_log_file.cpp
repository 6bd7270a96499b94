#include "chaoskit/integrate/event_log_file.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <stdexcept>

#include "chaoskit/io/h5_attributes.hpp"
#include "chaoskit/io/name_list.hpp"
#include "chaoskit/io/netcdf_layout.hpp"

namespace chaoskit {

namespace netcdf = io::netcdf;

namespace {

void put_number(std::ostream& o, double v) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::general, 17);
  o.write(buf, r.ptr - buf);
}

double event_number(const std::string& s) {
  if (s == "nan" || s == "-nan") return NAN;
  double v = 0.0;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc() || r.ptr != s.data() + s.size()) throw std::runtime_error("bad number '" + s + "'");
  return v;
}

int index_of(const std::vector<std::string>& names, const std::string& name, const char* what) {
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return static_cast<int>(i);
  throw std::runtime_error(std::string("unknown ") + what + " '" + name + "' in an event line");
}

/// CF flags for an int32 code variable: flag_values 0..n−1 and the names as flag_meanings.
void describe_flags(hid_t ds, const std::vector<std::string>& names) {
  std::string meanings;
  for (const auto& n : names) meanings += (meanings.empty() ? "" : " ") + n;
  std::vector<std::int32_t> values(names.size());
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<std::int32_t>(i);
  const hsize_t dims[1] = {values.size()};
  h5::Dataspace space(H5Screate_simple(1, dims, nullptr), "dataspace flag_values");
  h5::Attribute a(H5Acreate2(ds, "flag_values", H5T_STD_I32LE, space, H5P_DEFAULT, H5P_DEFAULT), "create flag_values");
  h5::check(H5Awrite(a, H5T_NATIVE_INT32, values.data()), "write flag_values");
  h5::write_ascii_attribute(ds, "flag_meanings", meanings);
}

std::vector<double> flatten(const std::vector<std::vector<double>>& rows) {
  std::vector<double> out;
  for (const auto& r : rows) out.insert(out.end(), r.begin(), r.end());
  return out;
}

}  // namespace

void write_event_table_h5(hid_t file, const EventTable& tb, hid_t state_component) {
  const std::size_t N = tb.size(), n = tb.state_before.empty() ? 0 : tb.state_before.front().size();
  h5::Dataset t = netcdf::create_with_data(file, "event_time", H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, {N}, tb.t.data());
  netcdf::describe(t, "s", "time of the event", netcdf::Text::ascii);
  netcdf::make_scale(t, "event_time");
  auto codes = [&](const std::string& name, const std::vector<int>& v, const std::vector<std::string>& names,
                   const std::string& long_name) {
    std::vector<std::int32_t> data(v.begin(), v.end());
    h5::Dataset ds = netcdf::create_with_data(file, name, H5T_STD_I32LE, H5T_NATIVE_INT32, {N}, data.data());
    netcdf::describe(ds, "1", long_name, netcdf::Text::ascii);
    describe_flags(ds, names);
    netcdf::attach(ds, t, 0, "event_time to " + name);
  };
  codes("event_index", tb.event, tb.event_names, "which event of the model");
  codes("event_mode_before", tb.mode_before, tb.mode_names, "mode the event happened in");
  codes("event_mode_after", tb.mode_after, tb.mode_names, "mode after the event");
  auto states = [&](const std::string& name, const std::vector<std::vector<double>>& rows,
                    const std::string& long_name) {
    const std::vector<double> data = flatten(rows);
    h5::Dataset ds = netcdf::create_with_data(file, name, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, {N, n}, data.data());
    netcdf::describe(ds, "rad, rad/s (per column)", long_name, netcdf::Text::ascii);
    netcdf::attach(ds, t, 0, "event_time to " + name);
    netcdf::attach(ds, state_component, 1, "state_component to " + name);
  };
  states("event_state_before", tb.state_before, "state just before the event");
  states("event_state_after", tb.state_after, "state just after the event (the reset's value)");
  auto energies = [&](const std::string& name, const std::vector<double>& v, const std::string& long_name) {
    h5::Dataset ds = netcdf::create_with_data(file, name, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, {N}, v.data());
    netcdf::describe(ds, "J", long_name, netcdf::Text::ascii);
    netcdf::attach(ds, t, 0, "event_time to " + name);
  };
  energies("event_energy_before", tb.energy_before, "energy just before the event");
  energies("event_energy_after", tb.energy_after, "energy just after the event");
}

EventTable read_event_table_h5(hid_t file, std::size_t state_dim) {
  EventTable tb;
  if (!netcdf::has_dataset(file, "event_time")) return tb;
  tb.t = netcdf::read_values<double>(file, "event_time");
  auto codes = [&](const std::string& name, std::vector<int>& out, std::vector<std::string>* names) {
    for (std::int32_t v : netcdf::read_values<std::int32_t>(file, name)) out.push_back(v);
    if (names) {
      h5::Dataset ds(H5Dopen2(file, name.c_str(), H5P_DEFAULT), "open " + name);
      std::string meanings = h5::read_string_attribute(ds, "flag_meanings");
      std::size_t start = 0;
      while (start <= meanings.size()) {
        const std::size_t end = std::min(meanings.find(' ', start), meanings.size());
        if (end > start) names->push_back(meanings.substr(start, end - start));
        start = end + 1;
      }
    }
  };
  codes("event_index", tb.event, &tb.event_names);
  codes("event_mode_before", tb.mode_before, &tb.mode_names);
  codes("event_mode_after", tb.mode_after, nullptr);
  auto states = [&](const std::string& name, std::vector<std::vector<double>>& rows) {
    const std::vector<double> v = netcdf::read_values<double>(file, name);
    for (std::size_t k = 0; k < tb.t.size(); ++k)
      rows.emplace_back(v.begin() + static_cast<long>(k * state_dim),
                        v.begin() + static_cast<long>((k + 1) * state_dim));
  };
  states("event_state_before", tb.state_before);
  states("event_state_after", tb.state_after);
  tb.energy_before = netcdf::read_values<double>(file, "event_energy_before");
  tb.energy_after = netcdf::read_values<double>(file, "event_energy_after");
  return tb;
}

void write_event_table_csv(std::ostream& o, const EventTable& tb) {
  o << "# event_names = " << io::join_names(tb.event_names) << "\n";
  o << "# mode_names = " << io::join_names(tb.mode_names) << "\n";
  for (std::size_t k = 0; k < tb.size(); ++k) {
    o << "# event = ";
    put_number(o, tb.t[k]);
    o << ',' << tb.event_names[static_cast<std::size_t>(tb.event[k])] << ','
      << tb.mode_names[static_cast<std::size_t>(tb.mode_before[k])] << ','
      << tb.mode_names[static_cast<std::size_t>(tb.mode_after[k])];
    for (double v : {tb.energy_before[k], tb.energy_after[k]}) {
      o << ',';
      put_number(o, v);
    }
    for (const auto* row : {&tb.state_before[k], &tb.state_after[k]})
      for (double v : *row) {
        o << ',';
        put_number(o, v);
      }
    o << "\n";
  }
}

bool read_event_csv_line(const std::string& key, const std::string& value, std::size_t state_dim, EventTable& tb) {
  if (key == "event_names") {
    tb.event_names = io::split_names(value);
    return true;
  }
  if (key == "mode_names") {
    tb.mode_names = io::split_names(value);
    return true;
  }
  if (key != "event") return false;
  const std::vector<std::string> f = io::split_names(value);
  if (f.size() != 6 + 2 * state_dim)
    throw std::runtime_error("an event line has " + std::to_string(f.size()) + " fields, not " +
                             std::to_string(6 + 2 * state_dim));
  tb.t.push_back(event_number(f[0]));
  tb.event.push_back(index_of(tb.event_names, f[1], "event"));
  tb.mode_before.push_back(index_of(tb.mode_names, f[2], "mode"));
  tb.mode_after.push_back(index_of(tb.mode_names, f[3], "mode"));
  tb.energy_before.push_back(event_number(f[4]));
  tb.energy_after.push_back(event_number(f[5]));
  std::vector<double> before, after;
  for (std::size_t i = 0; i < state_dim; ++i) before.push_back(event_number(f[6 + i]));
  for (std::size_t i = 0; i < state_dim; ++i) after.push_back(event_number(f[6 + state_dim + i]));
  tb.state_before.push_back(before);
  tb.state_after.push_back(after);
  return true;
}

}  // namespace chaoskit
