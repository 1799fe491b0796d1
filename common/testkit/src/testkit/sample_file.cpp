#include "ripkit/testkit/sample_file.hpp"

#include <fstream>

#include "ripkit/error.hpp"

namespace ripkit::testkit {

void write_sample(const std::filesystem::path& path, ByteSpan bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    if (!out) fail_no_offset(ErrorKind::Io, "to write " + path.string());
}

void write_sample(const std::filesystem::path& path, std::string_view text) {
    write_sample(path, ByteSpan(reinterpret_cast<const uint8_t*>(text.data()), text.size()));
}

}  // namespace ripkit::testkit
