#pragma once
// Joint-moment histories u(t) for models with inputs (golf τ1 τ2, chain τ1..τN, limb's hip and
// knee moments), in three forms that combine:
//
//   base_i(t)  = a_i                            constant form (a1, a2, ...)
//              | piecewise-linear table          table form (a CSV file, or TOML)
//   u_i(t)     = base_i(t) · [t < r_i]           optional release event per channel
//
// Outside a table's time range the first/last row is held. r_i = +inf means "never released".
//
// Integration is split into segments at every table knot and every release time inside (t0, T)
// and the driver stops exactly there: on each segment u is the linear function u0 + slope (t − ta),
// evaluated from that segment's side even at its end points, so no stage of a step ever sees the
// input of the neighbouring segment. A release is a jump of u (and of ẋ); a knot is a kink.
//
// Input parameters whose sensitivities the variational equations report:
//   amplitude_i : a unit moment added to channel i while it is on, δu = e_i [t < r_i]
//                 (for the constant form this is exactly ∂/∂a_i)
//   release_i   : the release time r_i; its effect enters as the jump f(x, u⁻) − f(x, u⁺) at r_i.
#include <array>
#include <cmath>
#include <istream>
#include <limits>
#include <string>
#include <vector>

#include <toml++/toml.h>

#include "chaoskit/core/types.hpp"

namespace chaoskit {

/// Largest input dimension supported (a model file of 12 states has 6 slots; the chain with 5
/// links has 5).
inline constexpr int kMaxInputs = 6;

using InputArray = std::array<double, kMaxInputs>;

/// One piece of the schedule, valid on [ta, tb]: u_i(t) = u0_i + slope_i (t − ta).
struct InputSegment {
  double ta = 0.0, tb = 0.0;
  InputArray u0{}, slope{};
  std::array<bool, kMaxInputs> active{};  // channel i not yet released on this segment
  int dim = 0;                            // the schedule's channels (the size of u<Eigen::Dynamic>)

  /// u(t) as M values (M = Eigen::Dynamic: the schedule's `dim`).
  template <int M>
  Vec<double, M> u(double t) const {
    const int count = is_fixed_extent(M) ? M : dim;
    auto out = sized<Vec<double, M>>(count);
    for (int i = 0; i < count; ++i) out(i) = u0[i] + slope[i] * (t - ta);
    return out;
  }
  template <int M>
  Vec<double, M> active_mask() const {
    const int count = is_fixed_extent(M) ? M : dim;
    auto out = sized<Vec<double, M>>(count);
    for (int i = 0; i < count; ++i) out(i) = active[i] ? 1.0 : 0.0;
    return out;
  }
};

class InputSchedule {
 public:
  static constexpr double never = std::numeric_limits<double>::infinity();

  /// No inputs (dimension 0), or all-zero moments of dimension `dim`.
  explicit InputSchedule(int dim = 0);

  /// Constant moments a (one per channel).
  static InputSchedule constant(const std::vector<double>& a);
  /// Piecewise-linear table: strictly increasing times, one row of `dim` values per time.
  static InputSchedule table(const std::vector<double>& times, const std::vector<std::vector<double>>& rows);

  /// Sets release times (one per channel; `never` = +inf for none). Throws InputError on NaN or size mismatch.
  void set_release(const std::vector<double>& release);

  int dim() const { return dim_; }
  bool has_table() const { return !knots_.empty(); }
  double release(int i) const { return release_[i]; }
  /// Base value of channel i before any release.
  double base(int i, double t) const;
  /// u(t), right-continuous at releases (the value on the segment starting at t).
  std::vector<double> value(double t) const;

  /// The segments covering [t0, t1], split at table knots and release times strictly inside.
  std::vector<InputSegment> segments(double t0, double t1) const;

  /// One line describing the schedule, for provenance and --json.
  std::string describe() const;

 private:
  int dim_ = 0;
  InputArray amplitude_{};
  std::vector<double> knots_;
  std::vector<InputArray> rows_;
  InputArray release_{};
};

/// Reads a CSV torque table: an optional header line, then rows "t,u1,...,u_dim" (comments '#').
/// Throws InputError naming `field` and the line for anything malformed.
InputSchedule read_torque_table_csv(const std::string& path, int dim, const std::string& field = "torque_table");
/// The same from an open stream; `source` names it in messages (as "source:line").
InputSchedule read_torque_table_csv(std::istream& in, const std::string& source, int dim,
                                    const std::string& field = "torque_table");

/// Reads an [inputs] table:  torque = [a1, ...]  |  table = "file.csv" (relative to the TOML's
/// directory)  |  [inputs.table] t = [...], u = [[...], ...];  and optionally release = [r1, ...]
/// where a string "none" or inf means no release. Unknown keys are errors. `label` prefixes fields.
InputSchedule read_inputs_toml(const toml::table& inputs, int dim, const std::string& label,
                               const std::string& base_dir);

/// Reads the [inputs] table of a TOML file (InputError if the file or the table is missing).
InputSchedule read_inputs_file(const std::string& path, int dim);

/// Parses a release list (text such as "none,0.2"): one entry per channel, a time in s or "none".
std::vector<double> parse_release_list(const std::string& text, int dim, const std::string& field = "release");

}  // namespace chaoskit
