#include "chaoskit/sweep/reading/parameter_checks.hpp"

#include "chaoskit/core/errors.hpp"
#include "chaoskit/sweep/job/model_factory.hpp"

namespace chaoskit::sweep {

void check_parameter_values(const Job& job) {
  // job.models is the set before the fixed values are applied: each value is checked alone.
  for (const auto* list : {&job.fixed, &job.axes})
    for (const auto& e : *list) {
      if (e.target != Target::parameter) continue;
      for (double v : e.values) {
        const ModelFactory::Setting s{e.param_field, e.index, v};
        try {
          (void)job.models->make({&s, 1});
        } catch (const InputError& err) { throw InputError("grid." + e.name, err.reason()); }
      }
    }
}

void check_point_list_parameters(const Job& job) {
  // A row is one model, and the models check relations between their parameters (a limb's
  // I1 >= m1 C1^2), which a row with m1 and I1 must meet together, not one cell at a time. The error
  // names the column of the parameter the model refused (else the row's first parameter column).
  const auto& columns = job.points.columns;
  std::vector<std::size_t> parameter_columns;
  for (std::size_t c = 0; c < columns.size(); ++c)
    if (columns[c].target == Target::parameter) parameter_columns.push_back(c);
  if (parameter_columns.empty()) return;
  const PointTable& t = job.points.table;
  std::vector<ModelFactory::Setting> settings;
  for (std::size_t r = 0; r < t.rows(); ++r) {
    settings.clear();
    for (std::size_t c : parameter_columns) settings.push_back({columns[c].param_field, columns[c].index, t.row(r)[c]});
    try {
      (void)job.models->make(settings);
    } catch (const InputError& err) {
      const std::string& field = err.field();  // e.g. "... I1": the refused key comes last
      const std::size_t cut = field.find_last_of(" :.");
      const std::string key = cut == std::string::npos ? field : field.substr(cut + 1);
      std::size_t blamed = parameter_columns.front();
      for (std::size_t c : parameter_columns)
        if (columns[c].param_key == key) blamed = c;
      throw InputError(t.where_cell(r, blamed), err.reason());
    }
  }
}

}  // namespace chaoskit::sweep
