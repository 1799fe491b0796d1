#include "io_floor.hpp"

#include <assimp/DefaultIOSystem.h>

#include <algorithm>
#include <assimp/IOStream.hpp>
#include <stdexcept>

namespace bench_import {

uint64_t IoLog::bytes_read() const {
    uint64_t n = 0;
    for (const IoCall& c : calls)
        if (c.kind == IoCall::Read) n += c.value;
    return n;
}

size_t IoLog::reads() const {
    size_t n = 0;
    for (const IoCall& c : calls) n += c.kind == IoCall::Read;
    return n;
}

size_t largest_read(const IoLog& log) {
    size_t n = 0;
    for (const IoCall& c : log.calls)
        if (c.kind == IoCall::Read) n = std::max(n, size_t(c.value));
    return n;
}

namespace {

class RecordingStream final : public Assimp::IOStream {
  public:
    RecordingStream(Assimp::IOStream* inner, IoLog& log, int index)
        : inner_(inner), log_(log), index_(index) {}
    ~RecordingStream() override { delete inner_; }
    size_t Read(void* buffer, size_t size, size_t count) override {
        log_.calls.push_back({IoCall::Read, index_, uint64_t(size) * count, {}});
        return inner_->Read(buffer, size, count);
    }
    size_t Write(const void* buffer, size_t size, size_t count) override {
        return inner_->Write(buffer, size, count);
    }
    aiReturn Seek(size_t offset, aiOrigin origin) override {
        const aiReturn r = inner_->Seek(offset, origin);
        log_.calls.push_back({IoCall::Seek, index_, inner_->Tell(), {}});
        return r;
    }
    size_t Tell() const override {
        log_.calls.push_back({IoCall::Tell, index_, 0, {}});
        return inner_->Tell();
    }
    size_t FileSize() const override {
        log_.calls.push_back({IoCall::Size, index_, 0, {}});
        return inner_->FileSize();
    }
    void Flush() override { inner_->Flush(); }
    int index() const { return index_; }

  private:
    Assimp::IOStream* inner_;
    IoLog& log_;
    int index_;
};

// Wraps Assimp's DefaultIOSystem rather than deriving from it: Assimp 6 made
// that class final.
class RecordingSystem final : public Assimp::IOSystem {
  public:
    explicit RecordingSystem(IoLog& log) : log_(log) {}
    bool Exists(const char* file) const override {
        log_.calls.push_back({IoCall::Exists, -1, 0, file});
        return inner_.Exists(file);
    }
    char getOsSeparator() const override { return inner_.getOsSeparator(); }
    using Assimp::IOSystem::ComparePaths;
    bool ComparePaths(const char* one, const char* second) const override {
        return inner_.ComparePaths(one, second);
    }
    Assimp::IOStream* Open(const char* file, const char* mode) override {
        Assimp::IOStream* inner = inner_.Open(file, mode);
        if (!inner) return nullptr;
        const int index = opened_++;
        log_.calls.push_back({IoCall::Open, index, 0, file});
        return new RecordingStream(inner, log_, index);
    }
    void Close(Assimp::IOStream* stream) override {
        log_.calls.push_back(
            {IoCall::Close, static_cast<RecordingStream*>(stream)->index(), 0, {}});
        delete stream;
    }

  private:
    Assimp::DefaultIOSystem inner_;
    IoLog& log_;
    int opened_ = 0;
};

}  // namespace

std::unique_ptr<Assimp::IOSystem> recording_io(IoLog& log) {
    return std::make_unique<RecordingSystem>(log);
}

uint64_t replay(const IoLog& log, std::vector<uint8_t>& scratch) {
    Assimp::DefaultIOSystem io;
    std::vector<Assimp::IOStream*> open;
    uint64_t total = 0;
    for (const IoCall& c : log.calls) {
        switch (c.kind) {
            case IoCall::Exists:
                total += io.Exists(c.path.c_str());
                break;
            case IoCall::Open:
                if (open.size() <= size_t(c.stream)) open.resize(size_t(c.stream) + 1, nullptr);
                open[size_t(c.stream)] = io.Open(c.path.c_str(), "rb");
                if (!open[size_t(c.stream)])
                    throw std::runtime_error("replay: cannot open " + c.path);
                break;
            case IoCall::Close:
                io.Close(open[size_t(c.stream)]);
                open[size_t(c.stream)] = nullptr;
                break;
            case IoCall::Seek:
                open[size_t(c.stream)]->Seek(size_t(c.value), aiOrigin_SET);
                break;
            case IoCall::Read:
                if (scratch.size() < c.value) throw std::runtime_error("replay: scratch too small");
                total += open[size_t(c.stream)]->Read(scratch.data(), 1, size_t(c.value));
                break;
            case IoCall::Size:
                total += open[size_t(c.stream)]->FileSize();
                break;
            case IoCall::Tell:
                total += open[size_t(c.stream)]->Tell();
                break;
        }
    }
    for (Assimp::IOStream* s : open)
        if (s) io.Close(s);
    return total;
}

}  // namespace bench_import
