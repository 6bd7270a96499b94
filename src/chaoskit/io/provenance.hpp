#pragma once
// Who wrote a chaoskit file, with what, when and where: the root attributes every file starts from
// (results files, section tables, trajectories, and the attributes of the Python module's
// in-memory results), assembled here and nowhere else, in openPMD's names: software,
// softwareVersion, softwareCommit, date, host. The writers add the computation's own (job text,
// model, parameters, integrator, command line, ...).
#include <string>

#include "chaoskit/io/h5_attributes.hpp"

namespace chaoskit::io {

using AttributeValue = h5::AttributeValue;
using Attributes = h5::Attributes;

/// software = "chaoskit", softwareVersion, softwareCommit (build_info.hpp), date (now, utc_now) and
/// host (host_name): every value a string.
Attributes software_provenance();

/// Now in UTC, ISO 8601 to the second: "2026-01-31T12:00:00Z".
std::string utc_now();

/// The machine's host name, or "unknown".
std::string host_name();

}  // namespace chaoskit::io
