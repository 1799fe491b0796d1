// The rugrats-cine Document: info, list, dump and scene over a decoded file.
#pragma once

#include <memory>

#include "cine_reader.hpp"
#include "ripkit/format.hpp"
#include "schema.hpp"

namespace ripkit::rugrats_cine {

class CineDocument : public Document {
  public:
    // Checks `options` against the schema (Error(Usage) when they do not fit).
    // `bytes` are copied, and `source` kept, only when a cinematic has audio
    // a scene may decode.
    CineDocument(ByteSpan bytes, const Options& options);
    CineDocument(ByteSpan bytes, const Options& options, const Settings& settings);
    CineDocument(std::shared_ptr<const ByteSource> source, const Options& options,
                 const Settings& settings);

    nlohmann::json info() const override;
    std::vector<ItemSummary> items() const override;
    nlohmann::json dump(std::optional<int64_t> item) const override;
    std::vector<std::string> warnings() const override;

    const CineFile& file() const { return file_; }

  protected:
    Scene present(int64_t item) const override;
    std::shared_ptr<Budget> budget() const override { return budget_; }

  private:
    const Cinematic& find(int64_t item) const;
    nlohmann::json dump_one(const Cinematic& c) const;

    CineOptions options_;
    nlohmann::json assumptions_;  // Settings::assumptions()
    std::shared_ptr<Budget> budget_;
    CineFile file_;
    // The input, kept only while some cinematic has audio to decode: the
    // samples are decoded by the scene that asks for them (present).
    std::shared_ptr<const ByteSource> source_;
};

int probe_stream(ByteSpan head);

}  // namespace ripkit::rugrats_cine
