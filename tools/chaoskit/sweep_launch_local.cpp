// The default build: the sweep runs in this process (OpenMP threads only).
#include <cstdlib>
#include <string>

#include "chaoskit/core/errors.hpp"
#include "sweep_launch.hpp"

namespace chaoskit::cli {

namespace {
/// The rank count an MPI launcher announces in the environment (Open MPI, MPICH/Hydra), 1 if none.
int launcher_ranks(int& rank) {
  for (const auto& [size_var, rank_var] :
       {std::pair{"OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_RANK"}, std::pair{"PMI_SIZE", "PMI_RANK"}}) {
    const char* size = std::getenv(size_var);
    if (size == nullptr) continue;
    const char* r = std::getenv(rank_var);
    rank = r ? std::atoi(r) : 0;
    return std::atoi(size);
  }
  return 1;
}
}  // namespace

struct SweepLaunch::State {};

SweepLaunch::SweepLaunch() : state_(nullptr) {
  int rank = 0;
  const int n = launcher_ranks(rank);
  if (n > 1) {
    // Rank 0 says why and exits 2; the others leave quietly with 0. A non-zero exit would make
    // mpirun end the job at once, sometimes before rank 0's line reached the output (there is no
    // MPI here to wait for it), and mpirun's own exit code is still rank 0's 2.
    if (rank != 0) throw sweep::ReportedElsewhere{0};
    throw InputError("mpirun", "this chaoskit was built without MPI but started as one of " + std::to_string(n) +
                                   " ranks, each of which would run the whole sweep; configure with -DCHAOSKIT_MPI=ON "
                                   "(tools/cluster/README.md)");
  }
}

SweepLaunch::~SweepLaunch() = default;
int SweepLaunch::ranks() const { return 1; }
bool SweepLaunch::reports() const { return true; }
void SweepLaunch::agree(const std::function<void()>& step) const { step(); }

sweep::SweepSummary SweepLaunch::run(const sweep::Job& job, const sweep::SweepOptions& options) const {
  return sweep::run_sweep(job, options);
}

}  // namespace chaoskit::cli
