#pragma once
// FunctionRef<R(Args...)>: a non-owning reference to any callable, two pointers wide, called
// through one indirect call. The integration driver takes its observers and boundary hooks as
// FunctionRefs so that the stepping loop (and the Boost.Odeint code under it) is compiled once per
// state type and system, not once more for every observer lambda of every caller: that
// multiplication was most of chaoskit's build time. The hooks run at output times, boundaries and
// accepted steps, never inside a right-hand side, so the indirect call costs nothing measurable.
//
// The referenced callable must outlive the FunctionRef (pass temporaries only as arguments).
#include <memory>
#include <type_traits>
#include <utility>

namespace chaoskit {

template <class Signature>
class FunctionRef;

template <class R, class... Args>
class FunctionRef<R(Args...)> {
 public:
  template <class F>
  requires(!std::is_same_v<std::remove_cvref_t<F>, FunctionRef> && std::is_invocable_r_v<R, F&, Args...>)
      FunctionRef(F&& f)
  noexcept  // NOLINT(google-explicit-constructor): used like a function parameter
      : object_(const_cast<void*>(static_cast<const void*>(std::addressof(f)))),
        call_([](void* object, Args... args) -> R {
          return (*static_cast<std::remove_reference_t<F>*>(object))(std::forward<Args>(args)...);
        }) {}

  R operator()(Args... args) const { return call_(object_, std::forward<Args>(args)...); }

 private:
  void* object_;
  R (*call_)(void*, Args...);
};

}  // namespace chaoskit
