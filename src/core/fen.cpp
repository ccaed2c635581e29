// FEN reading and writing with the variants' extensions (RULES 5.1).
#include "position.h"

#include "message_text.h"

#include <charconv>
#include <cstring>
#include <vector>

namespace evo {

namespace {

std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    for (;;) {
        std::size_t end = s.find(sep, start);
        parts.push_back(s.substr(start, end == std::string_view::npos ? end : end - start));
        if (end == std::string_view::npos) return parts;
        start = end + 1;
    }
}

std::vector<std::string_view> fields_of(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) ++i;
        std::size_t j = i;
        while (j < s.size() && !(s[j] == ' ' || s[j] == '\t' || s[j] == '\n' || s[j] == '\r')) ++j;
        if (j > i) out.push_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

bool parse_int(std::string_view s, int& out, int max_value) {
    if (s.empty() || s.size() > 9) return false;
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && ptr == s.data() + s.size() && out >= 0 && out <= max_value;
}

} // namespace

Position Position::start(const Variant& variant) {
    return std::move(from_fen(variant, variant.start_fen).value());
}

Result<Position> Position::from_fen(const Variant& variant, std::string_view fen) {
    auto fields = fields_of(fen);
    if (fields.size() < 2)
        return make_error(ErrorKind::MalformedFen, "FEN needs at least a board and a side to move");
    if (fields.size() > 7)
        return make_error(ErrorKind::MalformedFen, "FEN has more than seven fields");

    Position pos;
    pos.variant_ = &variant;
    std::memset(pos.board_, 0, sizeof pos.board_);
    std::memset(pos.by_type_, 0, sizeof pos.by_type_);
    std::memset(pos.by_color_, 0, sizeof pos.by_color_);
    pos.root_state_ = StateInfo{};
    pos.root_state_.en_passant = pos.root_state_.passed_over = NoSquare;
    pos.root_state_.first_king_promoter = -1;
    pos.st_ = &pos.root_state_;

    // 1. Board, rank 8 first.
    auto ranks = split(fields[0], '/');
    if (ranks.size() != 8)
        return make_error(ErrorKind::MalformedFen, "FEN board must have 8 ranks separated by '/'");
    for (int r = 0; r < 8; ++r) {
        int file = 0, rank = 7 - r;
        for (char ch : ranks[std::size_t(r)]) {
            if (ch >= '1' && ch <= '8') {
                file += ch - '0';
                if (file > 8) break;
                continue;
            }
            PieceType t = piece_type_from_letter(ch);
            if (t == NoPieceType)
                return make_error(ErrorKind::MalformedFen,
                                  "FEN board has an unknown piece letter '" +
                                      quote_input(std::string_view(&ch, 1)) + "'");
            if (t == Cthulhu && !variant.king_becomes_cthulhu)
                return make_error(ErrorKind::NotInVariant,
                                  "Cthulhu (C) exists only in promoteking");
            if (file >= 8)
                return make_error(ErrorKind::MalformedFen,
                                  "FEN rank " + std::to_string(rank + 1) + " is too long");
            Color c = (ch >= 'a') ? Black : White;
            pos.put_piece(make_piece(c, t), make_square(file, rank));
            ++file;
        }
        if (file != 8)
            return make_error(ErrorKind::MalformedFen,
                              "FEN rank " + std::to_string(rank + 1) + " does not have 8 squares");
    }
    for (Color c : {White, Black}) {
        int royals = popcount(pos.pieces(c, King, Cthulhu));
        if (royals != 1)
            return make_error(
                ErrorKind::InvalidPosition,
                std::string(c == White ? "White" : "Black") +
                    (royals == 0 ? " has no king" : " has more than one king or Cthulhu"));
        if (!variant.promotion_either_color && popcount(pos.pieces(c)) > 16)
            return make_error(ErrorKind::InvalidPosition,
                              std::string(c == White ? "White" : "Black") +
                                  " has more than 16 units");
    }
    if (popcount(pos.pieces()) > 32)
        return make_error(ErrorKind::InvalidPosition, "more than 32 units on the board");
    if (!variant.pawns_on_back_ranks && (pos.pieces(Pawn) & (Rank1BB | Rank8BB)))
        return make_error(ErrorKind::InvalidPosition, "a pawn stands on the first or last rank");

    // 2. Side to move.
    if (fields[1] == "w")
        pos.side_ = White;
    else if (fields[1] == "b")
        pos.side_ = Black;
    else
        return make_error(ErrorKind::MalformedFen, "FEN side to move must be 'w' or 'b'");

    // 3. Castling. Letters the position cannot support are dropped, as other engines do.
    std::uint8_t castling = 0;
    if (fields.size() > 2 && fields[2] != "-") {
        for (char ch : fields[2]) {
            Color c = (ch >= 'a') ? Black : White;
            Square royal = pos.royal_square(c);
            bool king = type_of(pos.board_[royal]) == King;
            Piece rook = make_piece(c, Rook);
            switch (ch | 0x20) {
            case 'k':
            case 'q': {
                Square rook_square =
                    (ch | 0x20) == 'k' ? (c == White ? H1 : H8) : (c == White ? A1 : A8);
                if (variant.ordinary_castling && king && royal == (c == White ? E1 : E8) &&
                    pos.board_[rook_square] == rook)
                    castling |= (ch | 0x20) == 'k' ? kingside_right(c) : queenside_right(c);
                break;
            }
            case 'v':
                if (variant.vertical_castling && king && relative_rank(c, royal) == 0 &&
                    pos.board_[make_square(file_of(royal), relative_rank(c, 7))] == rook)
                    castling |= vertical_right(c);
                break;
            case 'u': break; // the unmoved-king flag is set below
            default:
                return make_error(ErrorKind::MalformedFen,
                                  "FEN castling field has an unknown letter '" +
                                      quote_input(std::string_view(&ch, 1)) + "'");
            }
            // Any castling letter says the king has not moved (RULES 5.1), even one dropped
            // for want of its rook: a rook promoted later may still bring a right (4.9/4.10).
            if (variant.tracks_unmoved_king && king) castling |= king_unmoved_flag(c);
        }
    }
    pos.root_state_.castling = castling;

    // 4. En passant: accepted when a double step could have made it, kept only if a
    //    capture is legal (RULES 5.1).
    Square ep = NoSquare;
    if (fields.size() > 3 && fields[3] != "-") {
        std::string_view f = fields[3];
        if (f.size() != 2 || f[0] < 'a' || f[0] > 'h' || f[1] < '1' || f[1] > '8')
            return make_error(ErrorKind::MalformedFen,
                              "FEN en-passant field must be '-' or a square");
        Square s = make_square(f[0] - 'a', f[1] - '1');
        Color mover = ~pos.side_;
        Square landed = s + forward(mover), started = s - forward(mover);
        if (relative_rank(mover, s) == 2 && pos.empty(s) && pos.empty(started) &&
            pos.board_[landed] == make_piece(mover, Pawn))
            ep = s;
    }

    // 5-6. Clocks (missing ones default to 0 and 1).
    int rule50 = 0, fullmove = 1;
    if (fields.size() > 4 && !parse_int(fields[4], rule50, 100000))
        return make_error(ErrorKind::MalformedFen, "FEN halfmove clock must be a number >= 0");
    if (fields.size() > 5) {
        if (!parse_int(fields[5], fullmove, 100000))
            return make_error(ErrorKind::MalformedFen, "FEN move number must be a number >= 1");
        if (fullmove == 0) fullmove = 1;
    }
    pos.root_state_.rule50 = rule50;
    pos.game_ply_ = 2 * (fullmove - 1) + (pos.side_ == Black);

    // 7. Variant state.
    if (fields.size() > 6) {
        std::string_view extra = fields[6];
        switch (variant.extra_state) {
        case ExtraState::None:
            return make_error(ErrorKind::NotInVariant,
                              std::string(variant.name) + " FEN has no seventh field");
        case ExtraState::EvolutionCounters: {
            auto sides = split(extra, '/');
            if (sides.size() != 2)
                return make_error(ErrorKind::MalformedFen,
                                  "evolution counters must be 'p,m,c,r/p,m,c,r'");
            for (Color c : {White, Black}) {
                auto values = split(sides[c], ',');
                int v[4];
                if (values.size() != 4 || !parse_int(values[0], v[0], 1000000) ||
                    !parse_int(values[1], v[1], 1000000) || !parse_int(values[2], v[2], 1000000) ||
                    !parse_int(values[3], v[3], 1000000))
                    return make_error(
                        ErrorKind::MalformedFen,
                        "evolution counters must be 'p,m,c,r/p,m,c,r' with numbers >= 0");
                if (v[0] >= variant.minor_right_pawn_moves)
                    return make_error(ErrorKind::InvalidPosition,
                                      "pawn-move counter p must be below " +
                                          std::to_string(variant.minor_right_pawn_moves));
                if (v[2] >= variant.rook_right_captures)
                    return make_error(ErrorKind::InvalidPosition,
                                      "capture counter c must be below " +
                                          std::to_string(variant.rook_right_captures));
                if (variant.evolution == Evolution::Expire && (v[1] || v[3]))
                    return make_error(ErrorKind::NotInVariant,
                                      std::string(variant.name) +
                                          " stores no rights: m and r must be 0 (RULES 3.1)");
                if (v[1] > 60000 || v[3] > 60000)
                    return make_error(ErrorKind::InvalidPosition, "too many stored rights");
                pos.root_state_.counters[c] = {std::uint16_t(v[0]), std::uint16_t(v[1]),
                                               std::uint16_t(v[2]), std::uint16_t(v[3])};
            }
            break;
        }
        case ExtraState::PromoteKing: {
            auto parts = split(extra, ',');
            int n = 0;
            if (parts.size() != 2 || parts[0].size() != 1 || !parse_int(parts[1], n, 60000))
                return make_error(ErrorKind::MalformedFen,
                                  "promoteking state must be '<w|b|->,<count>'");
            char who = parts[0][0];
            if (who != 'w' && who != 'b' && who != '-')
                return make_error(ErrorKind::MalformedFen,
                                  "promoteking state must be '<w|b|->,<count>'");
            pos.root_state_.first_king_promoter = std::int8_t(who == 'w' ? 0 : who == 'b' ? 1 : -1);
            pos.root_state_.other_color_promotions = std::uint16_t(n);
            break;
        }
        }
    }

    if (pos.attackers_to(pos.royal_square(~pos.side_), pos.side_, pos.pieces()))
        return make_error(ErrorKind::InvalidPosition, "the side not to move is in check");
    pos.root_state_.checkers =
        pos.attackers_to(pos.royal_square(pos.side_), ~pos.side_, pos.pieces());
    pos.root_state_.passed_over = ep;
    if (ep != NoSquare && pos.en_passant_capture_legal(ep)) pos.root_state_.en_passant = ep;
    pos.root_state_.key = pos.compute_key();
    return pos;
}

std::string Position::fen() const {
    std::string out;
    for (int rank = 7; rank >= 0; --rank) {
        int empty_run = 0;
        for (int file = 0; file < 8; ++file) {
            Piece p = board_[make_square(file, rank)];
            if (p == NoPiece) {
                ++empty_run;
                continue;
            }
            if (empty_run) out += char('0' + empty_run);
            empty_run = 0;
            out += piece_char(p);
        }
        if (empty_run) out += char('0' + empty_run);
        if (rank) out += '/';
    }
    out += side_ == White ? " w " : " b ";
    std::string castling;
    for (Color c : {White, Black}) {
        auto letter = [c](char upper) { return c == White ? upper : char(upper - 'A' + 'a'); };
        std::size_t before = castling.size();
        if (has_castling(kingside_right(c))) castling += letter('K');
        if (has_castling(queenside_right(c))) castling += letter('Q');
        if (has_castling(vertical_right(c))) castling += letter('V');
        if (castling.size() == before && variant_->tracks_unmoved_king &&
            has_castling(king_unmoved_flag(c)))
            castling += letter('U');
    }
    out += castling.empty() ? "-" : castling;
    out += ' ';
    if (st_->en_passant == NoSquare)
        out += '-';
    else {
        out += char('a' + file_of(st_->en_passant));
        out += char('1' + rank_of(st_->en_passant));
    }
    out += ' ' + std::to_string(st_->rule50) + ' ' + std::to_string(fullmove_number());
    switch (variant_->extra_state) {
    case ExtraState::None: break;
    case ExtraState::EvolutionCounters:
        out += ' ';
        for (Color c : {White, Black}) {
            const EvolutionCounters& e = st_->counters[c];
            out += std::to_string(e.pawn_moves) + ',' + std::to_string(e.minor_rights) + ',' +
                   std::to_string(e.captures) + ',' + std::to_string(e.rook_rights);
            if (c == White) out += '/';
        }
        break;
    case ExtraState::PromoteKing:
        out += ' ';
        out += st_->first_king_promoter < 0 ? '-' : st_->first_king_promoter == White ? 'w' : 'b';
        out += ',' + std::to_string(st_->other_color_promotions);
        break;
    }
    return out;
}

} // namespace evo
