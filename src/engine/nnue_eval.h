// The learned evaluation in the engine (docs/nnue.md, "Inference"): which net evaluates a
// variant (the UCI options `Use NNUE` and `EvalFile`, the nets embedded from nets/), and its
// output in the engine's evaluation units.
#pragma once

#include "value.h"

#include "nnue/accumulator.h"
#include "nnue/embedded.h"
#include "nnue/quantised.h"

#include "core/variant.h"

#include <memory>
#include <optional>
#include <span>
#include <string>

namespace evo::engine {

// What a search evaluates with: a net (net == nullptr: the hand-written evaluation).
struct NnueEval {
    const nnue::QuantisedNet* net = nullptr;
    std::int64_t units_per_output = 0;

    // A raw output in evaluation units, kept off the mate scores.
    Value value(std::int64_t raw) const;
};

class NnueNets {
  public:
    // `built_in`: the nets a variant's family finds without EvalFile (the binary's own, or a
    // test's list).
    explicit NnueNets(std::span<const nnue::EmbeddedNet> built_in = nnue::shipped_nets())
        : built_in_(built_in) {}

    // On by default: a variant whose family has a net evaluates with it, the others with the
    // hand-written evaluation. Turning it on (the UCI option set to true) asks for a net, so
    // a variant without one is then said to have none.
    void set_enabled(bool on) {
        enabled_ = on;
        asked_for_net_ = on;
    }
    bool enabled() const { return enabled_; }
    // Loads the net file at `path` (empty: none, the embedded nets are used). A file that
    // cannot be used is refused with an error that names it, and no file net is kept.
    std::optional<std::string> set_eval_file(const std::string& path);
    const std::string& eval_file() const { return eval_file_; }

    // The net for `variant` (none when disabled), or why there is none: a net file of
    // another family, or (when a net was asked for) no file and no built-in net for the family.
    NnueEval for_variant(const Variant& variant, std::string* why_not = nullptr);

  private:
    std::span<const nnue::EmbeddedNet> built_in_;
    bool enabled_ = true;
    bool asked_for_net_ = false;
    std::string eval_file_;
    std::unique_ptr<nnue::QuantisedNet> file_net_;
};

// A float net the engine can use: the engine's feature count. Else why not.
std::optional<std::string> unusable_net(const nnue::Net& net);

} // namespace evo::engine
