#include "level_samples.hpp"

#include <fstream>

#include "demo_level.hpp"
#include "ripkit/error.hpp"

namespace ripkit::tr_level::testkit {

namespace {

void write(const std::filesystem::path& p, const Bytes& b) {
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
    if (!out) fail_no_offset(ErrorKind::Io, "to write " + p.string());
}

}  // namespace

void write_level_samples(const std::filesystem::path& dir) {
    write(dir / "DEMO.TR4", write_level(demo_level(Version::Tr4)));
    write(dir / "DEMO.TRC", write_level(demo_level(Version::Tr5)));
}

}  // namespace ripkit::tr_level::testkit
