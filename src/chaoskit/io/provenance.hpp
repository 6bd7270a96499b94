#pragma once
// Who wrote a chaoskit file, with what and when: the root attributes every file starts from, in
// openPMD's names (software, softwareVersion, softwareCommit, date; results files add host). The
// writers add the computation's own (job text, model, parameters, integrator, command line, ...).
// Trajectory files are the exception: since their first version they carry software,
// softwareVersion and `commit`, given by `chaoskit simulate`, and no date.
#include <string>

#include "chaoskit/io/h5_attributes.hpp"

namespace chaoskit::io {

using AttributeValue = h5::AttributeValue;
using Attributes = h5::Attributes;

/// software = "chaoskit", softwareVersion, softwareCommit (build_info.hpp) and date (now).
Attributes software_provenance();

/// Now in UTC, ISO 8601 to the second: "2026-01-31T12:00:00Z".
std::string utc_now();

/// The machine's host name, or "unknown".
std::string host_name();

}  // namespace chaoskit::io
