#include "chaoskit/query/grid_blocks.hpp"

#include <algorithm>

namespace chaoskit::query {

BlockReader::BlockReader(const io::ResultsStore& store, std::vector<std::string> variables, std::size_t target_points)
    : store_(store), names_(std::move(variables)), shape_(store.grid_shape()) {
  for (const auto& name : names_) per_point_.push_back(store.variable_info(name).definition.values_per_point());
  data_.resize(names_.size());
  // Blocks cut the first axis whose later axes together hold at most target_points points and
  // take as many steps along it as fit (the whole grid when it fits).
  target_points = std::max<std::size_t>(target_points, 1);
  std::size_t k = shape_.size();
  while (k > 1 && inner_ * shape_[k - 1] <= target_points) inner_ *= shape_[--k];
  cut_axis_ = k == 0 ? 0 : k - 1;
  strides_.assign(shape_.size(), 1);
  for (std::size_t a = shape_.size(); a-- > 1;) strides_[a - 1] = strides_[a] * shape_[a];
  run_ = std::max<std::size_t>(1, target_points / std::max<std::size_t>(inner_, 1));
}

bool BlockReader::next() {
  if (next_first_ >= store_.point_count() || shape_.empty()) return false;
  first_ = next_first_;
  start_index_ = store_.multi_index(first_);
  const std::size_t steps = std::min(run_, shape_[cut_axis_] - start_index_[cut_axis_]);
  count_ = steps * inner_;
  next_first_ = first_ + count_;
  io::Hyperslab box;
  box.start = start_index_;
  for (std::size_t a = 0; a < shape_.size(); ++a)
    box.count.push_back(a < cut_axis_ ? 1 : a == cut_axis_ ? steps : shape_[a]);
  status_ = store_.read_status(box);
  for (std::size_t k = 0; k < names_.size(); ++k) data_[k] = store_.read(names_[k], box);
  return true;
}

double BlockReader::coordinate(std::size_t a, std::size_t j) const {
  const std::size_t index = a < cut_axis_    ? start_index_[a]
                            : a == cut_axis_ ? start_index_[a] + j / strides_[a]
                                             : (j / strides_[a]) % shape_[a];
  return store_.axes()[a].values[index];
}

}  // namespace chaoskit::query
