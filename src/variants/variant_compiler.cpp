#include "variant_compiler.h"

#include "field_words.h"
#include "variant_fields.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <vector>

namespace evo::variants {

namespace {

VariantDefinition definition_of(const Variant& v) {
    VariantDefinition d;
    d.rules = v;
    d.name = v.name;
    d.start_fen = v.start_fen;
    d.display_name = v.display_name;
    d.description = v.description;
    return d;
}

std::string field_list() {
    std::string out;
    for (const FieldInfo& f : variant_fields())
        out += (out.empty() ? "" : ", ") + std::string(f.name);
    return out;
}

bool promotes_to(const Variant& v, PieceType t) {
    auto p = v.promotions();
    return std::find(p.begin(), p.end(), t) != p.end();
}

// Settings that cannot hold together: the field to blame and why, or nothing.
std::optional<std::pair<std::string, std::string>> contradiction(const Variant& v) {
    if (v.has_evolution()) {
        if (v.minor_right_pawn_moves < 1)
            return {{"minor_right_pawn_moves", "evolution needs at least 1 pawn move per right"}};
        if (v.rook_right_captures < 1)
            return {{"rook_right_captures", "evolution needs at least 1 capture per right"}};
        if (v.king_becomes_cthulhu || v.promotion_either_color ||
            v.draws_won_by_first_king_promoter || v.scores_points)
            return {{"evolution",
                     "cannot be combined with king_becomes_cthulhu, promotion_either_color, "
                     "draws_won_by_first_king_promoter or scores_points: the seventh FEN field "
                     "holds either the evolution counters or the Promote King state (RULES 5.1)"}};
    }
    if (v.direct_rook_promotion && v.evolution != Evolution::Expire)
        return {{"direct_rook_promotion",
                 "needs evolution = expire (RULES 3.4: both rights earned by one move)"}};
    if (promotes_to(v, Pawn) && !v.pawns_on_back_ranks)
        return {{"promotion_pieces",
                 "'p' keeps a pawn on the last rank: it needs pawns_on_back_ranks = true"}};
    if (v.promoted_rooks_grant_castling) {
        if (!promotes_to(v, Rook))
            return {{"promoted_rooks_grant_castling", "needs 'r' in promotion_pieces"}};
        if (!v.tracks_unmoved_king)
            return {{"promoted_rooks_grant_castling",
                     "needs tracks_unmoved_king = true (a right needs a king that never moved)"}};
        if (!v.ordinary_castling && !v.vertical_castling)
            return {
                {"promoted_rooks_grant_castling", "needs ordinary_castling or vertical_castling"}};
    }
    if (v.draws_won_by_first_king_promoter && !v.king_becomes_cthulhu)
        return {{"draws_won_by_first_king_promoter", "needs king_becomes_cthulhu = true"}};
    return std::nullopt;
}

ExtraState extra_state_of(const Variant& v) {
    if (v.has_evolution()) return ExtraState::EvolutionCounters;
    if (v.king_becomes_cthulhu || v.promotion_either_color || v.draws_won_by_first_king_promoter ||
        v.scores_points)
        return ExtraState::PromoteKing;
    return ExtraState::None;
}

class Compiler {
  public:
    Compiler(const std::vector<IniSection>& sections, const std::string& file,
             std::span<const Variant> bases)
        : sections_(sections), file_(file), bases_(bases) {
        for (std::size_t i = 0; i < sections.size(); ++i) index_[sections[i].name] = i;
    }

    Outcome<std::vector<CompiledVariant>> run() {
        for (std::size_t i = 0; i < sections_.size(); ++i)
            if (!resolve(i)) return *error_;
        std::vector<CompiledVariant> out;
        for (auto& c : done_) out.push_back(std::move(*c));
        return out;
    }

  private:
    const Variant* base(std::string_view name) const {
        for (const Variant& v : bases_)
            if (v.name == name) return &v;
        return nullptr;
    }

    bool fail(ErrorKind kind, int line, const std::string& variant, std::string field,
              std::string why) {
        error_ = FileError{kind, file_, line, variant, std::move(field), std::move(why)};
        return false;
    }

    bool resolve(std::size_t i) {
        if (done_.size() < sections_.size()) done_.resize(sections_.size());
        if (done_[i]) return true;
        const IniSection& s = sections_[i];
        if (visiting_.count(i)) {
            std::string chain;
            for (std::size_t j : path_) chain += sections_[j].name + " -> ";
            return fail(ErrorKind::Cycle, s.line, s.name, "",
                        "its parents lead back to it: " + chain + s.name);
        }
        if (base(s.name))
            return fail(ErrorKind::Duplicate, s.line, s.name, "",
                        "a built-in variant has this name; give yours another");

        CompiledVariant c;
        std::string parent_display;
        if (!s.parent.empty()) {
            if (auto it = index_.find(s.parent); it != index_.end()) {
                visiting_.insert(i);
                path_.push_back(i);
                bool ok = resolve(it->second);
                path_.pop_back();
                visiting_.erase(i);
                if (!ok) return false;
                c = *done_[it->second];
            } else if (const Variant* b = base(s.parent)) {
                c.definition = definition_of(*b);
                c.start_fen_line = 0;
            } else {
                std::string known;
                for (const Variant& v : bases_)
                    known += (known.empty() ? "" : ", ") + std::string(v.name);
                return fail(ErrorKind::UnknownParent, s.line, s.name, "",
                            "parent '" + s.parent + "' is neither in this file nor built in (" +
                                (known.empty() ? "none" : known) + ")");
            }
            parent_display = c.definition.display_name;
        }
        c.line = s.line;
        c.definition.name = s.name;
        c.definition.display_name = s.name; // display name and description are not inherited
        c.definition.description.clear();

        std::vector<std::string> changes;
        for (const IniEntry& e : s.entries) {
            if (!is_field(e.key))
                return fail(ErrorKind::UnknownField, e.line, s.name, e.key,
                            "not a field of a variant (fields: " + field_list() + ")");
            if (auto why = set_field(c.definition, e.key, e.value))
                return fail(ErrorKind::BadValue, e.line, s.name, e.key, *why);
            if (e.key == "start_fen") c.start_fen_line = e.line;
            if (e.key != "display_name" && e.key != "description")
                changes.push_back(field_in_words(e.key, e.value));
        }
        if (s.parent.empty())
            for (const FieldInfo& f : variant_fields()) {
                bool given = std::any_of(s.entries.begin(), s.entries.end(),
                                         [&](const IniEntry& e) { return e.key == f.name; });
                if (f.rule && !given)
                    return fail(ErrorKind::MissingField, s.line, s.name, std::string(f.name),
                                "not set; a variant without a parent sets every rule field "
                                "(or name a parent: [" +
                                    s.name + ":chess])");
            }
        // The default description says what the variant changes, in words (the dialog's text).
        std::string changed;
        for (std::size_t k = 0; k < changes.size(); ++k)
            changed = join_in_words(changed, changes[k], k + 1 == changes.size());
        if (c.definition.description.empty())
            c.definition.description = s.parent.empty() ? c.definition.display_name
                                       : changed.empty()
                                           ? "As " + parent_display + "."
                                           : "As " + parent_display + ", with " + changed + ".";

        Variant& v = c.definition.rules;
        if (auto bad = contradiction(v)) {
            int line = s.line;
            for (const IniEntry& e : s.entries)
                if (e.key == bad->first) line = e.line;
            return fail(ErrorKind::Contradiction, line, s.name, bad->first, bad->second);
        }
        v.extra_state = extra_state_of(v);
        if (!v.has_evolution()) v.minor_right_pawn_moves = v.rook_right_captures = 0;
        c.definition.bind();
        done_[i] = std::move(c);
        return true;
    }

    const std::vector<IniSection>& sections_;
    const std::string& file_;
    std::span<const Variant> bases_;
    std::map<std::string, std::size_t> index_;
    std::vector<std::optional<CompiledVariant>> done_;
    std::set<std::size_t> visiting_;
    std::vector<std::size_t> path_;
    std::optional<FileError> error_;
};

} // namespace

Outcome<std::vector<CompiledVariant>> compile_variants(const std::vector<IniSection>& sections,
                                                       const std::string& file,
                                                       std::span<const Variant> bases) {
    return Compiler(sections, file, bases).run();
}

} // namespace evo::variants
