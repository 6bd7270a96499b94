#pragma once
// Python values → TOML, for jobs given as dicts: the dict becomes the same toml++ table a job file
// would parse into, and its text is what the job's provenance stores.
#include <string>

#include <pybind11/pybind11.h>
#include <toml++/toml.h>

namespace chaoskit::python {

/// A dict of str → (dict | list | tuple | str | bool | int | float | numpy scalar) as a TOML table.
/// ValueError naming the key path for anything else (None, a set, a non-finite float is allowed).
toml::table to_toml_table(const pybind11::dict& d, const std::string& where = "");

/// The table's TOML text.
std::string toml_text(const toml::table& t);

}  // namespace chaoskit::python
