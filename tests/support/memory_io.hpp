// An Assimp IOSystem over files held in memory: files only the Importer's
// IOSystem knows (a host's virtual file system), and the bytes importers read
// through it counted.
#pragma once

#include <algorithm>
#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>
#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace ripkit::test {

class MemoryStream : public Assimp::IOStream {
  public:
    MemoryStream(const std::vector<uint8_t>& b, uint64_t& read) : bytes_(b), read_(read) {}
    size_t Read(void* out, size_t size, size_t count) override {
        if (size == 0) return 0;
        const size_t n = std::min(count, (bytes_.size() - pos_) / size);
        std::memcpy(out, bytes_.data() + pos_, n * size);
        pos_ += n * size;
        read_ += n * size;
        return n;
    }
    size_t Write(const void*, size_t, size_t) override { return 0; }
    aiReturn Seek(size_t offset, aiOrigin origin) override {
        const size_t base = origin == aiOrigin_SET   ? 0
                            : origin == aiOrigin_CUR ? pos_
                                                     : bytes_.size();
        if (base + offset > bytes_.size()) return aiReturn_FAILURE;
        pos_ = base + offset;
        return aiReturn_SUCCESS;
    }
    size_t Tell() const override { return pos_; }
    size_t FileSize() const override { return bytes_.size(); }
    void Flush() override {}

  private:
    const std::vector<uint8_t>& bytes_;
    uint64_t& read_;
    size_t pos_ = 0;
};

class MemoryIO : public Assimp::IOSystem {
  public:
    std::map<std::string, std::vector<uint8_t>> files;
    uint64_t read = 0;  // bytes read through every stream opened
    bool Exists(const char* path) const override { return files.count(path) != 0; }
    char getOsSeparator() const override { return '/'; }
    Assimp::IOStream* Open(const char* path, const char* mode) override {
        auto it = files.find(path);
        if (it == files.end() || mode[0] != 'r') return nullptr;
        return new MemoryStream(it->second, read);
    }
    void Close(Assimp::IOStream* s) override { delete s; }
};

}  // namespace ripkit::test
