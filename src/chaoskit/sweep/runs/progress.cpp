#include "chaoskit/sweep/runs/progress.hpp"

#include "chaoskit/core/errors.hpp"

#include <unistd.h>

#include <cmath>
#include <sstream>

namespace chaoskit::sweep {

ProgressMode parse_progress_mode(const std::string& text, const std::string& field) {
  if (text == "auto") return ProgressMode::automatic;
  if (text == "bar") return ProgressMode::bar;
  if (text == "log") return ProgressMode::log;
  if (text == "quiet" || text == "none") return ProgressMode::quiet;
  throw InputError(field, "must be auto, bar, log or quiet");
}

Progress::Progress(std::size_t total, std::size_t already, ProgressMode mode, double log_interval_s, std::FILE* stream)
    : total_(total),
      already_(already),
      mode_(mode),
      interval_(log_interval_s),
      out_(stream),
      start_(std::chrono::steady_clock::now()) {
  if (mode_ == ProgressMode::automatic) mode_ = ::isatty(::fileno(out_)) ? ProgressMode::bar : ProgressMode::log;
}

double Progress::elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

std::string Progress::format_duration(double s) {
  if (!std::isfinite(s) || s < 0) return "?";
  const long t = std::lround(s);
  std::ostringstream o;
  if (t >= 3600)
    o << t / 3600 << " h " << (t % 3600) / 60 << " min";
  else if (t >= 60)
    o << t / 60 << " min " << t % 60 << " s";
  else
    o << t << " s";
  return o.str();
}

void Progress::set_point_cost(double least, double most) {
  least_cost_ = least;
  most_cost_ = most;
}

std::string Progress::line(std::size_t finished, std::size_t failed) const {
  const double t = elapsed();
  const std::size_t done = already_ + finished;
  const double rate = t > 0 ? static_cast<double>(finished) / t : 0.0;
  const double eta = rate > 0 ? static_cast<double>(total_ - done) / rate : NAN;
  const double pct = total_ ? 100.0 * static_cast<double>(done) / static_cast<double>(total_) : 100.0;
  std::ostringstream o;
  o.setf(std::ios::fixed);
  o.precision(1);
  o << done << "/" << total_ << " points (" << pct << "%), ";
  o.precision(rate < 10 ? 2 : 1);
  o << rate << " points/s, elapsed " << format_duration(t) << ", ETA " << format_duration(eta);
  // Points of unknown cost: the range the rest may take, from the model time integrated per second.
  const std::size_t remaining = total_ - done;
  if (most_cost_ > least_cost_ && cost_ > 0 && t > 0 && remaining > 0) {
    const double per_second = cost_ / t;
    o << " (" << format_duration(static_cast<double>(remaining) * least_cost_ / per_second) << " to "
      << format_duration(static_cast<double>(remaining) * most_cost_ / per_second) << " by orbit times)";
  }
  if (failed) o << ", " << failed << " failed";
  return o.str();
}

void Progress::update(std::size_t finished, std::size_t failed, double cost) {
  cost_ = cost;
  if (mode_ == ProgressMode::quiet) return;
  const double t = elapsed();
  if (mode_ == ProgressMode::bar) {
    if (t - last_print_ < 0.2) return;
    last_print_ = t;
    const std::size_t done = already_ + finished;
    const int width = 30;
    const int filled =
        total_ ? static_cast<int>(width * static_cast<double>(done) / static_cast<double>(total_)) : width;
    std::string bar(static_cast<std::size_t>(filled), '#');
    bar.resize(width, '.');
    std::fprintf(out_, "\r[%s] %s\033[K", bar.c_str(), line(finished, failed).c_str());
  } else {
    if (t - last_print_ < interval_) return;
    last_print_ = t;
    std::fprintf(out_, "chaoskit sweep: %s\n", line(finished, failed).c_str());
  }
  std::fflush(out_);
}

void Progress::finish(std::size_t finished, std::size_t failed, const std::string& what) {
  if (mode_ == ProgressMode::quiet) return;
  if (mode_ == ProgressMode::bar) std::fprintf(out_, "\r\033[K");
  std::fprintf(out_, "chaoskit sweep: %s: %s\n", what.c_str(), line(finished, failed).c_str());
  std::fflush(out_);
}

}  // namespace chaoskit::sweep
