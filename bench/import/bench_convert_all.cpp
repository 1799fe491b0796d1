// `convert --all -j N` (N = the machine's cores) against `-j 1` on the same
// large inputs as import_bench, in one run: the tool itself as a user runs
// it (a child process), timed by the wall clock, since what -j buys is
// cores. Counter x_one_job: the time with N jobs over the time with one
// (0.5 on two cores would be a perfect split).
#include <benchmark/benchmark.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "inputs.hpp"

extern char** environ;

namespace {

using namespace bench_import;
namespace fs = std::filesystem;

// Runs the tool with `args`, its output to /dev/null; throws unless it exits 0.
void run_tool(const std::vector<std::string>& args) {
    std::vector<char*> argv;
    std::string tool = RIPKIT_TOOL_PATH;
    argv.push_back(tool.data());
    std::vector<std::string> copy = args;
    for (std::string& a : copy) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid = 0;
    const int rc = posix_spawn(&pid, tool.c_str(), &fa, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0) throw std::runtime_error("cannot start " + tool);
    int status = 0;
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        throw std::runtime_error("ripkit convert --all failed on it");
}

std::vector<std::string> convert_args(const Input& in, const fs::path& out, unsigned jobs) {
    std::vector<std::string> args = {"convert", in.file.string(),    out.string(), "--all",
                                     "-j",      std::to_string(jobs)};
    for (const auto& [key, values] : in.options.format_options)
        for (const std::string& v : values) args.insert(args.end(), {"--" + key, v});
    return args;
}

// Seconds of one run into a fresh folder (removed after).
double seconds_of(const Input& in, unsigned jobs) {
    const fs::path out = fs::temp_directory_path() / "ripkit_bench_convert_all";
    fs::remove_all(out);
    const auto t0 = std::chrono::steady_clock::now();
    run_tool(convert_args(in, out, jobs));
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    fs::remove_all(out);
    return s;
}

void BM_ConvertAll(benchmark::State& st, Input (*make)()) {
    const Input in = make();
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    double one = 1e300, many = 1e300;
    try {
        // The best of three alternating runs each: the other load on a
        // shared machine only ever adds time.
        for (auto _ : st) {
            for (int k = 0; k < 3; ++k) {
                one = std::min(one, seconds_of(in, 1));
                many = std::min(many, seconds_of(in, cores));
            }
            st.SetIterationTime(many);
        }
    } catch (const std::exception& e) {
        st.SkipWithError(e.what());
        return;
    }
    st.counters["jobs"] = cores;
    st.counters["one_job_ms"] = one * 1e3;
    st.counters["x_one_job"] = many / one;
}

// The inputs of more than one item (tr_block and the Rugrats stream hold one).
const std::pair<const char*, Input (*)()> kInputs[] = {
    {"tr_bin", tr_bin},
    {"pikachu", pikachu_rom},
    {"zouna", zouna_bigfile},
};

}  // namespace

int main(int argc, char** argv) {
    for (const auto& [name, make] : kInputs)
        benchmark::RegisterBenchmark((std::string("ConvertAll/") + name).c_str(), BM_ConvertAll,
                                     make)
            ->Unit(benchmark::kMillisecond)
            ->UseManualTime()
            ->Iterations(1);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
