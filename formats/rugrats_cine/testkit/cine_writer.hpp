// Builds cinematic streams (the importer's inverse) for samples and tests:
// header and frame records packed bit for bit, XA-ADPCM sound encoded by the
// common encoder, interleaved the way OPEN.BIN is (header, then a data
// sector every 5, audio in the other slots, each audio piece repeated to
// fill the bandwidth) and written in any sector shape.
#pragma once

#include <cstdint>
#include <vector>

#include "ripkit/cd/sector_writer.hpp"
#include "rugrats_cine/stream_reader.hpp"

namespace ripkit::rugrats_cine {

Bytes encode_header(const Header& h);
Bytes encode_frame(const FrameRecord& f);
Bytes end_marker_payload();

struct StreamSpec {
    Header header;
    std::vector<FrameRecord> frames;
    bool end_marker = false;  // a 0xdddddddd sector after the frames
    uint8_t file = 1;
    uint8_t channel = 1;
    bool channel_prefix = false;  // payload at user data +4 ("+16 with a channel byte")
    // Sound: interleaved s16 (empty = no audio sectors at all).
    std::vector<int16_t> pcm;
    bool stereo = true;
    uint32_t rate = 37800;
    // true: every non-data slot holds the audio piece due at that time (the
    // OPEN.BIN layout, pieces repeated); false: each piece once, in order.
    bool fill = true;
    size_t data_period = 5;  // a data sector every N slots, frame 1 at slot 2
};

// The sector list of one stream (channel fields set from the spec).
std::vector<cd::SectorSpec> stream_sectors(const StreamSpec& spec);

// Several streams (different channels) interleaved sector by sector.
std::vector<cd::SectorSpec> interleave(const std::vector<std::vector<cd::SectorSpec>>& streams);

// The XA pieces the encoder makes from spec.pcm (4032 values each, zero-padded).
std::vector<Bytes> encode_audio(const StreamSpec& spec);

Bytes write_stream(const StreamSpec& spec, cd::SectorShape shape);

}  // namespace ripkit::rugrats_cine
