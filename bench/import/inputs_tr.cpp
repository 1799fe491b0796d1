#include "inputs.hpp"
#include "tr_cutseq/cutseq_writer.hpp"
#include "tr_cutseq/testkit/demo_cutscenes.hpp"

namespace bench_import {

namespace {

using namespace ripkit::tr_cutseq;

const std::vector<Cutscene>& cutscenes() {
    static const std::vector<Cutscene> all = [] {
        std::vector<Cutscene> out;
        for (int k = 1; k <= 44; ++k) {
            DemoSpec s;
            s.index = k;
            s.frames = 3000;
            s.actors = 10;
            s.meshes = 16;
            s.cuts = {700, 2100};
            s.seed = static_cast<uint32_t>(k);
            out.push_back(make_demo_cutscene(s));
        }
        return out;
    }();
    return all;
}

}  // namespace

Input tr_bin() {
    static const std::filesystem::path file = bench_file("CUTSEQ.BIN", write_bin(cutscenes()));
    return {"tr-cutseq: CUTSEQ.BIN, 44 x 3000 frames x 10 actors", file, {}, {}};
}

Input tr_block() {
    static const std::filesystem::path file =
        bench_file("CUTSCENE1.DAT", write_block(cutscenes()[0]));
    return {"tr-cutseq: one cutscene's block (3000 frames x 10 actors)", file, {}, {}};
}

}  // namespace bench_import
