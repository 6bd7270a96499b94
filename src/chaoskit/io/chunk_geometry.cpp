#include "chaoskit/io/chunk_geometry.hpp"

#include <algorithm>
#include <cassert>
#include <stdexcept>
#include <utility>

#include "chaoskit/core/errors.hpp"

namespace chaoskit::io {

namespace {

struct Box {
  std::vector<hsize_t> start, count;
};

/// The flat run [first, first+count) of a row-major grid as O(2·rank) boxes.
std::vector<Box> flat_run_boxes(std::size_t first, std::size_t count, const std::vector<std::size_t>& shape) {
  const std::size_t rank = shape.size();
  std::vector<std::size_t> stride(rank, 1);
  for (std::size_t k = rank - 1; k-- > 0;) stride[k] = stride[k + 1] * shape[k + 1];
  assert(rank > 0 && first + count <= stride[0] * shape[0]);  // write_points checked the run against the grid
  std::vector<Box> boxes;
  std::size_t p = first;
  const std::size_t end = first + count;
  while (p < end) {
    std::vector<std::size_t> m(rank);
    std::size_t rest = p;
    for (std::size_t k = 0; k < rank; ++k) m[k] = rest / stride[k], rest %= stride[k];
    // The outermost axis k such that all later indices are 0 and at least one slab fits.
    std::size_t k = rank - 1;
    for (std::size_t j = 0; j < rank; ++j) {
      bool later_zero = true;
      for (std::size_t i = j + 1; i < rank; ++i) later_zero = later_zero && m[i] == 0;
      if (later_zero && stride[j] <= end - p) {
        k = j;
        break;
      }
    }
    const std::size_t n = std::min(shape[k] - m[k], (end - p) / stride[k]);
    assert(n >= 1);  // every box advances the run (the last axis always fits one point)
    Box b{std::vector<hsize_t>(rank), std::vector<hsize_t>(rank, 1)};
    for (std::size_t i = 0; i < rank; ++i) b.start[i] = i <= k ? m[i] : 0;
    b.count[k] = n;
    for (std::size_t i = k + 1; i < rank; ++i) b.count[i] = shape[i];
    boxes.push_back(std::move(b));
    p += n * stride[k];
  }
  assert(p == end);  // the boxes cover the run exactly
  return boxes;
}

std::vector<hsize_t> extent_of(hid_t space) {
  const int rank = h5::check_value(H5Sget_simple_extent_ndims(space), "rank of a dataspace");
  std::vector<hsize_t> dims(static_cast<std::size_t>(rank));
  H5Sget_simple_extent_dims(space, dims.data(), nullptr);
  return dims;
}

}  // namespace

GridGeometry::GridGeometry(std::vector<std::size_t> shape, std::vector<std::size_t> chunk)
    : shape_(std::move(shape)), chunk_(std::move(chunk)) {
  assert(chunks_are_runs(shape_, chunk_));  // a file's chunks were checked when it was read (store_file.cpp)
}

bool GridGeometry::chunks_are_runs(const std::vector<std::size_t>& shape, const std::vector<std::size_t>& chunk) {
  if (shape.empty() || shape.size() != chunk.size()) return false;
  std::size_t k = 0;  // the cut axis: the first with extent > 1 (or the last)
  while (k + 1 < shape.size() && chunk[k] == 1) ++k;
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (chunk[i] < 1 || chunk[i] > shape[i]) return false;
    if (i > k && chunk[i] != shape[i]) return false;
  }
  return true;
}

GridGeometry GridGeometry::choose(std::vector<std::size_t> shape, std::size_t max_values_per_point,
                                  std::size_t target_values) {
  if (target_values == 0) target_values = kDefaultChunkValues;
  std::size_t budget = std::max<std::size_t>(1, target_values / std::max<std::size_t>(1, max_values_per_point));
  std::vector<std::size_t> c(shape.size(), 1);
  for (std::size_t k = shape.size(); k-- > 0;) {
    c[k] = std::min(shape[k], budget);
    budget = std::max<std::size_t>(1, budget / c[k]);
    if (c[k] < shape[k]) break;  // leading axes keep extent 1: each chunk is a contiguous flat run
  }
  return GridGeometry(std::move(shape), std::move(c));
}

std::size_t GridGeometry::points() const {
  std::size_t n = 1;
  for (auto s : shape_) n *= s;
  return n;
}

std::size_t GridGeometry::flat_index(std::span<const std::size_t> index) const {
  if (index.size() != shape_.size()) throw std::invalid_argument("flat_index: wrong number of indices");
  std::size_t f = 0;
  for (std::size_t k = 0; k < index.size(); ++k) {
    if (index[k] >= shape_[k]) throw std::out_of_range("flat_index: index outside the grid");
    f = f * shape_[k] + index[k];
  }
  return f;
}

std::vector<std::size_t> GridGeometry::multi_index(std::size_t flat) const {
  if (flat >= points()) throw std::out_of_range("multi_index: index outside the grid");
  std::vector<std::size_t> m(shape_.size());
  for (std::size_t k = m.size(); k-- > 0;) {
    m[k] = flat % shape_[k];
    flat /= shape_[k];
  }
  return m;
}

std::size_t GridGeometry::chunk_end(std::size_t flat) const {
  // Chunks are contiguous flat runs: find the cut axis, then the end of this chunk along it.
  const auto& s = shape_;
  const auto& c = chunk_;
  const auto m = multi_index(flat);
  std::size_t k = 0;
  while (k + 1 < s.size() && c[k] == 1) ++k;  // first axis with chunk extent > 1 (or the last axis)
  std::size_t stride = 1;
  for (std::size_t i = k + 1; i < s.size(); ++i) stride *= s[i];
  const std::size_t block_end_k = std::min(s[k], (m[k] / c[k] + 1) * c[k]);
  std::size_t prefix = 0;
  for (std::size_t i = 0; i < k; ++i) prefix = prefix * s[i] + m[i];
  const std::size_t end = (prefix * s[k] + block_end_k) * stride;
  assert(end > flat && end <= points());
  return end;
}

h5::Dataspace GridGeometry::select_run(hid_t ds, std::size_t first, std::size_t count) const {
  h5::Dataspace fs(H5Dget_space(ds), "dataspace");
  const std::vector<hsize_t> dims = extent_of(fs);
  bool first_box = true;
  for (Box& b : flat_run_boxes(first, count, shape_)) {
    for (std::size_t t = shape_.size(); t < dims.size(); ++t) {  // trailing dimensions whole
      b.start.push_back(0);
      b.count.push_back(dims[t]);
    }
    h5::check(H5Sselect_hyperslab(fs, first_box ? H5S_SELECT_SET : H5S_SELECT_OR, b.start.data(), nullptr,
                                  b.count.data(), nullptr),
              "select points");
    first_box = false;
  }
  // The selection is the run, whole blocks of trailing values: as many values as the writer holds.
  assert([&] {
    hssize_t per = 1;
    for (std::size_t t = shape_.size(); t < dims.size(); ++t) per *= static_cast<hssize_t>(dims[t]);
    return H5Sget_select_npoints(fs) == static_cast<hssize_t>(count) * per;
  }());
  return fs;
}

h5::Dataspace GridGeometry::select_box(hid_t ds, const Hyperslab& box, const std::vector<std::string>& axis_names,
                                       std::size_t& selected) const {
  if (box.start.size() != shape_.size() || box.count.size() != shape_.size())
    throw InputError("hyperslab", "needs " + std::to_string(shape_.size()) + " start and count values");
  h5::Dataspace fs(H5Dget_space(ds), "dataspace");
  const std::vector<hsize_t> dims = extent_of(fs);
  std::vector<hsize_t> start(dims.size(), 0), cnt(dims);
  for (std::size_t k = 0; k < shape_.size(); ++k) {
    if (box.count[k] == 0 || box.start[k] + box.count[k] > shape_[k])
      throw InputError("hyperslab", "axis '" + axis_names[k] + "': [" + std::to_string(box.start[k]) + ", " +
                                        std::to_string(box.start[k] + box.count[k]) + ") is outside 0.." +
                                        std::to_string(shape_[k]));
    start[k] = box.start[k];
    cnt[k] = box.count[k];
  }
  selected = 1;
  for (auto c : cnt) selected *= c;
  h5::check(H5Sselect_hyperslab(fs, H5S_SELECT_SET, start.data(), nullptr, cnt.data(), nullptr), "select box");
  return fs;
}

}  // namespace chaoskit::io
