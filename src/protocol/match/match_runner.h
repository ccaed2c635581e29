// A match: every pair of engines plays `games` games, each opening once with each colour,
// on `concurrency` boards at once, with progress and a summary printed as it goes.
#pragma once

#include "engine_spec.h"
#include "match_stats.h"
#include "openings.h"
#include "time_control.h"

#include <atomic>
#include <cstdio>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace evo::match {

struct MatchConfig {
    std::vector<EngineSpec> engines; // two or more, names unique
    const Variant* variant = nullptr;
    int games = 2; // per pair of engines
    SearchLimits limits;
    int concurrency = 1;
    std::vector<Opening> openings; // empty: every game from the variant's start
    // Each opening once with each colour; false: each game an opening of its own, the first
    // engine White (identical engines at a node limit would replay the same game).
    bool swap_colours = true;
    std::string pgn_path;           // empty: no PGN file
    std::optional<SprtConfig> sprt; // two engines only
    std::string uci_log_path;       // empty: no log of the UCI traffic
    const std::atomic<bool>* interrupted = nullptr;
    // Called (one call at a time) with each finished game and the games played and planned
    // so far: for reports over the moves themselves (`evochess balance`).
    std::function<void(const Game& game, int played, int planned)> on_game;
};

// Everything known about one pair of engines, from the first one's point of view.
struct PairingStats {
    int first = 0, second = 0; // engine indices
    Trinomial games;
    Pentanomial pairs; // complete pairs only
    // RULES 4.12 points (promoteking); elsewhere the usual 1, 1/2, 0.
    double first_points = 0, second_points = 0;
    std::map<std::string, int> endings; // by GameResult::description()
    // Points of `first` in the two games of each opening pair, as they finish.
    std::vector<std::array<std::optional<double>, 2>> pair_points;
};

struct MatchSummary {
    std::vector<std::string> names;
    std::vector<PairingStats> pairings;
    int games_planned = 0, games_played = 0;
    bool stopped_by_sprt = false, interrupted = false;
};

// Settings that cannot work (no limit, one engine, SPRT with three engines ...).
Result<bool> check_config(const MatchConfig& config);
// Starts every engine once and sets it up for the variant: a bad command or option, or a
// missing variant, is found before the first game.
Result<bool> check_engines(const MatchConfig& config);
// Plays the match. An error is bad input found before the first game.
Result<MatchSummary> run_match(const MatchConfig& config, std::FILE* out);

} // namespace evo::match
