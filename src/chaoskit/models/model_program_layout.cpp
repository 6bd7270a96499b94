// A compiled model file (model_program.hpp) as the lane engines see it: its rhs program as plain
// arrays (simd/lane_program.hpp runs them), and whether two programs differ in their constants
// alone, so that one engine runs both with each lane's constants (a sweep over a file's [values]).
#include <algorithm>
#include <vector>

#include "chaoskit/models/model_program.hpp"

namespace chaoskit {

ModelProgram::Layout ModelProgram::layout() const {
  Layout l;
  l.mechanical = form_ == Form::mechanical;
  l.states = state_dim(), l.inputs = input_count();
  l.registers = registers_, l.time_register = time_reg_;
  l.constants = constants_.data(), l.constant_count = static_cast<int>(constants_.size());
  l.code = code_.data(), l.code_size = static_cast<int>(code_.size());
  l.out = out_.data(), l.mass = mass_.data();
  return l;
}

bool ModelProgram::same_code_as(const ModelProgram& other) const {
  auto same_instr = [](const Instr& a, const Instr& b) {
    return a.op == b.op && a.dst == b.dst && a.a == b.a && a.b == b.b && a.c == b.c;
  };
  auto same_register = [](const std::pair<int, double>& a, const std::pair<int, double>& b) {
    return a.first == b.first;
  };
  return form_ == other.form_ && states_.size() == other.states_.size() && inputs_.size() == other.inputs_.size() &&
         registers_ == other.registers_ && time_reg_ == other.time_reg_ &&
         std::ranges::equal(constants_, other.constants_, same_register) &&
         std::ranges::equal(code_, other.code_, same_instr) && out_ == other.out_ && mass_ == other.mass_;
}

std::vector<double> ModelProgram::constant_values() const {
  std::vector<double> values;
  values.reserve(constants_.size());
  for (const auto& [r, v] : constants_) values.push_back(v);
  return values;
}

}  // namespace chaoskit
