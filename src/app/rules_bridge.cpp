#include "rules_bridge.h"

#include "core/game.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/pgn.h"

#include <deque>

namespace evo::app {

namespace {

const Variant& variant_named(const std::string& name) {
    if (const Variant* variant = find_variant(name)) return *variant;
    std::string known;
    for (const Variant* variant : all_variants())
        known += (known.empty() ? "" : ", ") + std::string(variant->name);
    throw RulesError("unknown variant '" + name + "' (the variants are " + known + ")");
}

char side_letter(Color c) {
    return c == White ? 'w' : 'b';
}

SideCounters counters_of(const EvolutionCounters& counters) {
    return {counters.pawn_moves, counters.minor_rights, counters.captures, counters.rook_rights};
}

// The result a PGN's Result tag or token gave beyond what the moves themselves give.
std::optional<DeclaredResult> declared_result_of(const Game& game) {
    GameResult result = game.result();
    Game by_moves_alone = game;
    by_moves_alone.clear_outside_result();
    if (!result.over() || by_moves_alone.result().over()) return std::nullopt;
    return DeclaredResult{result.pgn_result(), std::string(end_reason_name(result.reason))};
}

// The reason a declared result names; resignation unless it names another outside result.
EndReason declared_reason(const std::string& name) {
    for (EndReason reason : {EndReason::Agreement, EndReason::Timeout, EndReason::Abandonment})
        if (end_reason_name(reason) == name) return reason;
    return EndReason::Resignation;
}

// Tags the PGN writer makes again from the game itself.
bool is_derived_tag(const std::string& name) {
    return name == "Variant" || name == "FEN" || name == "SetUp" || name == "Result" ||
           name == "Termination" || name == "Points";
}

} // namespace

struct RulesGame::Impl {
    explicit Impl(const Position& start) : game(start), start_fen(start.fen()) {}

    Game game;
    std::string variant_name{game.variant().name};
    std::string start_fen;
    std::vector<PlayedMove> history;
    std::optional<DeclaredResult> declared;
    PositionView view;

    void play(Move move) {
        const Position& before = game.position();
        PlayedMove played{to_uci(before, move), to_san(before, move), {}};
        game.play(move);
        played.fen_after = game.position().fen();
        history.push_back(std::move(played));
    }

    void refresh_view() {
        const Position& position = game.position();
        view.fen = position.fen();
        view.turn = side_letter(position.side_to_move());
        view.check = position.in_check();
        view.legal.clear();
        view.counters.reset();
        view.evolution_thresholds.reset();
        view.royal_promotion.reset();
        view.outcome.reset();

        GameResult result = game.result();
        if (result.over()) {
            view.outcome = GameOutcome{result.pgn_result(), result.description(), std::nullopt};
            if (game.variant().scores_points)
                view.outcome->points = std::pair{result.white_points, result.black_points};
        } else {
            auto moves = std::make_unique<MoveList>();
            generate_legal(position, *moves);
            view.legal.reserve(std::size_t(moves->size()));
            for (Move move : *moves)
                view.legal.push_back({to_uci(position, move), to_san(position, move)});
        }
        switch (game.variant().extra_state) {
        case ExtraState::EvolutionCounters:
            view.counters = std::array{counters_of(position.counters(White)),
                                       counters_of(position.counters(Black))};
            view.evolution_thresholds = std::pair{game.variant().minor_right_pawn_moves,
                                                  game.variant().rook_right_captures};
            break;
        case ExtraState::PromoteKing: {
            RoyalPromotion royal;
            if (position.first_king_promoter() >= 0)
                royal.first = side_letter(Color(position.first_king_promoter()));
            royal.other_colour_promotions = position.other_color_promotions();
            view.royal_promotion = royal;
            break;
        }
        case ExtraState::None: break;
        }
    }
};

RulesGame::RulesGame(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {
    impl_->refresh_view();
}
RulesGame::RulesGame(RulesGame&&) noexcept = default;
RulesGame& RulesGame::operator=(RulesGame&&) noexcept = default;
RulesGame::~RulesGame() = default;

RulesGame RulesGame::start(const std::string& variant_name, const std::string& fen) {
    const Variant& variant = variant_named(variant_name);
    if (fen.empty()) return RulesGame(std::make_unique<Impl>(Position::start(variant)));
    auto position = Position::from_fen(variant, fen);
    if (!position) throw RulesError("bad FEN for " + variant_name + ": " + position.error());
    return RulesGame(std::make_unique<Impl>(*position));
}

RulesGame RulesGame::replay(const std::string& variant, const std::string& start_fen,
                            const std::vector<std::string>& moves_uci) {
    RulesGame game = start(variant, start_fen);
    for (std::size_t ply = 0; ply < moves_uci.size(); ++ply) {
        auto move = parse_uci_move(game.impl_->game.position(), moves_uci[ply]);
        if (!move)
            throw RulesError("move " + std::to_string(ply + 1) + " '" + moves_uci[ply] +
                             "': " + move.error());
        game.impl_->play(*move);
    }
    game.impl_->refresh_view();
    return game;
}

ImportedGame RulesGame::import_pgn(const std::string& pgn) {
    auto parsed = parse_pgn(pgn);
    if (!parsed) throw RulesError(parsed.error());
    const Game& game = parsed->game;
    ImportedGame imported;
    imported.variant = std::string(game.variant().name);
    imported.start_fen = game.start_position().fen();
    Game replay(game.start_position());
    for (Move move : game.moves()) {
        imported.moves_uci.push_back(to_uci(replay.position(), move));
        replay.play(move);
    }
    for (const auto& [name, value] : parsed->tags)
        if (!is_derived_tag(name)) imported.tags[name] = value;
    imported.declared_result = declared_result_of(game);
    return imported;
}

std::vector<VariantInfo> RulesGame::variants() {
    std::vector<VariantInfo> list;
    for (const Variant* variant : all_variants())
        list.push_back({std::string(variant->name), Position::start(*variant).fen(),
                        std::string(variant->display_name), std::string(variant->description)});
    return list;
}

const std::string& RulesGame::variant() const {
    return impl_->variant_name;
}
const std::string& RulesGame::start_fen() const {
    return impl_->start_fen;
}

PlayedMove RulesGame::play(const std::string& text, bool is_san) {
    const Position& position = impl_->game.position();
    auto move = is_san ? parse_san_move(position, text) : parse_uci_move(position, text);
    if (!move) throw RulesError("illegal move '" + text + "': " + move.error());
    impl_->play(*move);
    impl_->refresh_view();
    return impl_->history.back();
}

void RulesGame::undo(std::size_t plies) {
    for (; plies > 0 && impl_->game.undo(); --plies) impl_->history.pop_back();
    impl_->declared.reset(); // Game::undo drops an outside result
    impl_->refresh_view();
}

void RulesGame::declare_result(const std::optional<DeclaredResult>& declared) {
    if (declared == impl_->declared) return;
    impl_->declared = declared;
    Game& game = impl_->game;
    game.clear_outside_result();
    if (declared && declared->reason != aborted_reason) {
        Outcome outcome = declared->result == "1-0"   ? Outcome::WhiteWins
                          : declared->result == "0-1" ? Outcome::BlackWins
                                                      : Outcome::Draw;
        game.set_outside_result(outcome, declared_reason(declared->reason));
    }
    impl_->refresh_view();
    if (declared && declared->reason == aborted_reason) {
        impl_->view.legal.clear();
        impl_->view.outcome = GameOutcome{"*", aborted_reason, std::nullopt};
    }
}

bool RulesGame::can_mate(char side) const {
    return has_mating_material(impl_->game.position(), side == 'w' ? White : Black);
}

const std::vector<PlayedMove>& RulesGame::history() const {
    return impl_->history;
}

std::vector<std::string> RulesGame::moves_uci() const {
    std::vector<std::string> moves;
    moves.reserve(impl_->history.size());
    for (const PlayedMove& move : impl_->history) moves.push_back(move.uci);
    return moves;
}

const PositionView& RulesGame::view() const {
    return impl_->view;
}

std::vector<MoveText> RulesGame::line_from_here(const std::vector<std::string>& moves_uci) const {
    std::vector<MoveText> line;
    Position position = impl_->game.position();
    std::deque<StateInfo> states;
    for (const std::string& uci : moves_uci) {
        auto move = parse_uci_move(position, uci);
        if (!move) break;
        line.push_back({to_uci(position, *move), to_san(position, *move)});
        position.do_move(*move, states.emplace_back());
    }
    return line;
}

std::string RulesGame::pgn(const std::map<std::string, std::string>& tags) const {
    PgnTags pgn_tags(tags.begin(), tags.end());
    return to_pgn(impl_->game, pgn_tags);
}

} // namespace evo::app
