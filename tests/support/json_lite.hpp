#pragma once
// A small strict JSON parser for tests: checks that `--json` output is well-formed and gives
// typed access to its values. Throws std::runtime_error on malformed input.
#include <cctype>
#include <cstdlib>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace chaoskit::test {

struct Json {
  enum class Kind { null, boolean, number, string, array, object } kind = Kind::null;
  bool b = false;
  double num = 0;
  std::string str;
  std::vector<Json> arr;
  std::map<std::string, Json> obj;

  const Json& operator[](const std::string& k) const {
    if (kind != Kind::object) throw std::runtime_error("not an object when looking up '" + k + "'");
    const auto it = obj.find(k);
    if (it == obj.end()) throw std::runtime_error("missing key '" + k + "'");
    return it->second;
  }
  const Json& operator[](std::size_t i) const {
    if (kind != Kind::array || i >= arr.size()) throw std::runtime_error("bad array index");
    return arr[i];
  }
  bool has(const std::string& k) const { return kind == Kind::object && obj.count(k); }
  double number() const {
    if (kind != Kind::number) throw std::runtime_error("not a number");
    return num;
  }
  std::size_t size() const { return kind == Kind::array ? arr.size() : obj.size(); }
};

class JsonParser {
 public:
  static Json parse(const std::string& text) {
    JsonParser p(text);
    Json v = p.value();
    p.ws();
    if (p.i_ != text.size()) throw std::runtime_error("trailing characters after JSON value");
    return v;
  }

 private:
  explicit JsonParser(const std::string& t) : t_(t) {}
  void ws() {
    while (i_ < t_.size() && std::isspace(static_cast<unsigned char>(t_[i_]))) ++i_;
  }
  char peek() {
    ws();
    if (i_ >= t_.size()) throw std::runtime_error("unexpected end of JSON");
    return t_[i_];
  }
  void expect(char c) {
    if (peek() != c) throw std::runtime_error(std::string("expected '") + c + "' at " + std::to_string(i_));
    ++i_;
  }
  Json value() {
    const char c = peek();
    Json v;
    if (c == '{') {
      v.kind = Json::Kind::object;
      ++i_;
      if (peek() == '}') return ++i_, v;
      while (true) {
        const std::string k = string();
        expect(':');
        v.obj[k] = value();
        if (peek() == ',') {
          ++i_;
          continue;
        }
        expect('}');
        return v;
      }
    }
    if (c == '[') {
      v.kind = Json::Kind::array;
      ++i_;
      if (peek() == ']') return ++i_, v;
      while (true) {
        v.arr.push_back(value());
        if (peek() == ',') {
          ++i_;
          continue;
        }
        expect(']');
        return v;
      }
    }
    if (c == '"') {
      v.kind = Json::Kind::string;
      v.str = string();
      return v;
    }
    if (t_.compare(i_, 4, "null") == 0) return i_ += 4, v;
    if (t_.compare(i_, 4, "true") == 0) return i_ += 4, v.kind = Json::Kind::boolean, v.b = true, v;
    if (t_.compare(i_, 5, "false") == 0) return i_ += 5, v.kind = Json::Kind::boolean, v;
    const char* start = t_.c_str() + i_;
    char* end = nullptr;
    v.num = std::strtod(start, &end);
    if (end == start) throw std::runtime_error("bad JSON value at " + std::to_string(i_));
    i_ += static_cast<std::size_t>(end - start);
    v.kind = Json::Kind::number;
    return v;
  }
  std::string string() {
    expect('"');
    std::string s;
    while (i_ < t_.size() && t_[i_] != '"') {
      if (t_[i_] == '\\') {
        ++i_;
        if (i_ >= t_.size()) break;
        const char e = t_[i_];
        s += e == 'n' ? '\n' : e == 't' ? '\t' : e;
        if (e == 'u') i_ += 4;
      } else {
        s += t_[i_];
      }
      ++i_;
    }
    if (i_ >= t_.size()) throw std::runtime_error("unterminated JSON string");
    ++i_;
    return s;
  }
  const std::string& t_;
  std::size_t i_ = 0;
};

}  // namespace chaoskit::test
