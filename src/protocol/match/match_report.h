// What a match prints: one line per finished game, and the summary at the end.
#pragma once

#include "match_runner.h"

#include <string>

namespace evo::match {

// "evochess 3-2-1 (W-D-L) 66.7% Elo +120.4 ± 150.2" for a pairing, from its first engine's view.
std::string score_text(const MatchSummary& summary, const PairingStats& pairing);

// "LLR 0.31 [-2.94, 2.94] continue"
std::string sprt_text(const SprtConfig& sprt, const PairingStats& pairing);

std::string summary_text(const MatchSummary& summary, const MatchConfig& config);

} // namespace evo::match
