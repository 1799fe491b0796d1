#include "ripkit/byte_source.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "ripkit/error.hpp"

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
    FileSource(int fd, uint64_t size) : fd_(fd), size_(size) {}
    ~FileSource() override { ::close(fd_); }
    FileSource(const FileSource&) = delete;
    FileSource& operator=(const FileSource&) = delete;
    uint64_t size() const override { return size_; }

  protected:
    // pread keeps no file position, so threads may read at once.
    void fill(uint64_t offset, std::span<uint8_t> out) const override {
        size_t done = 0;
        while (done < out.size()) {
            const ssize_t got = ::pread(fd_, out.data() + done, out.size() - done,
                                        static_cast<off_t>(offset + done));
            if (got < 0 && errno == EINTR) continue;
            if (got < 0)
                fail(ErrorKind::Io, offset + done,
                     "to read the file (" + std::string(std::strerror(errno)) + ")");
            if (got == 0)
                fail(ErrorKind::Io, offset + done,
                     "the file's " + std::to_string(size_) + " bytes (it shrank while read)");
            done += static_cast<size_t>(got);
        }
    }

  private:
    int fd_;
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
    const uint64_t size = std::filesystem::file_size(path, ec);
    if (ec) fail_no_offset(ErrorKind::Io, "a readable file (" + ec.message() + ")");
    if (size > limits.max_input_bytes)
        fail(ErrorKind::AllocationLimit, 0,
             "a file of at most " + std::to_string(limits.max_input_bytes) + " bytes, got " +
                 std::to_string(size));
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) fail_no_offset(ErrorKind::Io, "a readable file");
    // The size read while the file is open: the one every range is checked against.
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
        static_cast<uint64_t>(st.st_size) > limits.max_input_bytes) {
        ::close(fd);
        fail_no_offset(ErrorKind::Io, "a readable file (it changed while opened)");
    }
    return std::make_shared<const FileSource>(fd, static_cast<uint64_t>(st.st_size));
}

}  // namespace ripkit
