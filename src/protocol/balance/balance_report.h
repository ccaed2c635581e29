// The text and the SVG plot `evochess balance` writes.
#pragma once

#include "balance_stats.h"

#include <string>
#include <vector>

namespace evo::balance {

// Side by side, one row per variant: games, White's score [95% interval], draws, average
// length, rights earned and used per game; then decisive results by game length.
std::string report_text(const std::vector<VariantBalance>& variants);

// White's score with its 95% interval per variant, 0.5 marked: a standalone SVG file.
std::string score_plot_svg(const std::vector<VariantBalance>& variants, const std::string& title);

} // namespace evo::balance
