#include "fbx_vs_gltf.hpp"

#include <array>
#include <cmath>

#include "hand_math.hpp"
#include "ripkit_catch.hpp"

namespace ripkit::test {

namespace {

using nlohmann::json;
using V4 = std::array<double, 4>;
constexpr double kTol = 1e-4;
constexpr double kDeg = M_PI / 180.0;

struct Track {
    std::string anim, node, path, interp;
    std::vector<double> times;
    std::vector<V4> in, value, out;
};

std::vector<Track> gltf_tracks(const Glb& g) {
    std::vector<Track> out;
    for (const json& a : g.json.value("animations", json::array())) {
        for (const json& ch : a["channels"]) {
            const json& sm = a["samplers"][ch["sampler"].get<size_t>()];
            Track t;
            t.anim = a.value("name", "");
            t.node = g.json["nodes"][ch["target"]["node"].get<size_t>()].value("name", "");
            t.path = ch["target"]["path"];
            t.interp = sm.value("interpolation", "LINEAR");
            for (float v : accessor_floats(g, sm["input"])) t.times.push_back(v);
            const std::vector<float> vals = accessor_floats(g, sm["output"]);
            const size_t n = t.path == "rotation" ? 4 : 3;
            const bool cubic = t.interp == "CUBICSPLINE";
            for (size_t k = 0; k < t.times.size(); ++k) {
                auto at = [&](size_t slot) {
                    V4 v{0, 0, 0, 0};
                    for (size_t c = 0; c < n; ++c)
                        v[c] = vals.at((k * (cubic ? 3 : 1) + slot) * n + c);
                    return v;
                };
                t.value.push_back(at(cubic ? 1 : 0));
                if (cubic) {
                    t.in.push_back(at(0));
                    t.out.push_back(at(2));
                }
            }
            out.push_back(std::move(t));
        }
    }
    return out;
}

V4 normalised(V4 q) {
    const double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    for (double& c : q) c /= n;
    return q;
}

V4 slerp(V4 a, V4 b, double s) {
    double dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
    if (dot < 0) {
        for (double& c : b) c = -c;
        dot = -dot;
    }
    if (dot > 0.9999995) {
        V4 r;
        for (int c = 0; c < 4; ++c) r[size_t(c)] = a[size_t(c)] + s * (b[size_t(c)] - a[size_t(c)]);
        return normalised(r);
    }
    const double th = std::acos(dot), k0 = std::sin((1 - s) * th) / std::sin(th),
                 k1 = std::sin(s * th) / std::sin(th);
    V4 r;
    for (int c = 0; c < 4; ++c) r[size_t(c)] = k0 * a[size_t(c)] + k1 * b[size_t(c)];
    return r;
}

// glTF 2.0: STEP holds, LINEAR lerps (slerp for rotations), CUBICSPLINE is the
// Hermite of Appendix C with tangents scaled by the segment length.
V4 evaluate(const Track& t, double time) {
    const bool rot = t.path == "rotation";
    if (time <= t.times.front()) return rot ? normalised(t.value.front()) : t.value.front();
    if (time >= t.times.back()) return rot ? normalised(t.value.back()) : t.value.back();
    size_t k = 0;
    while (t.times[k + 1] <= time) ++k;
    const double dt = t.times[k + 1] - t.times[k], s = (time - t.times[k]) / dt;
    if (t.interp == "STEP") return rot ? normalised(t.value[k]) : t.value[k];
    if (t.interp == "LINEAR") {
        if (rot) return slerp(normalised(t.value[k]), normalised(t.value[k + 1]), s);
        V4 r;
        for (size_t c = 0; c < 4; ++c)
            r[c] = t.value[k][c] + s * (t.value[k + 1][c] - t.value[k][c]);
        return r;
    }
    const double h00 = 2 * s * s * s - 3 * s * s + 1, h10 = s * s * s - 2 * s * s + s,
                 h01 = -2 * s * s * s + 3 * s * s, h11 = s * s * s - s * s;
    V4 r;
    for (size_t c = 0; c < 4; ++c)
        r[c] = h00 * t.value[k][c] + h10 * dt * t.out[k][c] + h01 * t.value[k + 1][c] +
               h11 * dt * t.in[k + 1][c];
    return rot ? normalised(r) : r;
}

// Key times plus points inside every segment.
std::vector<double> sample_times(const std::vector<double>& keys) {
    std::vector<double> t;
    for (size_t k = 0; k < keys.size(); ++k) {
        t.push_back(keys[k]);
        if (k + 1 < keys.size())
            for (double f : {0.1, 0.3, 0.5, 0.7, 0.9})
                t.push_back(keys[k] + f * (keys[k + 1] - keys[k]));
    }
    return t;
}

double matrix_distance(const hand::M3& a, const hand::M3& b) {
    double d = 0;
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c)
            d = std::max(d, std::abs(a[size_t(r)][size_t(c)] - b[size_t(r)][size_t(c)]));
    return d;
}

// FBX XYZ Euler: X applied first.
hand::M3 euler_matrix(double x, double y, double z) {
    return hand::mul(hand::rot_z(z * kDeg),
                     hand::mul(hand::rot_y(y * kDeg), hand::rot_x(x * kDeg)));
}

bool is_camera_model(const fbxr::Document& d, const fbxr::Node& model) {
    for (const fbxr::Node* a : d.children_of(d.id(model), "NodeAttribute"))
        if (a->props.at(2).s == "Camera") return true;
    return false;
}

void check_flags(const fbxr::Curve& c, const Track& t, bool baked, bool rotation) {
    for (size_t k = 0; k + 1 < c.keys.size(); ++k) {
        const uint32_t f = c.keys[k].flags;
        INFO("key " << k << " flags 0x" << std::hex << f);
        if (baked) {
            CHECK((f & 0xE) == 0x4);
        } else if (rotation && t.interp != "STEP") {
            // Cubic Euler keys whose slopes follow the quaternion path.
            CHECK((f & 0xE) == 0x8);
            CHECK((f & 0x400) != 0);
        } else if (t.interp == "STEP") {
            CHECK((f & 0xE) == 0x2);
            CHECK((f & 0x100) == 0);  // hold the key's own value
        } else if (t.interp == "LINEAR") {
            CHECK((f & 0xE) == 0x4);
        } else {
            CHECK((f & 0xE) == 0x8);
            CHECK((f & 0x400) != 0);  // user tangents: the slopes are the curve's
        }
    }
}

// The glb stores key times as floats; the FBX as 1/46186158000 s ticks of
// the game's (double) times. Equal within the float's rounding.
bool same_time(double fbx, double gltf) {
    return std::abs(fbx - gltf) <= std::max(1e-6, 1.2e-7 * std::abs(gltf));
}

// Checks the key times and returns the FBX time of every glTF key.
std::vector<double> check_key_times(const fbxr::Curve& c, const Track& t, bool baked, bool rotation,
                                    double rate, FbxGltfCounts& n) {
    if (baked) {
        CHECK(same_time(c.keys.front().time, t.times.front()));
        CHECK(same_time(c.keys.back().time, t.times.back()));
        for (size_t k = 1; k < c.keys.size(); ++k)
            CHECK(c.keys[k].time - c.keys[k - 1].time <= 1.0 / rate + 1e-6);
        return t.times;
    }
    std::vector<double> exact;
    if (!rotation || t.interp == "STEP") {
        REQUIRE(c.keys.size() == t.times.size());
        for (size_t k = 0; k < c.keys.size(); ++k) {
            CHECK(same_time(c.keys[k].time, t.times[k]));
            exact.push_back(c.keys[k].time);
        }
        return exact;
    }
    // Every game key is a key; more only where the Euler curve needs them.
    size_t j = 0;
    for (double gt : t.times) {
        while (j < c.keys.size() && c.keys[j].time < gt && !same_time(c.keys[j].time, gt)) ++j;
        REQUIRE(j < c.keys.size());
        CHECK(same_time(c.keys[j].time, gt));
        exact.push_back(c.keys[j].time);
    }
    n.extra_rotation_keys += c.keys.size() - t.times.size();
    return exact;
}

void check_track(const fbxr::Document& d, const fbxr::Node& model, const Track& t, bool baked,
                 double rate, FbxGltfCounts& n) {
    static const std::map<std::string, std::string> kProperty = {
        {"translation", "Lcl Translation"}, {"rotation", "Lcl Rotation"}, {"scale", "Lcl Scaling"}};
    INFO("animation '" << t.anim << "' node '" << t.node << "' " << t.path << " " << t.interp);
    const bool rotation = t.path == "rotation";
    std::map<std::string, fbxr::Curve> curves =
        fbxr::curves_of(d, d.id(model), kProperty.at(t.path), t.anim);
    REQUIRE(curves.size() == 3);
    // The glTF curve with the FBX's (the game's) key times, which the glb
    // could only round to floats: a 0.1 ms cubic segment (Pikachu) turns far
    // enough in that rounding to differ by more than 1e-4 otherwise.
    Track exact = t;
    for (const auto& [channel, c] : curves) {
        INFO(channel);
        exact.times = check_key_times(c, t, baked, rotation, rate, n);
        check_flags(c, t, baked, rotation);
    }
    const bool camera = is_camera_model(d, model);
    const std::vector<double> times =
        baked ? [&] {
            std::vector<double> kt;
            for (const fbxr::Key& k : curves["d|X"].keys) kt.push_back(k.time);
            return kt;
        }()
              : sample_times(exact.times);
    for (double time : times) {
        const double x = curves["d|X"].evaluate(time), y = curves["d|Y"].evaluate(time),
                     z = curves["d|Z"].evaluate(time);
        // Baked keys sit at frame times, not the game's: the closest the glb
        // comes within its float rounding of the time.
        const double window = baked ? std::max(1e-6, 1.2e-7 * time) : 0.0;
        double diff = 1e300;
        const V4 want = evaluate(exact, time);
        V4 lo = want, hi = want;
        for (int i = 0; i <= 8; ++i) {
            const V4 g = evaluate(exact, time + window * (i / 4.0 - 1.0));
            for (size_t c = 0; c < 4; ++c) {
                lo[c] = std::min(lo[c], g[c]);
                hi[c] = std::max(hi[c], g[c]);
            }
            if (rotation) {
                hand::M3 got = euler_matrix(x, y, z);
                if (camera) got = hand::mul(got, hand::rot_y(-M_PI / 2));  // the camera's turn
                diff = std::min(diff, matrix_distance(got, hand::quat_matrix(g)));
            }
        }
        if (!rotation) {
            const double v[3] = {x, y, z};
            diff = 0;
            for (size_t c = 0; c < 3; ++c) diff = std::max({diff, lo[c] - v[c], v[c] - hi[c]});
        }
        INFO("t = " << time << " FBX (" << x << ", " << y << ", " << z << ") glTF (" << want[0]
                    << ", " << want[1] << ", " << want[2] << ", " << want[3] << ")");
        CHECK(diff <= kTol);
        n.worst = std::max(n.worst, diff);
        ++n.samples;
    }
    ++n.channels;
}

// The value track's user property on its target follows the track's x (or
// component) exactly like the helper node's translation.
void check_value_tracks(const Glb& g, const fbxr::Document& d, const std::vector<Track>& tracks,
                        bool baked, double rate, FbxGltfCounts& n) {
    for (const json& node : g.json["nodes"]) {
        const json ex = node.value("extras", json::object());
        if (!ex.contains("ripkit_track") || !ex["ripkit_track"].is_string()) continue;
        const std::string name = node.value("name", ""), what = ex["ripkit_track"];
        const std::string target = ex.value("target", "");
        INFO("value track '" << name << "' -> '" << target << "'." << what);
        const fbxr::Node* tm = d.model(target);
        const std::map<std::string, fbxr::Prop> props = fbxr::properties(*tm);
        REQUIRE(props.count(what));
        CHECK(props.at(what).flags.find('U') != std::string::npos);
        CHECK(props.at(what).flags.find('A') != std::string::npos);
        const int comp = ex.value("component", "x") == "y"   ? 1
                         : ex.value("component", "x") == "z" ? 2
                                                             : 0;
        for (const Track& t : tracks) {
            if (t.node != name || t.path != "translation") continue;
            std::map<std::string, fbxr::Curve> curves = fbxr::curves_of(d, d.id(*tm), what, t.anim);
            REQUIRE(curves.count("d|" + what));
            const fbxr::Curve& c = curves["d|" + what];
            Track exact = t;
            exact.times = check_key_times(c, t, baked, false, rate, n);
            check_flags(c, t, baked, false);
            for (double time : baked ? std::vector<double>{t.times.front(), t.times.back()}
                                     : sample_times(exact.times)) {
                const double diff =
                    std::abs(c.evaluate(time) - evaluate(exact, time)[size_t(comp)]);
                INFO("t = " << time);
                CHECK(diff <= kTol);
                n.worst = std::max(n.worst, diff);
                ++n.samples;
            }
        }
    }
}

void check_camera_fov(const Glb& g, const fbxr::Document& d, bool baked, double rate) {
    const json& nodes = g.json["nodes"];
    for (const json& node : nodes) {
        if (!node.contains("camera")) continue;
        const json& cam = g.json["cameras"][node["camera"].get<size_t>()];
        const json ex = cam.value("extras", json::object());
        const fbxr::Node* attr = nullptr;
        for (const fbxr::Node* a : d.named("NodeAttribute", cam.value("name", "")))
            if (a->props.at(2).s == "Camera") attr = a;
        INFO("camera '" << cam.value("name", "") << "'");
        REQUIRE(attr);
        const std::map<std::string, fbxr::Prop> props = fbxr::properties(*attr);
        const double yfov = cam["perspective"]["yfov"];
        CHECK(props.at("FocalLength").values.at(0).d == Approx(lens_mm(yfov)).epsilon(1e-6));
        if (!ex.contains("yfov_times")) continue;
        const std::vector<double> times = ex["yfov_times"], values = ex["yfov_values"];
        std::map<std::string, fbxr::Curve> curves = fbxr::curves_of(d, d.id(*attr), "FocalLength");
        REQUIRE(curves.count("d|FocalLength"));
        const fbxr::Curve& c = curves["d|FocalLength"];
        if (!baked) REQUIRE(c.keys.size() == times.size());
        for (size_t k = 0; k < times.size(); ++k) {
            INFO("yfov key " << k);
            CHECK(c.evaluate(times[k]) == Approx(lens_mm(values[k])).epsilon(1e-5));
            if (!baked) CHECK((c.keys[k].flags & 0xE) == 0x2);
        }
        (void)rate;
    }
}

}  // namespace

double lens_mm(double yfov) { return 12.0 / std::tan(yfov / 2); }

FbxGltfCounts check_fbx_against_gltf(const Glb& g, const fbxr::Document& d, bool baked) {
    FbxGltfCounts n;
    const json ex = g.json["scenes"][0].value("extras", json::object());
    const double rate = ex.value("frame_rate", 30.0);
    const std::vector<Track> tracks = gltf_tracks(g);
    for (const Track& t : tracks) check_track(d, *d.model(t.node), t, baked, rate, n);
    check_value_tracks(g, d, tracks, baked, rate, n);
    check_camera_fov(g, d, baked, rate);
    return n;
}

}  // namespace ripkit::test
