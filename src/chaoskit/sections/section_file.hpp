#pragma once
// The HDF5 file of `chaoskit section`: every crossing of every orbit as one table, plus the seeds,
// readable by xarray (engine h5netcdf), h5py and h5dump.
//
// Layout (netCDF-4 conventions, io/netcdf_layout.hpp: 1-D index coordinates registered as
// dimension scales with _Netcdf4Dimid, `units` and `long_name` on every dataset):
//   /crossing            int32 0..C−1, dimension of the crossings table
//   /orbit               int32 [crossing]: the seed (orbit) index of each crossing
//   /t                   float64 [crossing]: crossing time [s]
//   /<component>         float64 [crossing] for every state component (th1, dth1, ...)
//   /energy              float64 [crossing]: T + V at the crossing (NaN for non-mechanical models)
//   /seed                int32 0..S−1, dimension of the seeds
//   /seed_<component>    float64 [seed]: initial state (NaN for the solved rate of an inaccessible seed)
//   /seed_energy, /seed_end_time float64 [seed]; /seed_crossings int32 [seed]
//   /seed_status         int8 [seed]: point status codes (core/point_status.hpp: 1 ok, 5 invalid_point =
//                        energetically inaccessible, 2..4 integration failures)
//   /                    provenance attributes (software, softwareVersion, softwareCommit, date, host:
//                        io/provenance.hpp) and the caller's map: command line, model, parameters,
//                        integrator, plane, ...
// Crossings are stored orbit by orbit, each orbit's in time order. The file is built under a
// temporary name and renamed into place (io/atomic_file.hpp); an existing file is refused unless
// overwrite is set.
#include <cstdint>
#include <string>
#include <vector>

#include "chaoskit/core/point_status.hpp"
#include "chaoskit/io/provenance.hpp"

namespace chaoskit {

struct SectionTable {
  std::vector<std::string> state_names;
  // crossings (C rows)
  std::vector<std::int32_t> orbit;
  std::vector<double> t;
  std::vector<double> state;  ///< C × n, row-major
  std::vector<double> energy;
  // seeds (S rows)
  std::vector<double> seed_state;  ///< S × n, row-major
  std::vector<double> seed_energy, seed_end_time;
  std::vector<std::int32_t> seed_crossings;
  std::vector<std::int8_t> seed_status;
  io::Attributes attributes;
  std::size_t crossings() const { return t.size(); }
  std::size_t seeds() const { return seed_energy.size(); }
};

/// Writes `table` to `path` (see the layout above). InputError("output") for an existing file
/// without overwrite, a missing directory or an unwritable path.
void write_section_file(const std::string& path, const SectionTable& table, bool overwrite);

/// Reads a file written by write_section_file (attributes as strings/doubles).
SectionTable read_section_file(const std::string& path);

}  // namespace chaoskit
