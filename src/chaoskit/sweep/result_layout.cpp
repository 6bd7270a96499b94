#include "chaoskit/sweep/result_layout.hpp"

#include <cmath>
#include <cstdio>

#include "chaoskit/models/mechanical_form.hpp"
#include "chaoskit/sweep/classification_options.hpp"

#include "chaoskit/sweep/point_inputs.hpp"

namespace chaoskit::sweep {

namespace {

struct ModelShape {
  std::size_t n = 0;  // state dimension
  bool mechanical = false;
};

/// orbit_class's long_name: the codes and the verdict rule in force, with its exponent floor.
std::string orbit_class_description(const OrbitClassOptions& o) {
  char rule[400];
  if (o.adaptive())
    std::snprintf(rule, sizeof rule,
                  "adaptive: T doubled from %g s up to max_time %g s; chaotic where lambda_max and SALI say so, "
                  "regular where lambda_max, SALI and MEGNO all say so and T >= ln(sqrt(2)/%g)/lambda_floor = %.0f s "
                  "(lambda_floor = %g 1/s), else undecided",
                  o.time, o.max_time, o.sali_chaotic, o.regular_time(), o.floor());
  else
    std::snprintf(rule, sizeof rule,
                  "fixed T = %g s, where lambda_max and SALI agree: a regular verdict excludes only exponents above "
                  "ln(sqrt(2)/%g)/T = %.3g 1/s",
                  o.time, o.sali_chaotic, o.floor());
  return std::string("verdict: 0 regular, 1 chaotic, 2 undecided; ") + rule;
}

ModelShape shape_of(const AnyModel& m) {
  return std::visit(
      [](const auto& x) {
        using M = std::decay_t<decltype(x)>;
        return ModelShape{static_cast<std::size_t>(M::state_dim), is_mechanical_model(x)};
      },
      m);
}

}  // namespace

double PointCost::of(const double* block) const {
  double c = fixed;
  for (std::size_t i = 0; i < adaptive_slots.size(); ++i) {
    const double t = block[adaptive_slots[i]];
    c += std::isfinite(t) ? t : adaptive_min[i];
  }
  return c;
}

double PointCost::least() const {
  double c = fixed;
  for (double t : adaptive_min) c += t;
  return c;
}

double PointCost::most() const {
  double c = fixed;
  for (double t : adaptive_max) c += t;
  return c;
}

int ResultLayout::find(const std::string& name) const {
  for (std::size_t i = 0; i < variables.size(); ++i)
    if (variables[i].name == name) return static_cast<int>(i);
  return -1;
}

ResultLayout result_layout(const Job& job) {
  using io::ElementType;
  const ModelShape s = shape_of(job.base_model);
  ResultLayout L;
  auto add = [&](std::string name, ElementType type, std::vector<io::TrailingDim> trailing, std::string units,
                 std::string long_name) {
    const double fill = type == ElementType::float64 ? NAN : type == ElementType::uint8 ? 255.0 : -1.0;
    L.variables.push_back({std::move(name), type, std::move(trailing), std::move(units), std::move(long_name), fill});
  };
  for (const ComputeSpec& c : job.compute) {
    switch (c.quantity) {
      case Quantity::lambda_max:
        add("lambda_max", ElementType::float64, {}, "1/s", "largest Lyapunov exponent");
        add("lambda_max_error", ElementType::float64, {}, "1/s", "standard error of lambda_max (block averages)");
        add("lambda_max_converged", ElementType::uint8, {}, "1",
            "lambda_max settled: estimates at T and T/2 within 3 error bars (1 yes, 0 no)");
        break;
      case Quantity::spectrum:
        add("spectrum", ElementType::float64, {{"exponent", s.n}}, "1/s", "Lyapunov spectrum, largest first");
        add("spectrum_error", ElementType::float64, {{"exponent", s.n}}, "1/s", "standard error of each exponent");
        break;
      case Quantity::stm:
        add("stm", ElementType::float64, {{"state_row", s.n}, {"state_col", s.n}}, "1",
            "state-transition matrix Psi(T,0) = dx(T)/dx(0)");
        break;
      case Quantity::ftle:
        add("ftle", ElementType::float64, {}, "1/s",
            "largest finite-time Lyapunov exponent (" + metric_name(c.metric) + " metric)");
        break;
      case Quantity::sali:
        add("sali", ElementType::float64, {}, "1", "smaller alignment index at the final time");
        break;
      case Quantity::megno:
        add("megno", ElementType::float64, {}, "1", "mean exponential growth of nearby orbits <Y> at the final time");
        break;
      case Quantity::orbit_class: {
        add("orbit_class", ElementType::int32, {}, "1", orbit_class_description(orbit_class_options(c)));
        add("orbit_votes", ElementType::int32, {{"indicator", 3}}, "1",
            "vote of lambda_max, SALI and MEGNO, in that order: 0 regular, 1 chaotic, 2 undecided");
        add("orbit_lambda_max", ElementType::float64, {}, "1/s",
            "largest Lyapunov exponent at T (from SALI's first vector)");
        add("orbit_lambda_max_error", ElementType::float64, {}, "1/s",
            "standard error of orbit_lambda_max (block averages)");
        add("orbit_lambda_max_half", ElementType::float64, {}, "1/s", "the lambda_max estimate at T/2");
        add("orbit_sali", ElementType::float64, {}, "1", "smaller alignment index at T");
        add("orbit_sali_min", ElementType::float64, {}, "1", "smallest SALI met up to T");
        add("orbit_megno", ElementType::float64, {}, "1", "MEGNO <Y> at T");
        add("orbit_growth_power", ElementType::float64, {}, "1",
            "adaptive: p in |w| ~ t^p of the deviation vector over [T/4, T] (about 1 on a torus, large if chaotic)");
        add("orbit_time", ElementType::float64, {}, "s",
            "T: the time at which the verdict was reached (or max_time), the time of every orbit_ value");
        break;
      }
      case Quantity::final_state:
        add("final_state", ElementType::float64, {{"component", s.n}}, "SI", "state at the final time");
        break;
      case Quantity::endpoint_sensitivity:
        add("endpoint_speed", ElementType::float64, {}, "m/s", "endpoint speed at the final time");
        add("endpoint_position_gain", ElementType::float64, {{"singular", 2}}, "m per unit of state",
            "singular values of d(endpoint position at T)/d(initial state)");
        add("endpoint_velocity_gain", ElementType::float64, {{"singular", 2}}, "m/s per unit of state",
            "singular values of d(endpoint velocity at T)/d(initial state)");
        break;
      case Quantity::section:
        add("section_count", ElementType::int32, {}, "1", "Poincare crossings found (" + c.plane + ")");
        add("section_time", ElementType::float64, {{"crossing", static_cast<std::size_t>(c.crossings)}}, "s",
            "time of each crossing (NaN past section_count)");
        add("section_state", ElementType::float64,
            {{"crossing", static_cast<std::size_t>(c.crossings)}, {"component", s.n}}, "SI",
            "state at each crossing (NaN past section_count)");
        break;
      case Quantity::basin:
        if (c.basin_kind == "rest") {
          add("basin_label", ElementType::int32, {}, "1",
              "rest state: winding numbers of the links, encoded (0: no link over the top, -1: not settled)");
          add("basin_time", ElementType::float64, {}, "s", "time when the energy fell below the lowest barrier");
        } else if (c.basin_kind == "flip") {
          add("basin_label", ElementType::int32, {}, "1", "link that first passed over the top (0: none)");
          add("basin_time", ElementType::float64, {}, "s", "flip time: first passage of a link over the top");
        } else {
          add("basin_label", ElementType::int32, {}, "1",
              "task outcome: endpoint speed at the first th1 = 0 >= threshold");
          add("basin_time", ElementType::float64, {}, "s", "time of the first th1 = 0");
          add("basin_speed", ElementType::float64, {}, "m/s", "endpoint speed at the first th1 = 0");
        }
        break;
    }
  }
  if (s.mechanical) add("initial_energy", ElementType::float64, {}, "J", "total energy of the initial state");
  for (io::Variable& v : point_input_variables(job, s.n)) L.variables.push_back(std::move(v));
  for (const auto& v : L.variables) {
    L.offset.push_back(L.values_per_point);
    L.values_per_point += v.values_per_point();
  }
  for (const ComputeSpec& c : job.compute) {
    if (c.quantity == Quantity::orbit_class && std::isfinite(c.max_time)) {
      L.cost.adaptive_slots.push_back(L.offset[L.find("orbit_time")]);
      L.cost.adaptive_min.push_back(c.time);
      L.cost.adaptive_max.push_back(c.max_time);
    } else {
      L.cost.fixed += c.time + c.transient;
    }
  }
  return L;
}

std::vector<io::Axis> result_axes(const Job& job) {
  std::vector<io::Axis> axes;
  for (const auto& a : job.axes) axes.push_back({a.name, a.values, a.units, a.long_name});
  return axes;
}

}  // namespace chaoskit::sweep
