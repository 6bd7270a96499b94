#include "query_branch.hpp"

#include <cmath>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "chaoskit/io/file_open.hpp"
#include "chaoskit/io/h5_attributes.hpp"
#include "chaoskit/periodic/branch_file.hpp"
#include "json_writer.hpp"

namespace chaoskit::cli {

namespace {

using periodic::BranchPoint;
using periodic::PointType;

/// The parameter intervals of a branch where its orbits are asymptotically stable, in branch order.
std::vector<std::pair<double, double>> stable_runs(const std::vector<const BranchPoint*>& points) {
  std::vector<std::pair<double, double>> runs;
  bool open = false;
  for (const BranchPoint* p : points) {
    const bool stable = p->floquet.stability == periodic::Stability::asymptotically_stable;
    if (stable && !open) runs.push_back({p->parameter, p->parameter});
    if (stable) runs.back().second = p->parameter;
    open = stable;
  }
  return runs;
}

bool is_labelled(PointType t) {
  return t == PointType::fold || t == PointType::branch_point || t == PointType::period_doubling ||
         t == PointType::neimark_sacker;
}

std::string attribute(const periodic::BranchFile& f, const std::string& key) {
  const auto it = f.attributes.find(key);
  if (it == f.attributes.end()) return "";
  if (const auto* s = std::get_if<std::string>(&it->second)) return *s;
  return "";
}

}  // namespace

bool is_branch_file(const std::string& path) {
  // A file HDF5 cannot open is not one; the results reader then says what is wrong with it.
  h5::QuietErrors quiet;
  try {
    const h5::File file = io::open_existing(path, false);
    return h5::string_attribute_or_empty(file, "chaoskit_format") == "chaoskit-branch-1";
  } catch (const h5::Error&) { return false; }
}

int describe_branch_file(const std::string& path, bool json) {
  const periodic::BranchFile f = periodic::read_branch_file(path);
  const auto& r = f.result;
  std::vector<std::vector<const BranchPoint*>> by_branch(r.branches.size());
  for (const BranchPoint& p : r.points)
    if (p.branch >= 0 && static_cast<std::size_t>(p.branch) < by_branch.size())
      by_branch[static_cast<std::size_t>(p.branch)].push_back(&p);

  if (json) {
    JsonWriter w(std::cout);
    w.begin_object().field("file", path).field("content", "branch").field("parameter", r.parameter);
    w.field("units", r.units).field("state_names", r.state_names).field("model", attribute(f, "model"));
    w.field("points", static_cast<int>(r.points.size()));
    w.key("branches").begin_array();
    for (std::size_t b = 0; b < r.branches.size(); ++b) {
      const auto& pts = by_branch[b];
      w.begin_object().field("id", r.branches[b].id).field("parent", r.branches[b].parent);
      w.field("segments", r.branches[b].segments).field("points", static_cast<int>(pts.size()));
      w.field("end_reason", r.branches[b].end_reason);
      if (!pts.empty()) w.field("from", pts.front()->parameter).field("to", pts.back()->parameter);
      w.key("stable").begin_array();
      for (const auto& [a, z] : stable_runs(pts)) w.value(std::vector<double>{a, z});
      w.end_array().end_object();
    }
    w.end_array();
    w.key("bifurcations").begin_array();
    for (const BranchPoint& p : r.points)
      if (is_labelled(p.type)) {
        w.begin_object().field("type", periodic::point_type_name(p.type)).field("branch", p.branch);
        w.field("parameter", p.parameter).field("located", p.located).field("location_error", p.location_error);
        w.end_object();
      }
    w.end_array().end_object();
    std::cout << "\n";
    return 0;
  }

  std::ostream& o = std::cout;
  o << std::setprecision(8);
  o << "file " << path << "\n";
  o << "branch file (chaoskit continue / periodic): " << r.points.size() << " points on " << r.branches.size()
    << " branch" << (r.branches.size() == 1 ? "" : "es") << ", parameter " << r.parameter
    << (r.units.empty() ? "" : " [" + r.units + "]") << "\n";
  if (const std::string m = attribute(f, "model"); !m.empty()) o << "model " << m << "\n";
  if (const std::string e = attribute(f, "at_event"); !e.empty()) o << "map at event " << e << "\n";
  o << "\nbranches\n";
  for (std::size_t b = 0; b < r.branches.size(); ++b) {
    const auto& pts = by_branch[b];
    o << "  " << r.branches[b].id << ": " << pts.size() << " points";
    if (!pts.empty()) o << ", " << r.parameter << " " << pts.front()->parameter << " .. " << pts.back()->parameter;
    if (r.branches[b].parent >= 0) o << ", switched from branch " << r.branches[b].parent;
    if (r.branches[b].segments > 1) o << ", period " << r.branches[b].segments;
    o << "\n     stable (all nontrivial |mu| < 1) on: ";
    const auto runs = stable_runs(pts);
    if (runs.empty()) o << "none";
    for (std::size_t k = 0; k < runs.size(); ++k)
      o << (k ? ", " : "") << "[" << std::min(runs[k].first, runs[k].second) << ", "
        << std::max(runs[k].first, runs[k].second) << "]";
    o << "\n     ended: " << r.branches[b].end_reason << "\n";
  }
  o << "\nbifurcations\n";
  int n = 0;
  for (const BranchPoint& p : r.points)
    if (is_labelled(p.type)) {
      ++n;
      o << "  " << std::left << std::setw(16) << periodic::point_type_name(p.type) << std::right << " branch "
        << p.branch << "  " << r.parameter << " = " << std::setprecision(10) << p.parameter << std::setprecision(8)
        << (p.located ? "  (located, error " : "  (bracketed only, error ") << std::setprecision(1) << std::scientific
        << p.location_error << std::defaultfloat << std::setprecision(8) << ")\n";
    }
  if (n == 0) o << "  none\n";
  return 0;
}

}  // namespace chaoskit::cli
