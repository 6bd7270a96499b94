#pragma once
// `chaoskit query FILE.h5 describe` on the file of `chaoskit continue` or `chaoskit periodic --out`
// (a branch file, periodic/branch_file.hpp): its branches, their ranges in the parameter, where the
// orbits are stable, and the labelled bifurcation points. The other subcommands read sweep results.
#include <string>

namespace chaoskit::cli {

/// Whether `path` is a branch file (root attribute chaoskit_format = "chaoskit-branch-1").
bool is_branch_file(const std::string& path);

/// Prints the description (text, or one JSON object); returns the exit code.
int describe_branch_file(const std::string& path, bool json);

}  // namespace chaoskit::cli
