// Heap bytes in use, and their peak, for every allocation the process makes
// (C and C++, Assimp's and zlib's included): malloc and friends are
// interposed in this benchmark program and forwarded to glibc's own.
#pragma once

#include <cstddef>

namespace heap_meter {

size_t in_use();
size_t peak();
// Starts a new peak at the bytes in use now.
void reset_peak();

}  // namespace heap_meter
