#include "chaoskit/periodic/branch_file.hpp"

#include <hdf5.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <sstream>

#include "chaoskit/core/errors.hpp"
#include "chaoskit/io/atomic_file.hpp"
#include "chaoskit/io/file_open.hpp"
#include "chaoskit/io/h5_attributes.hpp"
#include "chaoskit/io/name_list.hpp"
#include "chaoskit/io/netcdf_layout.hpp"

namespace chaoskit::periodic {

namespace fs = std::filesystem;
namespace nc = io::netcdf;

namespace {

constexpr const char* kFormat = "chaoskit-branch-1";

struct Dim {
  h5::Dataset scale;
  std::size_t size;
  std::string name;
};

template <class T>
hid_t file_type() {
  if constexpr (std::is_same_v<T, double>) return H5T_IEEE_F64LE;
  if constexpr (std::is_same_v<T, std::int32_t>) return H5T_STD_I32LE;
  if constexpr (std::is_same_v<T, std::int8_t>) return H5T_STD_I8LE;
}
template <class T>
hid_t memory_type() {
  if constexpr (std::is_same_v<T, double>) return H5T_NATIVE_DOUBLE;
  if constexpr (std::is_same_v<T, std::int32_t>) return H5T_NATIVE_INT32;
  if constexpr (std::is_same_v<T, std::int8_t>) return H5T_NATIVE_INT8;
}

template <class T>
h5::Dataset put(hid_t file, const std::string& name, const std::vector<T>& data, const std::vector<const Dim*>& dims,
                const std::string& units, const std::string& long_name) {
  std::vector<hsize_t> extent;
  for (const Dim* d : dims) extent.push_back(d->size);
  h5::Dataset ds = nc::create_with_data(file, name, file_type<T>(), memory_type<T>(), extent, data.data());
  nc::describe(ds, units, long_name);
  for (std::size_t k = 0; k < dims.size(); ++k) nc::attach(ds, dims[k]->scale, static_cast<unsigned>(k), dims[k]->name);
  return ds;
}

template <class T, class F>
std::vector<T> per_point(const ContinuationResult& r, F&& f) {
  std::vector<T> out;
  for (const auto& p : r.points) out.push_back(static_cast<T>(f(p)));
  return out;
}

void write_file(const std::string& file_path, const std::string& path, const ContinuationResult& r,
                const io::Attributes& attributes) {
  const hid_t id = H5Fcreate(file_path.c_str(), H5F_ACC_EXCL, H5P_DEFAULT, H5P_DEFAULT);
  if (id < 0) throw InputError("output", "cannot create '" + path + "': " + h5::innermost_error());
  h5::File file(id, "create " + file_path);
  const std::size_t P = r.points.size(), n = r.state_names.size(), B = r.branches.size();
  std::size_t U = 0;
  for (const auto& p : r.points) U = std::max(U, static_cast<std::size_t>(p.unknowns.size()));
  {
    h5::Group root(H5Gopen2(file, "/", H5P_DEFAULT), "open /");
    io::Attributes all = io::software_provenance();
    for (const auto& [k, v] : attributes) all[k] = v;
    all["chaoskit_format"] = std::string(kFormat);
    all["parameter"] = r.parameter;
    all["parameter_units"] = r.units;
    all["state_names"] = io::join_names(r.state_names);
    std::string reasons;
    for (const auto& b : r.branches) reasons += std::to_string(b.id) + ": " + b.end_reason + "\n";
    all["branch_end_reasons"] = reasons;
    // What the trivial multipliers stand for (the same at every point of a problem), in order.
    std::vector<std::string> origins;
    if (!r.points.empty())
      for (const auto& m : r.points.front().floquet.multipliers)
        if (m.trivial) origins.push_back(m.origin);
    all["trivial_multipliers"] = io::join_names(origins);
    h5::write_attributes(root, all);
  }
  {
    const Dim point{nc::index_dimension(file, "point", P, "point along the branches (branch by branch, in order)", 0),
                    P, "point"};
    const Dim comp{nc::index_dimension(file, "component", n, "state component (state_names)", 1), n, "component"};
    const Dim col{nc::index_dimension(file, "component_column", n, "state component of the column", 2), n,
                  "component_column"};
    const Dim mult{nc::index_dimension(file, "multiplier", n, "Floquet multiplier (trivial first)", 3), n,
                   "multiplier"};
    const Dim unk{nc::index_dimension(file, "unknown", U, "shooting unknown (segment starts, period, beta)", 4), U,
                  "unknown"};
    const Dim branch{nc::index_dimension(file, "branch", B, "branch index", 5), B, "branch"};
    const std::string& pu = r.units;
    put(file, "parameter", per_point<double>(r, [](const auto& p) { return p.parameter; }), {&point}, pu,
        "continuation parameter " + r.parameter);
    put(file, "period", per_point<double>(r, [](const auto& p) { return p.period; }), {&point}, "s", "period");
    put(file, "return_time", per_point<double>(r, [](const auto& p) { return p.return_time; }), {&point}, "s",
        "sum of the steps' times (a map's return time; a flow's period)");
    put(file, "energy", per_point<double>(r, [](const auto& p) { return p.energy; }), {&point}, "J",
        "energy (conservative systems)");
    put(file, "beta", per_point<double>(r, [](const auto& p) { return p.beta; }), {&point}, "1",
        "unfolding parameter at the solution (0 in theory)");
    put(file, "residual", per_point<double>(r, [](const auto& p) { return p.residual; }), {&point}, "1",
        "max |shooting residual|");
    put(file, "arclength", per_point<double>(r, [](const auto& p) { return p.arclength; }), {&point}, "1",
        "weighted arclength from the branch's start");
    put(file, "max_multiplier", per_point<double>(r, [](const auto& p) { return p.floquet.max_modulus; }), {&point},
        "1", "largest modulus of a nontrivial Floquet multiplier");
    put(file, "test_fold", per_point<double>(r, [](const auto& p) { return p.test_fold; }), {&point}, "1",
        "fold test function prod(mu - 1)");
    put(file, "test_period_doubling", per_point<double>(r, [](const auto& p) { return p.test_period_doubling; }),
        {&point}, "1", "period-doubling test function prod(mu + 1)");
    put(file, "test_neimark_sacker", per_point<double>(r, [](const auto& p) { return p.test_neimark_sacker; }),
        {&point}, "1", "Neimark-Sacker test function prod(mu_i mu_j - 1)");
    put(file, "iterations", per_point<std::int32_t>(r, [](const auto& p) { return p.iterations; }), {&point}, "1",
        "Newton (corrector) iterations");
    put(file, "segments", per_point<std::int32_t>(r, [](const auto& p) { return p.segments; }), {&point}, "1",
        "shooting segments (maps: the period k)");
    put(file, "point_branch", per_point<std::int32_t>(r, [](const auto& p) { return p.branch; }), {&point}, "1",
        "branch of the point");
    const h5::Dataset types =
        put(file, "point_type", per_point<std::int8_t>(r, [](const auto& p) { return static_cast<int>(p.type); }),
            {&point}, "1", "kind of point");
    h5::write_attribute(types, "flag_meanings", point_type_meanings());
    put(file, "located", per_point<std::int8_t>(r, [](const auto& p) { return p.located ? 1 : 0; }), {&point}, "1",
        "special point located to the tolerance (1) or only bracketed (0)");
    put(file, "location_error", per_point<double>(r, [](const auto& p) { return p.location_error; }), {&point}, pu,
        "estimated error of a special point's parameter (0 for regular points)");
    const h5::Dataset stab =
        put(file, "stability",
            per_point<std::int8_t>(r, [](const auto& p) { return static_cast<int>(p.floquet.stability); }), {&point},
            "1", "stability verdict");
    h5::write_attribute(stab, "flag_meanings", std::string("asymptotically_stable linearly_stable unstable"));
    std::vector<double> state, re, im, mono, unknowns;
    std::vector<std::int8_t> trivial;
    for (const auto& p : r.points) {
      for (std::size_t i = 0; i < n; ++i) state.push_back(p.state(static_cast<Eigen::Index>(i)));
      for (std::size_t k = 0; k < n; ++k) {
        const bool has = k < p.floquet.multipliers.size();
        re.push_back(has ? p.floquet.multipliers[k].value.real() : NAN);
        im.push_back(has ? p.floquet.multipliers[k].value.imag() : NAN);
        trivial.push_back(has && p.floquet.multipliers[k].trivial ? 1 : 0);
      }
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j)
          mono.push_back(p.monodromy.size() ? p.monodromy(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j))
                                            : NAN);
      for (std::size_t k = 0; k < U; ++k)
        unknowns.push_back(k < static_cast<std::size_t>(p.unknowns.size()) ? p.unknowns(static_cast<Eigen::Index>(k))
                                                                           : NAN);
    }
    put(file, "state", state, {&point, &comp}, "1", "state x_0 of the orbit (units of each component)");
    put(file, "multiplier_real", re, {&point, &mult}, "1", "Floquet multiplier, real part");
    put(file, "multiplier_imag", im, {&point, &mult}, "1", "Floquet multiplier, imaginary part");
    put(file, "multiplier_trivial", trivial, {&point, &mult}, "1",
        "trivial multiplier (flow direction, energy, section) (1) or not (0)");
    put(file, "monodromy", mono, {&point, &comp, &col}, "1", "monodromy matrix");
    put(file, "unknowns", unknowns, {&point, &unk}, "1", "shooting unknowns z (NaN-padded)");
    std::vector<std::int32_t> parent, parent_point, segs;
    for (const auto& b : r.branches)
      parent.push_back(b.parent), parent_point.push_back(b.parent_point), segs.push_back(b.segments);
    put(file, "branch_parent", parent, {&branch}, "1", "branch switched from (-1: none)");
    put(file, "branch_parent_point", parent_point, {&branch}, "1", "point switched at (-1: none)");
    put(file, "branch_segments", segs, {&branch}, "1", "shooting segments of the branch (maps: the period k)");
  }
  h5::check(H5Fflush(file, H5F_SCOPE_GLOBAL), "flush " + file_path);
  file.close("close " + file_path);
}

std::string text(const io::Attributes& a, const std::string& key) {
  const auto it = a.find(key);
  if (it == a.end()) return "";
  if (const auto* s = std::get_if<std::string>(&it->second)) return *s;
  return "";
}

}  // namespace

void write_branch_file(const std::string& path, const ContinuationResult& r, const io::Attributes& attributes,
                       bool overwrite) {
  if (path.empty()) throw InputError("output", "an output file is required");
  const fs::path p(path);
  if (!p.parent_path().empty() && !fs::is_directory(p.parent_path()))
    throw InputError("output", "directory '" + p.parent_path().string() + "' does not exist");
  if (fs::exists(p) && !overwrite)
    throw InputError("output", "'" + path + "' exists and replacing it was not asked for");
  h5::QuietErrors quiet;
  io::AtomicFile out(path);
  write_file(out.temp_path(), path, r, attributes);
  out.commit();
}

BranchFile read_branch_file(const std::string& path) {
  h5::QuietErrors quiet;
  return io::diagnosing_damage(path, [&] {
    const h5::File file = io::open_existing(path, false);
    BranchFile bf;
    {
      h5::Group root(H5Gopen2(file, "/", H5P_DEFAULT), "open /");
      bf.attributes = h5::read_attributes(root);
    }
    if (text(bf.attributes, "chaoskit_format") != kFormat)
      throw InputError("file", "'" + path + "' is not a chaoskit branch file (chaoskit_format is not " + kFormat + ")");
    ContinuationResult& r = bf.result;
    r.parameter = text(bf.attributes, "parameter");
    r.units = text(bf.attributes, "parameter_units");
    r.state_names = io::split_names(text(bf.attributes, "state_names"));
    const auto d = [&](const char* name) { return nc::read_values<double>(file, name); };
    const auto i32 = [&](const char* name) { return nc::read_values<std::int32_t>(file, name); };
    const auto i8 = [&](const char* name) { return nc::read_values<std::int8_t>(file, name); };
    const auto param = d("parameter"), period = d("period"), rt = d("return_time"), energy = d("energy"),
               beta = d("beta"), res = d("residual"), arc = d("arclength"), maxm = d("max_multiplier"),
               tf = d("test_fold"), lerr = d("location_error"), tpd = d("test_period_doubling"),
               tns = d("test_neimark_sacker"), state = d("state"), re = d("multiplier_real"), im = d("multiplier_imag"),
               mono = d("monodromy"), unknowns = d("unknowns");
    const auto its = i32("iterations"), segs = i32("segments"), br = i32("point_branch");
    const auto type = i8("point_type"), located = i8("located"), stab = i8("stability"),
               trivial = i8("multiplier_trivial");
    const std::size_t P = param.size(), n = r.state_names.size(), U = P ? unknowns.size() / P : 0;
    for (std::size_t k = 0; k < P; ++k) {
      BranchPoint p;
      p.parameter = param[k], p.period = period[k], p.return_time = rt[k], p.energy = energy[k], p.beta = beta[k];
      p.residual = res[k], p.arclength = arc[k], p.test_fold = tf[k], p.test_period_doubling = tpd[k];
      p.test_neimark_sacker = tns[k], p.iterations = its[k], p.segments = segs[k], p.branch = br[k];
      p.type = static_cast<PointType>(type[k]);
      p.located = located[k] != 0;
      p.location_error = lerr[k];
      p.floquet.stability = static_cast<Stability>(stab[k]);
      p.floquet.max_modulus = maxm[k];
      p.state = Eigen::Map<const Vector>(state.data() + k * n, static_cast<Eigen::Index>(n));
      p.monodromy = Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
          mono.data() + k * n * n, static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(n));
      const auto origins = io::split_names(text(bf.attributes, "trivial_multipliers"));
      std::size_t t = 0;
      for (std::size_t j = 0; j < n; ++j) {
        if (!std::isfinite(re[k * n + j])) continue;
        const bool is_trivial = trivial[k * n + j] != 0;
        const std::string origin = is_trivial && t < origins.size() ? origins[t++] : "";
        p.floquet.multipliers.push_back({{re[k * n + j], im[k * n + j]}, is_trivial, origin});
      }
      std::size_t u = 0;
      while (u < U && std::isfinite(unknowns[k * U + u])) ++u;
      p.unknowns = Eigen::Map<const Vector>(unknowns.data() + k * U, static_cast<Eigen::Index>(u));
      r.points.push_back(p);
    }
    const auto parent = i32("branch_parent"), parent_point = i32("branch_parent_point"), bsegs = i32("branch_segments");
    std::istringstream reasons(text(bf.attributes, "branch_end_reasons"));
    for (std::size_t b = 0; b < parent.size(); ++b) {
      BranchInfo info;
      info.id = static_cast<int>(b);
      info.parent = parent[b], info.parent_point = parent_point[b], info.segments = bsegs[b];
      std::string line;
      if (std::getline(reasons, line)) info.end_reason = line.substr(std::min(line.size(), line.find(": ") + 2));
      r.branches.push_back(info);
    }
    return bf;
  });
}

}  // namespace chaoskit::periodic
