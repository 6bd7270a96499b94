#pragma once
// RAII over HDF5's C identifiers, with every call checked (HighFive's design idea, our own code).
//
// - h5::Handle<Close> owns one hid_t and releases it with the matching H5*close; it is move-only,
//   so an identifier is closed exactly once. The aliases File, Group, Dataset, Dataspace, Datatype,
//   PropList and Attribute name the kinds. get() / implicit conversion to hid_t is the escape hatch
//   for calls the wrappers do not cover (H5DS, H5LT).
// - h5::check(status, what) and the Handle constructor turn a negative return into h5::Error, whose
//   message is "HDF5: <what> failed: <innermost description>" — the innermost entry of HDF5's error
//   stack is the specific cause (e.g. "unable to open file: name = ..., errno = 13, error message =
//   'Permission denied'"), while the outer entries only repeat the API function's name.
// - h5::QuietErrors switches HDF5's automatic printing of the error stack to stderr off for its
//   lifetime (and restores the previous handler), so failures reach the user once, as an exception.
//
// Every HDF5 identifier in chaoskit is held by one of these handles; attributes are written and
// read through io/h5_attributes.hpp.
#include <hdf5.h>

#include <stdexcept>
#include <string>
#include <utility>

namespace chaoskit::h5 {

/// A failed HDF5 call. innermost() is the most specific description on HDF5's error stack.
class Error : public std::runtime_error {
 public:
  Error(const std::string& what, std::string innermost)
      : std::runtime_error("HDF5: " + what + " failed" + (innermost.empty() ? "" : ": " + innermost)),
        innermost_(std::move(innermost)) {}
  const std::string& innermost() const { return innermost_; }

 private:
  std::string innermost_;
};

/// The innermost description on the current thread's default error stack ("" when empty).
std::string innermost_error();

/// Throws Error(what) when status < 0; returns status otherwise.
herr_t check(herr_t status, const std::string& what);
/// Same for calls returning a count or tri-state (htri_t, ssize_t, int).
template <class T>
T check_value(T value, const std::string& what) {
  if (value < 0) throw Error(what, innermost_error());
  return value;
}

/// Disables HDF5's automatic error printing while alive; restores the previous handler after.
class QuietErrors {
 public:
  QuietErrors();
  ~QuietErrors();
  QuietErrors(const QuietErrors&) = delete;
  QuietErrors& operator=(const QuietErrors&) = delete;

 private:
  H5E_auto2_t func_ = nullptr;
  void* data_ = nullptr;
};

template <herr_t (*Close)(hid_t)>
class Handle {
 public:
  Handle() = default;
  /// Takes ownership of `id`; throws Error(what) if `id` is negative (the call that produced it failed).
  Handle(hid_t id, const std::string& what) : id_(id) {
    if (id_ < 0) throw Error(what, innermost_error());
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  Handle(Handle&& o) noexcept : id_(std::exchange(o.id_, H5I_INVALID_HID)) {}
  Handle& operator=(Handle&& o) noexcept {
    if (this != &o) {
      reset();
      id_ = std::exchange(o.id_, H5I_INVALID_HID);
    }
    return *this;
  }
  ~Handle() { reset(); }

  hid_t get() const { return id_; }
  operator hid_t() const { return id_; }
  bool valid() const { return id_ >= 0; }

  /// Closes now and reports a failed close (destructors cannot).
  void close(const std::string& what) {
    if (id_ < 0) return;
    const hid_t id = std::exchange(id_, H5I_INVALID_HID);
    check(Close(id), what);
  }
  void reset() {
    if (id_ >= 0) Close(std::exchange(id_, H5I_INVALID_HID));
  }

 private:
  hid_t id_ = H5I_INVALID_HID;
};

using File = Handle<H5Fclose>;
using Group = Handle<H5Gclose>;
using Dataset = Handle<H5Dclose>;
using Dataspace = Handle<H5Sclose>;
using Datatype = Handle<H5Tclose>;
using PropList = Handle<H5Pclose>;
using Attribute = Handle<H5Aclose>;

}  // namespace chaoskit::h5
