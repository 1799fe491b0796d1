// 16-bit PCM RIFF/WAVE (the canonical 44-byte header).
#include "ripkit/error.hpp"
#include "ripkit/export.hpp"
#include "ripkit/export_detail.hpp"

namespace ripkit {

namespace detail {

Bytes wav_bytes(const Audio& audio) {
    if (audio.channels == 0 || audio.sample_rate == 0)
        fail_no_offset(ErrorKind::BadValue, "audio with a sample rate and at least one channel");
    if (audio.samples.size() % audio.channels)
        fail_no_offset(ErrorKind::BadValue, "audio of whole frames");
    const uint64_t data_bytes = uint64_t(audio.samples.size()) * 2;
    if (data_bytes > 0xFFFFFFFFull - 36)
        fail_no_offset(ErrorKind::AllocationLimit, "audio below the 4 GiB RIFF size limit");
    const uint16_t block_align = uint16_t(audio.channels * 2);
    ByteWriter w(Endian::Little);
    w.raw(std::string_view("RIFF"));
    w.u32(uint32_t(36 + data_bytes));
    w.raw(std::string_view("WAVE"));
    w.raw(std::string_view("fmt "));
    w.u32(16);
    w.u16(1);  // PCM
    w.u16(audio.channels);
    w.u32(audio.sample_rate);
    const uint64_t byte_rate = uint64_t(audio.sample_rate) * block_align;
    if (byte_rate > 0xFFFFFFFFull)
        fail_no_offset(ErrorKind::BadValue, "an audio byte rate below 2^32");
    w.u32(uint32_t(byte_rate));
    w.u16(block_align);
    w.u16(16);
    w.raw(std::string_view("data"));
    w.u32(uint32_t(data_bytes));
    for (int16_t s : audio.samples) w.s16(s);
    return std::move(w.bytes());
}

}  // namespace detail

void write_wav(const Audio& audio, const std::filesystem::path& out,
               const std::vector<std::filesystem::path>& protected_paths) {
    write_file_atomic(out, detail::wav_bytes(audio), protected_paths);
}

}  // namespace ripkit
