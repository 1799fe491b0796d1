#include "ripkit/byte_source.hpp"

#include <filesystem>

#include "ripkit/error.hpp"
#include "ripkit/platform.hpp"

namespace ripkit {

ByteSpan ByteSource::read(uint64_t offset, size_t length, std::string_view what,
                          Bytes& scratch) const {
    const uint64_t n = size();
    if (offset > n || length > n - offset)
        fail(ErrorKind::Truncated, offset,
             std::to_string(length) + " bytes of " + std::string(what) + " inside the " +
                 std::to_string(n) + "-byte file");
    if (const uint8_t* m = memory()) return ByteSpan(m + offset, length);
    if (length == 0) return {};
    scratch.resize(length);
    fill(offset, scratch);
    return scratch;
}

Bytes ByteSource::read_all() const {
    Bytes out;
    const ByteSpan all = read(0, size(), "the file", out);
    if (all.data() != out.data()) out.assign(all.begin(), all.end());
    return out;
}

namespace {

// Bytes in memory: its own, or a view of the caller's.
class MemorySource final : public ByteSource {
  public:
    explicit MemorySource(ByteSpan view) : view_(view) {}
    explicit MemorySource(Bytes owned) : owned_(std::move(owned)), view_(owned_) {}
    MemorySource(const MemorySource&) = delete;  // view_ may point into owned_
    MemorySource& operator=(const MemorySource&) = delete;
    uint64_t size() const override { return view_.size(); }

  protected:
    // A non-null pointer even for an empty file, so read() never fills.
    const uint8_t* memory() const override {
        static const uint8_t kNone = 0;
        return view_.empty() ? &kNone : view_.data();
    }
    void fill(uint64_t, std::span<uint8_t>) const override {}

  private:
    Bytes owned_;
    ByteSpan view_;
};

class FileSource final : public ByteSource {
  public:
    FileSource(std::unique_ptr<platform::ReadOnlyFile> file, uint64_t size)
        : file_(std::move(file)), size_(size) {}
    uint64_t size() const override { return size_; }

  protected:
    void fill(uint64_t offset, std::span<uint8_t> out) const override {
        size_t done = 0;
        std::string error;
        while (done < out.size()) {
            const std::optional<size_t> got =
                file_->read_at(offset + done, out.subspan(done), error);
            if (!got) fail(ErrorKind::Io, offset + done, "to read the file (" + error + ")");
            if (*got == 0)
                fail(ErrorKind::Io, offset + done,
                     "the file's " + std::to_string(size_) + " bytes (it shrank while read)");
            done += *got;
        }
    }

  private:
    std::unique_ptr<platform::ReadOnlyFile> file_;
    uint64_t size_;
};

}  // namespace

std::shared_ptr<const ByteSource> memory_source(Bytes bytes) {
    return std::make_shared<const MemorySource>(std::move(bytes));
}

std::shared_ptr<const ByteSource> view_source(ByteSpan bytes) {
    return std::make_shared<const MemorySource>(bytes);
}

std::shared_ptr<const ByteSource> file_source(const std::string& path, const Limits& limits) {
    // Sized first, as read_file does: the same messages, and a FIFO or device
    // is refused before open() could block on it.
    std::error_code ec;
    const std::filesystem::path native = platform::path_from_utf8(path);
    const uint64_t size = std::filesystem::file_size(native, ec);
    if (ec) fail_no_offset(ErrorKind::Io, "a readable file (" + ec.message() + ")");
    if (size > limits.max_input_bytes)
        fail(ErrorKind::AllocationLimit, 0,
             "a file of at most " + std::to_string(limits.max_input_bytes) + " bytes, got " +
                 std::to_string(size));
    auto file = std::make_unique<platform::ReadOnlyFile>();
    if (!file->open(native)) fail_no_offset(ErrorKind::Io, "a readable file");
    // The size read while the file is open: the one every range is checked against.
    const std::optional<uint64_t> open_size = file->regular_size();
    if (!open_size || *open_size > limits.max_input_bytes)
        fail_no_offset(ErrorKind::Io, "a readable file (it changed while opened)");
    return std::make_shared<const FileSource>(std::move(file), *open_size);
}

}  // namespace ripkit
