#pragma once
// Provenance text shared by the commands that write result files (section, basin): the command
// line as typed and the parameter values of the set used, so a file says how it was made.
#include <fstream>
#include <sstream>
#include <string>

#include "chaoskit/params/param_sets.hpp"

namespace chaoskit::cli {

/// The command line of this process (from /proc/self/cmdline), arguments with spaces quoted.
inline std::string command_line() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::string out, arg;
  auto flush = [&] {
    if (!out.empty()) out += ' ';
    out += arg.find_first_of(" \t'\"") == std::string::npos ? arg : "'" + arg + "'";
    arg.clear();
  };
  for (char c : all) {
    if (c == '\0')
      flush();
    else
      arg += c;
  }
  if (!arg.empty()) flush();
  return out;
}

/// The [values] table of a parameter set as TOML text ("" when it cannot be read).
inline std::string param_values_text(const std::string& label) {
  try {
    const ParamFile f = read_param_file(label);
    std::ostringstream s;
    if (const toml::table* v = f.table["values"].as_table()) s << *v;
    return s.str();
  } catch (...) { return ""; }
}

}  // namespace chaoskit::cli
