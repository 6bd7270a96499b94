#pragma once
// The computations of one grid point: each [compute] entry of the job, integrated from the point's
// initial state, written into the point's block of values (result_layout.hpp). A point's values
// depend on nothing but its own context, so a sweep gives the same bits whatever the thread count,
// rank count or order of evaluation. Entries needing Ψ at the same time (stm, ftle,
// endpoint_sensitivity) share one tangent-flow run (indicators/state_transition.hpp).
//
// A failed integration leaves that entry's values at their fill value (NaN) and makes the point's
// status the first failure in the order of the entries; the other entries are still computed.
//
// With a LaneDeferral, the entries it takes (λ_max, spectrum, SALI, MEGNO, orbit_class, and stm,
// ftle, endpoint_sensitivity: one Ψ task per time) are handed to the lanes as tasks
// (simd/lane_tasks.hpp) instead of being computed here; each task writes the same values into the
// same slots when it completes, and its entries' statuses into entry_status.
#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "chaoskit/basins/instances.hpp"
#include "chaoskit/indicators/fast_indicators.hpp"
#include "chaoskit/indicators/instances.hpp"
#include "chaoskit/indicators/lyapunov.hpp"
#include "chaoskit/indicators/orbit_classification.hpp"
#include "chaoskit/indicators/poincare.hpp"
#include "chaoskit/indicators/state_transition.hpp"
#include "chaoskit/integrate/instances.hpp"
#include "chaoskit/integrate/sensitivity.hpp"
#include "chaoskit/io/results_store.hpp"
#include "chaoskit/simd/lane_tasks.hpp"
#include "chaoskit/sweep/classification_options.hpp"
#include "chaoskit/sweep/evaluate.hpp"
#include "chaoskit/sweep/job.hpp"
#include "chaoskit/sweep/lane_deferral.hpp"
#include "chaoskit/sweep/result_layout.hpp"

namespace chaoskit::sweep {

/// The point's entries: each computed into `out`, its status in entry_status[e] (pre-set to ok), or
/// deferred to `lanes` (may be null: everything computed here).
template <Model M>
void evaluate_point_entries(const M& model, const Job& job, const ResultLayout& layout,
                            std::span<const double> x0_values, const InputSchedule& inputs, std::span<double> out,
                            std::span<std::int8_t> entry_status, LaneDeferral* lanes) {
  constexpr int n = M::state_dim;
  const Vec<double, n> x0 = Eigen::Map<const Vec<double, n>>(x0_values.data());
  std::size_t e = 0;  // the entry being evaluated
  // This entry's status; true while it succeeded.
  auto note_status = [&](std::int8_t s) {
    entry_status[e] = s;
    return s == io::point_status::ok;
  };
  auto note = [&](const IntegrationReport& r) { return note_status(point_status_of(r.status)); };
  // The tasks for the lanes, handed over only once every entry has been evaluated or deferred, so
  // that an exception on the way leaves nothing behind in the lanes.
  std::vector<std::pair<simd::LaneSystem, std::unique_ptr<simd::LaneTask>>> deferred;
  // Defers a sampled task (indicators/) to the lanes; write(result) stores its values when it completes.
  // The task carries the point's model constants: with parameter axes each lane has its own.
  auto defer_task = [&](simd::LaneSystem system, auto task, auto write) {
    using Task = decltype(task);
    auto done = lanes->completion();
    deferred.emplace_back(system, std::make_unique<simd::SampledLaneTask<Task>>(
                                      std::move(task), inputs, M::input_dim,
                                      [write, done](Task& t) {
                                        write(t.result());
                                        done();
                                      },
                                      simd::lane_constants_of(model)));
  };
  auto fast_options = [](const ComputeSpec& c) {
    FastIndicatorOptions fo;
    fo.time = c.time;
    fo.renorm = c.renorm;
    fo.history_points = 1;
    return fo;
  };
  auto slot = [&](const char* name) { return out.data() + layout.offset[layout.find(name)]; };

  // Per workload, so that a job naming no stepper gets rkf78 for the tangent flow (Job::integrator_for).
  const IntegratorOptions tangent_io = job.integrator_for(Workload::tangent_flow);
  const IntegratorOptions trajectory_io = job.integrator_for(Workload::trajectory);
  // Ψ(T, 0) for the entries that use it, one run per time T: computed here (the last one kept), or,
  // for the lanes, one task per T whose completion calls the writers of every entry at that T.
  using StmResult = StateTransitionResult<M>;
  using StmWriter = std::function<void(const StmResult&)>;
  std::optional<StmResult> stm_here;
  std::vector<std::pair<double, std::vector<StmWriter>>> stm_for_lanes;
  auto with_stm = [&](double T, bool to_lanes, StmWriter write) {
    if (!to_lanes) {
      if (!stm_here || stm_here->T != T) stm_here = state_transition_matrix(model, x0, inputs, T, tangent_io);
      write(*stm_here);
      return;
    }
    for (auto& [time, writers] : stm_for_lanes)
      if (time == T) {
        writers.push_back(std::move(write));
        return;
      }
    stm_for_lanes.emplace_back(T, std::vector<StmWriter>{std::move(write)});
  };
  // The model the deferred tasks and their writers use: the point's, kept by the lanes until its
  // last task completes (the `model` argument is gone by then).
  auto writer_model = [&](bool to_lanes) { return to_lanes ? &std::get<M>(lanes->model()) : &model; };

  for (; e < job.compute.size(); ++e) {
    const ComputeSpec& c = job.compute[e];
    const bool to_lanes = lanes != nullptr && lanes->takes(c);
    switch (c.quantity) {
      case Quantity::lambda_max:
      case Quantity::spectrum: {
        LyapunovOptions lo;
        lo.time = c.time;
        lo.transient = c.transient;
        lo.renorm = c.renorm;
        lo.blocks = c.blocks;
        lo.history_points = 1;
        if (c.quantity == Quantity::lambda_max) {
          double* lambda = slot("lambda_max");
          double* error = slot("lambda_max_error");
          double* converged = slot("lambda_max_converged");
          std::int8_t* status_slot = &entry_status[e];
          auto write = [=](const LyapunovResult& r) {
            *status_slot = point_status_of(r.report.status);
            if (*status_slot != io::point_status::ok) return;
            *lambda = r.exponents[0];
            *error = r.errors[0];
            *converged = r.converged ? 1.0 : 0.0;
          };
          if (to_lanes) {
            defer_task(simd::LaneSystem::tangent1, LyapunovTask<1, M>(std::get<M>(lanes->model()), x0, lo, tangent_io),
                       write);
            break;
          }
          write(lyapunov_exponents<1>(model, x0, inputs, lo, tangent_io));
        } else {
          double* spectrum = slot("spectrum");
          double* spectrum_error = slot("spectrum_error");
          std::int8_t* status_slot = &entry_status[e];
          auto write = [=](const LyapunovResult& r) {
            *status_slot = point_status_of(r.report.status);
            if (*status_slot != io::point_status::ok) return;
            for (int i = 0; i < n; ++i) spectrum[i] = r.exponents[i], spectrum_error[i] = r.errors[i];
          };
          if (to_lanes) {
            defer_task(simd::LaneSystem::tangent_full,
                       LyapunovTask<n, M>(std::get<M>(lanes->model()), x0, lo, tangent_io), write);
            break;
          }
          write(lyapunov_exponents<n>(model, x0, inputs, lo, tangent_io));
        }
        break;
      }
      case Quantity::stm: {
        double* stm = slot("stm");
        std::int8_t* status_slot = &entry_status[e];
        with_stm(c.time, to_lanes, [=](const StmResult& r) {
          *status_slot = point_status_of(r.report.status);
          if (*status_slot != io::point_status::ok) return;
          for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) stm[i * n + j] = r.stm(i, j);
        });
        break;
      }
      case Quantity::ftle: {
        double* value = slot("ftle");
        std::int8_t* status_slot = &entry_status[e];
        const M* stm_model = writer_model(to_lanes);
        with_stm(c.time, to_lanes, [=, time = c.time, metric = c.metric](const StmResult& r) {
          *status_slot = point_status_of(r.report.status);
          if (*status_slot == io::point_status::ok) *value = ftle(*stm_model, x0, r.xT, r.stm, time, metric)(0);
        });
        break;
      }
      case Quantity::sali: {
        double* value = slot("sali");
        std::int8_t* status_slot = &entry_status[e];
        auto write = [=](const AlignmentResult& r) {
          *status_slot = point_status_of(r.report.status);
          if (*status_slot == io::point_status::ok) *value = r.sali;
        };
        if (to_lanes) {
          defer_task(simd::LaneSystem::tangent2, AlignmentTask<2, M>(x0, fast_options(c)), write);
          break;
        }
        write(alignment_indices<2>(model, x0, inputs, fast_options(c), tangent_io));
        break;
      }
      case Quantity::megno: {
        double* value = slot("megno");
        std::int8_t* status_slot = &entry_status[e];
        auto write = [=](const MegnoResult& r) {
          *status_slot = point_status_of(r.report.status);
          if (*status_slot == io::point_status::ok) *value = r.megno;
        };
        if (to_lanes) {
          defer_task(simd::LaneSystem::megno, MegnoTask<M>(x0, fast_options(c)), write);
          break;
        }
        write(megno(model, x0, inputs, fast_options(c), tangent_io));
        break;
      }
      case Quantity::orbit_class: {
        std::array<double*, 12> slots = {
            slot("orbit_class"),           slot("orbit_votes"),        slot("orbit_votes") + 1,
            slot("orbit_votes") + 2,       slot("orbit_lambda_max"),   slot("orbit_lambda_max_error"),
            slot("orbit_lambda_max_half"), slot("orbit_sali"),         slot("orbit_sali_min"),
            slot("orbit_megno"),           slot("orbit_growth_power"), slot("orbit_time")};
        std::int8_t* status_slot = &entry_status[e];
        auto write = [=](const OrbitClassification& r) {
          *status_slot = point_status_of(r.report.status);
          if (*status_slot != io::point_status::ok) return;
          auto code = [](OrbitClass k) { return static_cast<double>(static_cast<int>(k)); };
          const double values[12] = {code(r.verdict),   code(r.lambda_vote),
                                     code(r.sali_vote), code(r.megno_vote),
                                     r.lambda_max,      r.lambda_error,
                                     r.lambda_half,     r.sali,
                                     r.sali_min,        r.megno,
                                     r.growth_power,    r.time};
          for (std::size_t i = 0; i < slots.size(); ++i) *slots[i] = values[i];
        };
        if (to_lanes) {
          defer_task(simd::LaneSystem::classifier, OrbitClassTask<M>(x0, orbit_class_options(c)), write);
          tangent_io.validate();  // as classify_orbit does, before anything is integrated
          break;
        }
        write(classify_orbit(model, x0, inputs, orbit_class_options(c), tangent_io));
        break;
      }
      case Quantity::final_state: {
        IntegrationReport rep;
        const Vec<double, n> xT = flow(model, x0, inputs, 0.0, c.time, trajectory_io, &rep);
        if (!note(rep)) break;
        for (int i = 0; i < n; ++i) slot("final_state")[i] = xT(i);
        break;
      }
      case Quantity::endpoint_sensitivity: {
        if constexpr (MechanicalModel<M>) {
          double* speed = slot("endpoint_speed");
          double* position_gain = slot("endpoint_position_gain");
          double* velocity_gain = slot("endpoint_velocity_gain");
          std::int8_t* status_slot = &entry_status[e];
          const M* stm_model = writer_model(to_lanes);
          with_stm(c.time, to_lanes, [=](const StmResult& r) {
            *status_slot = point_status_of(r.report.status);
            if (*status_slot != io::point_status::ok) return;
            const EndpointSensitivity<n> s = endpoint_sensitivity(*stm_model, r.xT, r.stm);
            *speed = s.y.template tail<2>().norm();
            for (int i = 0; i < 2; ++i) position_gain[i] = s.sigma_position(i), velocity_gain[i] = s.sigma_velocity(i);
          });
        }
        break;
      }
      case Quantity::basin: {
        if constexpr (MechanicalModel<M>) {
          basins::BasinOptions bo;
          bo.kind = c.basin_kind;
          bo.rest.max_time = bo.flip.max_time = bo.task.max_time = c.time;
          bo.task.threshold = c.threshold;
          const basins::PointOutcome p = basins::basin_point(model, x0, inputs, bo, trajectory_io);
          if (!note_status(p.status)) break;
          slot("basin_label")[0] = p.label;
          slot("basin_time")[0] = p.time;
          if (bo.kind == basins::BasinKind::task) slot("basin_speed")[0] = p.value;
        }
        break;
      }
      case Quantity::section: {
        const Expression& surface = c.surface;  // parsed once, when the job was read
        SectionOptions so;
        so.direction = c.direction;
        so.max_crossings = c.crossings;
        so.max_time = c.time;
        const SectionResult<n> r = poincare_section(model, x0, surface, inputs, so, trajectory_io);
        if (!note(r.report)) break;
        slot("section_count")[0] = static_cast<double>(r.crossings.size());
        for (std::size_t k = 0; k < r.crossings.size(); ++k) {
          slot("section_time")[k] = r.crossings[k].t;
          for (int i = 0; i < n; ++i) slot("section_state")[k * n + i] = r.crossings[k].x(i);
        }
        break;
      }
    }
  }
  for (auto& [T, writers] : stm_for_lanes)
    defer_task(simd::LaneSystem::tangent_full, StateTransitionTask<M>(x0, T, tangent_io),
               [writers = std::move(writers)](const StmResult& r) {
                 for (const StmWriter& write : writers) write(r);
               });
  if constexpr (MechanicalModel<M>)  // the layout's test (result_layout.cpp): a model file only if mechanical
    if (is_mechanical_model(model)) slot("initial_energy")[0] = state_energy(model, x0);
  for (auto& [system, task] : deferred) lanes->defer(system, std::move(task));
}

/// Every entry of the point computed here; returns the point's status code.
template <Model M>
std::int8_t evaluate_point(const M& model, const Job& job, const ResultLayout& layout,
                           std::span<const double> x0_values, const InputSchedule& inputs, std::span<double> out) {
  std::vector<std::int8_t> entry_status(job.compute.size(), io::point_status::ok);
  evaluate_point_entries(model, job, layout, x0_values, inputs, out, entry_status, nullptr);
  return first_failure(entry_status);
}

}  // namespace chaoskit::sweep
