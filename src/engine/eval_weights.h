// The evaluation's weights: one flat table of (middlegame, endgame) pairs per variant, so
// that the tuner (tools/tune) can fit every weight by the same linear method.
#pragma once

#include "core/variant.h"

#include <array>
#include <string_view>

namespace evo::engine {

struct WeightPair {
    int mg = 0, eg = 0;
    constexpr WeightPair& operator+=(WeightPair o) {
        mg += o.mg;
        eg += o.eg;
        return *this;
    }
    constexpr WeightPair& operator-=(WeightPair o) {
        mg -= o.mg;
        eg -= o.eg;
        return *this;
    }
    constexpr WeightPair operator*(int n) const { return {mg * n, eg * n}; }
};

// Mobility is counted up to these many squares (one weight per count).
constexpr int MobilityCounts[8] = {0, 0, 9, 14, 15, 28, 0, 32};

// Where each term's weights start in the table. Piece-square tables are mirrored left to
// right: 4 files x 8 ranks, from the owner's side.
namespace term {
constexpr int Material = 0;                  // [piece type]
constexpr int Pst = Material + 8;            // [piece type][32]
constexpr int MobilityKnight = Pst + 8 * 32; // [count]
constexpr int MobilityBishop = MobilityKnight + 9;
constexpr int MobilityRook = MobilityBishop + 14;
constexpr int MobilityQueen = MobilityRook + 15;
constexpr int MobilityCthulhu = MobilityQueen + 28;
constexpr int PassedPawn = MobilityCthulhu + 32;         // [relative rank]
constexpr int PassedBlocked = PassedPawn + 8;            // [relative rank]
constexpr int PassedOwnKingDistance = PassedBlocked + 8; // [relative rank], per square
constexpr int PassedEnemyKingDistance = PassedOwnKingDistance + 8;
constexpr int DoubledPawn = PassedEnemyKingDistance + 8;
constexpr int IsolatedPawn = DoubledPawn + 1;
constexpr int BackwardPawn = IsolatedPawn + 1;
constexpr int ConnectedPawn = BackwardPawn + 1; // [relative rank]
constexpr int PawnMobility = ConnectedPawn + 8; // per pawn able to step forward
constexpr int BishopPair = PawnMobility + 1;
constexpr int RookOpenFile = BishopPair + 1;
constexpr int RookSemiOpenFile = RookOpenFile + 1;
constexpr int KingZoneAttack = RookSemiOpenFile + 1; // [attacker type], per attacked square
constexpr int KingAttackers = KingZoneAttack + 8;    // [number of attackers, up to 7]
constexpr int SafeCheck = KingAttackers + 8;         // [checking piece type]
constexpr int KingShelter = SafeCheck + 8;           // per own pawn in front of the king
constexpr int KingOpenFile = KingShelter + 1;        // no own pawn on the king's file
constexpr int ThreatByPawn = KingOpenFile + 1;       // [attacked piece type]
constexpr int ThreatByMinor = ThreatByPawn + 8;      // [attacked piece type]
constexpr int ThreatByRook = ThreatByMinor + 8;      // [attacked piece type]
constexpr int Hanging = ThreatByRook + 8;            // attacked and not defended
constexpr int MinorRight = Hanging + 1;              // per held right a pawn can use
constexpr int SpareMinorRight = MinorRight + 1;      // per held right beyond the pawns
constexpr int RookRight = SpareMinorRight + 1;       // per held right a minor can use
constexpr int SpareRookRight = RookRight + 1;
constexpr int PawnMoveCounter = SpareRookRight + 1; // [p]
constexpr int CaptureCounter = PawnMoveCounter + 4; // [c]
constexpr int DrawsAreWins = CaptureCounter + 4;    // RULES 4.11: first king promoter
constexpr int Tempo = DrawsAreWins + 1;
constexpr int Count = Tempo + 1;
} // namespace term

struct EvalWeights {
    std::array<WeightPair, term::Count> w{};
    WeightPair operator[](int i) const { return w[std::size_t(i)]; }
};

// Human-readable names of the weights, for the tuner's output.
std::string_view term_name(int index);

// The tuned weights for a variant (eval_weights_tuned.cpp), else the hand-set defaults.
const EvalWeights& weights_for(const Variant& variant);
// The hand-set starting point of tuning.
EvalWeights default_weights();

} // namespace evo::engine
