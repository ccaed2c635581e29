#include "result.h"

namespace evo {

std::string_view error_kind_name(ErrorKind kind) {
    switch (kind) {
    case ErrorKind::Other: return "other";
    case ErrorKind::UnknownVariant: return "unknown_variant";
    case ErrorKind::InvalidVariant: return "invalid_variant";
    case ErrorKind::MalformedFen: return "malformed_fen";
    case ErrorKind::InvalidPosition: return "invalid_position";
    case ErrorKind::NotInVariant: return "not_in_variant";
    case ErrorKind::MalformedMove: return "malformed_move";
    case ErrorKind::IllegalMove: return "illegal_move";
    case ErrorKind::AmbiguousMove: return "ambiguous_move";
    case ErrorKind::GameOver: return "game_over";
    case ErrorKind::MalformedPgn: return "malformed_pgn";
    }
    return "other";
}

} // namespace evo
