// A downstream program using chaoskit's installed library: the golf model's energy at a state, the
// state after a forced swing (also written as an HDF5 trajectory file), and the times at which the
// free swing from that state crosses th1 = 0 upwards (orbits run on OpenMP threads). It prints one
// `key value...` line each, with 17 significant digits, for comparison with the chaoskit program.
//
//   golf_swing_check PARAMS STATE TIME TORQUE RELEASE TRAJECTORY.h5
//   golf_swing_check golf_manufactured 150deg,70deg,0,0 0.295 -20,-8 none,0.2 swing.h5
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "chaoskit/core/build_info.hpp"
#include "chaoskit/core/errors.hpp"
#include "chaoskit/core/expression.hpp"
#include "chaoskit/core/units.hpp"
#include "chaoskit/integrate/instances.hpp"
#include "chaoskit/integrate/trajectory_file.hpp"
#include "chaoskit/params/param_sets.hpp"
#include "chaoskit/sections/instances.hpp"

namespace {

void print(const char* key, const std::vector<double>& values) {
  std::printf("%s", key);
  for (double v : values) std::printf(" %.17g", v);
  std::printf("\n");
}

int run(int argc, char** argv) {
  using namespace chaoskit;
  if (argc != 7) {
    std::fprintf(stderr, "usage: golf_swing_check PARAMS STATE TIME TORQUE RELEASE TRAJECTORY.h5\n");
    return 2;
  }
  const GolfModel model(golf_params(read_param_file(argv[1])));
  const std::vector<double> xs = parse_number_list(argv[2], "STATE", model.state_names());
  const Vec<double, 4> x0(xs.data());
  const double T = parse_number(argv[3], "TIME");
  InputSchedule inputs = InputSchedule::constant(parse_number_list(argv[4], "TORQUE", model.input_names()));
  inputs.set_release(parse_release_list(argv[5], GolfModel::input_dim));

  std::printf("chaoskit %s (commit %s)\n", build_info::version, build_info::commit);
  print("energy", {total_energy(model, Vec<double, 2>(x0.head<2>()), Vec<double, 2>(x0.tail<2>()))});

  const IntegratorOptions io;  // the defaults, as the chaoskit program uses them
  const Trajectory<GolfModel> swing = simulate(model, x0, inputs, 0.0, T, output_grid(0.0, T, 0.01), io);
  if (!swing.report.ok()) throw std::runtime_error("the swing failed: " + status_name(swing.report.status));
  print("final_state", {swing.x.back().data(), swing.x.back().data() + 4});

  TrajectoryTable table;
  table.state_names = model.state_names();
  table.input_names = model.input_names();
  table.t = swing.t;
  table.energy = swing.energy;
  table.power = swing.power;
  table.work = swing.work;
  table.dissipated = swing.dissipated;
  for (std::size_t k = 0; k < swing.t.size(); ++k) {
    table.x.emplace_back(swing.x[k].data(), swing.x[k].data() + 4);
    table.u.emplace_back(swing.u[k].data(), swing.u[k].data() + 2);
  }
  table.attributes = {{"software", "golf_swing_check"}, {"chaoskit", build_info::version}};
  write_trajectory(argv[6], table);

  SectionOptions so;
  so.max_crossings = 3;
  so.max_time = 20.0;
  const auto sections = run_sections(model, {x0}, {true}, parse_surface("th1 = 0", model.state_names(), "plane"),
                                     InputSchedule(GolfModel::input_dim), so, io, 2);
  std::vector<double> times;
  for (const auto& c : sections.orbits.at(0).crossings) times.push_back(c.t);
  print("crossing_times", times);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const chaoskit::InputError& e) {
    std::fprintf(stderr, "golf_swing_check: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "golf_swing_check: error: %s\n", e.what());
    return 1;
  }
}
