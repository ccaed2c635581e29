// Cases from an independent implementation of RULES.md (a copy of the public share of
// shared/rules-check), run through the library: perft divides and move lists with SAN.
#include "core/perft.h"
#include "test_util.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <map>

namespace evo {
namespace {

struct RuleCase {
    nlohmann::json data;
    std::string name;
};

std::vector<RuleCase> load_cases() {
    std::vector<RuleCase> cases;
    std::ifstream in(EVO_TEST_DATA_DIR "/rules-cases.jsonl");
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        RuleCase c{nlohmann::json::parse(line), {}};
        for (char ch : c.data["id"].get<std::string>()) c.name += std::isalnum(ch) ? ch : '_';
        cases.push_back(std::move(c));
    }
    return cases;
}

class IndependentRuleCase : public ::testing::TestWithParam<RuleCase> {};

TEST_P(IndependentRuleCase, Agrees) {
    const auto& c = GetParam().data;
    Position pos = test::load(c["variant"].get<std::string>(), c["fen"].get<std::string>());
    if (c["kind"] == "perft") {
        PerftDivide got = perft_divide(pos, c["depth"].get<int>());
        std::map<std::string, std::uint64_t> want, have(got.moves.begin(), got.moves.end());
        for (auto& [k, v] : c["divide"].items()) want[k] = v.get<std::uint64_t>();
        EXPECT_EQ(have, want);
        EXPECT_EQ(got.total, c["nodes"].get<std::uint64_t>());
    } else {
        std::map<std::string, std::string> want, have;
        for (auto& m : c["moves"]) want[m[0].get<std::string>()] = m[1].get<std::string>();
        MoveList list;
        generate_legal(pos, list);
        for (Move m : list) have[to_uci(pos, m)] = to_san(pos, m);
        EXPECT_EQ(have, want);
    }
}

INSTANTIATE_TEST_SUITE_P(RulesCheck, IndependentRuleCase, ::testing::ValuesIn(load_cases()),
                         [](const auto& info) { return info.param.name; });

} // namespace
} // namespace evo
