#include "inputs.hpp"

#include <fstream>
#include <stdexcept>

namespace bench_import {

std::filesystem::path bench_file(const std::string& name, ripkit::ByteSpan bytes) {
    const auto path = std::filesystem::temp_directory_path() / ("ripkit_bench_import_" + name);
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    if (!f) throw std::runtime_error("cannot write " + path.string());
    return path;
}

}  // namespace bench_import
