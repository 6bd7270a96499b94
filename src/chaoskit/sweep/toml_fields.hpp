#pragma once
// Typed reads of a job file's TOML values, shared by the readers of its tables (job_reader.cpp,
// energy_sample.cpp): each refuses a wrong value with an InputError naming the field
// (`compute.lambda_max.time`, `sample.n`, ...), so that every table of a job is refused the same way.
#include <set>
#include <string>
#include <vector>

#include <toml++/toml.h>

namespace chaoskit::sweep {

/// "a, b, c": names listed in messages.
std::string comma_separated(const std::vector<std::string>& items);

/// InputError(prefix + key, "unknown key (expected one of: ...)") for a key of `t` not in `allowed`.
void reject_unknown_keys(const toml::table& t, const std::set<std::string>& allowed, const std::string& prefix);

/// A number: TOML integer or float, or a string with a unit suffix ("30deg"); finite.
double number_of(const toml::node& n, const std::string& field);

/// A TOML integer in [lo, hi].
long integer_of(const toml::node& n, const std::string& field, long lo, long hi);

/// A TOML string.
std::string string_of(const toml::node& n, const std::string& field);

}  // namespace chaoskit::sweep
