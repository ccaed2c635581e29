#include "balance_run.h"

#include "protocol/match/match_runner.h"
#include "protocol/match/opening_maker.h"

#include <cstdio>
#include <memory>

namespace evo::balance {

namespace {

struct FileCloser {
    void operator()(std::FILE* f) const {
        if (f) std::fclose(f);
    }
};

Result<std::vector<match::Opening>> openings_for(const BalanceSettings& s, const Variant& v) {
    match::OpeningMakerSettings maker;
    maker.variant = &v;
    maker.count = s.games;
    maker.plies = s.opening_plies;
    maker.seed = s.seed;
    auto lines = match::make_openings(maker);
    if (!lines) return make_error(lines.error());
    if (lines->empty()) return make_error("no balanced opening found for " + std::string(v.name));
    std::string text;
    for (const std::string& line : *lines) text += line + "\n";
    return match::parse_openings(text, v, std::string(v.name) + " random openings");
}

} // namespace

Result<std::vector<VariantBalance>> run_balance(const BalanceSettings& s) {
    if (s.variants.empty()) return make_error("no variant to measure");
    if (s.games < 2) return make_error("--games must be at least 2");
    if (s.engine_command.empty()) return make_error("no engine command");
    std::unique_ptr<std::FILE, FileCloser> quiet(std::fopen("/dev/null", "w"));
    if (!quiet) return make_error("cannot open /dev/null");

    std::vector<VariantBalance> out;
    for (const Variant* v : s.variants) {
        auto openings = openings_for(s, *v);
        if (!openings) return make_error(openings.error());
        VariantBalance balance;
        balance.variant = std::string(v->name);
        match::MatchConfig config;
        for (const char* name : {"evochess-a", "evochess-b"}) {
            match::EngineSpec spec;
            spec.command = s.engine_command;
            spec.name = name;
            spec.options = {{"Hash", "16"}, {"Threads", "1"}};
            config.engines.push_back(std::move(spec));
        }
        config.variant = v;
        config.games = s.games;
        config.limits = s.limits;
        config.concurrency = s.concurrency;
        config.openings = std::move(*openings);
        config.swap_colours = false; // the same engine twice: a swapped game would repeat
        if (int(config.openings.size()) < s.games)
            return make_error("only " + std::to_string(config.openings.size()) +
                              " balanced openings found for " + balance.variant +
                              "; give fewer --games or more --plies");
        config.interrupted = s.interrupted;
        config.on_game = [&](const Game& game, int played, int planned) {
            add_game(balance, game);
            if (s.progress) s.progress(balance.variant, played, planned);
        };
        auto summary = match::run_match(config, quiet.get());
        if (!summary) return make_error(summary.error());
        out.push_back(std::move(balance));
        if (s.interrupted && s.interrupted->load()) break;
    }
    return out;
}

} // namespace evo::balance
