// The `d` command: the board as text, the FEN and the key.
#include "uci.h"

#include "core/notation.h"

#include <iomanip>
#include <sstream>

namespace evo::uci {

std::string describe_position(const Position& pos) {
    std::ostringstream s;
    const char* border = " +---+---+---+---+---+---+---+---+\n";
    s << '\n' << border;
    for (int rank = 7; rank >= 0; --rank) {
        for (int file = 0; file < 8; ++file) {
            Piece p = pos.piece_on(make_square(file, rank));
            s << " | " << (p == NoPiece ? ' ' : piece_char(p));
        }
        s << " | " << rank + 1 << '\n' << border;
    }
    s << "   a   b   c   d   e   f   g   h\n\n";
    s << "Variant: " << pos.variant().name << '\n';
    s << "Fen: " << pos.fen() << '\n';
    s << "Key: " << std::hex << std::uppercase << std::setw(16) << std::setfill('0') << pos.key()
      << std::dec << '\n';
    s << "Checkers:";
    for (Bitboard b = pos.checkers(); b;) s << ' ' << square_name(pop_lsb(b));
    return s.str();
}

} // namespace evo::uci
