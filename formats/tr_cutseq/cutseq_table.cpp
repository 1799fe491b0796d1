#include "cutseq_table.hpp"

#include <algorithm>

#include "ripkit/error.hpp"

namespace ripkit::tr_cutseq {

namespace {

struct Slot {
    uint32_t offset, size;
};

Slot slot_at(ByteSpan file, int k) {
    const uint8_t* p = file.data() + 8 * static_cast<size_t>(k);
    return {load_u32le(p), load_u32le(p + 4)};
}

// `end` never passes byte 2048, so k never passes 255.
bool slot_fits(int k, uint64_t end) { return 8 * static_cast<uint64_t>(k) + 8 <= end; }

// TR4's padding message, possibly after zeros: printable ASCII, tab, CR, LF
// and NUL only, with at least one printable byte. A damaged offset or size
// almost always has a byte outside that set.
bool is_text(ByteSpan file, int k) {
    bool printable = false;
    for (size_t i = 0; i < 8; ++i) {
        const uint8_t c = file[8 * static_cast<size_t>(k) + i];
        if (c >= 0x20 && c < 0x7F)
            printable = true;
        else if (c != 0 && c != '\t' && c != '\n' && c != '\r')
            return false;
    }
    return printable;
}

std::string range_text(Slot s) {
    // Appended piece by piece: `"[" + string` trips GCC 12's bogus -Wrestrict (PR 105651).
    std::string text = "[";
    text += std::to_string(s.offset);
    text += ", +";
    text += std::to_string(s.size);
    text += ')';
    return text;
}

}  // namespace

bool entry_points_inside(uint64_t slot, uint32_t offset, uint32_t size, uint64_t file_size) {
    return offset >= 8 * slot + 8 && offset <= file_size && size <= file_size - offset;
}

TableScan scan_table(ByteSpan file, uint64_t file_size) {
    TableScan s;
    // The table ends where the first cutscene's data begins: every entry with
    // data lowers the bound the later slots must fit under.
    uint64_t end = std::min<uint64_t>({file.size(), file_size, kHeaderLimit});
    int k = 1;
    for (; slot_fits(k, end); ++k) {
        const Slot e = slot_at(file, k);
        if (entry_unused(e.offset, e.size)) {
            s.valid = k;
            continue;
        }
        if (!entry_points_inside(static_cast<uint64_t>(k), e.offset, e.size, file_size)) break;
        s.valid = s.last_used = k;
        end = std::min<uint64_t>(end, e.offset);
    }
    if (!slot_fits(k, end)) {
        // With data read, `end` is the first cutscene's offset or byte 2048.
        s.reached_data = s.last_used != 0 && end < kHeaderLimit;
        return s;
    }
    s.stop = k;
    s.stop_is_text = is_text(file, k);
    for (int j = k + 1; slot_fits(j, end); ++j) {
        const Slot e = slot_at(file, j);
        if (!entry_unused(e.offset, e.size) &&
            entry_points_inside(static_cast<uint64_t>(j), e.offset, e.size, file_size)) {
            s.later_used = j;
            break;
        }
    }
    return s;
}

int table_length(const TableScan& scan, Variant variant) {
    if (scan.reached_data) return scan.valid;
    const int game = variant == Variant::Tr4 ? kTr4Entries : kTr5Entries;
    return std::max(scan.last_used, std::min(scan.valid, game));
}

int infer_entries(ByteSpan file, uint64_t file_size, const TableScan& scan, Variant variant,
                  std::vector<std::string>& warnings) {
    const std::string file_text = "the " + std::to_string(file_size) + "-byte file";
    if (scan.valid == 0 && scan.stop == 0)
        fail(ErrorKind::Truncated, 8,
             "a table of {offset, size} cutscene entries after \"(C) DEL!\" (" + file_text +
                 " ends first)");
    if (scan.valid == 0 || scan.later_used != 0) {
        const int k = scan.stop;
        with_context("cutscene " + std::to_string(k), [&] {
            std::string why;
            if (scan.later_used != 0)
                why = " (entry " + std::to_string(scan.later_used) +
                      " further on does, so this is not padding)";
            fail(ErrorKind::BadIndex, 8 * static_cast<uint64_t>(k),
                 "a table entry: unused (0) or a cutscene after its slot and inside " + file_text +
                     ", got " + range_text(slot_at(file, k)) + why);
        });
    }
    const int n = table_length(scan, variant);
    if (scan.stop != 0 && !scan.stop_is_text)
        warnings.push_back("table: slot " + std::to_string(scan.stop) + " " +
                           range_text(slot_at(file, scan.stop)) +
                           " is neither an entry nor text; read as padding, so the table has " +
                           std::to_string(n) + " entries (--set entries=N reads N)");
    return n;
}

}  // namespace ripkit::tr_cutseq
