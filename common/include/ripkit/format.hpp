// What a game format plugs into: the CLI verbs (info, list, dump, convert),
// the generic Assimp importer adapter and the plugin registry all talk to a
// format only through these two interfaces.
//
//   Format::open(input)  -> Document   (decode: file bytes -> plain structs)
//   Document::scene(id)  -> Scene      (present: structs -> ripkit::Scene)
//
// Parsing and presenting are kept apart (noclip.website style): `open` reads
// the container and decodes the items, once each (some formats when an item
// is first asked for); list/dump/scene work on the decoded structs and never
// parse the container again.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ripkit/byte_reader.hpp"
#include "ripkit/byte_source.hpp"
#include "ripkit/limits.hpp"
#include "ripkit/scene.hpp"

namespace ripkit {

struct FormatSchema;  // ripkit/settings.hpp

// Reads companion files (skeletons, name lists, sibling .NPC, --anim files).
class FileSource {
  public:
    virtual ~FileSource() = default;
    // nullopt when the file does not exist; throws Error(Io/AllocationLimit) on failure.
    virtual std::optional<Bytes> read(const std::string& path, const Limits& limits) const = 0;
};

// Plain std::filesystem-backed source (the CLI's).
class DiskFileSource : public FileSource {
  public:
    std::optional<Bytes> read(const std::string& path, const Limits& limits) const override;
};

// Reads a whole file, refusing files over limits.max_input_bytes. Throws Error(Io).
Bytes read_file(const std::string& path, const Limits& limits);

struct Input {
    Input() = default;
    // The whole file in memory.
    Input(std::string p, Bytes b) : path(std::move(p)), bytes(std::move(b)) {}

    std::string path;  // as given by the user; used in messages and for siblings
    // The whole file - or, for a format whose reads_by_range() is true, empty
    // when `source` is set: then the format reads the ranges it needs.
    Bytes bytes;
    std::shared_ptr<const ByteSource> source;
};

// Everything a user can ask for on the command line or through Assimp
// properties. Only what every format means the same by is a field; the rest is
// the format's own, as given, checked against its schema by ripkit::Settings
// (ripkit/settings.hpp) when the format opens the input.
struct Options {
    bool native = false;  // engine units and axes, no conversion
    bool force = false;   // try anyway on an unexpected header
    // `--set key=value`.
    std::map<std::string, std::string> settings;
    // The format's own options by name ("cine" -> {"3"}), one entry per occurrence.
    std::map<std::string, std::vector<std::string>> format_options;
    Limits limits;
    ProgressFn progress;
    // The document-wide budget (limits.hpp), shared by open, scene() and the
    // export of one input. Null: open makes one from `limits` and `progress`.
    std::shared_ptr<Budget> budget;
    const FileSource* files = nullptr;  // companion file access; may be null
};

// options.budget, or a new Budget from options.limits and options.progress.
std::shared_ptr<Budget> budget_for(const Options& options);

// "a,b,,c" -> {"a", "b", "c"}: how lists are given on the command line and in
// Assimp string properties (empty entries dropped).
std::vector<std::string> split_list(const std::string& text, char separator = ',');

struct ItemSummary {
    int64_t id = 0;      // the id `--item` takes (the format's own numbering)
    std::string label;   // human-readable one-liner
    bool empty = false;  // decoded, and there is nothing to convert
    // The item could not be decoded: its error, as Document::scene throws it.
    // Such an item is not empty - `list` marks it "(error: ...)" and
    // `convert --all` fails on it (docs/architecture.md "Decode, then present").
    std::optional<Error> error;
    nlohmann::json fields = nlohmann::json::object();  // frames, actors, ...
};

class Document {
  public:
    virtual ~Document() = default;
    // `info`: {"format":..., "variant":..., "version":..., counts, assumptions...}
    virtual nlohmann::json info() const = 0;
    // `list`: every item, empty ones and ones that failed to decode included.
    virtual std::vector<ItemSummary> items() const = 0;
    // `dump`: the decoded game data as the game holds it (schema per format);
    // nullopt item = the whole file.
    virtual nlohmann::json dump(std::optional<int64_t> item) const = 0;
    // `convert`: one item as a scene, a pure function of the decoded structs
    // (it reads no file bytes). What the build charges to the document's
    // budget is held by the returned scene and given back when its last copy
    // goes, so building the scenes of one document again and again counts
    // only the scenes alive at once. Throws Error(Usage) for an unknown or
    // empty id and the item's own decode error for one that failed to decode.
    Scene scene(int64_t item) const;
    // The item converted when the user names none: the first non-empty one
    // that decoded (the first failed one's error when every candidate failed).
    virtual int64_t default_item() const;
    // The items listed before `id`, as items() gives them: what a default
    // choice skipped. A document that decodes lazily decodes only those.
    virtual std::vector<ItemSummary> items_before(int64_t id) const;
    // Non-fatal findings (e.g. "not a Hey You, Pikachu! ROM; --force given").
    virtual std::vector<std::string> warnings() const { return {}; }

  protected:
    // The format's scene builder behind scene(): charges what it builds to
    // budget() and gives back nothing itself.
    virtual Scene present(int64_t item) const = 0;
    // The budget the document was opened with (budget_for(options)).
    virtual std::shared_ptr<Budget> budget() const = 0;
};

struct FormatInfo {
    std::string id;                       // "tr-cutseq"
    std::string name;                     // "Tomb Raider 4/5 CUTSEQ cutscenes"
    std::vector<std::string> extensions;  // lower case, no dot
    // One line on the files it reads, for hosts that list their importers
    // (Assimp's aiImporterDesc::mComments): "TR4 CUTSEQ.PAK, TR5 CUTSEQ.BIN, ...".
    std::string summary;
};

class Format {
  public:
    virtual ~Format() = default;
    virtual const FormatInfo& info() const = 0;
    // 0 = not this format; higher = more certain. Looks at content, not names;
    // `path` may break ties only.
    virtual int probe(ByteSpan data, const std::string& path) const = 0;
    // The same question asked of the first bytes of a longer file (Assimp
    // asks every importer of every file it opens, so only a head is read):
    // `head` is the start of a file of `file_size` bytes. A format whose
    // structural check reaches past the head overrides this; the default
    // probes the head as if it were the file.
    virtual int probe_head(ByteSpan head, uint64_t file_size, const std::string& path) const;
    // Its settings, options and assumptions (ripkit/settings.hpp), declared
    // once next to the format.
    virtual const FormatSchema& schema() const = 0;
    // True when open() can take Input::source instead of the whole file's
    // bytes (callers then read a head, probe it and pass the file by range).
    virtual bool reads_by_range() const { return false; }
    // Decodes the input: the container, then the items (decode_item.hpp) -
    // at once, or when first asked for (docs/architecture.md "Decode, then
    // present") - under the budget budget_for(options). Throws ripkit::Error
    // when the file as a whole cannot be read; an item that fails keeps its
    // error instead.
    virtual std::unique_ptr<Document> open(const Input& input, const Options& options) const = 0;
};

}  // namespace ripkit
