#include "schema.hpp"

namespace ripkit::rugrats_cine {

const FormatSchema& schema() {
    static const FormatSchema s{
        .settings =
            {
                ValueDef::number("scale", 0, 1e9)
                    .excluding_min()
                    .defaults_to(1.0)
                    .means("output units per engine unit (not with --native)"),
                ValueDef::integer("audio_file", 0, 255)
                    .decided("the cinematic's own file number")
                    .means("XA file number the soundtrack is taken from")
                    .assumes("a cinematic's sound is the XA of its own file/channel (OPEN.BIN "
                             "filters file 1 channel 1; audio_channel picks the channel)"),
                ValueDef::integer("audio_channel", 0, 255)
                    .decided("the cinematic's own channel")
                    .means("XA channel the soundtrack is taken from"),
            },
        .options =
            {
                ValueDef::integer("cine", 0, 4294967295.0)
                    .defaults_to("0")
                    .means("cinematic number: the blink random seed, and 0 plays the opening's "
                           "scripted ending")
                    .assumes("the cinematic is number 0 (OPEN.BIN) when --cine is not given"),
                ValueDef::choice("audio",
                                 {{"played", {}, "the sound as the drive plays it (drop rule)"},
                                  {"all", {}, "every XA sector decoded"},
                                  {"none",
                                   {},
                                   "no soundtrack: the XA samples are not decoded (what the "
                                   "Assimp importer uses unless RIPKIT_AUDIO is set: an aiScene "
                                   "carries no sound)"}})
                    .defaults_to("played")
                    .for_assimp("none")  // an aiScene carries no sound
                    .means("which audio sectors make the soundtrack"),
            },
        .assumptions =
            {
                {"setup_block",
                 "the setup block lies inside the header sector (OPEN.BIN: 1380 of 2048 bytes)"},
                {"blink",
                 "blink (the seed gives the rule, not the code): the record that wins the 1-in-32 "
                 "draw shows eye frame 1; frames 1, 1, 1, 2, 2, then the sixth record reopens "
                 "(frame 0) without a draw; no draw while a blink runs"},
                {"mouth_wrap", "a mouth frame >= the bank's count wraps once (frame - count)"},
                {"id_510_511",
                 "ids 510/511: the actor moves 0x2000 down from the record's position, rotation "
                 "kept; object 602/601 takes the record"},
                {"quaternion_matrix",
                 "the parts' quaternion matrix (0x8001fc48) is the standard rotation of "
                 "(x, y, z, w)"},
                {"ending",
                 "ending (the seed's order of events): the call that ends the flight also makes "
                 "camera B's first move; B projects with H 178 before 386; the milk's +0x28 is a "
                 "Z angle (4096 a turn)"},
                {"timeline",
                 "record k plays at k/30 s; the audio timeline starts with record 0 (the stream's "
                 "first sector, 2/150 s before frame 1's)"},
                {"drop_rule",
                 "drop rule: the XA FIFO watermark is looked at every sector time (data sectors "
                 "too) and the newest filtered XA sector read since the last decode is decoded "
                 "(gives the seed's 882 of 5643 without gaps; DuckStation's test-on-arrival "
                 "gives 847 and 282 gaps)"},
                {"channel_prefix",
                 "the 4 bytes before a channel cinematic's payload are not interpreted"},
            },
    };
    return s;
}

CineOptions cine_options(const Settings& settings, const Options& options) {
    CineOptions o;
    o.native = options.native;
    o.scale = float(settings.number("scale"));
    o.cine = uint32_t(settings.integer("cine"));
    o.cine_given = settings.given("cine");
    o.all_audio = settings.text("audio") == "all";
    o.no_audio = settings.text("audio") == "none";
    if (settings.given("audio_file")) o.audio_file = uint8_t(settings.integer("audio_file"));
    if (settings.given("audio_channel"))
        o.audio_channel = uint8_t(settings.integer("audio_channel"));
    return o;
}

}  // namespace ripkit::rugrats_cine
