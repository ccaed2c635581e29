#include "uci.h"

#include "engine/eval.h"
#include "engine/score_unit.h"

#include "core/message_text.h"
#include "core/notation.h"
#include "variants/variant_loader.h"

#include <iostream>
#include <sstream>
#include <vector>

namespace evo::uci {

namespace {

constexpr std::string_view EngineName = "evochess";
constexpr std::string_view Author = "the evochess authors";

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
        s.remove_prefix(1);
    while (!s.empty() &&
           (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
        s.remove_suffix(1);
    return s;
}

// The first word and the rest.
std::pair<std::string_view, std::string_view> split_word(std::string_view s) {
    s = trim(s);
    std::size_t end = s.find_first_of(" \t");
    if (end == std::string_view::npos) return {s, {}};
    return {s.substr(0, end), trim(s.substr(end))};
}

bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if ((a[i] | 0x20) != (b[i] | 0x20)) return false;
    return true;
}

std::string option_line(const engine::OptionDescription& o) {
    using T = engine::OptionDescription::Type;
    std::string s = "option name " + o.name + " type ";
    switch (o.type) {
    case T::Spin:
        s += "spin default " + o.default_value + " min " + std::to_string(o.min) + " max " +
             std::to_string(o.max);
        break;
    case T::Check: s += "check default " + o.default_value; break;
    case T::Button: s += "button"; break;
    case T::String:
        s += "string default " + (o.default_value.empty() ? "<empty>" : o.default_value);
        break;
    case T::Combo:
        s += "combo default " + o.default_value;
        for (const auto& c : o.choices) s += " var " + c;
        break;
    }
    return s;
}

} // namespace

void LineWriter::line(const std::string& text) {
    std::lock_guard lock(mutex_);
    out_ << text << '\n';
    out_.flush();
}

Session::Session(std::ostream& out)
    : out_(out), variant_(&chess_variant()), game_(std::make_unique<Game>(*variant_)) {}

Session::~Session() {
    finish_search();
}

void Session::finish_search() {
    engine_.stop();
    engine_.wait();
    perft_.stop();
}

int Session::run(std::istream& in) {
    std::string line;
    while (std::getline(in, line))
        if (!handle(line)) break;
    finish_search();
    return 0;
}

bool Session::handle(std::string_view line) {
    auto [command, args] = split_word(line);
    if (command.empty()) return true;
    if (command == "quit") {
        finish_search();
        return false;
    }
    if (command == "uci")
        uci();
    else if (command == "isready")
        out_.line("readyok");
    else if (command == "ucinewgame")
        new_game();
    else if (command == "setoption")
        set_option(args);
    else if (command == "position")
        set_position(args);
    else if (command == "go")
        go(args);
    else if (command == "stop") {
        engine_.stop();
        perft_.stop();
    } else if (command == "ponderhit")
        engine_.ponderhit();
    else if (command == "d")
        display();
    else if (command == "eval")
        evaluate();
    else
        out_.line("info string unknown command '" + quote_input(command) + "'");
    return true;
}

void Session::uci() {
    out_.line("id name " + std::string(EngineName));
    out_.line("id author " + std::string(Author));
    print_options();
    out_.line("uciok");
}

void Session::print_options() {
    std::vector<engine::OptionDescription> options = engine_.options();
    engine::OptionDescription variant{
        "UCI_Variant", engine::OptionDescription::Type::Combo, "chess", 0, 0, {}};
    for (const Variant* v : all_variants()) variant.choices.emplace_back(v->name);
    options.push_back(variant);
    options.push_back({"VariantPath", engine::OptionDescription::Type::String, "", 0, 0, {}});
    options.push_back({"Ponder", engine::OptionDescription::Type::Check, "false", 0, 0, {}});
    for (const auto& o : options) out_.line(option_line(o));
}

// As Fairy-Stockfish: load the file, then print the options again, UCI_Variant's combo now
// listing the loaded variants. A bad file loads nothing.
void Session::load_variant_path(std::string_view path) {
    if (path.empty() || path == "<empty>") return;
    auto loaded = variants::load_variants_file(std::string(path));
    if (!loaded) {
        out_.line("info string VariantPath: " + loaded.error().message());
        return;
    }
    std::string names;
    for (const Variant* v : loaded.value()) names.append(" ").append(v->name);
    out_.line("info string loaded " + std::to_string(loaded.value().size()) +
              " variant(s):" + names);
    print_options();
}

void Session::new_game() {
    finish_search();
    engine_.new_game();
    game_ = std::make_unique<Game>(*variant_);
    position_error_.reset();
}

// setoption name <name words> [value <value words>]
void Session::set_option(std::string_view args) {
    auto [keyword, rest] = split_word(args);
    if (keyword != "name" || rest.empty()) {
        out_.line("info string setoption needs 'name <option> [value <value>]'");
        return;
    }
    std::string_view name = rest, value;
    for (std::size_t at = rest.find(" value"); at != std::string_view::npos;
         at = rest.find(" value", at + 1)) {
        std::size_t after = at + 6;
        if (after == rest.size() || rest[after] == ' ' || rest[after] == '\t') {
            name = trim(rest.substr(0, at));
            value = trim(rest.substr(after));
            break;
        }
    }
    if (engine_.searching()) {
        out_.line("info string options cannot change while searching; '" + quote_input(name) +
                  "' ignored");
        return;
    }
    if (iequals(name, "UCI_Variant")) {
        const Variant* v = find_variant(value);
        if (!v) {
            out_.line("info string unknown variant '" + quote_input(value) + "' (" +
                      variant_names() + ")");
            return;
        }
        variant_ = v;
        game_ = std::make_unique<Game>(*variant_);
        position_error_.reset();
        return;
    }
    if (iequals(name, "VariantPath")) {
        load_variant_path(value);
        return;
    }
    if (iequals(name, "Ponder")) {
        if (value != "true" && value != "false")
            out_.line("info string Ponder takes true or false");
        else
            ponder_option_ = value == "true";
        return;
    }
    if (auto error = engine_.set_option(name, value))
        out_.line("info string " + quote_input(*error, 200));
}

// position startpos|fen <fen> [moves <m1> <m2> ...]. A bad FEN or move leaves no position
// at all: searching the one before would answer a move for a game the GUI is not playing.
void Session::set_position(std::string_view args) {
    auto refuse = [&](std::string why) {
        out_.line("info string " + why + "; no position until the next good 'position'");
        position_error_ = std::move(why);
    };
    auto [kind, rest] = split_word(args);
    std::string_view fen_text, moves_text;
    std::size_t moves_at = rest.find("moves");
    std::string_view before_moves =
        moves_at == std::string_view::npos ? rest : trim(rest.substr(0, moves_at));
    if (moves_at != std::string_view::npos) moves_text = trim(rest.substr(moves_at + 5));

    std::unique_ptr<Game> game;
    if (kind == "startpos") {
        if (!before_moves.empty())
            return refuse("position startpos takes only 'moves' after it, not '" +
                          quote_input(before_moves) + "'");
        game = std::make_unique<Game>(*variant_);
    } else if (kind == "fen") {
        fen_text = before_moves;
        auto pos = Position::from_fen(*variant_, fen_text);
        if (!pos) return refuse("bad FEN '" + quote_input(fen_text, 100) + "': " + pos.error());
        game = std::make_unique<Game>(*pos);
    } else {
        return refuse("position needs 'startpos' or 'fen <fen>'");
    }
    for (int ply = 1; !moves_text.empty(); ++ply) {
        auto [word, more] = split_word(moves_text);
        moves_text = more;
        auto move = parse_uci_move(game->position(), word);
        if (!move)
            return refuse("move " + std::to_string(ply) + " '" + quote_input(word) +
                          "' is illegal or malformed: " + move.error());
        game->play(*move);
    }
    game_ = std::move(game);
    position_error_.reset();
}

bool Session::position_usable() {
    if (position_error_) out_.line("info string no position to use: " + *position_error_);
    return !position_error_;
}

void Session::display() {
    if (!position_usable()) return;
    out_.line(describe_position(game_->position()));
}

void Session::evaluate() {
    if (!position_usable()) return;
    const Position& pos = game_->position();
    const engine::EvalWeights& weights = engine::weights_for(pos.variant());
    engine::Value v = engine::evaluate(pos, weights);
    out_.line("info string static evaluation " +
              std::to_string(engine::to_centipawns(v, engine::pawn_value(weights))) +
              " cp (side to move; " + std::to_string(v) + " evaluation units, a pawn " +
              std::to_string(engine::pawn_value(weights)) + ")");
    if (auto net = engine_.nnue_evaluation(pos))
        out_.line("info string NNUE evaluation " +
                  std::to_string(engine::to_centipawns(*net, engine::pawn_value(weights))) +
                  " cp (side to move; " + std::to_string(*net) + " evaluation units)");
}

} // namespace evo::uci
