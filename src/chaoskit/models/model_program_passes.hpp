#pragma once
// The passes between the model-file compiler (model_compiler.cpp) and the register machine
// (model_program.cpp): the compiler emits a raw program, one fresh register per instruction
// (single assignment); these passes optimise it without changing any value, then lay out its
// registers for the machine.
//
//   common subexpressions  an instruction repeating an earlier one (same operation, same operand
//                          registers) is dropped and its register replaced by the earlier one: the
//                          same IEEE operation on the same operands gives the same bits;
//   sin and cos            sin(r) and cos(r) of one register become one `sincos` (the polynomial
//                          of sincos_pair.hpp yields both);
//   dead code              instructions no output reads are dropped;
//   multiply-add           a product whose only reader is a sum or difference (and which depends on
//                          the state, so that its derivative is the one it had) is computed by
//                          that instruction: mul_add and its kin below, one dispatch for two;
//   pairing                instructions are reordered (each still after its operands) so that two
//                          sincos become one `sincos2`, a single 2-wide polynomial; each lane of it
//                          performs the operations of the one-argument call, so the bits are the same;
//   layout                 registers are renumbered: states, inputs, then the temporaries that
//                          depend on them, time, the constants, the rest; the dual mode
//                          differentiates only the registers below time's (model_program.cpp).
// No operation is reassociated, fused or replaced by another: every value, and every derivative of
// the dual mode, is the one the raw program computes (tests/models/test_model_program_passes.cpp).
#include <memory>
#include <utility>
#include <vector>

#include "chaoskit/core/instruction_set.hpp"
#include "chaoskit/models/model_program.hpp"

namespace chaoskit {

struct ParamFile;

/// A program as the compiler emits it: registers [0, fixed) are the states and inputs, `time` is
/// t's register, every other register below `registers` is a constant or written by exactly one
/// instruction (of `code`, the rhs program, or `energy_code`, the energy program; both may read the
/// constants, states, inputs and time, neither reads the other's temporaries).
struct RawModelProgram {
  int fixed = 0;
  int time = 0;
  int registers = 0;
  std::vector<std::pair<int, double>> constants;  // (register, value)
  std::vector<ModelProgram::Instr> code, energy_code;
  std::vector<int> out, mass;  // registers the rhs program's caller reads
  int energy_out = -1;         // registers the energy program's caller reads
  std::vector<int> energy_mass;
};

/// Registers an instruction reads (by its operation's operand_count, core/instruction_set.hpp) and
/// registers it writes.
std::vector<int> instruction_operands(const ModelProgram::Instr& in);
std::vector<int> instruction_outputs(const ModelProgram::Instr& in);

/// Common subexpressions and sin/cos merging, dead code, pairing, on both programs.
void optimise_model_program(RawModelProgram& raw);

/// Renumbers the registers in place (the layout in the file comment): afterwards `time` is the
/// number of registers that depend on states or inputs, and the constants used are contiguous.
void lay_out_registers(RawModelProgram& raw);

/// What a compiled rhs program does per call (the benchmark and the tests report it).
struct ModelProgramStats {
  int instructions = 0;
  int derivative_instructions = 0;  ///< of those, the ones the dual mode differentiates
  int trig_evaluations = 0;         ///< sin/cos polynomials (sin, cos, sincos, sincos2: one each)
};
ModelProgramStats model_program_stats(const RawModelProgram& laid_out);

/// ModelProgram::compile with the optimising passes or without (`optimise` false: the tests compare
/// both programs' bits); `stats`, when given, receives the rhs program's counts.
std::shared_ptr<const ModelProgram> compile_model_program(const ParamFile& file, bool optimise,
                                                          ModelProgramStats* stats = nullptr);

}  // namespace chaoskit
