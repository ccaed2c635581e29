#include "match_report.h"

#include <cmath>
#include <cstdio>

namespace evo::match {

namespace {

std::string format(const char* pattern, double value) {
    char text[64];
    std::snprintf(text, sizeof text, pattern, value);
    return text;
}

std::string elo_text(const EloEstimate& estimate) {
    std::string elo = std::isinf(estimate.elo) ? (estimate.elo > 0 ? "+inf" : "-inf")
                                               : format("%+.1f", estimate.elo + 0.0); // no "-0.0"
    std::string error = std::isfinite(estimate.error95) ? format("%.1f", estimate.error95) : "inf";
    return elo + " ± " + error;
}

std::string points_text(double points) {
    return format("%g", points);
}

std::string match_limits_text(const MatchConfig& config) {
    std::string text = limits_text(config.limits);
    for (const EngineSpec& spec : config.engines) {
        std::string own = own_limits_text(spec);
        if (!own.empty()) text += (text.empty() ? "" : "; ") + spec.name + ": " + own;
    }
    return text;
}

void append_pairing(std::string& out, const MatchSummary& summary, const PairingStats& p,
                    const MatchConfig& config) {
    const std::string& first = summary.names[std::size_t(p.first)];
    const std::string& second = summary.names[std::size_t(p.second)];
    const Trinomial& g = p.games;
    out += first + " vs " + second + ": " + std::to_string(g.games()) + " games\n";
    out += "  " + first + ": " + std::to_string(g.wins) + " wins, " + std::to_string(g.draws) +
           " draws, " + std::to_string(g.losses) + " losses; score " + points_text(g.points()) +
           "/" + std::to_string(g.games());
    if (g.games()) out += format(" = %.1f%%", 100 * g.points() / g.games());
    out += "\n";
    if (config.variant->scores_points)
        out += "  Points (RULES 4.12): " + first + " " + points_text(p.first_points) + ", " +
               second + " " + points_text(p.second_points) + "\n";
    out += "  Elo difference: " + elo_text(estimate_elo(g)) +
           " (95%, from the W/D/L of single games); LOS " +
           format("%.1f%%", 100 * likelihood_of_superiority(g)) + "\n";
    const auto& c = p.pairs.counts;
    out += "  Pairs (one opening, both colours; " + first +
           "'s points 0/0.5/1/1.5/2): " + std::to_string(c[0]) + " " + std::to_string(c[1]) + " " +
           std::to_string(c[2]) + " " + std::to_string(c[3]) + " " + std::to_string(c[4]) + "\n";
    if (config.sprt) {
        const SprtConfig& s = *config.sprt;
        out += "  SPRT (GSPRT on pentanomial pairs, logistic Elo, elo0=" + points_text(s.elo0) +
               " elo1=" + points_text(s.elo1) + " alpha=" + points_text(s.alpha) +
               " beta=" + points_text(s.beta) + "): " + sprt_text(s, p) + "\n";
    }
    out += "  Endings:";
    bool first_ending = true;
    for (const auto& [ending, count] : p.endings) {
        out += (first_ending ? " " : ", ") + ending + " " + std::to_string(count);
        first_ending = false;
    }
    out += "\n";
}

} // namespace

std::string score_text(const MatchSummary& summary, const PairingStats& p) {
    const Trinomial& g = p.games;
    std::string text = summary.names[std::size_t(p.first)] + " " + std::to_string(g.wins) + "-" +
                       std::to_string(g.draws) + "-" + std::to_string(g.losses) + " (W-D-L)";
    if (g.games()) text += format(" %.1f%%", 100 * g.points() / g.games());
    return text + " Elo " + elo_text(estimate_elo(g));
}

std::string sprt_text(const SprtConfig& sprt, const PairingStats& p) {
    double llr = sprt_llr(sprt, p.pairs);
    return format("LLR %.2f", llr) + format(" [%.2f, ", sprt.lower_bound()) +
           format("%.2f] ", sprt.upper_bound()) + sprt_verdict_text(sprt_verdict(sprt, llr));
}

std::string summary_text(const MatchSummary& summary, const MatchConfig& config) {
    std::string out = "\nMatch summary: " + std::string(config.variant->name) + ", " +
                      match_limits_text(config) + ", " + std::to_string(summary.games_played) +
                      " of " + std::to_string(summary.games_planned) + " games played";
    if (summary.stopped_by_sprt) out += " (stopped: SPRT decided)";
    if (summary.interrupted) out += " (interrupted)";
    out += "\n";
    for (const PairingStats& pairing : summary.pairings)
        append_pairing(out, summary, pairing, config);
    if (summary.names.size() > 2) {
        out += "Standings (points by the usual 1, 1/2, 0):\n";
        for (std::size_t engine = 0; engine < summary.names.size(); ++engine) {
            double points = 0;
            int games = 0;
            for (const PairingStats& p : summary.pairings) {
                if (p.first == int(engine)) points += p.games.points(), games += p.games.games();
                if (p.second == int(engine))
                    points += p.games.games() - p.games.points(), games += p.games.games();
            }
            out += "  " + summary.names[engine] + ": " + points_text(points) + "/" +
                   std::to_string(games) + "\n";
        }
    }
    return out;
}

} // namespace evo::match
