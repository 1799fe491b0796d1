#include "ripkit/limits.hpp"

#include "ripkit/error.hpp"

namespace ripkit {

uint64_t check_alloc(const Limits& limits, uint64_t count, uint64_t elem_size, uint64_t offset,
                     const std::string& what) {
    if (count > limits.max_elements)
        fail(ErrorKind::AllocationLimit, offset,
             what + ": count " + std::to_string(count) +
                 " <= " + std::to_string(limits.max_elements));
    if (elem_size && count > limits.max_alloc_bytes / elem_size)
        fail(ErrorKind::AllocationLimit, offset,
             what + ": " + std::to_string(count) + " x " + std::to_string(elem_size) +
                 " bytes within the " + std::to_string(limits.max_alloc_bytes) + "-byte limit");
    return count;
}

}  // namespace ripkit
