#include "schema.hpp"

#include <set>

#include "rom_layout.hpp"

namespace ripkit::hey_you_pikachu {

namespace {

std::vector<ValueDef> layout_settings() {
    const char* by_structure =
        "inferred once per ROM: of the candidates the tables allow, the one whose probed models "
        "decode into well-formed hierarchies and display lists that draw (info.layout lists them)";
    return {
        ValueDef::integer("descriptor_field", 0, kModelRecordSize - 4)
            .hex_too()
            .multiple_of(4)
            .decided(by_structure)
            .means("which u32 of the 0x54-byte model record is the resource id")
            .assumes("the record word naming the resource is the one whose resources decode "
                     "best (seed 2: model index and resource id are different numbers)"),
        ValueDef::choice("runtime_record",
                         {{"rom", {}, "the ROM table record"},
                          {"resource", {}, "the first 0x54 bytes of the decompressed resource"}})
            .decided(by_structure)
            .means("which record holds the hierarchy (+0x1C) and facial (+0x24) pointers")
            .assumes("the record holding +0x1C/+0x24 is the one whose models decode best"),
        ValueDef::choice("pointers", {{"auto", {}, "every shape, told apart by the top bits"},
                                      {"relative", {}, "resource-relative only"},
                                      {"segment", {}, "segment addresses only"},
                                      {"kseg0", {}, "KSEG0 addresses only"}})
            .defaults_to("auto")
            .means("accepted pointer shapes")
            .assumes("segment pointers (any segment but the matrix palette's 7) have the "
                     "resource start as base"),
        ValueDef::integer("kseg0_base", 0x80000000u, 0x9FFFFFFFu)
            .hex_too()
            .decided("inferred per model: the load address for which its hierarchy draws the "
                     "most triangles")
            .means("load address subtracted from KSEG0 pointers")
            .assumes("KSEG0 pointers are relative to a per-model load address"),
        ValueDef::integer("raw_type", 0, 0xFFFFFFFFu)
            .hex_too()
            .defaults_to("0")
            .means("descriptor +0x04 value meaning RAW (anything else is LH5)")
            .assumes("descriptor +0x04 == 0 means RAW, anything else LH5 (u32 packed, u32 "
                     "unpacked, stream)"),
        ValueDef::integer("model_count", 1, kMaxModels)
            .decided("records up to the first all-zero record")
            .means("records in the model table")
            .assumes("the model table ends at the first all-zero record"),
        ValueDef::choice("euler_order", {{"xyz"}, {"xzy"}, {"yxz"}, {"yzx"}, {"zxy"}, {"zyx"}})
            .defaults_to("xyz")
            .means("order the node rotations apply in (R = R3*R2*R1)")
            .assumes("rotations apply X, then Y, then Z (R = Rz*Ry*Rx); local = T*R*S; type "
                     "100 nodes take translation only"),
        ValueDef::choice("rotation",
                         {{"table", {}, "the game's sine table"}, {"host", {}, "host trig"}})
            .defaults_to("table")
            .means("how node angles become sines and cosines")
            .assumes("the sine table is libultra's: a quarter wave of 1024 s16 (sin*0x7FFF) "
                     "indexed by a 16-bit angle >> 4; the angle constant is 16-bit units per "
                     "radian"),
        ValueDef::choice("microcode", {{"f3dam"}, {"f3dex2"}})
            .defaults_to("f3dam")
            .means("display-list microcode"),
        ValueDef::choice("f3dam_matrix", {{"signed"}, {"unsigned"}})
            .defaults_to("signed")
            .means("how F3DAM texture-matrix halves are read")
            .assumes("F3DAM texture-matrix halves are signed (0x7FFF ~ 1.0); the matrix starts "
                     "M=(0x7FFF,0), R=(0,0x7FFF), O=0"),
    };
}

std::vector<AssumptionDef> assumptions() {
    return {
        {"table_bounds",
         "the descriptor table runs until the model table and the model table until the sine "
         "table"},
        {"palette_slots",
         "palette slot k = the k-th hierarchy node depth-first; a node's list starts with its "
         "own slot active"},
        {"branch_z",
         "G_BRANCH_Z is not taken (no camera); G_MTX outside segment 7 is ignored (counted as "
         "foreign_matrices)"},
        {"tlut",
         "TLUT kept unquadricated (tlut[word - 0x100 + e]), RGBA32 kept linear in TMEM; no "
         "+0.5 bilinear texel offset in UVs; CI with TLUT none read as RGBA16"},
        {"lh5_window",
         "liblhasa pre-fills its window with spaces; whether the game does is unknown"},
        {"anim_seconds",
         "animation: bank durations (0x77FE0) and the time quantum (0xA1158) are seconds (per "
         "tick); a piece's t is seconds since the piece start"},
        {"anim_offsets",
         "animation: track vector and record stream offsets are relative to 0xB77EB0, like "
         "the table values"},
        {"anim_hold",
         "animation: ticks 255 holds the piece's value at its start to the bank end and ends "
         "the stream; a stream also ends when its pieces reach the bank duration"},
        {"anim_duplicate_types",
         "animation: when two tracks of a bank share a node type, the first binds"},
        {"anim_jump_ramp",
         "animation (presentation): a jump between pieces is a ramp over 1e-4 s before the "
         "boundary"},
        {"anim_key_times",
         "animation (presentation): rotation key times follow the continuous rotation (host "
         "trig), key values the model's trig"},
        {"face_slots",
         "faces: record +0x24 points at {bank, selector} slots ending at bank -1 (at most 16)"},
        {"face_selector",
         "faces: the selector is an instruction index into 0x6BC90; the table ends at "
         "0x6C120"},
        {"face_program",
         "faces: durations are seconds; op 1 shows each image of the range for duration; a "
         "jump's first counts from the program start; op 3 with duration >= 0 ends"},
        {"face_banks",
         "faces: 11 banks ((0x6C14C-0x6C120)/4); bank pointers relative to the image base "
         "0xD69490; descriptor bytes 14-15 unknown"},
        {"face_texels",
         "faces: texels are linear rows (not TMEM-interleaved); CI palettes RGBA16, 16/256 "
         "entries"},
        {"face_segment",
         "faces: segment 0x08 + k in a display list is slot k's image (palette from offset "
         "0x800000)"},
    };
}

}  // namespace

std::string check_components(std::string_view value, size_t count) {
    static const std::set<std::string_view> names = {"tx", "ty", "tz", "rx", "ry",
                                                     "rz", "sx", "sy", "sz"};
    std::set<std::string_view> seen;
    size_t n = 0, start = 0;
    bool ok = true;
    while (start <= value.size()) {
        size_t end = value.find(',', start);
        if (end == std::string_view::npos) end = value.size();
        const std::string_view item = value.substr(start, end - start);
        ok = ok && names.count(item) && seen.insert(item).second;
        ++n;
        start = end + 1;
    }
    if (ok && n == count) return "";
    return std::to_string(count) + " different components from tx,ty,tz,rx,ry,rz,sx,sy,sz";
}

const FormatSchema& schema() {
    static const FormatSchema s = [] {
        FormatSchema f;
        f.settings = layout_settings();
        f.settings.push_back(
            ValueDef::text("anim_track6", "6 different components from tx,ty,tz,rx,ry,rz,sx,sy,sz",
                           [](std::string_view v) { return check_components(v, 6); })
                .defaults_to("rx,ry,rz,tx,ty,tz")
                .means("which component each scalar of a 6-scalar track drives")
                .assumes("6 scalars drive rx,ry,rz,tx,ty,tz (seed 18 does not say); rotation "
                         "scalars are in the hierarchy's rotation unit"));
        f.settings.push_back(
            ValueDef::text("anim_track3", "3 different components from tx,ty,tz,rx,ry,rz,sx,sy,sz",
                           [](std::string_view v) { return check_components(v, 3); })
                .defaults_to("rx,ry,rz")
                .means("which component each scalar of a 3-scalar track drives")
                .assumes("3 scalars drive rx,ry,rz"));
        f.options = {
            ValueDef::list("anims", "bank numbers or names (3,bank_17)")
                .decided("every bank compatible with the model")
                .means("animation banks to convert (compatible ones are listed by `list`)"),
        };
        f.assumptions = assumptions();
        return f;
    }();
    return s;
}

}  // namespace ripkit::hey_you_pikachu
