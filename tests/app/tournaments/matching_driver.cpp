// Reads graphs from standard input ("n m" and m lines "a b cost", one graph after another)
// and writes each one's min_cost_matching as a line of mates, for matching_vs_networkx.py.
#include "app/tournaments/min_cost_matching.h"

#include <iostream>
#include <vector>

int main() {
    int vertices = 0;
    int edge_count = 0;
    while (std::cin >> vertices >> edge_count) {
        std::vector<evo::app::MatchingEdge> edges(edge_count);
        for (auto& edge : edges) std::cin >> edge.a >> edge.b >> edge.cost;
        const auto mates = evo::app::min_cost_matching(vertices, edges);
        for (int v = 0; v < vertices; ++v) std::cout << (v ? " " : "") << mates[v];
        std::cout << '\n';
    }
    return 0;
}
