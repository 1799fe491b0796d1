// The floor of an import that reads through the host's IOSystem: every call
// one ripkit import makes on Assimp's file system (opens, seeks, reads, sizes)
// is recorded, then replayed alone through Assimp's DefaultIOSystem with
// nothing decoded. No importer that reads those bytes through the host can
// take less; the replay's time over Assimp's read of the glb is the lowest
// ratio a faster decoder could reach.
#pragma once

#include <assimp/IOSystem.hpp>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace bench_import {

struct IoCall {
    enum Kind : uint8_t { Exists, Open, Close, Seek, Read, Size, Tell } kind;
    int stream = -1;     // index of the Open this call is on
    uint64_t value = 0;  // Seek: the position (from the start); Read: bytes asked
    std::string path;    // Exists and Open
};

struct IoLog {
    std::vector<IoCall> calls;
    uint64_t bytes_read() const;
    size_t reads() const;
};

// An IOSystem for Assimp::Importer::SetIOHandler (which takes ownership) that
// forwards to a DefaultIOSystem and appends each call to `log`, which must
// outlive it. Seeks are recorded by their resulting position.
std::unique_ptr<Assimp::IOSystem> recording_io(IoLog& log);

// The largest single read in the log: the scratch `replay` needs.
size_t largest_read(const IoLog& log);

// Makes the log's calls again, in order, through a fresh DefaultIOSystem into
// `scratch` (at least largest_read bytes, so no page is first touched here: a
// floor, not an importer's cost); returns the sum of every call's result
// (bytes read, sizes, positions), to keep the work observable.
uint64_t replay(const IoLog& log, std::vector<uint8_t>& scratch);

}  // namespace bench_import
