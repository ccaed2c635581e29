#include "nnue_eval.h"

#include "score_unit.h"

#include "nnue/embedded.h"
#include "nnue/features.h"
#include "nnue/net_file.h"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace evo::engine {
namespace {

// The net of `family` among `built_in`, decoded and quantised once a process: every engine
// shares it (datagen makes an engine a game). Nullptr with `why` set when that net is unusable;
// nullptr with `why` empty when `built_in` has none for the family.
const nnue::QuantisedNet* built_in_net(std::span<const nnue::EmbeddedNet> built_in,
                                       std::string_view family, std::string& why) {
    const nnue::EmbeddedNet* shipped = nnue::find_embedded_net(built_in, family);
    if (!shipped) return nullptr;
    // Keyed by the embedded bytes: they live as long as the process.
    static std::mutex mutex;
    static std::map<const std::uint8_t*, std::unique_ptr<const nnue::QuantisedNet>> nets;
    std::lock_guard lock(mutex);
    if (auto found = nets.find(shipped->bytes.data()); found != nets.end())
        return found->second.get();
    auto decoded = nnue::decode_net({shipped->bytes.begin(), shipped->bytes.end()});
    if (!decoded) {
        why = decoded.error();
        return nullptr;
    }
    if (auto unusable = unusable_net(*decoded)) {
        why = *unusable;
        return nullptr;
    }
    auto net = std::make_unique<const nnue::QuantisedNet>(nnue::quantise(*decoded));
    return nets.emplace(shipped->bytes.data(), std::move(net)).first->second.get();
}

} // namespace

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
    if (!net) return "EvalFile: " + net.error() + "; the built-in evaluation stays in use";
    if (auto why = unusable_net(*net))
        return "EvalFile: " + path + ": " + *why + "; the built-in evaluation stays in use";
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
    } else {
        std::string why;
        net = built_in_net(built_in_, family, why);
        if (!why.empty()) return refuse("the built-in net " + std::string(family) + ": " + why);
        if (!net && !asked_for_net_) return {};
        if (!net)
            return refuse("no net is built in for variant " + std::string(variant.name) +
                          " (family " + std::string(family) + "); set EvalFile to a net file");
    }
    return {net, nnue::units_per_output(*net, pawn_value(variant))};
}

} // namespace evo::engine
