// Helpers shared by the Zouna tests: hand byte assembly and in-memory files.
#pragma once

#include <cstring>
#include <functional>
#include <initializer_list>
#include <map>
#include <stdexcept>

#include "ripkit/error.hpp"
#include "ripkit/format.hpp"
#include "ripkit_catch.hpp"
#include "zouna/format.hpp"

namespace zouna_test {

// The ripkit::Error `fn` throws; fails the test when it throws none.
inline ripkit::Error error_of(const std::function<void()>& fn) {
    try {
        fn();
    } catch (const ripkit::Error& e) {
        return e;
    }
    FAIL("no error");
    throw std::logic_error("unreachable: FAIL throws");
}

using ripkit::Bytes;

struct Hand {
    bool big = false;
    Bytes b;
    // A byte at a time: GCC 14 at -O2 reports an overflow that cannot happen
    // for an initializer-list insert at the end of a vector.
    void bytes_of(uint32_t v, int n) {
        for (int i = 0; i < n; ++i) b.push_back(uint8_t(v >> (8 * (big ? n - 1 - i : i))));
    }
    void u16(uint16_t v) { bytes_of(v, 2); }
    void s16(int16_t v) { u16(static_cast<uint16_t>(v)); }
    void u32(uint32_t v) { bytes_of(v, 4); }
    void f32(float f) {
        uint32_t v;
        std::memcpy(&v, &f, 4);
        u32(v);
    }
    void pad() { bytes_of(0xFFFF, 2); }
    void zeros(int n) {
        for (int i = 0; i < n; ++i) u32(0);
    }
    void floats(std::initializer_list<float> v) {
        for (float f : v) f32(f);
    }
};

class MemFiles : public ripkit::FileSource {
  public:
    std::map<std::string, Bytes> files;
    std::optional<Bytes> read(const std::string& p, const ripkit::Limits&) const override {
        auto it = files.find(p);
        if (it == files.end()) return std::nullopt;
        return it->second;
    }
};

inline Bytes text_bytes(const std::string& s) { return Bytes(s.begin(), s.end()); }

// `bytes` opened as the zouna format under the name `path`.
inline std::unique_ptr<ripkit::Document> open_zouna(const Bytes& bytes, const std::string& path,
                                                    ripkit::Options o = {}) {
    ripkit::Input in;
    in.path = path;
    in.bytes = bytes;
    return ripkit::formats::zouna_format().open(in, o);
}

// The first warning holding `text`; empty when none does.
inline std::string warning_with(const ripkit::Document& d, const std::string& text) {
    for (const std::string& w : d.warnings())
        if (w.find(text) != std::string::npos) return w;
    return {};
}

}  // namespace zouna_test
