#include "chaoskit/sweep/runs/stop_signals.hpp"

#include <atomic>
#include <csignal>

namespace chaoskit::sweep {

namespace {
std::atomic<int> g_signal{0};
extern "C" void note_signal(int s) { g_signal.store(s); }
}  // namespace

struct SignalGuard::Saved {
  struct sigaction old_int {
  }, old_term{};
};

SignalGuard::SignalGuard() : saved_(new Saved) {
  g_signal.store(0);
  struct sigaction sa {};
  sa.sa_handler = note_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &saved_->old_int);
  sigaction(SIGTERM, &sa, &saved_->old_term);
}

SignalGuard::~SignalGuard() {
  sigaction(SIGINT, &saved_->old_int, nullptr);
  sigaction(SIGTERM, &saved_->old_term, nullptr);
  delete saved_;
}

int signal_received() { return g_signal.load(); }

}  // namespace chaoskit::sweep
