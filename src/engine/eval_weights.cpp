// Hand-set starting weights (classical values), the names the tuner prints, and the choice
// of weights per variant.
#include "eval_weights.h"

#include <algorithm>
#include <string>
#include <vector>

namespace evo::engine {

const EvalWeights* tuned_weights(std::string_view variant_name); // eval_weights_tuned.cpp

namespace {

struct TermRange {
    int first;
    int size;
    const char* name;
};

constexpr TermRange Ranges[] = {
    {term::Material, 8, "Material"},
    {term::Pst, 8 * 32, "Pst"},
    {term::MobilityKnight, 9, "MobilityKnight"},
    {term::MobilityBishop, 14, "MobilityBishop"},
    {term::MobilityRook, 15, "MobilityRook"},
    {term::MobilityQueen, 28, "MobilityQueen"},
    {term::MobilityCthulhu, 32, "MobilityCthulhu"},
    {term::PassedPawn, 8, "PassedPawn"},
    {term::PassedBlocked, 8, "PassedBlocked"},
    {term::PassedOwnKingDistance, 8, "PassedOwnKingDistance"},
    {term::PassedEnemyKingDistance, 8, "PassedEnemyKingDistance"},
    {term::DoubledPawn, 1, "DoubledPawn"},
    {term::IsolatedPawn, 1, "IsolatedPawn"},
    {term::BackwardPawn, 1, "BackwardPawn"},
    {term::ConnectedPawn, 8, "ConnectedPawn"},
    {term::PawnMobility, 1, "PawnMobility"},
    {term::BishopPair, 1, "BishopPair"},
    {term::RookOpenFile, 1, "RookOpenFile"},
    {term::RookSemiOpenFile, 1, "RookSemiOpenFile"},
    {term::KingZoneAttack, 8, "KingZoneAttack"},
    {term::KingAttackers, 8, "KingAttackers"},
    {term::SafeCheck, 8, "SafeCheck"},
    {term::KingShelter, 1, "KingShelter"},
    {term::KingOpenFile, 1, "KingOpenFile"},
    {term::ThreatByPawn, 8, "ThreatByPawn"},
    {term::ThreatByMinor, 8, "ThreatByMinor"},
    {term::ThreatByRook, 8, "ThreatByRook"},
    {term::Hanging, 1, "Hanging"},
    {term::MinorRight, 1, "MinorRight"},
    {term::SpareMinorRight, 1, "SpareMinorRight"},
    {term::RookRight, 1, "RookRight"},
    {term::SpareRookRight, 1, "SpareRookRight"},
    {term::PawnMoveCounter, 4, "PawnMoveCounter"},
    {term::CaptureCounter, 4, "CaptureCounter"},
    {term::DrawsAreWins, 1, "DrawsAreWins"},
    {term::Tempo, 1, "Tempo"},
};

std::vector<std::string> make_names() {
    std::vector<std::string> names(term::Count);
    for (const TermRange& r : Ranges)
        for (int i = 0; i < r.size; ++i)
            names[std::size_t(r.first + i)] =
                r.size == 1 ? std::string(r.name)
                            : std::string(r.name) + "[" + std::to_string(i) + "]";
    return names;
}

void set(EvalWeights& w, int index, int mg, int eg) {
    w.w[std::size_t(index)] = {mg, eg};
}

void set_pst(EvalWeights& w, PieceType t, int (*mg)(int file, int rank),
             int (*eg)(int file, int rank)) {
    for (int rank = 0; rank < 8; ++rank)
        for (int file = 0; file < 4; ++file)
            set(w, term::Pst + t * 32 + rank * 4 + file, mg(file, rank), eg(file, rank));
}

// 0 at the edge of the board, 6 in the centre (file counted 0..3 towards the centre).
int centrality(int file, int rank) {
    return file + std::min(rank, 7 - rank);
}

} // namespace

std::string_view term_name(int index) {
    static const std::vector<std::string> names = make_names();
    return index >= 0 && index < term::Count ? std::string_view(names[std::size_t(index)]) : "?";
}

EvalWeights default_weights() {
    EvalWeights w;
    set(w, term::Material + Pawn, 82, 94);
    set(w, term::Material + Knight, 337, 281);
    set(w, term::Material + Bishop, 365, 297);
    set(w, term::Material + Rook, 477, 512);
    set(w, term::Material + Queen, 1025, 936);
    set(w, term::Material + Cthulhu, 200, 700);

    set_pst(
        w, Pawn,
        [](int f, int r) { return r == 0 || r == 7 ? 0 : 4 * r + (f >= 2 ? 5 * (r - 1) : 0) - 10; },
        [](int, int r) { return r == 0 || r == 7 ? 0 : 10 * (r - 2); });
    set_pst(
        w, Knight, [](int f, int r) { return 8 * (centrality(f, r) - 3); },
        [](int f, int r) { return 6 * (centrality(f, r) - 3); });
    set_pst(
        w, Bishop, [](int f, int r) { return 4 * (centrality(f, r) - 3); },
        [](int f, int r) { return 3 * (centrality(f, r) - 3); });
    set_pst(
        w, Rook, [](int f, int r) { return r == 6 ? 15 : (f >= 2 && r == 0 ? 5 : 0); },
        [](int, int r) { return r == 6 ? 10 : 0; });
    set_pst(
        w, Queen, [](int f, int r) { return 2 * (centrality(f, r) - 3); },
        [](int f, int r) { return 4 * (centrality(f, r) - 3); });
    set_pst(
        w, King,
        [](int f, int r) { return r == 0 ? (f == 3 ? -10 : 10 + (f < 2 ? 10 : 0)) : -15 * r; },
        [](int f, int r) { return 10 * (centrality(f, r) - 3); });
    set_pst(
        w, Cthulhu, [](int f, int r) { return 3 * (centrality(f, r) - 3); },
        [](int f, int r) { return 6 * (centrality(f, r) - 3); });

    for (int n = 0; n < 9; ++n) set(w, term::MobilityKnight + n, 4 * (n - 4), 4 * (n - 4));
    for (int n = 0; n < 14; ++n) set(w, term::MobilityBishop + n, 4 * (n - 6), 4 * (n - 6));
    for (int n = 0; n < 15; ++n) set(w, term::MobilityRook + n, 2 * (n - 7), 4 * (n - 7));
    for (int n = 0; n < 28; ++n) set(w, term::MobilityQueen + n, n - 13, 2 * (n - 13));
    for (int n = 0; n < 32; ++n) set(w, term::MobilityCthulhu + n, n - 14, 2 * (n - 14));

    constexpr int passed_mg[8] = {0, 5, 5, 10, 25, 50, 80, 0};
    constexpr int passed_eg[8] = {0, 10, 15, 25, 50, 90, 140, 0};
    constexpr int blocked_eg[8] = {0, 0, -5, -10, -15, -25, -35, 0};
    constexpr int king_distance[8] = {0, 0, 2, 4, 6, 8, 10, 0};
    constexpr int connected[8] = {0, 5, 7, 10, 15, 25, 40, 0};
    for (int r = 0; r < 8; ++r) {
        set(w, term::PassedPawn + r, passed_mg[r], passed_eg[r]);
        set(w, term::PassedBlocked + r, blocked_eg[r] / 2, blocked_eg[r]);
        set(w, term::PassedOwnKingDistance + r, 0, -king_distance[r]);
        set(w, term::PassedEnemyKingDistance + r, 0, 2 * king_distance[r]);
        set(w, term::ConnectedPawn + r, connected[r], connected[r]);
    }
    set(w, term::DoubledPawn, -10, -20);
    set(w, term::IsolatedPawn, -8, -12);
    set(w, term::BackwardPawn, -6, -8);
    set(w, term::PawnMobility, 2, 4);
    set(w, term::BishopPair, 30, 50);
    set(w, term::RookOpenFile, 25, 10);
    set(w, term::RookSemiOpenFile, 12, 6);

    constexpr int zone_attack[PieceTypeCount] = {0, 0, 8, 5, 6, 6, 0, 6};
    constexpr int attackers[8] = {0, 0, 15, 40, 70, 90, 100, 100};
    constexpr int safe_check[PieceTypeCount] = {0, 0, 40, 25, 40, 30, 0, 30};
    for (int i = 0; i < 8; ++i) {
        set(w, term::KingZoneAttack + i, zone_attack[i], 0);
        set(w, term::KingAttackers + i, attackers[i], 0);
        set(w, term::SafeCheck + i, safe_check[i], safe_check[i] / 4);
    }
    set(w, term::KingShelter, 12, 0);
    set(w, term::KingOpenFile, -20, 0);

    set(w, term::ThreatByPawn + Knight, 60, 40);
    set(w, term::ThreatByPawn + Bishop, 60, 40);
    set(w, term::ThreatByPawn + Rook, 80, 50);
    set(w, term::ThreatByPawn + Queen, 80, 60);
    set(w, term::ThreatByMinor + Knight, 20, 20);
    set(w, term::ThreatByMinor + Bishop, 20, 20);
    set(w, term::ThreatByMinor + Rook, 40, 40);
    set(w, term::ThreatByMinor + Queen, 40, 40);
    set(w, term::ThreatByRook + Knight, 10, 20);
    set(w, term::ThreatByRook + Bishop, 10, 20);
    set(w, term::ThreatByRook + Queen, 40, 40);
    set(w, term::Hanging, 30, 20);

    set(w, term::MinorRight, 180, 200);
    set(w, term::SpareMinorRight, 30, 30);
    set(w, term::RookRight, 150, 200);
    set(w, term::SpareRookRight, 30, 40);
    set(w, term::PawnMoveCounter + 1, 40, 50);
    set(w, term::PawnMoveCounter + 2, 90, 110);
    set(w, term::CaptureCounter + 1, 50, 60);
    set(w, term::DrawsAreWins, 150, 300);
    set(w, term::Tempo, 15, 5);
    return w;
}

const EvalWeights& weights_for(const Variant& variant) {
    if (const EvalWeights* tuned = tuned_weights(variant.name)) return *tuned;
    static const EvalWeights defaults = default_weights();
    return defaults;
}

} // namespace evo::engine
