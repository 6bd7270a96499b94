#pragma once
// The fixed, generic, orthonormal deviation vectors the alignment indices (SALI, GALI) and the
// orbit classifier start from: the Householder QR of golden-ratio fractional parts, which no
// model's structure lines up with. Computed here, once for every size, with Eigen's run-time-sized
// QR (the same bits as its fixed-size QR on every shape chaoskit uses, checked when this moved
// here, so the committed analyses' SALI runs reproduce): each model's instance file compiled its
// own fixed-size QR before, for a few vectors computed once per orbit.
#include <Eigen/Core>

namespace chaoskit {

/// `cols` orthonormal columns of length `rows` (cols ≤ rows).
Eigen::MatrixXd generic_orthonormal_columns(int rows, int cols);

}  // namespace chaoskit
