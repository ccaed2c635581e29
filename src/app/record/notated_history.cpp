#include "notated_history.h"

#include "core/notation.h"

namespace evo::app {

const std::vector<NotatedMove>& NotatedHistory::follow(const Game& game) {
    const std::vector<Move>& played = game.moves();
    std::size_t common = 0;
    while (common < moves_.size() && common < played.size() &&
           replayed_.moves()[common] == played[common])
        ++common;
    for (; moves_.size() > common; moves_.pop_back()) replayed_.undo();
    for (std::size_t ply = common; ply < played.size(); ++ply) {
        const Position& before = replayed_.position();
        NotatedMove notated{to_uci(before, played[ply]), to_san(before, played[ply]), {}};
        replayed_.play(played[ply]);
        notated.fen_after = replayed_.position().fen();
        moves_.push_back(std::move(notated));
    }
    return moves_;
}

} // namespace evo::app
