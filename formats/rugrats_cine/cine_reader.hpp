// A file's cinematics: the sector image, split by subheader into data and
// audio sectors, one Cinematic per file/channel whose first data sector
// holds a header. The records are decoded once at open, in one pass over
// the file read by range (a cinematic that fails keeps its error); of the
// XA audio open only keeps the subheaders and simulates the drive (cheap),
// the samples are decoded when a scene asks for them (decode_audio), since
// an aiScene carries no sound.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "playback.hpp"
#include "ripkit/byte_source.hpp"
#include "ripkit/cd/sectors.hpp"
#include "ripkit/format.hpp"
#include "ripkit/scene.hpp"
#include "schema.hpp"
#include "stream_reader.hpp"

namespace ripkit::rugrats_cine {

struct AudioTrack {
    std::vector<size_t> sectors;  // sector indices (filtered file/channel, 4-bit, one coding)
    bool stereo = true;
    uint32_t rate = 37800;
    uint8_t file = 0, channel = 0;
    Playback playback;
};

struct Cinematic {
    int64_t id = 0;
    uint8_t file = 0, channel = 0;
    size_t data_offset = 0;  // 0, or 4 ("+16 with a channel byte")
    size_t header_sector = 0;
    Header header;
    std::vector<FrameRecord> frames;
    std::string end = "count";  // "marker" | "count"
    std::optional<AudioTrack> audio;
    std::vector<std::string> warnings;
    std::optional<Error> error;  // the cinematic's records or audio could not be decoded
};

struct CineFile {
    cd::SectorShape shape = cd::SectorShape::Raw2352;
    size_t sector_count = 0;
    std::vector<Cinematic> cines;
    std::vector<std::string> warnings;
};

// Decodes every cinematic's records and finds its audio sectors, charging
// what it keeps to `budget`. Throws ripkit::Error when the file as a whole is not a
// cinematic stream; a cinematic that fails keeps its error.
CineFile decode_file(const ByteSource& source, const CineOptions& options, Budget& budget);

// Decoded samples of a cinematic's audio: the played sectors with the dry
// FIFO's silence between them ("played"), or every sector ("all"), charged
// to `budget` before they are made.
Audio decode_audio(const ByteSource& source, const AudioTrack& track, bool all, Budget& budget);

// Whether a data sector payload starts a header at +0 or +4 (magic + 0xdead).
std::optional<size_t> header_offset(ByteSpan user);

}  // namespace ripkit::rugrats_cine
