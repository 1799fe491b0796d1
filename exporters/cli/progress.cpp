#include "progress.hpp"

#include <cstdio>

namespace ripkit::cli {

bool ProgressPrinter::operator()(uint64_t done, uint64_t total, const std::string& label) {
    const int decile = total ? static_cast<int>(done * 10 / total) : -1;
    if (label == last_label_ && decile == last_decile_) return true;
    last_label_ = label;
    last_decile_ = decile;
    if (total)
        std::fprintf(stderr, "ripkit: [%llu/%llu] %s\n", static_cast<unsigned long long>(done),
                     static_cast<unsigned long long>(total), label.c_str());
    else
        std::fprintf(stderr, "ripkit: %s\n", label.c_str());
    return true;
}

}  // namespace ripkit::cli
