#include "chaoskit/io/provenance.hpp"

#include <unistd.h>

#include <ctime>

#include "chaoskit/core/build_info.hpp"

namespace chaoskit::io {

Attributes software_provenance() {
  return {{"software", std::string("chaoskit")},
          {"softwareVersion", std::string(build_info::version)},
          {"softwareCommit", std::string(build_info::commit)},
          {"date", utc_now()},
          {"host", host_name()}};
}

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::string host_name() {
  char buf[256] = {};
  if (::gethostname(buf, sizeof buf - 1) != 0) return "unknown";
  return buf;
}

}  // namespace chaoskit::io
