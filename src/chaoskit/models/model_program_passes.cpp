// The optimising passes and the register layout of a compiled model file
// (model_program_passes.hpp says what each does and why none changes a value).
#include "chaoskit/models/model_program_passes.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <queue>
#include <tuple>

namespace chaoskit {

using Instr = ModelProgram::Instr;

std::vector<int> instruction_operands(const Instr& in) {
  const int arity = operand_count(in.op);
  std::vector<int> r{in.a};
  if (arity > 1) r.push_back(in.b);
  if (arity > 2) r.push_back(in.c);
  return r;
}

std::vector<int> instruction_outputs(const Instr& in) {
  if (in.op == Op::sincos) return {in.dst, in.dst + 1};
  if (in.op == Op::sincos2) return {in.dst, in.dst + 1, in.c, in.c + 1};
  return {in.dst};
}

namespace {

/// Writes `to` over an instruction's operand fields and clears the fields its operation does not
/// read, so that two instructions computing the same thing compare equal field by field.
Instr renamed_operands(Instr in, const std::vector<int>& to) {
  const int arity = operand_count(in.op);
  in.a = to[in.a];
  in.b = arity > 1 ? to[in.b] : 0;
  if (in.op != Op::sincos2) in.c = arity > 2 ? to[in.c] : 0;
  return in;
}

/// Common subexpressions and sin/cos of one argument merged. `to` maps every register to the one
/// holding its value afterwards (registers of dropped instructions map to the kept one); new
/// sincos registers are allocated from `registers`, in pairs.
void merge_common(std::vector<Instr>& code, int& registers, std::vector<int>& to) {
  std::map<std::tuple<Op, int, int, int>, int> seen;  // an instruction's fields -> its register
  std::map<int, int> sincos_of;                       // argument -> sin register (cos: + 1)
  std::vector<Instr> kept;
  for (const Instr& raw : code) {
    const Instr in = renamed_operands(raw, to);
    if (in.op == Op::copy) {  // a copy is its operand
      to[in.dst] = in.a;
      continue;
    }
    if (in.op == Op::sin || in.op == Op::cos) {
      auto it = sincos_of.find(in.a);
      if (it == sincos_of.end()) {
        const int s = registers;
        registers += 2;
        to.push_back(s);
        to.push_back(s + 1);
        kept.push_back({Op::sincos, s, in.a, 0, 0});
        it = sincos_of.emplace(in.a, s).first;
      }
      to[in.dst] = in.op == Op::sin ? it->second : it->second + 1;
      continue;
    }
    const auto key = std::make_tuple(in.op, in.a, in.b, in.c);
    if (const auto it = seen.find(key); it != seen.end()) {
      to[in.dst] = it->second;
      continue;
    }
    seen.emplace(key, in.dst);
    kept.push_back(in);
  }
  code = std::move(kept);
}

/// Drops the instructions whose outputs nothing reads (neither a later instruction nor `roots`).
void drop_dead(std::vector<Instr>& code, const std::vector<int>& roots, int registers) {
  std::vector<char> live(registers, 0);
  for (int r : roots) live[r] = 1;
  std::vector<Instr> kept;
  for (auto it = code.rbegin(); it != code.rend(); ++it) {
    const auto outs = instruction_outputs(*it);
    if (std::none_of(outs.begin(), outs.end(), [&](int r) { return live[r] != 0; })) continue;
    for (int r : instruction_operands(*it)) live[r] = 1;
    kept.push_back(*it);
  }
  code.assign(kept.rbegin(), kept.rend());
}

/// Folds each product that depends on the state and has one reader, a sum or difference, into that
/// reader (mul_add, add_mul, mul_sub, sub_mul). Only varying products: the derivative the fused
/// instruction computes for the product is the one the mul computed, whereas a time-only product
/// had the zero slot's.
void fuse_multiply_add(std::vector<Instr>& code, const std::vector<int>& roots, int fixed, int registers) {
  const int n = static_cast<int>(code.size());
  std::vector<int> uses(registers, 0), producer(registers, -1);
  std::vector<char> varying(registers, 0);
  for (int r = 0; r < fixed; ++r) varying[r] = 1;
  for (int r : roots) ++uses[r];
  for (int i = 0; i < n; ++i) {
    const auto ops = instruction_operands(code[i]);
    for (int r : ops) ++uses[r];
    const auto outs = instruction_outputs(code[i]);
    for (std::size_t k = 0; k < outs.size(); ++k) {
      producer[outs[k]] = i;
      // sincos2: outputs 0, 1 from operand a, 2, 3 from b; everything else: any operand.
      varying[outs[k]] = code[i].op == Op::sincos2
                             ? varying[ops[k / 2]]
                             : std::any_of(ops.begin(), ops.end(), [&](int r) { return varying[r] != 0; });
    }
  }
  std::vector<char> folded(n, 0);
  auto foldable = [&](int r) {
    const int p = producer[r];
    return p >= 0 && !folded[p] && code[p].op == Op::mul && uses[r] == 1 && varying[r];
  };
  for (Instr& in : code) {
    if (in.op != Op::add && in.op != Op::sub) continue;
    const bool add = in.op == Op::add;
    if (foldable(in.b)) {  // a ± (x y): add_mul / sub_mul with c = a
      const Instr& m = code[producer[in.b]];
      folded[producer[in.b]] = 1;
      in = {add ? Op::add_mul : Op::sub_mul, in.dst, m.a, m.b, in.a};
    } else if (foldable(in.a)) {  // (x y) ± b
      const Instr& m = code[producer[in.a]];
      folded[producer[in.a]] = 1;
      in = {add ? Op::mul_add : Op::mul_sub, in.dst, m.a, m.b, in.b};
    }
  }
  std::vector<Instr> kept;
  for (int i = 0; i < n; ++i)
    if (!folded[i]) kept.push_back(code[i]);
  code = std::move(kept);
}

/// Reorders the program (each instruction after the ones it reads) so that sincos instructions
/// meet in pairs, and fuses each pair into one sincos2. List scheduling: among the instructions
/// whose operands are ready, the earliest non-trigonometric one goes first; only when none is left
/// are the ready sincos emitted, two at a time, so that as many as possible are ready together.
void pair_sincos(std::vector<Instr>& code, int registers) {
  const int n = static_cast<int>(code.size());
  std::vector<int> producer(registers, -1);
  for (int i = 0; i < n; ++i)
    for (int r : instruction_outputs(code[i])) producer[r] = i;
  std::vector<int> waiting(n, 0);
  std::vector<std::vector<int>> readers(n);
  for (int i = 0; i < n; ++i) {
    std::vector<int> from;
    for (int r : instruction_operands(code[i]))
      if (producer[r] >= 0 && std::find(from.begin(), from.end(), producer[r]) == from.end())
        from.push_back(producer[r]);
    waiting[i] = static_cast<int>(from.size());
    for (int p : from) readers[p].push_back(i);
  }
  using Queue = std::priority_queue<int, std::vector<int>, std::greater<>>;  // earliest first
  Queue plain, trig;
  auto make_ready = [&](int i) { (code[i].op == Op::sincos ? trig : plain).push(i); };
  for (int i = 0; i < n; ++i)
    if (waiting[i] == 0) make_ready(i);
  auto release = [&](int i) {
    for (int r : readers[i])
      if (--waiting[r] == 0) make_ready(r);
  };
  std::vector<Instr> out;
  while (!plain.empty() || !trig.empty()) {
    if (!plain.empty()) {
      const int i = plain.top();
      plain.pop();
      out.push_back(code[i]);
      release(i);
    } else if (trig.size() >= 2) {
      const int i = trig.top();
      trig.pop();
      const int j = trig.top();
      trig.pop();
      out.push_back({Op::sincos2, code[i].dst, code[i].a, code[j].a, code[j].dst});
      release(i);
      release(j);
    } else {
      const int i = trig.top();
      trig.pop();
      out.push_back(code[i]);
      release(i);
    }
  }
  code = std::move(out);
}

/// The passes on one program whose caller reads the registers `roots` (rewritten in place).
void optimise_one(std::vector<Instr>& code, const std::vector<int*>& roots, int fixed, int& registers) {
  std::vector<int> to(registers);
  for (int r = 0; r < registers; ++r) to[r] = r;
  merge_common(code, registers, to);
  std::vector<int> live;
  for (int* r : roots)
    if (*r >= 0) live.push_back(*r = to[*r]);
  drop_dead(code, live, registers);
  fuse_multiply_add(code, live, fixed, registers);
  pair_sincos(code, registers);
}

}  // namespace

void optimise_model_program(RawModelProgram& raw) {
  std::vector<int*> rhs_roots;
  for (int& r : raw.out) rhs_roots.push_back(&r);
  for (int& r : raw.mass) rhs_roots.push_back(&r);
  optimise_one(raw.code, rhs_roots, raw.fixed, raw.registers);
  std::vector<int*> energy_roots{&raw.energy_out};
  for (int& r : raw.energy_mass) energy_roots.push_back(&r);
  optimise_one(raw.energy_code, energy_roots, raw.fixed, raw.registers);
}

void lay_out_registers(RawModelProgram& raw) {
  std::vector<int> to(raw.registers, -1);
  std::vector<char> varying(raw.registers, 0);
  for (int r = 0; r < raw.fixed; ++r) to[r] = r, varying[r] = 1;
  // Which of the rhs program's registers depend on a state or an input (the dual mode's work). A
  // sincos2 whose second half alone does is turned round (the dual mode reads the first half's
  // register to tell whether there is any derivative work).
  for (Instr& in : raw.code) {
    if (in.op == Op::sincos2) {
      if (!varying[in.a] && varying[in.b]) std::swap(in.a, in.b), std::swap(in.dst, in.c);
      varying[in.dst] = varying[in.dst + 1] = varying[in.a];
      varying[in.c] = varying[in.c + 1] = varying[in.b];
      continue;
    }
    const auto ops = instruction_operands(in);
    const bool v = std::any_of(ops.begin(), ops.end(), [&](int r) { return varying[r] != 0; });
    for (int r : instruction_outputs(in)) varying[r] = v;
  }
  int next = raw.fixed;
  for (const Instr& in : raw.code)
    for (int r : instruction_outputs(in))
      if (varying[r]) to[r] = next++;
  const int time = next;
  to[raw.time] = next++;
  // The constants any program or output reads, as one block.
  std::vector<char> read(raw.registers, 0);
  for (const auto* code : {&raw.code, &raw.energy_code})
    for (const Instr& in : *code)
      for (int r : instruction_operands(in)) read[r] = 1;
  for (const auto* list : {&raw.out, &raw.mass, &raw.energy_mass})
    for (int r : *list) read[r] = 1;
  if (raw.energy_out >= 0) read[raw.energy_out] = 1;
  std::vector<std::pair<int, double>> constants;
  for (const auto& [r, v] : raw.constants)
    if (read[r] && to[r] < 0) to[r] = next, constants.emplace_back(next++, v);
  for (const auto* code : {&raw.code, &raw.energy_code})
    for (const Instr& in : *code)
      for (int r : instruction_outputs(in))
        if (to[r] < 0) to[r] = next++;

  auto rewrite = [&](std::vector<Instr>& code) {
    for (Instr& in : code) {
      const Instr old = in;
      in = renamed_operands(old, to);
      in.dst = to[old.dst];
      if (in.op == Op::sincos2) in.c = to[old.c];
    }
  };
  rewrite(raw.code);
  rewrite(raw.energy_code);
  for (auto* list : {&raw.out, &raw.mass, &raw.energy_mass})
    for (int& r : *list) r = to[r];
  if (raw.energy_out >= 0) raw.energy_out = to[raw.energy_out];
  raw.constants = std::move(constants);
  raw.time = time;
  raw.registers = next;
}

ModelProgramStats model_program_stats(const RawModelProgram& p) {
  ModelProgramStats s;
  s.instructions = static_cast<int>(p.code.size());
  for (const Instr& in : p.code) {
    s.derivative_instructions += in.dst < p.time || (in.op == Op::sincos2 && in.c < p.time);
    s.trig_evaluations += in.op == Op::sin || in.op == Op::cos || in.op == Op::sincos || in.op == Op::sincos2;
  }
  return s;
}

}  // namespace chaoskit
