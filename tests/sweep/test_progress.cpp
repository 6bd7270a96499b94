// The sweep's progress line: when points differ in cost (adaptive classification), the ETA comes
// with the range the rest may take, every remaining point at its least and at its most time.
#include <catch2/catch.hpp>

#include <cstdio>
#include <regex>
#include <string>

#include "chaoskit/sweep/runs/progress.hpp"

using chaoskit::sweep::Progress;
using chaoskit::sweep::ProgressMode;

namespace {

/// What a Progress in log mode printed for one update.
std::string printed_line(std::size_t total, double least, double most, std::size_t finished, double cost) {
  std::FILE* f = std::tmpfile();
  REQUIRE(f != nullptr);
  Progress p(total, 0, ProgressMode::log, 0.0, f);
  p.set_point_cost(least, most);
  p.update(finished, 0, cost);
  std::rewind(f);
  std::string s;
  for (int c; (c = std::fgetc(f)) != EOF;) s += static_cast<char>(c);
  std::fclose(f);
  return s;
}

/// Seconds of a format_duration() string ("3 h 2 min", "4 min 5 s", "7 s").
double seconds_of(const std::string& d) {
  std::smatch m;
  if (std::regex_match(d, m, std::regex(R"((\d+) h (\d+) min)")))
    return 3600.0 * std::stod(m[1]) + 60.0 * std::stod(m[2]);
  if (std::regex_match(d, m, std::regex(R"((\d+) min (\d+) s)"))) return 60.0 * std::stod(m[1]) + std::stod(m[2]);
  if (std::regex_match(d, m, std::regex(R"((\d+) s)"))) return std::stod(m[1]);
  FAIL("not a duration: " << d);
  return 0;
}

}  // namespace

TEST_CASE("progress: points of unknown cost get the range of the remaining time", "[sweep][progress]") {
  // One point done at the least cost out of a billion: the rest take between remaining × 250 s
  // and remaining × 10000 s of model time at the measured rate, a factor 40 apart.
  const std::string line = printed_line(1'000'000'000, 250, 10000, 1, 250);
  INFO(line);
  std::smatch m;
  REQUIRE(std::regex_search(line, m, std::regex(R"(\(([^()]+) to ([^()]+) by orbit times\))")));
  const double least = seconds_of(m[1]), most = seconds_of(m[2]);
  CHECK(most / least == Approx(40).epsilon(0.05));
}

TEST_CASE("progress: points of fixed cost get no range", "[sweep][progress]") {
  const std::string line = printed_line(1000, 100, 100, 10, 1000);
  INFO(line);
  CHECK(line.find("ETA") != std::string::npos);
  CHECK(line.find("by orbit times") == std::string::npos);
}

TEST_CASE("progress: durations read as hours, minutes and seconds", "[sweep][progress]") {
  CHECK(Progress::format_duration(7) == "7 s");
  CHECK(Progress::format_duration(245) == "4 min 5 s");
  CHECK(Progress::format_duration(3 * 3600 + 125) == "3 h 2 min");
  CHECK(Progress::format_duration(NAN) == "?");
}
