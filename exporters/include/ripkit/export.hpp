// Writing a ripkit::Scene to disk: glTF 2.0 (.glb/.gltf), FBX, Collada, plus
// the scene's audio as WAV and JSON documents.
//
// Every write is all-or-nothing (temporary file in the target folder, renamed
// when complete) and refuses to touch a protected path (the inputs), including
// the `<stem>.bin` a `.gltf` brings along.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ripkit/limits.hpp"
#include "ripkit/scene.hpp"

namespace ripkit {

enum class OutputFormat { Glb, Gltf, Fbx, Dae };

// "glb", "gltf", "fbx", "dae" (or a file name / extension with a dot); nullopt if unknown.
std::optional<OutputFormat> output_format_from_name(std::string_view name_or_ext);
const char* output_format_extension(OutputFormat f);  // "glb", ...

// The files one run places, and the files they replaced, kept aside (renamed
// next to them) until the run commits. Rolling back - explicitly or by
// destruction without commit - removes what was placed and puts every
// replaced file back, so a run that fails never loses a file that existed
// before it (`convert --all` over a folder holding the user's files).
class OutputTransaction {
  public:
    OutputTransaction() = default;
    ~OutputTransaction();
    OutputTransaction(const OutputTransaction&) = delete;
    OutputTransaction& operator=(const OutputTransaction&) = delete;

    // Renames `tmp` onto `out`; an existing `out` is first renamed aside. On
    // failure the aside file is back in place before the Error(Io) leaves.
    void place(const std::filesystem::path& tmp, const std::filesystem::path& out);
    // Keeps everything placed and deletes the files kept aside.
    void commit();
    void rollback();
    const std::vector<std::filesystem::path>& placed() const { return placed_; }

    // Where one output (or one item) begins: rolling back to it undoes what
    // was placed since, and puts back what that replaced, keeping the rest -
    // so an item whose second file cannot be placed leaves nothing behind
    // while `--keep-going` keeps the items before it.
    struct Savepoint {
        size_t placed = 0, replaced = 0;
    };
    Savepoint savepoint() const { return {placed_.size(), replaced_.size()}; }
    void rollback_to(Savepoint at);
    // Takes over what `item` placed and keeps aside, leaving it empty: items
    // written at once, each on a transaction of its own, join the run's one
    // by one (the caller serialises the calls).
    void absorb(OutputTransaction& item);

  private:
    struct Replaced {
        std::filesystem::path out, aside;
    };
    std::vector<std::filesystem::path> placed_;
    std::vector<Replaced> replaced_;
};

struct ExportOptions {
    OutputFormat format = OutputFormat::Glb;
    // Paths that must never be written (the input and its companions).
    std::vector<std::filesystem::path> protected_paths;
    // Also write `<out stem>.wav` when the scene has audio.
    bool write_audio = true;
    // false: an output file (or companion .wav/.bin) that exists already is an
    // Error(Usage) before anything is placed.
    bool overwrite = true;
    // Where the files are placed: null places and commits them at once (an
    // existing file is still kept aside until every file of the output is in
    // place); a caller exporting several items commits or rolls back itself.
    OutputTransaction* transaction = nullptr;
    // FBX: linear keys at every frame instead of the game's constant, linear
    // and cubic keys (for readers that ignore key flags and tangents).
    bool fbx_bake_keys = false;
};

struct ExportResult {
    std::vector<std::filesystem::path> written;  // every file created
    std::vector<std::string> notes;              // what the target format could not carry
};

// Validates the scene, charges what writing it costs (export_cost.hpp) to
// scene_budget(scene) (the caller's item Scope gives it back), exports it, repairs what
// Assimp 5.2.5 drops. Throws ripkit::Error (AllocationLimit / StepLimit past the budget before
// anything is built, Io for file problems, Usage for an output that is an input, BadValue for an
// invalid scene).
ExportResult export_scene(const Scene& scene, const std::filesystem::path& out,
                          const ExportOptions& options);

// 16-bit PCM RIFF/WAVE.
void write_wav(const Audio& audio, const std::filesystem::path& out,
               const std::vector<std::filesystem::path>& protected_paths = {});

// Pretty JSON (2-space indent) to a file, atomically.
void write_json(const nlohmann::json& doc, const std::filesystem::path& out,
                const std::vector<std::filesystem::path>& protected_paths = {});

// Writes `bytes` to `out` atomically (temp file + rename), refusing protected
// paths (compared with std::filesystem::equivalent when they exist).
void write_file_atomic(const std::filesystem::path& out, ByteSpan bytes,
                       const std::vector<std::filesystem::path>& protected_paths);

}  // namespace ripkit
