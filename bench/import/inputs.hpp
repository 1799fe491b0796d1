// The large inputs of the import and convert benchmarks, each built once by
// its format's test kit and written to the temporary folder (hosts import
// files by path).
#pragma once

#include <filesystem>
#include <map>
#include <string>

#include "ripkit/format.hpp"

namespace bench_import {

struct Input {
    std::string label;
    std::filesystem::path file;
    // The same choices twice: as the Assimp importer's string properties and
    // as the ripkit::Options the tool passes (so both import the same scene).
    std::map<std::string, std::string> properties;
    ripkit::Options options;
};

std::filesystem::path bench_file(const std::string& name, ripkit::ByteSpan bytes);

Input tr_bin();         // TR5 CUTSEQ.BIN: 44 cutscenes x 3000 frames x 10 actors of 16 meshes
Input tr_block();       // its first cutscene's data block alone
Input rugrats_open();   // 7056-sector OPEN.BIN-shaped stream with stereo XA sound
Input pikachu_rom();    // 300 models, 230 animation banks
Input zouna_bigfile();  // a Skel_Z and 500 Animation_Z driving it, all bound (anims=all)

}  // namespace bench_import
