// Results store: round trip, attributes, hyperslabs, resume, layout checks, bad paths, batch-order
// reproducibility (h5diff) and what xarray sees (Debian's python3).
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "chaoskit/core/build_info.hpp"
#include "chaoskit/core/errors.hpp"
#include "chaoskit/io/chunk_geometry.hpp"
#include "chaoskit/io/h5_handle.hpp"
#include "chaoskit/io/results_store.hpp"
#include "io/store_fixtures.hpp"

using namespace chaoskit;
using chaoskit::test::ScratchDir;

namespace {

io::Attributes job_provenance() {
  return {{"job", std::string("[grid]\nth1 = { linspace = [-1, 1, 40] }\n")},
          {"model", std::string("golf")},
          {"param.m1", 3.2},
          {"integrator", std::string("dopri5 rtol=1e-10 atol=1e-10")},
          {"threads", 2LL},
          {"ranks", 1LL},
          {"date", std::string("2026-01-01T00:00:00Z")}};
}

std::string as_string(const io::AttributeValue& v) { return std::get<std::string>(v); }

}  // namespace

TEST_CASE("results store: write, close, reopen, read back every variable and the status", "[io][store]") {
  ScratchDir dir("store_rt");
  const std::string f = dir.file("r.h5");
  const auto axes = test::grid_axes();
  const auto vars = test::grid_variables();
  {
    auto s = io::ResultsStore::create(f, axes, vars, job_provenance());
    CHECK(s.point_count() == 1200);
    CHECK(s.done_count() == 0);
    test::write_run(s, 0, 500);
    test::write_run(s, 700, 500);  // leave 500..699 unwritten
    s.close();
  }
  auto s = io::ResultsStore::open_read(f);
  REQUIRE(s.axes().size() == 2);
  CHECK(s.axes()[0].name == "th1");
  CHECK(s.axes()[0].values == axes[0].values);
  CHECK(s.axes()[1].units == "rad");
  CHECK(s.grid_shape() == std::vector<std::size_t>{40, 30});
  REQUIRE(s.variables().size() == 4);
  CHECK(s.variables()[1].trailing.size() == 2);
  CHECK(s.variables()[3].type == io::ElementType::uint8);

  const auto st = s.read_status();
  const auto lam = s.read("lambda_max");
  const auto psi = s.read("psi");
  const auto basin = s.read("basin");
  const auto conv = s.read("converged");
  REQUIRE(lam.size() == 1200);
  REQUIRE(psi.size() == 4800);
  for (std::size_t i = 0; i < 1200; ++i) {
    const bool written = i < 500 || i >= 700;
    INFO("point " << i);
    if (written) {
      REQUIRE(st[i] == test::status_of(i));
      REQUIRE(lam[i] == test::lambda_of(i));
      REQUIRE(psi[4 * i + 3] == test::psi_of(i, 1, 1));
      REQUIRE(psi[4 * i + 1] == test::psi_of(i, 0, 1));
      REQUIRE(basin[i] == test::basin_of(i));
      REQUIRE(conv[i] == test::converged_of(i));
    } else {
      REQUIRE(st[i] == point_status::not_computed);
      REQUIRE(std::isnan(lam[i]));  // float64 fill NaN
      REQUIRE(basin[i] == -1.0);    // int32 fill
      REQUIRE(conv[i] == 255.0);    // uint8 fill
    }
  }
  CHECK(s.done_count() == 1000);

  // A box over the axes: rows 16..17 (flat 480..539), columns 5..9.
  const auto box = s.read("psi", io::Hyperslab{{16, 5}, {2, 5}});
  REQUIRE(box.size() == 2 * 5 * 4);
  CHECK(box[0] == test::psi_of(16 * 30 + 5, 0, 0));
  CHECK(std::isnan(box[5 * 4 + 0]));  // row 17 (flat 515) is unwritten
  const auto sbox = s.read_status(io::Hyperslab{{16, 5}, {2, 5}});
  CHECK(sbox[0] == test::status_of(485));
  CHECK(sbox[5] == 0);
  CHECK_THROWS_AS(s.read("lambda_max", io::Hyperslab{{39, 0}, {2, 1}}), InputError);
  CHECK_THROWS_AS(s.read("nope"), InputError);
  CHECK_THROWS_AS(test::write_run(s, 0, 1), std::logic_error);  // read-only
  CHECK(!s.finalized());
}

TEST_CASE("results store: finalize compresses a complete store and keeps every value", "[io][store]") {
  ScratchDir dir("store_final");
  const std::string f = dir.file("f.h5");
  auto s = io::ResultsStore::create(f, test::grid_axes(), test::grid_variables(), job_provenance());
  test::write_run(s, 0, 1100);
  CHECK_THROWS_WITH(s.finalize(), Catch::Matchers::Contains("100 of 1200 points"));
  test::write_run(s, 1100, 100);
  const auto before = std::filesystem::file_size(f);
  s.finalize();
  CHECK(s.finalized());
  CHECK_NOTHROW(s.finalize());  // idempotent
  s.close();
  const auto after = std::filesystem::file_size(f);
  CHECK(after < before);
  auto r = io::ResultsStore::open_read(f);
  CHECK(r.finalized());
  CHECK(r.done_count() == 1200);
  const auto lam = r.read("lambda_max");
  const auto psi = r.read("psi");
  const auto st = r.read_status();
  for (std::size_t i = 0; i < 1200; ++i) {
    REQUIRE(lam[i] == test::lambda_of(i));
    REQUIRE(psi[4 * i + 2] == test::psi_of(i, 1, 0));
    REQUIRE(st[i] == test::status_of(i));
  }
  const auto root = r.root_attributes();
  CHECK(as_string(root.at("date")) == "2026-01-01T00:00:00Z");
  CHECK(as_string(root.at("model")) == "golf");
  CHECK(as_string(root.at("chaoskit_storage")) == "deflate (finalized)");
  const auto h = test::run_command("h5dump -p -H -d /psi " + f);
  CHECK_THAT(h.out, Catch::Matchers::Contains("DEFLATE") && Catch::Matchers::Contains("SHUFFLE"));
  int entries = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path)) ++entries;
  CHECK(entries == 1);  // no temporary left
}

TEST_CASE("results store: provenance and CF/netCDF attributes are present", "[io][store]") {
  ScratchDir dir("store_attr");
  const std::string f = dir.file("a.h5");
  io::ResultsStore::create(f, test::grid_axes(), test::grid_variables(), job_provenance()).close();
  auto s = io::ResultsStore::open_read(f);
  const auto root = s.root_attributes();
  CHECK(as_string(root.at("software")) == "chaoskit");
  CHECK(as_string(root.at("softwareVersion")) == build_info::version);
  CHECK(as_string(root.at("softwareCommit")) == build_info::commit);
  CHECK(as_string(root.at("date")) == "2026-01-01T00:00:00Z");  // the caller's value wins
  CHECK(!as_string(root.at("host")).empty());
  CHECK(as_string(root.at("model")) == "golf");
  CHECK(as_string(root.at("job")).find("linspace") != std::string::npos);
  CHECK(std::get<double>(root.at("param.m1")) == 3.2);
  CHECK(std::get<long long>(root.at("threads")) == 2);
  CHECK(as_string(root.at("chaoskit_axes")) == "th1,th2");
  CHECK(as_string(root.at("chaoskit_storage")) == "uncompressed, written in place");

  const auto psi = s.variable_info("psi");
  CHECK(psi.dims == std::vector<std::string>{"th1", "th2", "state_row", "state_col"});
  CHECK(psi.shape == std::vector<std::size_t>{40, 30, 2, 2});
  CHECK(as_string(psi.attributes.at("units")) == "1");
  CHECK(as_string(psi.attributes.at("long_name")) == "state-transition matrix");
  CHECK(std::isnan(std::get<double>(psi.attributes.at("_FillValue"))));
  CHECK(psi.attributes.count("DIMENSION_LIST") == 1);
  const auto basin = s.variable_info("basin");
  CHECK(std::get<long long>(basin.attributes.at("_FillValue")) == -1);

  // Generated file creation time when the caller gives none: ISO 8601 UTC.
  const std::string g = dir.file("b.h5");
  io::ResultsStore::create(g, test::grid_axes(), test::grid_variables(), {}).close();
  const auto date = as_string(io::ResultsStore::open_read(g).root_attributes().at("date"));
  CHECK(date.size() == 20);
  CHECK(date.back() == 'Z');
}

TEST_CASE("results store: chunks are contiguous flat runs and chunk_end finds their ends", "[io][store]") {
  ScratchDir dir("store_chunk");
  io::CreateOptions opt;
  opt.target_chunk_values = 400;  // psi has 4 values per point → 100 points: 3 full rows of 30 + cut
  auto s = io::ResultsStore::create(dir.file("c.h5"), test::grid_axes(), test::grid_variables(), {}, opt);
  const auto info = s.variable_info("lambda_max");
  CHECK(info.chunks == std::vector<std::size_t>{3, 30});
  CHECK(s.chunk_end(0) == 90);
  CHECK(s.chunk_end(89) == 90);
  CHECK(s.chunk_end(90) == 180);
  CHECK(s.chunk_end(1199) == 1200);  // 40 rows: last chunk holds row 39 only
  CHECK(s.chunk_end(1170) == 1200);
  CHECK(s.flat_index(std::vector<std::size_t>{2, 7}) == 67);
  CHECK(s.multi_index(67) == std::vector<std::size_t>{2, 7});
  // What the geometry asserts and a file read back is checked for: chunks that are runs of points.
  using io::GridGeometry;
  CHECK(GridGeometry::chunks_are_runs({40, 30}, {3, 30}));
  CHECK(GridGeometry::chunks_are_runs({40, 30}, {1, 7}));
  CHECK(GridGeometry::chunks_are_runs({5, 6, 7}, {1, 2, 7}));
  CHECK(GridGeometry::chunks_are_runs({10}, {10}));
  for (std::size_t target : {1, 7, 100, 4096, 100000}) {
    const GridGeometry g = GridGeometry::choose({9, 8, 7}, 4, target);
    INFO(target);
    CHECK(GridGeometry::chunks_are_runs(g.shape(), g.chunk()));
  }
  CHECK_FALSE(GridGeometry::chunks_are_runs({40, 30}, {3, 29}));     // a cut axis before a partial one
  CHECK_FALSE(GridGeometry::chunks_are_runs({40, 30}, {3, 31}));     // beyond the axis
  CHECK_FALSE(GridGeometry::chunks_are_runs({40, 30}, {0, 30}));     // empty
  CHECK_FALSE(GridGeometry::chunks_are_runs({5, 6, 7}, {2, 1, 7}));  // two cut axes
  CHECK_FALSE(GridGeometry::chunks_are_runs({40, 30}, {40}));        // rank differs
}

TEST_CASE("results store: resume reports finished points and completes the grid", "[io][store]") {
  ScratchDir dir("store_resume");
  const std::string f = dir.file("r.h5");
  {
    auto s = io::ResultsStore::create(f, test::grid_axes(), test::grid_variables(), job_provenance());
    test::write_run(s, 100, 250);
  }  // destructor closes
  auto s = io::ResultsStore::open_for_resume(f, test::grid_axes(), test::grid_variables());
  const auto done = s.done();
  for (std::size_t i = 0; i < done.size(); ++i) REQUIRE(done[i] == (i >= 100 && i < 350));
  test::write_run(s, 0, 100);
  test::write_run(s, 350, 850);
  CHECK(s.done_count() == 1200);
  const auto lam = s.read("lambda_max");
  for (std::size_t i = 0; i < 1200; ++i) REQUIRE(lam[i] == test::lambda_of(i));
}

TEST_CASE("results store: resume with a different layout is refused, naming the difference", "[io][store]") {
  ScratchDir dir("store_mismatch");
  const std::string f = dir.file("m.h5");
  io::ResultsStore::create(f, test::grid_axes(), test::grid_variables(), {}).close();
  auto expect = [&](std::vector<io::Axis> axes, std::vector<io::Variable> vars, const std::string& field,
                    const std::string& words) {
    try {
      io::ResultsStore::open_for_resume(f, axes, vars);
      FAIL("accepted a different layout (" << field << ")");
    } catch (const InputError& e) {
      INFO(e.what());
      CHECK(e.field() == field);
      CHECK_THAT(e.what(), Catch::Matchers::Contains(words));
    }
  };
  const auto A = test::grid_axes();
  const auto V = test::grid_variables();
  {
    auto a = A;
    std::swap(a[0], a[1]);
    expect(a, V, "axes[0].name", "'th2' but 'th1'");
  }
  {
    auto a = A;
    a[1].values[7] += 1e-12;
    expect(a, V, "axes[1].values", "value 7");
  }
  expect(test::grid_axes(40, 31), V, "axes[1].values", "31 values but 30");
  expect({A[0]}, V, "axes", "1 axes requested but the file has 2");
  {
    auto a = A;
    a[0].units = "deg";
    expect(a, V, "axes[0].units", "'deg' but 'rad'");
  }
  {
    auto v = V;
    v[2].type = io::ElementType::int8;
    expect(A, v, "variables.basin.type", "int8 but int32");
  }
  {
    auto v = V;
    v[1].trailing[1].size = 3;
    expect(A, v, "variables.psi.trailing", "state_col=3");
  }
  {
    auto v = V;
    v.push_back({"megno", io::ElementType::float64, {}, "1", "MEGNO", NAN});
    expect(A, v, "variables.megno", "'megno' is not in");
  }
  {
    auto v = V;
    v.pop_back();
    expect(A, v, "variables.converged", "which was not requested");
  }
  {
    auto v = V;
    v[0].fill_value = 0.0;
    expect(A, v, "variables.lambda_max.fill_value", "fill value");
  }
  // A foreign HDF5 file and a non-HDF5 file.
  const std::string txt = dir.file("x.h5");
  std::ofstream(txt) << "not hdf5\n";
  CHECK_THROWS_AS(io::ResultsStore::open_for_resume(txt, A, V), InputError);
  CHECK_THROWS_WITH(io::ResultsStore::open_read(dir.file("missing.h5")), Catch::Matchers::Contains("does not exist"));
}

TEST_CASE("results store: bad layouts, existing outputs and unwritable paths are clear errors", "[io][store]") {
  ScratchDir dir("store_bad");
  const auto A = test::grid_axes();
  const auto V = test::grid_variables();
  auto field_of = [&](const std::string& path, std::vector<io::Axis> a, std::vector<io::Variable> v) {
    try {
      io::ResultsStore::create(path, a, v, {});
    } catch (const InputError& e) { return e.field() + " | " + e.what(); }
    return std::string("accepted");
  };
  const std::string f = dir.file("b.h5");
  CHECK_THAT(field_of(f, {}, V), Catch::Matchers::StartsWith("axes |"));
  CHECK_THAT(field_of(f, A, {}), Catch::Matchers::StartsWith("variables |"));
  {
    auto a = A;
    a[1].values.clear();
    CHECK_THAT(field_of(f, a, V), Catch::Matchers::StartsWith("axes[1].values |"));
  }
  {
    auto a = A;
    a[1].name = "th1";
    CHECK_THAT(field_of(f, a, V), Catch::Matchers::Contains("used twice"));
  }
  {
    auto a = A;
    a[0].values[3] = NAN;
    CHECK_THAT(field_of(f, a, V), Catch::Matchers::Contains("non-finite"));
  }
  {
    auto v = V;
    v[2].fill_value = 0.5;
    CHECK_THAT(field_of(f, A, v), Catch::Matchers::StartsWith("variables.basin.fill_value |"));
  }
  {
    auto v = V;
    v[0].name = "status";
    CHECK_THAT(field_of(f, A, v), Catch::Matchers::Contains("'status'"));
  }
  {
    auto v = V;
    v[0].trailing = {{"state_row", 3}};
    CHECK_THAT(field_of(f, A, v), Catch::Matchers::Contains("'state_row' has size"));
  }
  CHECK(!std::filesystem::exists(f));

  // Missing directory, a directory nobody can create files in, an existing file.
  CHECK_THAT(field_of(dir.file("no/such/dir/r.h5"), A, V),
             Catch::Matchers::StartsWith("output |") && Catch::Matchers::Contains("does not exist"));
  const std::string proc = field_of("/proc/chaoskit_results_test.h5", A, V);
  CHECK_THAT(proc, Catch::Matchers::StartsWith("output | output: cannot create '/proc/chaoskit_results_test.h5'"));
  CHECK_THAT(proc, Catch::Matchers::Contains("unable to open file"));  // HDF5's innermost description
  io::ResultsStore::create(f, A, V, {}).close();
  CHECK_THAT(field_of(f, A, V), Catch::Matchers::Contains("exists"));
  io::CreateOptions force;
  force.overwrite = true;
  CHECK_NOTHROW(io::ResultsStore::create(f, A, V, {}, force));
  // No temporary files are left behind.
  int entries = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path)) ++entries;
  CHECK(entries == 1);
}

TEST_CASE("results store: write_points rejects malformed batches", "[io][store]") {
  ScratchDir dir("store_batch");
  auto s = io::ResultsStore::create(dir.file("w.h5"), test::grid_axes(), test::grid_variables(), {});
  std::vector<double> lam(2, 1.0), psi(8, 1.0);
  std::vector<std::int32_t> basin(2, 0);
  std::vector<std::uint8_t> conv(2, 0);
  std::vector<std::int8_t> ok(2, 1), zero{1, 0};
  std::map<std::string, io::BufferView> good{{"lambda_max", std::span<const double>(lam)},
                                             {"psi", std::span<const double>(psi)},
                                             {"basin", std::span<const std::int32_t>(basin)},
                                             {"converged", std::span<const std::uint8_t>(conv)}};
  CHECK_NOTHROW(s.write_points(1198, 2, good, ok));
  CHECK_THROWS_AS(s.write_points(1199, 2, good, ok), std::invalid_argument);  // past the grid
  CHECK_THROWS_AS(s.write_points(0, 2, good, zero), std::invalid_argument);   // status 0
  auto wrong_type = good;
  wrong_type["basin"] = std::span<const double>(lam);
  CHECK_THROWS_WITH(s.write_points(0, 2, wrong_type, ok), Catch::Matchers::Contains("'basin' is not int32"));
  auto short_psi = good;
  short_psi["psi"] = std::span<const double>(psi.data(), 6);
  CHECK_THROWS_WITH(s.write_points(0, 2, short_psi, ok), Catch::Matchers::Contains("expected 8"));
  auto missing = good;
  missing.erase("converged");
  CHECK_THROWS_AS(s.write_points(0, 2, missing, ok), std::invalid_argument);
  CHECK(s.done_count() == 2);
}

TEST_CASE("h5 handles: errors carry HDF5's innermost description and print nothing", "[io][h5]") {
  h5::QuietErrors quiet;
  try {
    h5::File f(H5Fopen("/nonexistent/dir/file.h5", H5F_ACC_RDONLY, H5P_DEFAULT), "open test file");
    FAIL("opened a missing file");
  } catch (const h5::Error& e) {
    CHECK_THAT(e.what(), Catch::Matchers::StartsWith("HDF5: open test file failed: "));
    CHECK_THAT(e.innermost(), Catch::Matchers::Contains("unable to open file"));
  }
  h5::Dataspace a(H5Screate(H5S_SCALAR), "scalar");
  h5::Dataspace b = std::move(a);
  CHECK(!a.valid());
  CHECK(b.valid());
  b.close("close scalar");
  CHECK(!b.valid());
}

TEST_CASE("results store: the same values in different batch orders give identical files (h5diff)", "[io][store]") {
  ScratchDir dir("store_order");
  const std::string f1 = dir.file("forward.h5"), f2 = dir.file("shuffled.h5");
  io::CreateOptions opt;
  opt.target_chunk_values = 1000;
  {
    auto s = io::ResultsStore::create(f1, test::grid_axes(), test::grid_variables(), job_provenance(), opt);
    for (std::size_t p = 0; p < 1200; p += 97) test::write_run(s, p, std::min<std::size_t>(97, 1200 - p));
  }
  {
    auto s = io::ResultsStore::create(f2, test::grid_axes(), test::grid_variables(), job_provenance(), opt);
    std::mt19937_64 rng(7);
    for (const auto& [p, c] : test::shuffled_batches(1200, 41, rng)) test::write_run(s, p, c);
    for (const auto& [p, c] : test::shuffled_batches(1200, 13, rng))  // rewrites are harmless
      if (p % 3 == 0) test::write_run(s, p, c);
  }
  const auto r = test::run_command("h5diff -r " + f1 + " " + f2);
  INFO(r.out);
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("0 differences found") != std::string::npos);
  {
    auto a = io::ResultsStore::open_read(f1), b = io::ResultsStore::open_read(f2);
    for (const auto& v : a.variables()) CHECK(a.read(v.name) == b.read(v.name));
  }
  // Finalized (compressed) copies: identical values and attributes too.
  io::ResultsStore::open_for_resume(f1, test::grid_axes(), test::grid_variables()).finalize();
  io::ResultsStore::open_for_resume(f2, test::grid_axes(), test::grid_variables()).finalize();
  const auto rf = test::run_command("h5diff -r " + f1 + " " + f2);
  INFO(rf.out);
  CHECK(rf.exit_code == 0);
  // With the same provenance (date given, same host) the finalized files are equal byte for byte.
  auto bytes = [](const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  CHECK(bytes(f1) == bytes(f2));
}

TEST_CASE("results store: xarray (engine h5netcdf) sees named dimensions, coordinates and attributes",
          "[io][store][python]") {
  if (!test::python_has("xarray, h5netcdf")) {
    WARN("/usr/bin/python3 lacks xarray or h5netcdf: skipped");
    return;
  }
  ScratchDir dir("store_xr");
  const std::string f = dir.file("x.h5");
  {
    auto s = io::ResultsStore::create(f, test::grid_axes(), test::grid_variables(), job_provenance());
    test::write_run(s, 0, 600);
  }
  const std::string script = R"PY(
import sys, numpy as np, xarray
ds = xarray.open_dataset(sys.argv[1], engine="h5netcdf")
print(ds)
assert dict(ds.sizes) == {"th1": 40, "th2": 30, "state_row": 2, "state_col": 2}, dict(ds.sizes)
assert ds["lambda_max"].dims == ("th1", "th2")
assert ds["psi"].dims == ("th1", "th2", "state_row", "state_col")
assert ds["status"].dims == ("th1", "th2")
assert "th1" in ds.coords and "th2" in ds.coords
assert np.allclose(ds["th1"].values, np.linspace(-1, 1, 40))
assert ds["th1"].attrs["units"] == "rad"
assert ds["lambda_max"].attrs["long_name"] == "largest Lyapunov exponent"
assert ds.attrs["software"] == "chaoskit" and ds.attrs["model"] == "golf"
lam = ds["lambda_max"].values.ravel()
i = np.arange(1200)
assert np.array_equal(lam[:600], i[:600] * 0.25 + 0.125)
assert np.isnan(lam[600:]).all()                 # _FillValue decoded as missing
b = ds["basin"].values.ravel()                   # int32 with fill -1: masked, promoted to float
assert np.isnan(b[600:]).all() and b[3] == 0
st = ds["status"].values.ravel()
assert st.dtype == np.int8 and (st[:600] > 0).all() and (st[600:] == 0).all()
p = ds["psi"].sel(th1=ds["th1"][1], th2=ds["th2"][2]).values
assert p[1, 0] == 32 + 0.5, p
print("XARRAY-OK")
)PY";
  const auto r = test::run_python(dir, script, f);
  INFO(r.out);
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("XARRAY-OK") != std::string::npos);
}

TEST_CASE("results store: a file being written can be read by another process (no lock for readers)",
          "[io][store][python]") {
  if (!test::python_has("h5py")) {
    WARN("/usr/bin/python3 lacks h5py: skipped");
    return;
  }
  ScratchDir dir("store_live");
  const std::string f = dir.file("live.h5");
  auto s = io::ResultsStore::create(f, test::grid_axes(), test::grid_variables(), {});
  test::write_run(s, 0, 321);
  const std::string script =
      "import sys, h5py\nf = h5py.File(sys.argv[1], 'r')\nprint('DONE', int((f['status'][...] != 0).sum()))\n";
  const auto live = test::run_command("HDF5_USE_FILE_LOCKING=FALSE " + std::string(test::debian_python) + " -c " +
                                      test::quote_arg(script) + " " + f);
  INFO(live.out);
  CHECK(live.exit_code == 0);
  CHECK(live.out.find("DONE 321") != std::string::npos);
  test::write_run(s, 321, 100);
  const auto later = test::run_command("HDF5_USE_FILE_LOCKING=FALSE " + std::string(test::debian_python) + " -c " +
                                       test::quote_arg(script) + " " + f);
  CHECK(later.out.find("DONE 421") != std::string::npos);
}
