#include "ripkit/error.hpp"

#include <cstdio>

namespace ripkit {

const char* error_kind_name(ErrorKind kind) {
    switch (kind) {
        case ErrorKind::Truncated:
            return "truncated";
        case ErrorKind::BadValue:
            return "bad value";
        case ErrorKind::BadIndex:
            return "bad index";
        case ErrorKind::AllocationLimit:
            return "allocation limit";
        case ErrorKind::DepthLimit:
            return "depth limit";
        case ErrorKind::StepLimit:
            return "step limit";
        case ErrorKind::WrongFormat:
            return "wrong format";
        case ErrorKind::Unsupported:
            return "unsupported";
        case ErrorKind::Io:
            return "i/o";
        case ErrorKind::Usage:
            return "usage";
        case ErrorKind::Cancelled:
            return "cancelled";
    }
    return "error";
}

Error::Error(ErrorKind kind, std::optional<uint64_t> offset, std::string expected)
    : std::runtime_error(expected), kind_(kind), offset_(offset), expected_(std::move(expected)) {
    rebuild();
}

Error& Error::push_where(std::string frame) {
    where_.insert(where_.begin(), std::move(frame));
    rebuild();
    return *this;
}

Error& Error::set_file(std::string file) {
    file_ = std::move(file);
    rebuild();
    return *this;
}

// One line: "<file>: offset 0x1a2 (418): <kind>: expected ... [in a > b > c]".
void Error::rebuild() {
    std::string m;
    if (!file_.empty()) m += file_ + ": ";
    if (offset_) {
        char buf[64];
        std::snprintf(buf, sizeof buf,
                      "offset 0x%llx (%llu): ", static_cast<unsigned long long>(*offset_),
                      static_cast<unsigned long long>(*offset_));
        m += buf;
    }
    m += error_kind_name(kind_);
    m += ": ";
    m += expected_;
    if (!where_.empty()) {
        m += " [in ";
        for (size_t i = 0; i < where_.size(); ++i) {
            if (i) m += " > ";
            m += where_[i];
        }
        m += "]";
    }
    message_ = std::move(m);
}

void fail(ErrorKind kind, uint64_t offset, std::string expected) {
    throw Error(kind, offset, std::move(expected));
}

void fail_no_offset(ErrorKind kind, std::string expected) {
    throw Error(kind, std::nullopt, std::move(expected));
}

}  // namespace ripkit
