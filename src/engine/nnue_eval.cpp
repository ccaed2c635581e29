#include "nnue_eval.h"

#include "score_unit.h"

#include "nnue/embedded.h"
#include "nnue/features.h"
#include "nnue/net_file.h"

#include <algorithm>
#include <vector>

namespace evo::engine {

Value NnueEval::value(std::int64_t raw) const {
    std::int64_t units = nnue::raw_to_units(raw, units_per_output);
    return Value(std::clamp<std::int64_t>(units, -ValueMateInMaxPly + 1, ValueMateInMaxPly - 1));
}

std::optional<std::string> unusable_net(const nnue::Net& net) {
    if (net.feature_count != nnue::FeatureCount)
        return "the net has " + std::to_string(net.feature_count) +
               " inputs a perspective, the engine's features are " +
               std::to_string(nnue::FeatureCount);
    // The families are those the built-in variants pick their nets by (nnue::net_family).
    std::vector<std::string_view> families;
    for (const Variant& variant : builtin_variants()) {
        std::string_view family = nnue::net_family(variant);
        if (family == net.family) return std::nullopt;
        if (std::find(families.begin(), families.end(), family) == families.end())
            families.push_back(family);
    }
    std::string named;
    for (std::string_view family : families)
        named += (named.empty() ? "" : ", ") + std::string(family);
    return "the net's family '" + net.family + "' is none of " + named;
}

std::optional<std::string> NnueNets::set_eval_file(const std::string& path) {
    file_net_.reset();
    eval_file_.clear();
    if (path.empty() || path == "<empty>") return std::nullopt;
    auto net = nnue::load_net(path);
    if (!net) return "EvalFile: " + net.error() + "; the hand-written evaluation stays in use";
    if (auto why = unusable_net(*net))
        return "EvalFile: " + path + ": " + *why + "; the hand-written evaluation stays in use";
    file_net_ = std::make_unique<nnue::QuantisedNet>(nnue::quantise(*net));
    eval_file_ = path;
    return std::nullopt;
}

NnueEval NnueNets::for_variant(const Variant& variant, std::string* why_not) {
    if (!enabled_) return {};
    std::string_view family = nnue::net_family(variant);
    auto refuse = [&](std::string why) {
        if (why_not) *why_not = std::move(why) + "; the hand-written evaluation is used";
        return NnueEval{};
    };
    const nnue::QuantisedNet* net = nullptr;
    if (file_net_) {
        if (file_net_->family != family)
            return refuse("EvalFile " + eval_file_ + " holds a net of family '" +
                          file_net_->family + "', variant " + std::string(variant.name) +
                          " needs one of family '" + std::string(family) + "'");
        net = file_net_.get();
    } else if (auto found = embedded_.find(family); found != embedded_.end()) {
        net = found->second.get();
    } else {
        const nnue::EmbeddedNet* shipped = nnue::find_embedded_net(nnue::shipped_nets(), family);
        if (!shipped && !asked_for_net_) return {};
        if (!shipped)
            return refuse("no net is built in for variant " + std::string(variant.name) +
                          " (family " + std::string(family) + "); set EvalFile to a net file");
        auto decoded = nnue::decode_net({shipped->bytes.begin(), shipped->bytes.end()});
        if (!decoded)
            return refuse("the built-in net " + std::string(family) + ": " + decoded.error());
        if (auto why = unusable_net(*decoded))
            return refuse("the built-in net " + std::string(family) + ": " + *why);
        net = embedded_
                  .emplace(std::string(family),
                           std::make_unique<nnue::QuantisedNet>(nnue::quantise(*decoded)))
                  .first->second.get();
    }
    return {net, nnue::units_per_output(*net, pawn_value(variant))};
}

} // namespace evo::engine
