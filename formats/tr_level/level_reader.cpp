#include "level_reader.hpp"

#include <algorithm>
#include <string>

#include "anim_reader.hpp"
#include "level_checks.hpp"
#include "mesh_reader.hpp"
#include "ripkit/codec/zlib.hpp"
#include "room_reader.hpp"
#include "section_walk.hpp"
#include "tail_reader.hpp"

namespace ripkit::tr_level {

namespace {

constexpr uint32_t kMisc2 = 2 * kPage32Bytes;  // TR4: font, sky
constexpr uint32_t kMisc3 = 3 * kPage32Bytes;  // TR5: shine, font, sky
constexpr size_t kTr5PadBytes = 28;

std::string n(uint64_t v) { return std::to_string(v); }

struct ChunkHeader {
    uint64_t at = 0;
    uint32_t uncompressed = 0, compressed = 0;
};

ChunkHeader chunk_header(ByteReader& r, const std::string& what) {
    ChunkHeader h;
    h.at = r.abs_pos();
    h.uncompressed = r.u32(what + " uncompressed size");
    h.compressed = r.u32(what + " compressed size");
    r.need(h.compressed, what + " zlib data");
    return h;
}

void expect_size(const ChunkHeader& h, uint64_t want, const std::string& what) {
    if (h.uncompressed != want)
        fail(ErrorKind::BadValue, h.at,
             what + " of " + n(want) + " uncompressed bytes (got " + n(h.uncompressed) + ")");
}

Bytes inflate(ByteReader& r, const ChunkHeader& h, Budget& budget, const std::string& what) {
    budget.charge_bytes(h.uncompressed, what, h.at);
    const uint64_t data_at = r.abs_pos();
    Bytes out = with_context(what, [&] {
        return codec::zlib_inflate(r.bytes(h.compressed, what), h.uncompressed, budget.limits(),
                                   data_at);
    });
    budget.charge_steps(h.uncompressed / 4096 + 1, what, data_at);
    return out;
}

void split_pages(Level& level, const Bytes& texels) {
    const size_t pages = texels.size() / kPage32Bytes;
    level.pages.resize(pages);
    for (size_t p = 0; p < pages; ++p)
        level.pages[p].assign(texels.begin() + p * kPage32Bytes,
                              texels.begin() + (p + 1) * kPage32Bytes);
}

void expect_marker(ByteReader& r, std::string_view marker) {
    const uint64_t at = r.abs_pos();
    const ByteSpan got =
        r.bytes(marker.size(), "the marker \"" + std::string(marker.substr(0, 3)) + "\"");
    if (!std::equal(got.begin(), got.end(), marker.begin()))
        fail(ErrorKind::BadValue, at,
             "the marker \"" + std::string(marker.substr(0, 3)) + "\"" +
                 (marker.size() == 4 ? " and a zero byte" : "") + " (the layout before it is off)");
}

void read_rooms(ByteReader& r, Level& level, Budget& budget) {
    r.u32("unused word before the rooms");
    const uint32_t count =
        level.version == Version::Tr4 ? r.u16("room count") : r.u32("room count");
    if (count > kMaxRooms)
        fail(ErrorKind::BadValue, r.abs_pos() - (level.version == Version::Tr4 ? 2 : 4),
             "a room count of at most " + n(kMaxRooms) + " (the engine's limit), got " + n(count));
    budget.alloc(count, sizeof(Room), r.abs_pos(), "rooms");
    level.rooms.reserve(count);
    for (uint32_t i = 0; i < count; ++i) {
        budget.progress(i, count, "rooms");
        level.rooms.push_back(with_context("room " + n(i), [&] {
            return level.version == Version::Tr4 ? read_room_tr4(r, budget)
                                                 : read_room_tr5(r, budget);
        }));
        if (level.rooms.back().error) level.rooms.back().error->push_where("room " + n(i));
    }
}

// The mesh pool is only kept as a window: meshes are read by pointer later.
ByteReader read_objects(ByteReader& r, Level& level, Budget& budget) {
    level.counts.floor_data = r.u32("floor data word count");
    skip_records(r, level.counts.floor_data, 2, "floor data words");
    const uint32_t pool_words = r.u32("mesh data word count");
    need_records(r, pool_words, 2, "mesh data words");
    ByteReader pool = r.sub(r.pos(), size_t(pool_words) * 2, "mesh data");
    r.skip(size_t(pool_words) * 2, "mesh data");

    const uint32_t pointers = r.u32("mesh pointer count");
    level.mesh_pointers_at = r.abs_pos();
    reserve_records(r, level.mesh_pointers, pointers, 4, budget, "mesh pointers");
    for (uint32_t i = 0; i < pointers; ++i) level.mesh_pointers.push_back(r.u32("mesh pointer"));

    read_anim_sections(r, level, budget);

    const uint32_t tree = r.u32("mesh tree value count");
    level.mesh_tree_at = r.abs_pos();
    reserve_records(r, level.mesh_tree, tree, 4, budget, "mesh tree values");
    for (uint32_t i = 0; i < tree; ++i) level.mesh_tree.push_back(r.s32("mesh tree value"));
    read_frame_words(r, level, budget);

    const uint32_t models = r.u32("moveable count");
    const uint64_t size = level.version == Version::Tr4 ? 18 : 20;
    reserve_records(r, level.moveables, models, size, budget, "moveables");
    for (uint32_t i = 0; i < models; ++i) {
        Moveable m;
        m.at = r.abs_pos();
        m.slot = r.s32("moveable slot");
        m.mesh_count = r.u16("moveable mesh count");
        m.starting_mesh = r.u16("moveable starting mesh");
        m.mesh_tree = r.s32("moveable mesh tree index");
        m.frame_offset = r.s32("moveable frame offset");
        m.animation = r.s16("moveable animation");
        if (level.version == Version::Tr5) m.tr5_filler = r.u16("moveable filler");
        level.moveables.push_back(m);
    }
    level.counts.statics = skip_counted(r, 32, "static meshes");
    return pool;
}

void read_to_textures(ByteReader& r, Level& level, Budget& budget) {
    const bool tr5 = level.version == Version::Tr5;
    expect_marker(r, tr5 ? std::string_view("SPR\0", 4) : std::string_view("SPR", 3));
    level.counts.sprite_textures = skip_counted(r, 16, "sprite textures");
    level.counts.sprite_sequences = skip_counted(r, 8, "sprite sequences");
    level.counts.cameras = skip_counted(r, 16, "cameras");
    // The engine reads the flyby count as a u32 and uses its low 16 bits.
    level.counts.flyby_cameras = r.u32("flyby camera count") & 0xFFFF;
    skip_records(r, level.counts.flyby_cameras, 40, "flyby cameras");
    level.counts.sound_sources = skip_counted(r, 16, "sound sources");
    level.counts.boxes = skip_counted(r, 8, "boxes");
    level.counts.overlaps = skip_counted(r, 2, "overlap words");
    skip_records(r, uint64_t(level.counts.boxes) * 10, 2, "zone words (10 per box)");
    level.counts.animated_textures = skip_counted(r, 2, "animated texture words");
    level.counts.uv_rotate = r.u8("UV-rotate group count");
    expect_marker(r, tr5 ? std::string_view("TEX\0", 4) : std::string_view("TEX", 3));

    const uint32_t count = r.u32("object texture count");
    const uint64_t size = tr5 ? 40 : 38;
    reserve_records(r, level.object_textures, count, size, budget, "object textures");
    for (uint32_t i = 0; i < count; ++i) {
        ObjectTexture t;
        t.at = r.abs_pos();
        t.attribute = r.u16("object texture attribute");
        t.tile = r.u16("object texture tile");
        t.flags = r.u16("object texture flags");
        for (uint16_t& c : t.uv) c = r.u16("object texture corner");
        t.orig_u = r.u32("object texture origin u");
        t.orig_v = r.u32("object texture origin v");
        t.width = r.u32("object texture width");
        t.height = r.u32("object texture height");
        if (tr5) t.tr5_extra = r.u16("object texture TR5 word");
        level.object_textures.push_back(t);
    }
}

void read_meshes(const ByteReader& pool, Level& level, Budget& budget) {
    level.mesh_of_pointer.assign(level.mesh_pointers.size(), -1);
    std::vector<std::pair<uint32_t, int>> seen;  // pointer -> record, sorted
    for (size_t i = 0; i < level.mesh_pointers.size(); ++i) {
        budget.progress(i, level.mesh_pointers.size(), "mesh " + n(i));
        const uint32_t p = level.mesh_pointers[i];
        auto it = std::lower_bound(seen.begin(), seen.end(), std::make_pair(p, -1));
        if (it == seen.end() || it->first != p) {
            MeshRecord rec;
            rec.pointer = p;
            try {
                if (p >= pool.size())
                    fail(ErrorKind::BadIndex, level.mesh_pointers_at + 4 * i,
                         "mesh pointer " + n(i) + " inside the " + n(pool.size()) +
                             "-byte mesh data (got " + n(p) + ")");
                rec.mesh = with_context("mesh at pointer " + n(p),
                                        [&] { return read_mesh(pool, p, budget); });
            } catch (Error& e) {
                if (document_wide(e)) throw;
                rec.error = e;
            }
            level.meshes.push_back(std::move(rec));
            it = seen.insert(it, {p, int(level.meshes.size() - 1)});
        }
        level.mesh_of_pointer[i] = it->second;
    }
}

void read_geometry(ByteReader r, Level& level, Budget& budget) {
    read_rooms(r, level, budget);
    const ByteReader pool = read_objects(r, level, budget);
    read_to_textures(r, level, budget);
    read_meshes(pool, level, budget);
    check_level(level);
    decode_moveable_anims(level, budget);
}

// The 32-bit chunk's sizes agree with the page counts and a file of
// `file_size` bytes, whose first bytes `data` are.
bool first_chunk_sized(ByteSpan data) {
    if (data.size() < 18) return false;
    const uint64_t pages = uint64_t(load_u16le(data.data() + 4)) + load_u16le(data.data() + 6) +
                           load_u16le(data.data() + 8);
    return load_u32le(data.data() + 10) == pages * kPage32Bytes;
}

bool first_chunk_fits(ByteSpan data, uint64_t file_size) {
    return first_chunk_sized(data) && load_u32le(data.data() + 14) <= file_size - 18;
}

// ... and its data opens with a zlib header (RFC 1950: deflate, check bits).
bool plain_first_chunk(ByteSpan data) {
    if (!first_chunk_fits(data, data.size()) || data.size() < 20) return false;
    const unsigned cmf = data[18], flg = data[19];
    return (cmf & 0x0F) == 8 && (cmf * 256 + flg) % 31 == 0;
}

}  // namespace

int probe_level(ByteSpan data, uint64_t file_size) {
    if (data.size() < 18 || file_size < data.size()) return 0;
    const uint32_t magic = load_u32le(data.data());
    // An encrypted "TR4c" and the remasters' levels are recognised, to be
    // refused by name.
    if (magic == kMagicTr4c || magic == kMagicTrx4 || magic == kMagicTrx5) return 90;
    if (magic != kMagicTr4) return 0;
    if (first_chunk_fits(data, file_size)) return 90;
    // The first chunk's size agrees with the page counts but its data runs
    // past the file: a level cut short. Known (below a whole one), so that
    // opening it says where it ends rather than "wrong format".
    return first_chunk_sized(data) ? 40 : 0;
}

Level read_level(ByteSpan file, Budget& budget) {
    ByteReader r(file);
    Level level;
    level.file_size = file.size();
    level.magic = r.u32("level version");
    if (level.magic == kMagicTrx4 || level.magic == kMagicTrx5)
        fail(ErrorKind::Unsupported, 0,
             "a level of the original games: \"TRX" +
                 std::string(1, level.magic == kMagicTrx4 ? '4' : '5') +
                 "\" is a level of the remastered games, laid out differently; ripkit does not "
                 "read it");
    if (level.magic != kMagicTr4 && level.magic != kMagicTr4c)
        fail(ErrorKind::WrongFormat, 0, "a TR4/TR5 level version \"TR4\\0\" or \"TR4c\"");
    if (level.magic == kMagicTr4c && !plain_first_chunk(file))
        fail(ErrorKind::Unsupported, 14,
             "a level read as stored: \"TR4c\" with a first chunk whose sizes or zlib header do "
             "not read is a level NG Center encrypted, which ripkit does not decrypt");
    level.room_pages = r.u16("room page count");
    level.object_pages = r.u16("object page count");
    level.bump_pages = r.u16("bump page count");
    const uint64_t pages = uint64_t(level.room_pages) + level.object_pages + level.bump_pages;

    const ChunkHeader c32 = chunk_header(r, "32-bit texture chunk");
    expect_size(c32, pages * kPage32Bytes, "a 32-bit texture chunk of " + n(pages) + " pages");
    split_pages(level, inflate(r, c32, budget, "32-bit texture chunk"));
    const ChunkHeader c16 = chunk_header(r, "16-bit texture chunk");
    expect_size(c16, pages * kPage16Bytes, "a 16-bit texture chunk of " + n(pages) + " pages");
    r.skip(c16.compressed, "16-bit texture chunk");  // the same pages again, not needed
    const ChunkHeader misc = chunk_header(r, "misc texture chunk");
    if (misc.uncompressed != kMisc2 && misc.uncompressed != kMisc3)
        fail(ErrorKind::BadValue, misc.at,
             "a misc texture chunk of " + n(kMisc2) + " (TR4) or " + n(kMisc3) +
                 " (TR5) uncompressed bytes (got " + n(misc.uncompressed) + ")");
    level.version = misc.uncompressed == kMisc2 ? Version::Tr4 : Version::Tr5;
    r.skip(misc.compressed, "misc texture chunk");

    if (level.version == Version::Tr4) {
        const ChunkHeader geo = chunk_header(r, "geometry chunk");
        level.geometry_at = r.abs_pos();
        level.geometry_size = geo.uncompressed;
        const Bytes block = inflate(r, geo, budget, "geometry chunk");
        with_context(kTr4GeometryFrame, [&] { read_geometry(ByteReader(block), level, budget); });
        // Errors kept for later say which offset space they are in, too.
        for (Room& room : level.rooms)
            if (room.error) room.error->push_where(kTr4GeometryFrame);
        for (MeshRecord& rec : level.meshes)
            if (rec.error) rec.error->push_where(kTr4GeometryFrame);
        for (Moveable& m : level.moveables) {
            if (m.error) m.error->push_where(kTr4GeometryFrame);
            for (MoveableAnim& a : m.anims)
                if (a.error) a.error->push_where(kTr4GeometryFrame);
        }
    } else {
        level.lara_type = r.u16("Lara type");
        level.weather = r.u16("weather type");
        r.skip(kTr5PadBytes, "TR5 header padding");
        const uint64_t at = r.abs_pos();
        const uint32_t size = r.u32("geometry size");
        const uint32_t size2 = r.u32("geometry size (second copy)");
        if (size != size2)
            fail(ErrorKind::BadValue, at,
                 "two equal geometry sizes (got " + n(size) + " and " + n(size2) + ")");
        level.geometry_at = r.abs_pos();
        level.geometry_size = size;
        read_geometry(r.sub(r.pos(), size, "geometry block"), level, budget);
        r.skip(size, "geometry block");
    }
    level.tail = read_tail(file, r.abs_pos(), budget);
    return level;
}

}  // namespace ripkit::tr_level
