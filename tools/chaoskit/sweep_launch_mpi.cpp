// The MPI build: `mpirun -n N chaoskit sweep JOB` runs the sweep across N ranks (mpi_runner.hpp);
// without mpirun the program is a single rank and behaves like the default build.
#include "chaoskit/sweep/runs/mpi_runner.hpp"
#include "chaoskit/sweep/runs/mpi_session.hpp"
#include "flag_errors.hpp"
#include "sweep_launch.hpp"

namespace chaoskit::cli {

struct SweepLaunch::State {
  sweep::MpiSession mpi;
};

SweepLaunch::SweepLaunch() : state_(new State) { state_->mpi.input_error_line = flag_message; }
SweepLaunch::~SweepLaunch() { delete state_; }
int SweepLaunch::ranks() const { return state_->mpi.size(); }
bool SweepLaunch::reports() const { return state_->mpi.rank() == 0; }
void SweepLaunch::agree(const std::function<void()>& step) const { state_->mpi.agree(step); }

sweep::SweepSummary SweepLaunch::run(const sweep::Job& job, const sweep::SweepOptions& options) const {
  return sweep::run_sweep_mpi(job, options, state_->mpi);
}

}  // namespace chaoskit::cli
