// Curves checked against hand arithmetic (Hermite basis values worked out on paper).
#include "ripkit/curves/curves.hpp"

#include "ripkit_catch.hpp"

using namespace ripkit::curves;
using Catch::Approx;

namespace {
Key key(double t, float v, float in = 0, float out = 0) {
    Key k;
    k.time = t;
    k.value = glm::vec4(v, 0, 0, 0);
    k.in = glm::vec4(in, 0, 0, 0);
    k.out = glm::vec4(out, 0, 0, 0);
    return k;
}
}  // namespace

TEST_CASE("hermite segment: ends and interior against hand values") {
    const glm::dvec4 p0(0), m0(1, 0, 0, 0), p1(1, 0, 0, 0), m1(0);
    CHECK(hermite(p0, m0, p1, m1, 0.0).x == Approx(0.0));
    CHECK(hermite(p0, m0, p1, m1, 1.0).x == Approx(1.0));
    // h00(.5)=.5, h10=.125, h01=.5, h11=-.125: 0 + .125*1 + .5*1 + 0
    CHECK(hermite(p0, m0, p1, m1, 0.5).x == Approx(0.625));
    // P0=2 T0=-1 P1=4 T1=3 at u=.25: 2*.84375 - .140625 + 4*.15625 - 3*.046875
    CHECK(hermite(glm::dvec4(2), glm::dvec4(-1), glm::dvec4(4), glm::dvec4(3), 0.25).x ==
          Approx(2.03125));
}

TEST_CASE("curve evaluation: per-segment tangents are not scaled by duration; clamping") {
    const std::vector<Key> keys = {key(1.0, 2.0f, 0, -1.0f), key(3.0, 4.0f, 3.0f, 0)};
    CHECK(evaluate(keys, Mode::Hermite, 1.5).x == Approx(2.03125));  // u = 0.25
    CHECK(evaluate(keys, Mode::Hermite, 0.0).x == Approx(2.0));
    CHECK(evaluate(keys, Mode::Hermite, 1.0).x == Approx(2.0));
    CHECK(evaluate(keys, Mode::Hermite, 3.0).x == Approx(4.0));
    CHECK(evaluate(keys, Mode::Hermite, 9.0).x == Approx(4.0));
    CHECK(evaluate(keys, Mode::Linear, 1.5).x == Approx(2.5));
    CHECK(evaluate(keys, Mode::Step, 2.9).x == Approx(2.0));
    CHECK(evaluate(keys, Mode::Step, 3.0).x == Approx(4.0));
}

TEST_CASE("glTF tangents: per-segment tangent / segment duration, exact curve") {
    // Segments of 1 s and 2 s: key 1's in and out tangents differ.
    const std::vector<Key> keys = {key(0.0, 0.0f, 0, 1.0f), key(1.0, 1.0f, 0.5f, 2.0f),
                                   key(3.0, 0.0f, -1.0f, 0)};
    std::vector<glm::vec4> in, out;
    to_gltf_tangents(keys, in, out);
    REQUIRE(in.size() == 3);
    CHECK(out[0].x == Approx(1.0));  // 1 / 1
    CHECK(in[1].x == Approx(0.5));   // 0.5 / 1
    CHECK(out[1].x == Approx(1.0));  // 2 / 2
    CHECK(in[2].x == Approx(-0.5));  // -1 / 2
    CHECK(in[0].x == 0.0f);
    CHECK(out[2].x == 0.0f);
    std::vector<double> times = {0.0, 1.0, 3.0};
    std::vector<glm::vec4> values = {keys[0].value, keys[1].value, keys[2].value};
    // Second segment at t=2 (u=.5): P0=1 T0=2 P1=0 T1=-1:
    // .5*1 + .125*2 + .5*0 - .125*(-1) = .875
    CHECK(evaluate(keys, Mode::Hermite, 2.0).x == Approx(0.875));
    CHECK(evaluate_gltf_cubic(times, values, in, out, 2.0).x == Approx(0.875));
    for (double t : {0.1, 0.5, 0.9, 1.2, 1.7, 2.5, 2.95})
        CHECK(evaluate_gltf_cubic(times, values, in, out, t).x ==
              Approx(evaluate(keys, Mode::Hermite, t).x).margin(1e-6));
}

TEST_CASE("slerp: 45 degrees halfway between identity and 90 about Y, shortest path") {
    const double s = std::sqrt(0.5);
    const glm::dvec4 a(0, 0, 0, 1), b(0, s, 0, s);
    const glm::dvec4 h = slerp(a, b, 0.5);
    CHECK(h.y == Approx(0.3826834324));
    CHECK(h.w == Approx(0.9238795325));
    const glm::dvec4 h2 = slerp(a, -b, 0.5);  // the same rotation written negated
    CHECK(h2.y == Approx(0.3826834324));
    CHECK(h2.w == Approx(0.9238795325));
    std::vector<Key> keys(2);
    keys[0].time = 0;
    keys[0].value = glm::vec4(a);
    keys[1].time = 2;
    keys[1].value = glm::vec4(b);
    CHECK(evaluate_rotation(keys, Mode::Linear, 1.0).y == Approx(0.3826834324));
}

TEST_CASE("zero-length segments and empty curves do not divide by zero") {
    const std::vector<Key> keys = {key(1.0, 1.0f), key(1.0, 5.0f), key(2.0, 6.0f)};
    CHECK(evaluate(keys, Mode::Hermite, 1.5).x == Approx(5.5));
    CHECK(evaluate(std::vector<Key>{}, Mode::Linear, 1.0).x == 0.0);
}
