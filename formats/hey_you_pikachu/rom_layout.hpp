// Fixed ROM addresses and record sizes of Hey You, Pikachu! (USA 1.0), from the
// seed (sections 2-6, 24). Everything here is confirmed there; what the seed
// leaves open is decided in layout.hpp.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace ripkit::hey_you_pikachu {

constexpr uint32_t kModelTable = 0x00088C18;  // model records
constexpr uint32_t kModelRecordSize = 0x54;
constexpr uint32_t kDescriptorTable = 0x00079EA0;  // resource descriptors
constexpr uint32_t kDescriptorSize = 0x24;
constexpr uint32_t kSineTable = 0x0009D804;
constexpr uint32_t kAngleConstant = 0x000A7A98;
constexpr uint32_t kNodeSize = 0x38;
constexpr uint32_t kHierarchyField = 0x1C;  // model record: hierarchy root pointer
constexpr uint32_t kFacialField = 0x24;     // model record: facial slots pointer
constexpr uint32_t kCompressedHeader = 8;   // u32 packed, u32 unpacked, then LH5

// Animation banks (seed 16-19): offsets in the three tables are relative to
// kAnimBase; bank N spans [base + range[N], base + range[N+1]).
constexpr uint32_t kAnimBase = 0x00B77EB0;
constexpr uint32_t kAnimBankCount = 230;
constexpr uint32_t kAnimRangeTable = 0x00078378;     // kAnimBankCount + 1 u32
constexpr uint32_t kAnimTrackTable = 0x00077C48;     // u32 per bank
constexpr uint32_t kAnimDurationTable = 0x00077FE0;  // big-endian float per bank
constexpr uint32_t kAnimTimeQuantum = 0x000A1158;    // big-endian float
constexpr int32_t kAnimShortTrackType = 38;          // types >= 38 carry 3 scalars, else 6

// Facial texture programs and image banks (seed 13-15).
constexpr uint32_t kFaceProgramTable = 0x0006BC90;  // 12-byte selector instructions
constexpr uint32_t kFaceBankPointers = 0x0006C120;
constexpr uint32_t kFaceBankCounts = 0x0006C14C;
constexpr uint32_t kFaceImageBase = 0x00D69490;
constexpr uint32_t kFaceDescriptorSize = 0x10;

// ASSUMPTION(table_bounds): the descriptor table runs until the model table starts and the
// model table until the sine table: the largest counts the ROM can hold.
constexpr uint32_t kMaxDescriptors = (kModelTable - kDescriptorTable) / kDescriptorSize;
constexpr uint32_t kMaxModels = (kSineTable - kModelTable) / kModelRecordSize;
// ASSUMPTION(rotation): libultra-style sine table, a quarter wave of 1024 s16 entries
// (sin * 0x7FFF) indexed by a 16-bit binary angle >> 4.
constexpr uint32_t kSineEntries = 1024;
// The smallest image holding every table the importer reads.
constexpr uint32_t kMinRomSize = kAngleConstant + 4;

}  // namespace ripkit::hey_you_pikachu
