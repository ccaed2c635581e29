#include "binding_helpers.h"

#include "core/movegen.h"
#include "core/notation.h"

namespace evo::bindings {

namespace {

template <class Text> std::vector<std::string> listed(const Position& pos, Text text) {
    MoveList list;
    generate_legal(pos, list);
    std::vector<std::string> out;
    out.reserve(list.size());
    for (Move m : list) out.push_back(text(pos, m));
    return out;
}

} // namespace

ErrorClass binding_error_class(ErrorKind kind) {
    switch (kind) {
    case ErrorKind::UnknownVariant: return ErrorClass::UnknownVariant;
    case ErrorKind::MalformedFen:
    case ErrorKind::InvalidPosition:
    case ErrorKind::NotInVariant: return ErrorClass::Fen;
    case ErrorKind::MalformedMove:
    case ErrorKind::IllegalMove:
    case ErrorKind::AmbiguousMove:
    case ErrorKind::GameOver: return ErrorClass::Move;
    case ErrorKind::MalformedPgn: return ErrorClass::Pgn;
    case ErrorKind::Other:
    case ErrorKind::InvalidVariant: return ErrorClass::Other;
    }
    return ErrorClass::Other;
}

Result<Move> move_of(const Position& pos, std::string_view text) {
    return parse_move(pos, text);
}

std::vector<std::string> legal_uci(const Position& pos) {
    return listed(pos, [](const Position& p, Move m) { return to_uci(p, m); });
}

std::vector<std::string> legal_san(const Position& pos) {
    return listed(pos, [](const Position& p, Move m) { return to_san(p, m); });
}

std::optional<std::string> perft_depth_problem(int depth) {
    if (depth >= 0 && depth <= max_perft_depth) return std::nullopt;
    return "depth must be between 0 and " + std::to_string(max_perft_depth);
}

} // namespace evo::bindings
