// `evochess balance`: self-play of variants over random balanced openings, through the match
// runner (two copies of the engine as UCI child processes, the rules core as referee), with
// each finished game measured (balance_stats.h).
#pragma once

#include "balance_stats.h"

#include "protocol/match/time_control.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace evo::balance {

struct BalanceSettings {
    std::vector<const Variant*> variants;
    std::vector<std::string> engine_command; // starts the engine speaking UCI
    int games = 40;                          // per variant; each game its own random opening
    match::SearchLimits limits;
    int concurrency = 1;
    int opening_plies = 4; // random plies, kept when material is level (opening_maker.h)
    std::uint64_t seed = 1;
    // After each game: the variant, the games played of it and planned.
    std::function<void(const std::string& variant, int played, int planned)> progress;
    const std::atomic<bool>* interrupted = nullptr;
};

// One result per variant, in order. An error is bad input found before the first game.
Result<std::vector<VariantBalance>> run_balance(const BalanceSettings& settings);

} // namespace evo::balance
