#include "error_line.hpp"

#include <cstdio>

namespace ripkit::cli {

std::string one_line(std::string text) {
    for (char& c : text)
        if (c == '\n' || c == '\r') c = ' ';
    return text;
}

std::string error_line(const Error& e) {
    std::string m = "ripkit: ";
    if (!e.file().empty()) m += e.file() + ": ";
    return one_line(m + error_text(e));
}

std::string error_text(const Error& e) {
    std::string m;
    if (e.offset()) {
        char buf[64];
        std::snprintf(buf, sizeof buf,
                      "offset 0x%llx (%llu): ", static_cast<unsigned long long>(*e.offset()),
                      static_cast<unsigned long long>(*e.offset()));
        m += buf;
    }
    m += error_kind_name(e.kind());
    m += ": expected " + e.expected();
    if (!e.where().empty()) {
        m += " [in ";
        for (size_t i = 0; i < e.where().size(); ++i) m += (i ? " > " : "") + e.where()[i];
        m += "]";
    }
    return one_line(m);
}

int exit_code(const Error& e) { return e.kind() == ErrorKind::Usage ? 2 : 1; }

}  // namespace ripkit::cli
