#pragma once
// Up-front memory checks: a command that would hold a large grid or table in memory refuses it
// before any work, with the estimate and what the machine has, instead of failing later with
// std::bad_alloc (or being killed by the kernel) after minutes of computation.
#include <string>

namespace chaoskit {

/// MemAvailable of /proc/meminfo in bytes (what the kernel can give without swapping), or 0 where
/// that file does not exist (then no check refuses anything).
double available_memory_bytes();

/// "512 kB", "3.2 MB", "1.84e+04 GB": three significant digits.
std::string human_bytes(double bytes);

/// A count of grid points or seeds: exact below 10^15, else three significant digits ("1.84e+19").
std::string format_count(double count);

/// Throws InputError(field, "<what> needs about X of memory, but only Y is available (<advice>)")
/// when need_bytes exceeds the available memory. Sizes are doubles so that products of large
/// counts cannot wrap around.
void require_memory(const std::string& field, const std::string& what, double need_bytes, const std::string& advice);

}  // namespace chaoskit
