#include "ripkit/assimp/format_importer.hpp"

#include <assimp/scene.h>

#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>
#include <assimp/Importer.hpp>
#include <climits>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <utility>

#include "ripkit/assimp/scene_to_assimp.hpp"
#include "ripkit/error.hpp"
#include "ripkit/settings.hpp"

namespace ripkit {

namespace {

// Probes look at the head of the file; 64 KiB covers every magic we use, and
// a structural check past it is told the file's size.
constexpr size_t kProbeHead = 64 * 1024;

// Reads through the host's IOSystem (it may be a virtual file system), with the
// same size limit as the CLI.
Bytes read_via_io(const std::string& file, Assimp::IOSystem* io, const Limits& limits,
                  size_t max_bytes, uint64_t* file_size = nullptr) {
    if (!io) fail_no_offset(ErrorKind::Io, "an Assimp IOSystem");
    std::unique_ptr<Assimp::IOStream, std::function<void(Assimp::IOStream*)>> stream(
        io->Open(file, "rb"), [io](Assimp::IOStream* s) {
            if (s) io->Close(s);
        });
    if (!stream) fail_no_offset(ErrorKind::Io, "a readable file");
    const size_t size = stream->FileSize();
    if (file_size) *file_size = size;
    if (size > limits.max_input_bytes)
        fail(ErrorKind::AllocationLimit, 0,
             "a file of at most " + std::to_string(limits.max_input_bytes) + " bytes");
    const size_t n = std::min(size, max_bytes);
    Bytes bytes(n);
    if (n && stream->Read(bytes.data(), 1, n) != n)
        fail_no_offset(ErrorKind::Io, "to read the file");
    return bytes;
}

// The file by range through the host's IOSystem, for a format that reads by
// range: the stream stays open while the document lives. Assimp's streams
// keep a position, so reads are serialised.
class IoStreamSource final : public ByteSource {
  public:
    IoStreamSource(const std::string& file, Assimp::IOSystem* io, const Limits& limits) : io_(io) {
        if (!io) fail_no_offset(ErrorKind::Io, "an Assimp IOSystem");
        stream_ = io->Open(file, "rb");
        if (!stream_) fail_no_offset(ErrorKind::Io, "a readable file");
        size_ = stream_->FileSize();
        if (size_ > limits.max_input_bytes) {
            io_->Close(stream_);
            fail(ErrorKind::AllocationLimit, 0,
                 "a file of at most " + std::to_string(limits.max_input_bytes) + " bytes");
        }
    }
    ~IoStreamSource() override { io_->Close(stream_); }
    IoStreamSource(const IoStreamSource&) = delete;
    IoStreamSource& operator=(const IoStreamSource&) = delete;
    uint64_t size() const override { return size_; }

  protected:
    void fill(uint64_t offset, std::span<uint8_t> out) const override {
        const std::lock_guard<std::mutex> lock(mutex_);
        if (stream_->Seek(static_cast<size_t>(offset), aiOrigin_SET) != aiReturn_SUCCESS ||
            stream_->Read(out.data(), 1, out.size()) != out.size())
            fail(ErrorKind::Io, offset, "to read " + std::to_string(out.size()) + " bytes");
    }

  private:
    Assimp::IOSystem* io_;
    Assimp::IOStream* stream_ = nullptr;
    uint64_t size_ = 0;
    mutable std::mutex mutex_;
};

// Companion files (skeletons, names) through the same IOSystem.
class IoFileSource : public FileSource {
  public:
    explicit IoFileSource(Assimp::IOSystem* io) : io_(io) {}
    std::optional<Bytes> read(const std::string& path, const Limits& limits) const override {
        if (!io_ || !io_->Exists(path)) return std::nullopt;
        try {
            return read_via_io(path, io_, limits, SIZE_MAX);
        } catch (Error& e) {
            e.set_file(path);
            throw;
        }
    }

  private:
    Assimp::IOSystem* io_;
};

// "k=v;k=v" (empty entries skipped); an entry without a key or '=' is a usage error.
std::map<std::string, std::string> parse_settings(const std::string& text) {
    std::map<std::string, std::string> out;
    for (const std::string& kv : split_list(text, ';')) {
        auto [key, value] = split_setting(kv);
        out[key] = value;
    }
    return out;
}

// An option's property as text, one entry per value; none when the host did
// not set it. Integers may be set as int or string properties.
std::vector<std::string> option_values(const Assimp::Importer* imp, const ValueDef& d) {
    const std::string name = option_property(d);
    if (d.type == ValueType::Integer) {
        constexpr int kUnset = INT32_MIN;
        const int v = imp->GetPropertyInteger(name.c_str(), kUnset);
        if (v != kUnset) return {std::to_string(v)};
    }
    const std::string text = imp->GetPropertyString(name.c_str(), "");
    if (text.empty()) return {};
    // Several files travel as one string: "a.Animation_Z;b.Animation_Z".
    if (d.repeatable) return split_list(text, ';');
    return {text};
}

}  // namespace

FormatImporter::FormatImporter(const Format& format) : format_(format) {
    const FormatInfo& info = format.info();
    name_ = info.name + " (ripkit)";
    for (const std::string& e : info.extensions) {
        if (!extensions_.empty()) extensions_ += ' ';
        extensions_ += e;
    }
    desc_.mName = name_.c_str();
    desc_.mAuthor = "ripkit";
    desc_.mMaintainer = "ripkit";
    desc_.mComments = info.summary.c_str();
    desc_.mFlags = aiImporterFlags_SupportBinaryFlavour;
    desc_.mFileExtensions = extensions_.c_str();
}

bool FormatImporter::CanRead(const std::string& file, Assimp::IOSystem* io, bool) const {
    try {
        uint64_t size = 0;
        const Bytes head = read_via_io(file, io, options_.limits, kProbeHead, &size);
        return format_.probe_head(head, size, file) > 0;
    } catch (const std::exception&) {
        return false;
    }
}

// SetupProperties cannot fail: a bad property is kept and reported by ReadFile.
void FormatImporter::SetupProperties(const Assimp::Importer* imp) {
    item_ = imp->GetPropertyInteger("RIPKIT_ITEM", -1);
    options_.native = imp->GetPropertyInteger("RIPKIT_NATIVE", 0) != 0;
    options_.format_options.clear();
    for (const ValueDef& d : format_.schema().options)
        if (auto values = option_values(imp, d); !values.empty())
            options_.format_options[d.key] = std::move(values);
        else if (!d.assimp_value.empty())
            options_.format_options[d.key] = {d.assimp_value};
    options_.settings.clear();
    property_error_.reset();
    options_.limits = Limits{};
    try {
        options_.settings = parse_settings(imp->GetPropertyString("RIPKIT_SETTINGS", ""));
        // RIPKIT_LIMITS "key=N;key=N" (as --limit).
        set_limits(options_.limits, imp->GetPropertyString("RIPKIT_LIMITS", ""));
    } catch (const Error& e) {
        property_error_ = e;
    }
}

// Assimp picks importers by extension alone when only one matches, without
// calling CanRead; so the magic is checked here and a wrong file fails cleanly.
// Errors leave as std::runtime_error (Debian's 5.2.5 does not export
// DeadlyImportError's constructor); Assimp reports what() through GetErrorString.
void FormatImporter::InternReadFile(const std::string& file, aiScene* out, Assimp::IOSystem* io) {
    try {
        if (property_error_) throw *property_error_;
        // Settings and options are checked before anything is read.
        const Settings checked(format_, options_);
        Input input;
        input.path = file;
        if (format_.reads_by_range()) {
            input.source = std::make_shared<const IoStreamSource>(file, io, options_.limits);
            Bytes scratch;
            const uint64_t size = input.source->size();
            const ByteSpan head =
                input.source->read(0, std::min<uint64_t>(size, kProbeHead), "the header", scratch);
            if (format_.probe_head(head, size, file) <= 0)
                fail(ErrorKind::WrongFormat, 0, "a " + format_.info().name + " file");
        } else {
            input.bytes = read_via_io(file, io, options_.limits, SIZE_MAX);
            if (format_.probe(input.bytes, file) <= 0)
                fail(ErrorKind::WrongFormat, 0, "a " + format_.info().name + " file");
        }
        IoFileSource files(io);
        Options opt = options_;
        opt.files = &files;
        opt.budget = std::make_shared<Budget>(opt.limits, opt.progress);
        std::unique_ptr<Document> doc = format_.open(input, opt);
        const int64_t item = item_ >= 0 ? item_ : doc->default_item();
        Scene scene = doc->scene(item);
        validate_scene(scene);
        fill_aiscene(std::move(scene), out);
    } catch (Error& e) {
        if (e.file().empty()) e.set_file(file);
        throw std::runtime_error(e.what());
    } catch (const std::bad_alloc&) {
        throw std::runtime_error(file +
                                 ": allocation limit: expected enough memory (the machine ran out "
                                 "before the budget did; RIPKIT_LIMITS \"total_bytes=N\" sets a "
                                 "smaller one)");
    }
}

}  // namespace ripkit
