// chaoskit.Model: construction, the right-hand side and energy over arrays of states, and for
// mechanical models the instantaneous quantities of `chaoskit inspect` and the small-oscillation
// modes, computed by the same library functions the CLI prints.
#include "model_handle.hpp"

#include <numbers>

#include <pybind11/eigen.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "chaoskit/integrate/trajectory.hpp"
#include "chaoskit/models/linear_modes.hpp"
#include "chaoskit/models/mechanical_form.hpp"
#include "chaoskit/models/mechanics.hpp"
#include "chaoskit/params/toml_fields.hpp"
#include "chaoskit/sweep/reading/job_reader.hpp"
#include "state_arrays.hpp"
#include "toml_convert.hpp"

namespace py = pybind11;

namespace chaoskit::python {

namespace {

ParamFile read_with_overrides(const std::string& name, const std::string& params, const py::dict& overrides) {
  ParamFile file = read_param_file(params.empty() ? default_param_set(name) : params);
  if (!overrides.empty()) sweep::apply_overrides(file, to_toml_table(overrides, "overrides"));
  return file;
}

template <class M>
std::vector<std::string> input_names(const M& m) {
  if constexpr (requires { m.input_names(); })
    return m.input_names();
  else
    return {};
}

/// SI units of each state component: angles and rates for mechanical models, "1" otherwise.
template <class M>
std::vector<std::string> state_units(const M& m) {
  if constexpr (requires { m.program; }) return m.program->state_units();  // a model file's [units]
  std::vector<std::string> u;
  for (int i = 0; i < state_count(m); ++i) {
    if constexpr (MechanicalModel<M>)
      u.push_back(i < coordinate_count(m) ? "rad" : "rad/s");
    else
      u.push_back("1");
  }
  return u;
}

template <class M>
Vec<double, M::input_dim> input_vector(const M& m, const py::object& inputs) {
  Vec<double, M::input_dim> u = Vec<double, M::input_dim>::Zero(input_count(m));
  if (inputs.is_none()) return u;
  const std::vector<std::string> names = input_names(m);
  if (names.empty()) throw py::value_error("inputs: this model has no inputs");
  const StateRows r = state_rows(inputs, names, "inputs");
  if (!r.single) throw py::value_error("inputs: expected one value per input (" + comma_separated(names) + ")");
  // A model file may declare fewer inputs than its slots: the rest stay 0.
  for (std::size_t i = 0; i < names.size(); ++i) u(static_cast<int>(i)) = r.row(0)[i];
  return u;
}

/// f applied to every row of `states` ((dim,) or (n, dim)); f returns `width` doubles per row.
template <class F>
py::array_t<double> map_rows(const StateRows& r, std::size_t width, F&& f) {
  std::vector<py::ssize_t> shape;
  if (!r.single) shape.push_back(static_cast<py::ssize_t>(r.rows));
  if (width > 0) shape.push_back(static_cast<py::ssize_t>(width));
  py::array_t<double> out(shape);
  double* o = out.mutable_data();
  {
    py::gil_scoped_release release;
    for (std::size_t k = 0; k < r.rows; ++k) f(r.row(k), o + k * std::max<std::size_t>(width, 1));
  }
  return out;
}

template <MechanicalModel M>
py::dict inspect_mechanical(const M& model, const double* xs, const Vec<double, M::input_dim>& u) {
  constexpr int n = M::dof;
  const int dof = coordinate_count(model);
  const Vec<double, M::state_dim> x = Eigen::Map<const Vec<double, M::state_dim>>(xs, 2 * dof);
  const Vec<double, n> q = x.template head<n>(dof), qd = x.template segment<n>(dof, dof);
  const auto qdd = joint_accelerations(model, q, qd, u);
  const double T = kinetic_energy(model, q, qd), V = model.potential_energy(q);
  py::dict d;
  d["state"] = x;
  d["torque"] = u;
  d["M"] = model.mass_matrix(q);
  d["c"] = model.bias(q, qd);
  d["G"] = model.gravity(q);
  d["qdd"] = qdd;
  d["kinetic_energy"] = T;
  d["potential_energy"] = V;
  d["energy"] = T + V;
  d["power"] = actuator_power(model, qd, u);
  d["dissipation_power"] = qd.dot(model.dissipation(qd));
  if (has_kinematics(model)) {  // a model file without [kinematics] has no endpoint
    const auto ep = endpoint_kinematics(model, q, qd, qdd);
    py::dict endpoint;
    endpoint["p"] = ep.p;
    endpoint["v"] = ep.v;
    endpoint["a"] = ep.a;
    endpoint["J"] = ep.J;
    d["endpoint"] = endpoint;
  }
  d["schur_inertia"] = schur_inertia(model, q);
  return d;
}

}  // namespace

ModelHandle::ModelHandle(const std::string& name_, const std::string& params_, const py::dict& overrides_)
    : name(name_),
      params(params_),
      overrides(overrides_),
      file(read_with_overrides(name_, params_, overrides_)),
      model(make_model(name_, file)) {}

py::dict model_table(const ModelHandle& m) {
  py::dict t;
  t["name"] = m.name;
  if (!is_model_file(m.name))
    t["params"] = m.params.empty() ? default_param_set(m.name) : m.params;  // a file is its own set
  if (!m.overrides.empty()) t["overrides"] = m.overrides;
  return t;
}

void register_model(py::module_& module) {
  py::class_<ModelHandle>(module, "_Model")
      .def(py::init<const std::string&, const std::string&, const py::dict&>(), py::arg("name"), py::arg("params") = "",
           py::arg("overrides") = py::dict())
      .def_readonly("name", &ModelHandle::name)
      .def_property_readonly("params", [](const ModelHandle& m) { return m.file.label; })
      .def_property_readonly("job_table", &model_table)
      .def_property_readonly(
          "state_names",
          [](const ModelHandle& m) { return std::visit([](const auto& x) { return x.state_names(); }, m.model); })
      .def_property_readonly(
          "input_names",
          [](const ModelHandle& m) { return std::visit([](const auto& x) { return input_names(x); }, m.model); })
      .def_property_readonly(
          "state_units",
          [](const ModelHandle& m) { return std::visit([](const auto& x) { return state_units(x); }, m.model); })
      .def_property_readonly("mechanical",
                             [](const ModelHandle& m) {
                               return std::visit([](const auto& x) { return is_mechanical_model(x); }, m.model);
                             })
      .def(
          "rhs",
          [](const ModelHandle& h, const py::object& states, double t, const py::object& inputs) {
            return std::visit(
                [&](const auto& m) {
                  using M = std::decay_t<decltype(m)>;
                  const StateRows r = state_rows(states, m.state_names(), "state");
                  const auto u = input_vector(m, inputs);
                  const int n = state_count(m);
                  return map_rows(r, n, [&](const double* x, double* out) {
                    const Vec<double, M::state_dim> state = Eigen::Map<const Vec<double, M::state_dim>>(x, n);
                    const Vec<double, M::state_dim> dx = m.rhs(state, u, t);
                    Eigen::Map<Vec<double, M::state_dim>> destination(out, n);
                    destination = dx;
                  });
                },
                h.model);
          },
          py::arg("state"), py::arg("t") = 0.0, py::arg("inputs") = py::none())
      .def(
          "energy",
          [](const ModelHandle& h, const py::object& states) {
            return std::visit(
                [&](const auto& m) {
                  using M = std::decay_t<decltype(m)>;
                  const StateRows r = state_rows(states, m.state_names(), "state");
                  return map_rows(r, 0, [&](const double* x, double* out) {
                    *out = state_energy(
                        m, Vec<double, M::state_dim>(Eigen::Map<const Vec<double, M::state_dim>>(x, state_count(m))));
                  });
                },
                h.model);
          },
          py::arg("state"))
      .def(
          "inspect",
          [](const ModelHandle& h, const py::object& state, const py::object& torque) {
            return std::visit(
                [&](const auto& m) -> py::dict {
                  using M = std::decay_t<decltype(m)>;
                  if constexpr (MechanicalModel<M>) {
                    if (!is_mechanical_model(m))  // a model file of the ODE form
                      throw py::value_error("inspect: model " + model_name(h.model) +
                                            " is not a mechanical model (no mass matrix or endpoint)");
                    if constexpr (requires { m.program; })
                      if (!m.program->mechanics_problem().empty())
                        throw py::value_error("inspect: " + model_name(h.model) + ": " +
                                              m.program->mechanics_problem());
                    const StateRows r = state_rows(state, m.state_names(), "state");
                    if (!r.single)
                      throw py::value_error("state: inspect takes one state, shape (" + std::to_string(state_count(m)) +
                                            ",)");
                    return inspect_mechanical(m, r.row(0), input_vector(m, torque));
                  } else {
                    throw py::value_error("inspect: model " + model_name(h.model) +
                                          " is not a mechanical model (no mass matrix or endpoint)");
                  }
                },
                h.model);
          },
          py::arg("state"), py::arg("torque") = py::none())
      .def("modes", [](const ModelHandle& h) {
        return std::visit(
            [&](const auto& m) -> py::dict {
              using M = std::decay_t<decltype(m)>;
              if constexpr (MechanicalModel<M>) {
                if (!is_mechanical_model(m))
                  throw py::value_error("modes: model " + model_name(h.model) + " is not a mechanical model");
                const auto lm = linear_modes(m);
                py::dict d;
                d["omega"] = lm.omega;
                d["period"] = Vec<double, M::dof>((2.0 * std::numbers::pi) / lm.omega.array());
                d["shapes"] = lm.shapes;
                d["K"] = lm.stiffness;
                d["M0"] = lm.mass;
                return d;
              } else {
                throw py::value_error("modes: model " + model_name(h.model) + " is not a mechanical model");
              }
            },
            h.model);
      });
}

}  // namespace chaoskit::python
