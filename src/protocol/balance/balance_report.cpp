#include "balance_report.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace evo::balance {

namespace {

std::string format(const char* fmt, double a, double b = 0, double c = 0) {
    char buf[96];
    std::snprintf(buf, sizeof buf, fmt, a, b, c);
    return buf;
}

std::string pad(std::string s, std::size_t width) {
    if (s.size() < width) s.append(width - s.size(), ' ');
    return s;
}

std::string per_game(const RightCounts& r, int games) {
    if (!games) return "-";
    std::string s = format("%.1f / %.1f", double(r.earned) / games, double(r.used) / games);
    if (r.earned) s += format(" (%.0f%%)", 100.0 * r.used / r.earned);
    return s;
}

std::string escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '<')
            out += "&lt;";
        else if (c == '>')
            out += "&gt;";
        else if (c == '&')
            out += "&amp;";
        else
            out += c;
    }
    return out;
}

} // namespace

std::string report_text(const std::vector<VariantBalance>& variants) {
    std::size_t w = 8;
    for (const auto& v : variants) w = std::max(w, v.variant.size() + 2);
    std::string out = pad("variant", w) + pad("games", 7) + pad("White score [95%]", 22) +
                      pad("draws", 7) + pad("plies", 7) + pad("minor earned/used", 21) +
                      pad("rook earned/used", 21) + "direct rook\n";
    for (const auto& v : variants) {
        auto [low, high] = v.white_score_interval95();
        out += pad(v.variant, w) + pad(std::to_string(v.games), 7) +
               pad(format("%.3f [%.3f, %.3f]", v.white_score(), low, high), 22) +
               pad(format("%.0f%%", 100 * v.draw_rate()), 7) +
               pad(format("%.1f", v.average_plies()), 7) + pad(per_game(v.minor, v.games), 21) +
               pad(per_game(v.rook, v.games), 21) +
               (v.games ? format("%.2f", double(v.direct_rooks) / v.games) : "-") + "\n";
    }
    out += "(rights: per game, both sides; the percentage is used / earned)\n\n";
    out += "decisive results by game length (plies): decisive % (games)\n";
    out += pad("variant", w);
    int low = 0;
    for (int b : LengthBuckets) {
        out += pad(std::to_string(low + 1) + "-" + std::to_string(b), 14);
        low = b;
    }
    out += '>';
    out += std::to_string(low);
    out += '\n';
    for (const auto& v : variants) {
        out += pad(v.variant, w);
        for (std::size_t i = 0; i < v.games_by_length.size(); ++i) {
            int n = v.games_by_length[i];
            std::string cell =
                n ? format("%.0f%% (%.0f)", 100.0 * v.decisive_by_length[i] / n, n) : "- (0)";
            out += i + 1 < v.games_by_length.size() ? pad(cell, 14) : cell;
        }
        out += "\n";
    }
    return out;
}

std::string score_plot_svg(const std::vector<VariantBalance>& variants, const std::string& title) {
    const int left = 60, top = 40, height = 300, step = 60;
    const int width = std::max(420, left + step * int(variants.size()) + 20);
    auto y_of = [&](double score) { return format("%.1f", top + (1.0 - score) * height); };
    std::ostringstream svg;
    svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\""
        << top + height + 110 << "\" font-family=\"sans-serif\" font-size=\"12\">\n"
        << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        << "<text x=\"10\" y=\"20\" font-size=\"14\">" << escape(title) << "</text>\n";
    for (double s : {0.0, 0.25, 0.5, 0.75, 1.0}) {
        svg << "<line x1=\"" << left << "\" x2=\"" << width - 10 << "\" y1=\"" << y_of(s)
            << "\" y2=\"" << y_of(s) << "\" stroke=\""
            << (s == 0.5 ? "#c33\" stroke-dasharray=\"4 3" : "#ddd") << "\"/>\n"
            << "<text x=\"" << left - 8 << "\" y=\"" << y_of(s)
            << "\" text-anchor=\"end\" dy=\"4\">" << format("%.2f", s) << "</text>\n";
    }
    svg << "<text transform=\"rotate(-90)\" x=\"" << -(top + height / 2)
        << "\" y=\"15\" text-anchor=\"middle\">White's score (95% interval)</text>\n";
    for (std::size_t i = 0; i < variants.size(); ++i) {
        const VariantBalance& v = variants[i];
        double s = v.white_score();
        auto [low, high] = v.white_score_interval95();
        int x = left + step / 2 + step * int(i);
        svg << "<line x1=\"" << x << "\" x2=\"" << x << "\" y1=\"" << y_of(high) << "\" y2=\""
            << y_of(low) << "\" stroke=\"#246\" stroke-width=\"2\"/>\n"
            << "<circle cx=\"" << x << "\" cy=\"" << y_of(s) << "\" r=\"4\" fill=\"#246\"><title>"
            << escape(v.variant) << format(": %.3f [%.3f, %.3f]", s, low, high) << " (" << v.games
            << " games)</title></circle>\n"
            << "<text transform=\"translate(" << x << "," << top + height + 10
            << ") rotate(60)\" font-size=\"11\">" << escape(v.variant) << "</text>\n";
    }
    svg << "</svg>\n";
    return svg.str();
}

} // namespace evo::balance
