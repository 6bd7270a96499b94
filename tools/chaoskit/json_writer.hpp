#pragma once
// A minimal streaming JSON writer for `--json` output: objects, arrays, numbers (shortest
// round-trip form, non-finite as null), strings and Eigen vectors/matrices (row-major nested
// arrays). One object per command on stdout, as design.md specifies.
#include <charconv>
#include <cmath>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include <Eigen/Core>

namespace chaoskit::cli {

class JsonWriter {
 public:
  explicit JsonWriter(std::ostream& out) : out_(out) {}

  JsonWriter& begin_object() { return open('{'); }
  JsonWriter& end_object() { return close('}'); }
  JsonWriter& begin_array() { return open('['); }
  JsonWriter& end_array() { return close(']'); }

  JsonWriter& key(std::string_view k) {
    separator();
    write_string(k);
    out_ << ':';
    after_key_ = true;
    return *this;
  }
  JsonWriter& value(double v) {
    separator();
    if (!std::isfinite(v)) {
      out_ << "null";
    } else {
      char buf[32];
      const auto r = std::to_chars(buf, buf + sizeof buf, v);
      out_.write(buf, r.ptr - buf);
    }
    return *this;
  }
  JsonWriter& value(int v) {
    separator();
    out_ << v;
    return *this;
  }
  JsonWriter& value(bool v) {
    separator();
    out_ << (v ? "true" : "false");
    return *this;
  }
  JsonWriter& value(std::string_view s) {
    separator();
    write_string(s);
    return *this;
  }
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }

  template <class Derived>
  JsonWriter& value(const Eigen::MatrixBase<Derived>& m) {
    if (m.cols() == 1) {
      begin_array();
      for (Eigen::Index i = 0; i < m.rows(); ++i) value(static_cast<double>(m(i)));
      return end_array();
    }
    begin_array();
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
      begin_array();
      for (Eigen::Index j = 0; j < m.cols(); ++j) value(static_cast<double>(m(i, j)));
      end_array();
    }
    return end_array();
  }
  JsonWriter& value(const std::vector<double>& v) {
    begin_array();
    for (double x : v) value(x);
    return end_array();
  }
  JsonWriter& value(const std::vector<std::string>& v) {
    begin_array();
    for (const auto& x : v) value(x);
    return end_array();
  }

  template <class T>
  JsonWriter& field(std::string_view k, const T& v) {
    key(k);
    return value(v);
  }

 private:
  JsonWriter& open(char c) {
    separator();
    out_ << c;
    first_ = true;
    return *this;
  }
  JsonWriter& close(char c) {
    out_ << c;
    first_ = false;
    return *this;
  }
  void separator() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (!first_) out_ << ',';
    first_ = false;
  }
  void write_string(std::string_view s) {
    out_ << '"';
    for (char c : s) {
      switch (c) {
        case '"': out_ << "\\\""; break;
        case '\\': out_ << "\\\\"; break;
        case '\n': out_ << "\\n"; break;
        case '\t': out_ << "\\t"; break;
        default:
          if (static_cast<unsigned char>(c) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out_ << buf;
          } else {
            out_ << c;
          }
      }
    }
    out_ << '"';
  }

  std::ostream& out_;
  bool first_ = true;
  bool after_key_ = false;
};

}  // namespace chaoskit::cli
