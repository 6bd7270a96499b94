// The impact of a mechanical model file's event ([events.impact], data/models/README.md): the rates
// jump by an impulse through the contact, solved from the mass matrix. With the coordinates q
// extended, when the impact frees the pin the model hangs from (a walker's stance foot), by the
// pin's position p (k coordinates, as many as the contact point's):
//
//   Mₑ = [[M(q), m J_comᵀ], [m J_com, m I]]   (T = ½ q̇ᵀM q̇ + m ṗ·J_com q̇ + ½ m |ṗ|², the kinetic
//                                               energy of the unpinned body: m the total mass, J_com
//                                               the Jacobian of the centre of mass relative to p)
//   J = [[J_c, I], [A, 0]]                     (the contact point p + c(q) comes to rest, and the
//                                               constraints A of the mode the event happens in stay
//                                               held; without a freed pin, J = [[J_c], [A]])
//   Mₑ Δv = Jᵀ Λ,   J v⁺ = −E J v⁻             (E: the restitution e on the contact's rows, 0 on the
//                                               held ones; v⁻ = (q̇⁻, 0): the pin was at rest)
//
// so Λ = −(J Mₑ⁻¹ Jᵀ)⁻¹ (I + E) J v⁻ and v⁺ = v⁻ + Mₑ⁻¹ Jᵀ Λ; the coordinates' part of v⁺ is q̇⁺.
// This is the rigid impact model of Hurmuzlu & Marghitu (1994, Int. J. Robotics Research 13(1)) and
// Westervelt, Grizzle et al. ("Feedback Control of Dynamic Bipedal Robot Locomotion", 2007, §3.4.2);
// for a compass gait it conserves the angular momentum about the contact point of the whole body and
// about the hip of the trailing leg, the Goswami et al. (1998) impact equations
// (tests/models/test_model_impacts.cpp derives those and compares). The plastic impact loses
// ½ (J v⁻)ᵀ (J Mₑ⁻¹ Jᵀ)⁻¹ (J v⁻) of kinetic energy, (1 − e²) times that with restitution e.
//
// J_c and J_com are derivatives of the file's expressions, and the Jacobian of v⁺ needs their
// derivatives in turn: the contact program runs on nested forward-mode numbers (jet.hpp), whose
// inner level carries the caller's K directions, and the algebra runs on the inner type. Without
// directions the same code runs with none, so x⁺ is the same with or without its Jacobian.
#include <algorithm>
#include <vector>

#include "chaoskit/core/instruction_set.hpp"
#include "chaoskit/models/jet.hpp"
#include "chaoskit/models/model_program.hpp"
#include "chaoskit/models/model_program_passes.hpp"
#include "chaoskit/models/register_files.hpp"

namespace chaoskit {

namespace {

using detail::constant_like;
using detail::Jet;
using D = Jet<double, ModelProgram::kMaxEventDirections>;  // a value and the caller's directions
using DD = Jet<D, 8>;                                      // and its derivatives by the coordinates

template <class T>
T truth(const T& like, bool b) {
  return constant_like(like, b ? 1.0 : 0.0);
}

/// The program `code` on T registers: model_program.cpp's instructions, operation for operation.
template <class T>
void run_nested(const ModelProgram::Instr* code, int size, T* reg) {
  using namespace detail;
  for (int i = 0; i < size; ++i) {
    const ModelProgram::Instr& in = code[i];
    const T& a = reg[in.a];
    const T& b = reg[in.b];
    const T& c = reg[in.c];
    const double av = value_of(a), bv = value_of(b);
    switch (in.op) {
      case Op::sincos: {
        const T s = jet_sin(a), co = jet_cos(a);
        reg[in.dst] = s, reg[in.dst + 1] = co;
        break;
      }
      case Op::sincos2: {
        const T sa = jet_sin(a), ca = jet_cos(a), sb = jet_sin(b), cb = jet_cos(b);
        reg[in.dst] = sa, reg[in.dst + 1] = ca, reg[in.c] = sb, reg[in.c + 1] = cb;
        break;
      }
      case Op::mul_add: reg[in.dst] = a * b + c; break;
      case Op::add_mul: reg[in.dst] = c + a * b; break;
      case Op::mul_sub: reg[in.dst] = a * b - c; break;
      case Op::sub_mul: reg[in.dst] = c - a * b; break;
      case Op::copy: reg[in.dst] = a; break;
      case Op::neg: reg[in.dst] = -a; break;
      case Op::add: reg[in.dst] = a + b; break;
      case Op::sub: reg[in.dst] = a - b; break;
      case Op::mul: reg[in.dst] = a * b; break;
      case Op::div: reg[in.dst] = a / b; break;
      case Op::pow: reg[in.dst] = jet_pow(a, b); break;
      case Op::lt: reg[in.dst] = truth(a, av < bv); break;
      case Op::le: reg[in.dst] = truth(a, av <= bv); break;
      case Op::gt: reg[in.dst] = truth(a, av > bv); break;
      case Op::ge: reg[in.dst] = truth(a, av >= bv); break;
      case Op::eq: reg[in.dst] = truth(a, av == bv); break;
      case Op::ne: reg[in.dst] = truth(a, av != bv); break;
      case Op::land: reg[in.dst] = truth(a, av != 0.0 && bv != 0.0); break;
      case Op::lor: reg[in.dst] = truth(a, av != 0.0 || bv != 0.0); break;
      case Op::lnot: reg[in.dst] = truth(a, av == 0.0); break;
      case Op::sin: reg[in.dst] = jet_sin(a); break;
      case Op::cos: reg[in.dst] = jet_cos(a); break;
      case Op::tan: reg[in.dst] = jet_tan(a); break;
      case Op::asin: reg[in.dst] = jet_asin(a); break;
      case Op::acos: reg[in.dst] = jet_acos(a); break;
      case Op::atan: reg[in.dst] = jet_atan(a); break;
      case Op::atan2: reg[in.dst] = jet_atan2(a, b); break;
      case Op::exp: reg[in.dst] = jet_exp(a); break;
      case Op::log: reg[in.dst] = jet_log(a); break;
      case Op::sqrt: reg[in.dst] = jet_sqrt(a); break;
      case Op::abs: reg[in.dst] = jet_abs(a); break;
      case Op::min: reg[in.dst] = av <= bv ? a : b; break;
      case Op::max: reg[in.dst] = av >= bv ? a : b; break;
      case Op::wrap: reg[in.dst] = jet_wrap(a); break;
      case Op::select: reg[in.dst] = av != 0.0 ? b : c; break;
      default: break;
    }
  }
}

/// v⁺ from the pieces in the file comment, on the inner type: d coordinates, `ext` pin coordinates
/// (0 when no pin is freed), `rows` contact rows, `held` rows of A. M: d × d, Jc: rows × d, Jcom:
/// ext × d. Returns false when Mₑ or J Mₑ⁻¹ Jᵀ is not positive definite.
bool impact_solve(int d, int ext, int rows, int held, const D* M, const D* Jc, const D* Jcom, double mass, double e,
                  const double* A, const D* v, D* v_plus) {
  const int ne = d + ext, R = rows + held;
  thread_local std::vector<D> work;
  const std::size_t need = static_cast<std::size_t>(ne * ne + 2 * R * ne + R * R + R + 2 * ne);
  if (work.size() < need) work.resize(need);
  D *Me = work.data(), *Je = Me + ne * ne, *Y = Je + R * ne, *S = Y + ne * R, *b = S + R * R, *ve = b + R,
    *col = ve + ne;
  const D zero = constant_like(v[0], 0.0), one = constant_like(v[0], 1.0);
  std::fill(Me, Me + ne * ne, zero);
  std::fill(Je, Je + R * ne, zero);
  for (int i = 0; i < d; ++i)
    for (int j = 0; j < d; ++j) Me[i * ne + j] = M[i * d + j];
  for (int c = 0; c < ext; ++c) {
    for (int j = 0; j < d; ++j) Me[(d + c) * ne + j] = Me[j * ne + d + c] = Jcom[c * d + j] * mass;
    Me[(d + c) * ne + d + c] = constant_like(v[0], mass);
  }
  for (int c = 0; c < rows; ++c) {
    for (int j = 0; j < d; ++j) Je[c * ne + j] = Jc[c * d + j];
    if (ext > 0) Je[c * ne + d + c] = one;
  }
  for (int c = 0; c < held; ++c)
    for (int j = 0; j < d; ++j) Je[(rows + c) * ne + j] = constant_like(v[0], A[c * d + j]);
  for (int j = 0; j < ne; ++j) ve[j] = j < d ? v[j] : zero;
  for (int c = 0; c < R; ++c) {
    D s = zero;
    for (int j = 0; j < d; ++j) s = s + Je[c * ne + j] * ve[j];
    b[c] = s;
  }
  if (!detail::ldlt_factor(Me, ne)) return false;
  for (int c = 0; c < R; ++c) {  // Y = Mₑ⁻¹ Jᵀ, column by column
    for (int j = 0; j < ne; ++j) col[j] = Je[c * ne + j];
    detail::ldlt_solve(Me, ne, col);
    for (int j = 0; j < ne; ++j) Y[j * R + c] = col[j];
  }
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < R; ++j) {
      D s = zero;
      for (int l = 0; l < ne; ++l) s = s + Je[i * ne + l] * Y[l * R + j];
      S[i * R + j] = s;
    }
  if (!detail::ldlt_factor(S, R)) return false;
  for (int c = 0; c < R; ++c) b[c] = c < rows ? -(1.0 + e) * b[c] : -b[c];
  detail::ldlt_solve(S, R, b);
  for (int i = 0; i < d; ++i) {
    D s = ve[i];
    for (int c = 0; c < R; ++c) s = s + Y[i * R + c] * b[c];
    v_plus[i] = s;
  }
  return true;
}

}  // namespace

void ModelProgram::impact_rates(int k, const double* x, const double* u, double t, const double* dx, const double* du,
                                const double* dt, int K, double* v_plus, double* dv_plus) const {
  const CompiledEvent& e = events_[static_cast<std::size_t>(k)];
  const int n = state_dim(), m = input_count(), d = dof();
  auto inner = [K](double value, const double* directions, int stride) {
    D r;
    r.n = K;
    r.v = value;
    for (int i = 0; i < K; ++i) r.d[i] = directions ? directions[i * stride] : 0.0;
    return r;
  };
  // M(q) and its directions, from the event side's dynamics program (t differentiated).
  D M[64];
  {
    const ModelProgram& dyn = *event_dynamics_;
    double* reg = detail::register_values(dyn.registers_).data();
    double* der =
        K > 0 ? detail::register_derivatives(static_cast<std::size_t>(dyn.time_reg_ + 1) * K).data() : nullptr;
    dyn.run_event_program(x, u, t, nullptr, dx, du, dt, nullptr, K, reg, der);
    for (int i = 0; i < d * d; ++i)
      M[i] = inner(reg[dyn.mass_[i]], K > 0 ? der + std::min(dyn.mass_[i], dyn.time_reg_) * K : nullptr, 1);
  }
  // The contact rows and the pin's centre of mass, with their derivatives by the coordinates.
  const ModelProgram& c = *e.contact;
  thread_local std::vector<DD> reg;
  if (reg.size() < static_cast<std::size_t>(c.registers_)) reg.resize(static_cast<std::size_t>(c.registers_));
  auto outer = [&](const D& value) {
    DD r;
    r.n = d;
    r.v = value;
    for (int j = 0; j < d; ++j) r.d[j] = constant_like(value, 0.0);
    return r;
  };
  const D none = inner(0.0, nullptr, 1);
  for (int r = 0; r < c.registers_; ++r) reg[r] = outer(none);
  for (const auto& [r, value] : c.constants_) reg[r] = outer(inner(value, nullptr, 1));
  for (int i = 0; i < n; ++i) {
    reg[i] = outer(inner(x[i], dx ? dx + i * K : nullptr, 1));
    if (i < d) reg[i].d[i] = constant_like(none, 1.0);
  }
  for (int j = 0; j < m; ++j) reg[n + j] = outer(inner(u ? u[j] : 0.0, du ? du + j * K : nullptr, 1));
  reg[n + m] = outer(inner(t, dt, 1));
  run_nested(c.code_.data(), static_cast<int>(c.code_.size()), reg.data());
  const int rows = e.contact_rows, ext = e.frees_pin ? rows : 0;
  D Jc[3 * 8], Jcom[3 * 8], v[8], vp[8];
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < d; ++j) Jc[i * d + j] = reg[c.out_[i]].d[j];
  for (int i = 0; i < ext; ++i)
    for (int j = 0; j < d; ++j) Jcom[i * d + j] = reg[c.out_[rows + i]].d[j];
  for (int i = 0; i < d; ++i) v[i] = inner(x[d + i], dx ? dx + (d + i) * K : nullptr, 1);
  const int from = e.declared.from_mode;
  const int held = from >= 0 ? constraint_count(from) : 0;
  const bool ok = impact_solve(d, ext, rows, held, M, Jc, Jcom, e.pin_mass, e.restitution,
                               held > 0 ? constraint_matrices_[from].data() : nullptr, v, vp);
  for (int i = 0; i < d; ++i) {
    v_plus[i] = ok ? vp[i].v : NAN;  // not positive definite: NaN stops the integration as a failure
    for (int k2 = 0; k2 < K; ++k2) dv_plus[i * K + k2] = ok ? vp[i].d[k2] : NAN;
  }
}

}  // namespace chaoskit
