#include "variant.h"

#include <deque>
#include <mutex>
#include <set>

namespace evo {

namespace {

// `constexpr Variant Builtin[]`, generated at build time from src/variants/builtin.ini by
// variants_codegen (src/variants/CMakeLists.txt): the file is the one definition.
#include "builtin_variants.inc"

// Variants registered at run time. Definitions are never freed: a Position holds a pointer
// to its Variant, so a replaced definition stays valid for the games still using it.
struct Registry {
    std::mutex mutex;
    std::deque<std::unique_ptr<VariantDefinition>> storage;
    std::vector<const Variant*> active; // in registration order; one per name
};

Registry& registry() {
    static Registry r;
    return r;
}

const Variant* find_builtin(std::string_view name) {
    for (const Variant& v : Builtin)
        if (v.name == name) return &v;
    return nullptr;
}

} // namespace

const Variant& chess_variant() {
    static const Variant* chess = find_builtin("chess");
    return *chess; // variants_codegen refuses a built-in file without "chess"
}

std::span<const Variant> builtin_variants() {
    return Builtin;
}

const Variant* find_variant(std::string_view name) {
    if (const Variant* v = find_builtin(name)) return v;
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    for (const Variant* v : r.active)
        if (v->name == name) return v;
    return nullptr;
}

std::vector<const Variant*> all_variants() {
    std::vector<const Variant*> out;
    for (const Variant& v : Builtin) out.push_back(&v);
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    out.insert(out.end(), r.active.begin(), r.active.end());
    return out;
}

std::string variant_names() {
    std::string out;
    for (const Variant* v : all_variants()) {
        if (!out.empty()) out += ", ";
        out += v->name;
    }
    return out;
}

Result<std::vector<const Variant*>> register_variants(std::vector<VariantDefinition> definitions) {
    std::set<std::string> seen;
    for (const VariantDefinition& d : definitions) {
        if (d.name.empty()) return make_error(ErrorKind::InvalidVariant, "a variant needs a name");
        if (find_builtin(d.name))
            return make_error(ErrorKind::InvalidVariant,
                              "'" + d.name + "' is a built-in variant and cannot be redefined");
        if (!seen.insert(d.name).second)
            return make_error(ErrorKind::InvalidVariant,
                              "variant '" + d.name + "' is defined twice");
    }
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    std::vector<const Variant*> added;
    for (VariantDefinition& d : definitions) {
        auto stored = std::make_unique<VariantDefinition>(std::move(d));
        stored->bind();
        const Variant* v = &stored->rules;
        r.storage.push_back(std::move(stored));
        bool replaced = false;
        for (const Variant*& old : r.active)
            if (old->name == v->name) old = v, replaced = true;
        if (!replaced) r.active.push_back(v);
        added.push_back(v);
    }
    return added;
}

} // namespace evo
