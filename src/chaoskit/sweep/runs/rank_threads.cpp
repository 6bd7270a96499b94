#include "chaoskit/sweep/runs/rank_threads.hpp"

#include <algorithm>
#include <utility>

#include "chaoskit/sweep/runs/work_messages.hpp"

namespace chaoskit::sweep {

void Wakeup::poke() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    poked_ = true;
  }
  cv_.notify_one();
}

void Wakeup::wait(std::chrono::microseconds timeout) {
  std::unique_lock<std::mutex> lock(mutex_);
  cv_.wait_for(lock, timeout, [this] { return poked_; });
  poked_ = false;
}

std::chrono::microseconds Backoff::next() {
  const auto t = current_;
  current_ = std::min(max_, current_ * 2);
  return t;
}

std::optional<Batch> UnitQueue::next() {
  std::unique_lock<std::mutex> lock(mutex_);
  if (queue_.empty()) wake_.poke();
  cv_.wait(lock, [this] { return !queue_.empty() || closed_; });
  if (queue_.empty()) return std::nullopt;
  const Batch b = queue_.front();
  queue_.pop_front();
  if (queue_.empty()) wake_.poke();  // ask for the next unit now
  return b;
}

void UnitQueue::push(const std::vector<Batch>& unit) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (closed_) return;
    queue_.insert(queue_.end(), unit.begin(), unit.end());
  }
  cv_.notify_all();
}

void UnitQueue::close(bool drop_queued) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    closed_ = true;
    if (drop_queued) queue_.clear();
  }
  cv_.notify_all();
}

bool UnitQueue::wants_more() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return queue_.empty() && !closed_;
}

void ResultOutbox::put(std::size_t first, const PointColumns& values, std::span<const std::int8_t> status) {
  std::vector<char> m = encode_result(first, values, status);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    messages_.push_back(std::move(m));
  }
  wake_.poke();
}

std::vector<std::vector<char>> ResultOutbox::take() {
  std::lock_guard<std::mutex> lock(mutex_);
  return std::exchange(messages_, {});
}

bool ResultOutbox::empty() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return messages_.empty();
}

ComputeThread::ComputeThread(const Job& job, const ResultsLayout& layout, int threads, BatchFeed& feed, BatchSink& sink,
                             const std::atomic<bool>& stop, Wakeup& wake)
    : thread_([&job, &layout, threads, &feed, &sink, &stop, &wake, this] {
        try {
          report_ = compute_batches(job, layout, threads, feed, sink, [&stop] { return stop.load(); });
        } catch (...) { error_ = std::current_exception(); }
        done_.store(true);
        wake.poke();
      }) {}

ComputeThread::~ComputeThread() {
  if (thread_.joinable()) thread_.join();
}

EngineReport ComputeThread::join() {
  if (thread_.joinable()) thread_.join();
  if (error_) std::rethrow_exception(error_);
  return report_;
}

}  // namespace chaoskit::sweep
