#pragma once
// Typed reads of TOML values for chaoskit's strict readers: parameter sets (param_sets.cpp), a
// sweep job's tables (sweep/reading/) and the quantities' [compute] entries. Each refuses a wrong
// value with an InputError naming the field (`values.m2`, `compute.lambda_max.time`, `sample.n`,
// ...) and a reason in one style: "unknown key (expected one of: a, b)", "must be a number",
// "must be an integer", "must be between 1 and 1000", "must be a string", "must be a list of
// numbers", so that every file chaoskit reads is refused the same way.
#include <set>
#include <string>
#include <vector>

#include <toml++/toml.h>

namespace chaoskit {

/// "a, b, c": names listed in messages.
std::string comma_separated(const std::vector<std::string>& items);

/// "unknown <what> (expected one of: a, b, c)": the reason for a key not in `allowed`.
std::string unknown_key_reason(const std::set<std::string>& allowed, const std::string& what = "key");

/// InputError(prefix + key, unknown_key_reason(allowed, what)) for the first key of `t` not in `allowed`.
void reject_unknown_keys(const toml::table& t, const std::set<std::string>& allowed, const std::string& prefix,
                         const std::string& what = "key");

/// A number: TOML integer or float, or a string with a unit suffix ("30deg"); finite.
double number_of(const toml::node& n, const std::string& field);

/// A plain number: a TOML integer or float, nothing else (a parameter set's values; their bounds,
/// finiteness included, are the parameter's own to check).
double plain_number_of(const toml::node& n, const std::string& field);

/// An array of plain numbers; `what_each` ends the message of a wrong one ("must be a list of
/// numbers, one per link").
std::vector<double> plain_numbers_of(const toml::node& n, const std::string& field, const std::string& what_each = "");

/// A TOML integer in [lo, hi].
long integer_of(const toml::node& n, const std::string& field, long lo, long hi);

/// A TOML string.
std::string string_of(const toml::node& n, const std::string& field);

}  // namespace chaoskit
