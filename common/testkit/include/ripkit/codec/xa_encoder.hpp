// A CD-XA ADPCM encoder for the writers of samples and tests (closed loop:
// each 28-sample block gets the filter and shift whose decoded output is
// closest). Nothing that ships encodes XA, so it lives in the core test kit.
#pragma once

#include <span>

#include "ripkit/codec/xa_adpcm.hpp"

namespace ripkit::xa {

// Encodes exactly 4032 interleaved values (mono samples or stereo L/R
// frames) into a 2324-byte Form 2 payload, updating `state` with the
// decoder's history so consecutive sectors continue seamlessly.
Bytes encode_sector(std::span<const int16_t> samples, bool stereo, State& state);

}  // namespace ripkit::xa
