// The Assimp side of the direction back: an aiScene handed to
// Assimp::Exporter::Export(scene, "tr-cutseq", path) goes through
// scene_from_aiscene and the format's encoder. Options come as
// ExportProperties (docs/library.md "Assimp exporters (the direction back)").
#include "encoder_exporters.hpp"

#include <assimp/Exceptional.h>
#include <assimp/scene.h>

#include <assimp/Exporter.hpp>
#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>
#include <functional>
#include <memory>

#include "ripkit/assimp/assimp_to_scene.hpp"
#include "ripkit/encode/scene_encoder.hpp"
#include "ripkit/error.hpp"

namespace ripkit::detail {

namespace {

Bytes read_through(Assimp::IOSystem* io, const std::string& path, const Limits& limits) {
    std::unique_ptr<Assimp::IOStream, std::function<void(Assimp::IOStream*)>> f(
        io ? io->Open(path, "rb") : nullptr, [io](Assimp::IOStream* s) {
            if (s) io->Close(s);
        });
    if (!f) fail_no_offset(ErrorKind::Io, "a readable base file '" + path + "'");
    const size_t size = f->FileSize();
    if (size > limits.max_input_bytes)
        fail_no_offset(
            ErrorKind::AllocationLimit,
            "a base file of at most " + std::to_string(limits.max_input_bytes) + " bytes");
    Bytes b(size);
    if (size && f->Read(b.data(), 1, size) != size)
        fail_no_offset(ErrorKind::Io, "all of the base file '" + path + "'");
    return b;
}

std::string text(const Assimp::ExportProperties* p, const char* key) {
    return p && p->HasPropertyString(key) ? p->GetPropertyString(key) : std::string();
}

}  // namespace

void run_export(const SceneEncoder& encoder, const char* path, Assimp::IOSystem* io,
                const aiScene* scene, const Assimp::ExportProperties* props) {
    try {
        if (!scene || !path) fail_no_offset(ErrorKind::Usage, "a scene and a path to export to");
        const Scene s = scene_from_aiscene(*scene);
        EncodeOptions o;
        o.out_path = path;
        if (props && props->HasPropertyInteger("RIPKIT_ITEM"))
            o.item = props->GetPropertyInteger("RIPKIT_ITEM");
        o.native = props && props->GetPropertyInteger("RIPKIT_NATIVE", 0) != 0;
        o.endian = text(props, "RIPKIT_ENDIAN");
        o.names_path = text(props, "RIPKIT_NAMES");
        o.animation = text(props, "RIPKIT_ANIMS");
        for (const std::string& kv : split_list(text(props, "RIPKIT_SETTINGS"), ';')) {
            const size_t eq = kv.find('=');
            if (eq == std::string::npos || eq == 0)
                fail_no_offset(ErrorKind::Usage, "RIPKIT_SETTINGS key=value;..., got '" + kv + "'");
            o.settings[kv.substr(0, eq)] = kv.substr(eq + 1);
        }
        Input base;
        base.path = text(props, "RIPKIT_BASE");
        if (!base.path.empty()) {
            base.bytes = read_through(io, base.path, o.limits);
            o.base = &base;
        }
        const EncodeResult r = encoder.encode(s, o);
        std::unique_ptr<Assimp::IOStream, std::function<void(Assimp::IOStream*)>> out(
            io ? io->Open(path, "wb") : nullptr, [io](Assimp::IOStream* st) {
                if (st) io->Close(st);
            });
        if (!out) fail_no_offset(ErrorKind::Io, std::string("a writable '") + path + "'");
        if (out->Write(r.bytes.data(), 1, r.bytes.size()) != r.bytes.size())
            fail_no_offset(ErrorKind::Io, std::string("all bytes written to '") + path + "'");
    } catch (const Error& e) {
        throw DeadlyExportError(std::string("ripkit ") + encoder.info().id + ": " + e.what());
    }
}

}  // namespace ripkit::detail

// Debian's libassimp 5.2.5 declares this constructor in Exceptional.h but does
// not export it, so DeadlyExportError (the only exception whose message
// Exporter::Export keeps for GetErrorString) cannot link. Defined here as the
// header declares it: the message the formatter holds.
DeadlyErrorBase::DeadlyErrorBase(Assimp::Formatter::format f)
    : std::runtime_error(std::string(f)) {}
