#include "notation.h"

#include "message_text.h"
#include "movegen.h"

#include <cctype>

namespace evo {

std::string square_name(Square s) {
    return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

Square parse_square(std::string_view s) {
    if (s.size() != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8') return NoSquare;
    return make_square(s[0] - 'a', s[1] - '1');
}

namespace {

char lower(char c) {
    return char(std::tolower(static_cast<unsigned char>(c)));
}
char upper(char c) {
    return char(std::toupper(static_cast<unsigned char>(c)));
}

// The square of the pawn a following king pushes on (RULES 4.8).
Square followed_pawn_destination(const Position& pos, Move m) {
    return m.to() + forward(pos.side_to_move());
}

std::string promotion_letters(Promotion p, bool upper_case) {
    std::string s;
    if (p.other_color) s += '~';
    char letter = piece_letter(p.type);
    s += upper_case ? letter : lower(letter);
    return s;
}

} // namespace

std::string to_uci(const Position& pos, Move m) {
    std::string s = square_name(m.from()) + square_name(m.to());
    Promotion p = m.promotion();
    if (p.any()) {
        if (m.kind() == MoveKind::KingFollows)
            s += '/' + square_name(followed_pawn_destination(pos, m));
        s += promotion_letters(p, false);
    }
    if (m.has_rook_evolution_elsewhere()) s += '/' + square_name(m.rook_evolution_square()) + 'r';
    return s;
}

std::vector<std::string> to_uci_line(const Position& from, const std::vector<Move>& moves) {
    std::vector<std::string> line;
    Position pos = from;
    std::vector<StateInfo> states(moves.size());
    for (std::size_t i = 0; i < moves.size() && is_legal(pos, moves[i]); ++i) {
        line.push_back(to_uci(pos, moves[i]));
        pos.do_move(moves[i], states[i]);
    }
    return line;
}

Result<Move> parse_uci_move(const Position& pos, std::string_view text) {
    if (text.size() < 4 || text.size() > 12)
        return make_error(ErrorKind::MalformedMove, "not a UCI move: '" + quote_input(text) + "'");
    std::string wanted;
    for (char c : text) wanted += lower(c);
    MoveList list;
    generate_legal(pos, list);
    for (Move m : list)
        if (to_uci(pos, m) == wanted) return m;
    if (parse_square(std::string_view(wanted).substr(0, 2)) == NoSquare ||
        parse_square(std::string_view(wanted).substr(2, 2)) == NoSquare)
        return make_error(ErrorKind::MalformedMove, "not a UCI move: '" + quote_input(text) + "'");
    return make_error(ErrorKind::IllegalMove, "illegal move: '" + quote_input(text) + "'");
}

namespace {

// SAN without the check mark.
std::string san_body(const Position& pos, Move m, const MoveList& legal) {
    const Square from = m.from(), to = m.to();
    const Piece mover = pos.piece_on(from);
    const PieceType type = type_of(mover);
    std::string s;
    switch (m.kind()) {
    case MoveKind::Castle: s = to > from ? "O-O" : "O-O-O"; break;
    case MoveKind::VerticalCastle: s = "0-0-0-0-0-0"; break;
    default:
        if (type == Pawn) {
            if (is_capture(pos, m)) {
                s += char('a' + file_of(from));
                s += 'x';
            }
        } else {
            s += piece_letter(type);
            // Disambiguate only against another legal move of the same kind of piece.
            bool clash = false, same_file = false, same_rank = false;
            for (Move o : legal) {
                if (o.to() != to || o.from() == from || type_of(pos.piece_on(o.from())) != type ||
                    o.kind() == MoveKind::Castle || o.kind() == MoveKind::VerticalCastle)
                    continue;
                clash = true;
                same_file |= file_of(o.from()) == file_of(from);
                same_rank |= rank_of(o.from()) == rank_of(from);
            }
            if (clash) {
                if (!same_file)
                    s += char('a' + file_of(from));
                else if (!same_rank)
                    s += char('1' + rank_of(from));
                else
                    s += square_name(from);
            }
            if (is_capture(pos, m)) s += 'x';
        }
        s += square_name(to);
    }
    Promotion p = m.promotion();
    if (m.kind() == MoveKind::KingFollows) {
        if (p.any())
            s += '/' + square_name(followed_pawn_destination(pos, m)) + '=' +
                 promotion_letters(p, true);
    } else if (p.any()) {
        s += '=' + promotion_letters(p, true);
    } else if (type == King && pos.variant().king_becomes_cthulhu &&
               relative_rank(pos.side_to_move(), to) == 7 && m.kind() == MoveKind::Normal) {
        s += "=C"; // RULES 4.2
    }
    if (m.has_rook_evolution_elsewhere()) {
        Square e = m.rook_evolution_square();
        s += '/';
        s += piece_letter(type_of(pos.piece_on(e)));
        s += square_name(e) + "=R";
    }
    return s;
}

std::string check_suffix(const Position& pos, Move m) {
    Position after = pos;
    StateInfo st;
    after.do_move(m, st);
    if (!after.in_check()) return "";
    MoveList replies;
    generate_base_moves(after, replies);
    return replies.empty() ? "#" : "+";
}

// The parts of a SAN that identify a move, after the tolerant readings of RULES 5.3.
struct SanParts {
    std::string castle; // "O-O", "O-O-O", "V" for vertical, or empty
    char piece = 0;     // 0 for a pawn
    int from_file = -1, from_rank = -1;
    Square to = NoSquare;
    std::string suffix; // normalized: "", "=Q", "=~N", "/Bc4=R", "/e8=Q"
    bool ok = false;
};

std::string normalize_suffix(std::string_view suffix) {
    if (suffix.empty()) return "";
    std::string head;
    std::string_view rest = suffix;
    if (rest[0] == '/') {
        // "/Bc4=R" or "/e8=Q": keep the unit part, normalize the promotion after it.
        std::size_t i = 1;
        if (i < rest.size() && std::isupper(static_cast<unsigned char>(rest[i])) && rest[i] != 'X')
            head += rest[i++];
        if (i + 2 > rest.size()) return "?";
        head = "/" + head + std::string(rest.substr(i, 2));
        rest = rest.substr(i + 2);
    }
    if (!rest.empty() && rest[0] == '=') rest.remove_prefix(1);
    bool tilde = !rest.empty() && rest[0] == '~';
    if (tilde) rest.remove_prefix(1);
    if (rest.size() != 1 || piece_type_from_letter(rest[0]) == NoPieceType) return "?";
    std::string out = head + '=';
    if (tilde) out += '~';
    out += upper(rest[0]);
    return out;
}

SanParts split_san(std::string_view text) {
    SanParts p;
    while (!text.empty() &&
           (text.back() == '+' || text.back() == '#' || text.back() == '!' || text.back() == '?'))
        text.remove_suffix(1);
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    if (text.empty()) return p;
    bool castle_chars = true;
    int os = 0;
    for (char c : text) {
        if (c == 'O' || c == 'o' || c == '0')
            ++os;
        else if (c != '-')
            castle_chars = false;
    }
    if (castle_chars) {
        p.castle = os == 2 ? "O-O" : os == 3 ? "O-O-O" : os == 6 ? "V" : "";
        p.ok = !p.castle.empty();
        return p;
    }
    std::size_t i = 0;
    if (std::string_view("KQRBNC").find(text[0]) != std::string_view::npos) p.piece = text[i++];
    // The destination is the last square before the promotion part.
    std::size_t end = text.size();
    for (std::size_t k = i; k < text.size(); ++k)
        if (text[k] == '=' || text[k] == '/' || text[k] == '~') {
            end = k;
            break;
        }
    if (end == text.size() && end > i + 2 &&
        std::isalpha(static_cast<unsigned char>(text[end - 1])) &&
        piece_type_from_letter(text[end - 1]) != NoPieceType &&
        !std::isdigit(static_cast<unsigned char>(text[end - 1])))
        --end; // "e8Q"
    if (end < i + 2) return p;
    p.to = parse_square(text.substr(end - 2, 2));
    if (p.to == NoSquare) return p;
    for (char c : text.substr(i, end - 2 - i)) {
        if (c >= 'a' && c <= 'h' && p.from_file < 0)
            p.from_file = c - 'a';
        else if (c >= '1' && c <= '8' && p.from_rank < 0)
            p.from_rank = c - '1';
        else if (c != 'x' && c != 'X' && c != ':' && c != '-')
            return p;
    }
    p.suffix = normalize_suffix(text.substr(end));
    p.ok = p.suffix != "?";
    return p;
}

} // namespace

std::string to_san(const Position& pos, Move m) {
    MoveList legal;
    generate_legal(pos, legal);
    return san_body(pos, m, legal) + check_suffix(pos, m);
}

Result<Move> parse_san_move(const Position& pos, std::string_view text) {
    SanParts want = split_san(text);
    if (!want.ok)
        return make_error(ErrorKind::MalformedMove, "not a SAN move: '" + quote_input(text) + "'");
    MoveList legal;
    generate_legal(pos, legal);
    Move found = Move::none();
    int matches = 0;
    for (Move m : legal) {
        SanParts have = split_san(san_body(pos, m, legal));
        if (want.castle != have.castle) continue;
        if (want.castle.empty()) {
            if (want.piece != have.piece || want.to != have.to) continue;
            // "Ke8" is accepted for "Ke8=C": becoming Cthulhu is no choice (RULES 4.2).
            if (want.suffix != have.suffix && !(want.suffix.empty() && have.suffix == "=C"))
                continue;
            if (want.from_file >= 0 && want.from_file != file_of(m.from())) continue;
            if (want.from_rank >= 0 && want.from_rank != rank_of(m.from())) continue;
        }
        found = m;
        ++matches;
    }
    if (matches == 1) return found;
    if (matches > 1)
        return make_error(ErrorKind::AmbiguousMove, "ambiguous move: '" + quote_input(text) + "'");
    return make_error(ErrorKind::IllegalMove, "illegal move: '" + quote_input(text) + "'");
}

Result<Move> parse_move(const Position& pos, std::string_view text) {
    auto uci = parse_uci_move(pos, text);
    if (uci) return uci;
    auto san = parse_san_move(pos, text);
    if (san) return san;
    return san.error_kind() == ErrorKind::MalformedMove ? uci : san;
}

} // namespace evo
