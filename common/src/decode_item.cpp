#include "ripkit/decode_item.hpp"

namespace ripkit::detail {

Error out_of_memory(const std::string& frame) {
    Error e(ErrorKind::AllocationLimit, std::nullopt,
            "enough memory to decode it (the machine ran out before the budget did: "
            "--limit total_bytes=N sets a smaller budget)");
    if (!frame.empty()) e.push_where(frame);
    return e;
}

}  // namespace ripkit::detail
