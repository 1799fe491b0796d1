// `dump`: the decoded game data as JSON, to stdout or a file.
#include <iostream>

#include "commands.hpp"
#include "ripkit/error.hpp"
#include "ripkit/export.hpp"
#include "ripkit/file_paths.hpp"
#include "ripkit/platform.hpp"
#include "session.hpp"

namespace ripkit::cli {

int run_dump(const DumpArgs& args) {
    if (!args.out.empty() &&
        same_file(platform::path_from_utf8(args.out), platform::path_from_utf8(args.common.file)))
        fail_no_offset(ErrorKind::Usage,
                       "an output path other than the input, got '" + args.out + "'");
    Session session(args.common);
    std::optional<int64_t> item;
    if (args.item_opt && args.item_opt->count()) item = args.item;
    const nlohmann::json doc = session.doc().dump(item);
    print_warnings(session);  // after the decoding the dump asked for
    if (args.out.empty()) {
        std::cout << doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
        std::cout.flush();
        if (!std::cout) fail_no_offset(ErrorKind::Io, "to write the dump to standard output");
        return 0;
    }
    write_json(doc, args.out, session.protected_paths());
    return 0;
}

}  // namespace ripkit::cli
