#include "min_cost_matching.h"

#include <algorithm>
#include <optional>

namespace evo::app {

namespace {

// The primal-dual blossom algorithm on weights w = (largest cost - cost), maximum cardinality
// first. Vertices are 0..n-1, blossoms n..2n-1; edge k has endpoints 2k and 2k+1; dual values
// are kept doubled so that they stay whole numbers.
class BlossomMatcher {
  public:
    BlossomMatcher(int vertices, std::span<const MatchingEdge> edges)
        : n_(vertices), edge_count_(static_cast<int>(edges.size())) {
        std::int64_t largest_cost = 0;
        for (const auto& e : edges) largest_cost = std::max(largest_cost, e.cost);
        endpoint_.resize(2 * edge_count_);
        weight_.resize(edge_count_);
        neighbour_ends_.resize(n_);
        for (int k = 0; k < edge_count_; ++k) {
            endpoint_[2 * k] = edges[k].a;
            endpoint_[2 * k + 1] = edges[k].b;
            weight_[k] = largest_cost - edges[k].cost;
            neighbour_ends_[edges[k].a].push_back(2 * k + 1);
            neighbour_ends_[edges[k].b].push_back(2 * k);
        }
        std::int64_t largest_weight = 0;
        for (auto w : weight_) largest_weight = std::max(largest_weight, w);
        mate_.assign(n_, -1);
        label_.assign(2 * n_, 0);
        label_end_.assign(2 * n_, -1);
        in_blossom_.resize(n_);
        for (int v = 0; v < n_; ++v) in_blossom_[v] = v;
        parent_.assign(2 * n_, -1);
        children_.assign(2 * n_, {});
        base_.assign(2 * n_, -1);
        for (int v = 0; v < n_; ++v) base_[v] = v;
        child_ends_.assign(2 * n_, {});
        best_edge_.assign(2 * n_, -1);
        best_edges_.assign(2 * n_, std::nullopt);
        dual_.assign(2 * n_, 0);
        for (int v = 0; v < n_; ++v) dual_[v] = largest_weight;
        allowed_.assign(edge_count_, false);
        for (int b = 2 * n_ - 1; b >= n_; --b) unused_.push_back(b);
    }

    std::vector<int> run() {
        if (edge_count_ == 0) return std::vector<int>(n_, -1);
        for (int stage = 0; stage < n_; ++stage) {
            if (!augment_once()) break;
            // Blossoms with a zero dual at the end of a stage are no longer needed.
            for (int b = n_; b < 2 * n_; ++b)
                if (parent_[b] == -1 && base_[b] >= 0 && label_[b] == 1 && dual_[b] == 0)
                    expand(b, true);
        }
        std::vector<int> mates(n_, -1);
        for (int v = 0; v < n_; ++v)
            if (mate_[v] >= 0) mates[v] = endpoint_[mate_[v]];
        return mates;
    }

  private:
    int n_;
    int edge_count_;
    std::vector<int> endpoint_;
    std::vector<std::int64_t> weight_;
    std::vector<std::vector<int>> neighbour_ends_;
    std::vector<int> mate_;  // the remote endpoint of a vertex's matched edge
    std::vector<int> label_; // 0 free, 1 S, 2 T, 5 a breadcrumb of scan
    std::vector<int> label_end_;
    std::vector<int> in_blossom_;
    std::vector<int> parent_;
    std::vector<std::vector<int>> children_;
    std::vector<int> base_;
    std::vector<std::vector<int>> child_ends_;
    std::vector<int> best_edge_;
    std::vector<std::optional<std::vector<int>>> best_edges_;
    std::vector<std::int64_t> dual_;
    std::vector<bool> allowed_;
    std::vector<int> unused_;
    std::vector<int> queue_;

    std::int64_t slack(int k) const {
        return dual_[endpoint_[2 * k]] + dual_[endpoint_[2 * k + 1]] - 2 * weight_[k];
    }

    void leaves(int b, std::vector<int>& out) const {
        if (b < n_) {
            out.push_back(b);
            return;
        }
        for (int child : children_[b]) leaves(child, out);
    }
    std::vector<int> leaves(int b) const {
        std::vector<int> out;
        leaves(b, out);
        return out;
    }

    static int wrap(int j, int size) { return ((j % size) + size) % size; }

    // The walk round a blossom's `size` children from the one at `index` to its base (index 0):
    // forward from an odd index (counting from index - size), backward from an even one, so the
    // path has even length; `trick` picks which end of each child's edge the walk crosses.
    struct BaseWalk {
        int j;
        int step;
        int trick;
    };
    static BaseWalk walk_to_base(int index, int size) {
        if (index & 1) return {index - size, 1, 0};
        return {index, -1, 1};
    }

    void assign_label(int w, int t, int p) {
        const int b = in_blossom_[w];
        label_[w] = label_[b] = t;
        label_end_[w] = label_end_[b] = p;
        best_edge_[w] = best_edge_[b] = -1;
        if (t == 1) {
            leaves(b, queue_);
        } else {
            const int base = base_[b];
            assign_label(endpoint_[mate_[base]], 1, mate_[base] ^ 1);
        }
    }

    // The base of the blossom an edge between two S vertices closes, or -1 when the edge
    // joins two trees (an augmenting path).
    int scan(int v, int w) {
        std::vector<int> path;
        int base = -1;
        while (v != -1 || w != -1) {
            int b = in_blossom_[v];
            if (label_[b] & 4) {
                base = base_[b];
                break;
            }
            path.push_back(b);
            label_[b] = 5;
            if (label_end_[b] == -1) {
                v = -1;
            } else {
                v = endpoint_[label_end_[b]];
                b = in_blossom_[v];
                v = endpoint_[label_end_[b]];
            }
            if (w != -1) std::swap(v, w);
        }
        for (int b : path) label_[b] = 1;
        return base;
    }

    void add_blossom(int base, int k) {
        int v = endpoint_[2 * k];
        int w = endpoint_[2 * k + 1];
        const int bb = in_blossom_[base];
        int bv = in_blossom_[v];
        int bw = in_blossom_[w];
        const int b = unused_.back();
        unused_.pop_back();
        base_[b] = base;
        parent_[b] = -1;
        parent_[bb] = b;
        std::vector<int> path;
        std::vector<int> ends;
        while (bv != bb) {
            parent_[bv] = b;
            path.push_back(bv);
            ends.push_back(label_end_[bv]);
            v = endpoint_[label_end_[bv]];
            bv = in_blossom_[v];
        }
        path.push_back(bb);
        std::reverse(path.begin(), path.end());
        std::reverse(ends.begin(), ends.end());
        ends.push_back(2 * k);
        while (bw != bb) {
            parent_[bw] = b;
            path.push_back(bw);
            ends.push_back(label_end_[bw] ^ 1);
            w = endpoint_[label_end_[bw]];
            bw = in_blossom_[w];
        }
        children_[b] = path;
        child_ends_[b] = ends;
        label_[b] = 1;
        label_end_[b] = label_end_[bb];
        dual_[b] = 0;
        for (int leaf : leaves(b)) {
            if (label_[in_blossom_[leaf]] == 2) queue_.push_back(leaf);
            in_blossom_[leaf] = b;
        }
        std::vector<int> best_to(2 * n_, -1);
        for (int child : path) {
            std::vector<int> candidates;
            if (best_edges_[child]) {
                candidates = *best_edges_[child];
            } else {
                for (int leaf : leaves(child))
                    for (int p : neighbour_ends_[leaf]) candidates.push_back(p / 2);
            }
            for (int edge : candidates) {
                int i = endpoint_[2 * edge];
                int j = endpoint_[2 * edge + 1];
                if (in_blossom_[j] == b) std::swap(i, j);
                const int bj = in_blossom_[j];
                if (bj != b && label_[bj] == 1 &&
                    (best_to[bj] == -1 || slack(edge) < slack(best_to[bj])))
                    best_to[bj] = edge;
            }
            best_edges_[child].reset();
            best_edge_[child] = -1;
        }
        std::vector<int> best;
        for (int edge : best_to)
            if (edge != -1) best.push_back(edge);
        best_edge_[b] = -1;
        for (int edge : best)
            if (best_edge_[b] == -1 || slack(edge) < slack(best_edge_[b])) best_edge_[b] = edge;
        best_edges_[b] = std::move(best);
    }

    void expand(int b, bool end_of_stage) {
        for (int child : children_[b]) {
            parent_[child] = -1;
            if (child < n_)
                in_blossom_[child] = child;
            else if (end_of_stage && dual_[child] == 0)
                expand(child, end_of_stage);
            else
                for (int leaf : leaves(child)) in_blossom_[leaf] = child;
        }
        if (!end_of_stage && label_[b] == 2) {
            // Relabel the sub-blossoms from the one through which the blossom got its label
            // round to the base.
            const auto& kids = children_[b];
            const auto& ends = child_ends_[b];
            const int size = static_cast<int>(kids.size());
            const int entry = in_blossom_[endpoint_[label_end_[b] ^ 1]];
            auto [j, step, trick] = walk_to_base(
                static_cast<int>(std::find(kids.begin(), kids.end(), entry) - kids.begin()), size);
            int p = label_end_[b];
            while (j != 0) {
                label_[endpoint_[p ^ 1]] = 0;
                label_[endpoint_[ends[wrap(j - trick, size)] ^ trick ^ 1]] = 0;
                assign_label(endpoint_[p ^ 1], 2, p);
                allowed_[ends[wrap(j - trick, size)] / 2] = true;
                j += step;
                p = ends[wrap(j - trick, size)] ^ trick;
                allowed_[p / 2] = true;
                j += step;
            }
            const int bv = kids[wrap(j, size)];
            label_[endpoint_[p ^ 1]] = label_[bv] = 2;
            label_end_[endpoint_[p ^ 1]] = label_end_[bv] = p;
            best_edge_[bv] = -1;
            j += step;
            while (kids[wrap(j, size)] != entry) {
                const int child = kids[wrap(j, size)];
                if (label_[child] == 1) {
                    j += step;
                    continue;
                }
                int reached = -1;
                for (int leaf : leaves(child))
                    if (label_[leaf] != 0) {
                        reached = leaf;
                        break;
                    }
                if (reached != -1) {
                    label_[reached] = 0;
                    label_[endpoint_[mate_[base_[child]]]] = 0;
                    assign_label(reached, 2, label_end_[reached]);
                }
                j += step;
            }
        }
        label_[b] = label_end_[b] = -1;
        children_[b].clear();
        child_ends_[b].clear();
        base_[b] = -1;
        best_edges_[b].reset();
        best_edge_[b] = -1;
        unused_.push_back(b);
    }

    // Swap matched and unmatched edges along the even path from vertex v to the base of b.
    void augment_blossom(int b, int v) {
        int t = v;
        while (parent_[t] != b) t = parent_[t];
        if (t >= n_) augment_blossom(t, v);
        auto& kids = children_[b];
        auto& ends = child_ends_[b];
        const int size = static_cast<int>(kids.size());
        const int i = static_cast<int>(std::find(kids.begin(), kids.end(), t) - kids.begin());
        auto [j, step, trick] = walk_to_base(i, size);
        while (j != 0) {
            j += step;
            t = kids[wrap(j, size)];
            const int p = ends[wrap(j - trick, size)] ^ trick;
            if (t >= n_) augment_blossom(t, endpoint_[p]);
            j += step;
            t = kids[wrap(j, size)];
            if (t >= n_) augment_blossom(t, endpoint_[p ^ 1]);
            mate_[endpoint_[p]] = p ^ 1;
            mate_[endpoint_[p ^ 1]] = p;
        }
        std::rotate(kids.begin(), kids.begin() + i, kids.end());
        std::rotate(ends.begin(), ends.begin() + i, ends.end());
        base_[b] = base_[kids[0]];
    }

    void augment_matching(int k) {
        const int ends_of_edge[2][2] = {{endpoint_[2 * k], 2 * k + 1},
                                        {endpoint_[2 * k + 1], 2 * k}};
        for (const auto& start : ends_of_edge) {
            int s = start[0];
            int p = start[1];
            while (true) {
                const int bs = in_blossom_[s];
                if (bs >= n_) augment_blossom(bs, s);
                mate_[s] = p;
                if (label_end_[bs] == -1) break;
                const int t = endpoint_[label_end_[bs]];
                const int bt = in_blossom_[t];
                s = endpoint_[label_end_[bt]];
                const int j = endpoint_[label_end_[bt] ^ 1];
                if (bt >= n_) augment_blossom(bt, j);
                mate_[j] = label_end_[bt];
                p = label_end_[bt] ^ 1;
            }
        }
    }

    // One stage: grow alternating trees from the single vertices and change the duals until
    // an augmenting path is found (true) or none exists (false).
    bool augment_once() {
        std::fill(label_.begin(), label_.end(), 0);
        std::fill(best_edge_.begin(), best_edge_.end(), -1);
        for (int b = n_; b < 2 * n_; ++b) best_edges_[b].reset();
        std::fill(allowed_.begin(), allowed_.end(), false);
        queue_.clear();
        for (int v = 0; v < n_; ++v)
            if (mate_[v] == -1 && label_[in_blossom_[v]] == 0) assign_label(v, 1, -1);
        while (true) {
            while (!queue_.empty()) {
                const int v = queue_.back();
                queue_.pop_back();
                for (int p : neighbour_ends_[v]) {
                    const int k = p / 2;
                    const int w = endpoint_[p];
                    if (in_blossom_[v] == in_blossom_[w]) continue;
                    std::int64_t k_slack = 0;
                    if (!allowed_[k]) {
                        k_slack = slack(k);
                        if (k_slack <= 0) allowed_[k] = true;
                    }
                    if (allowed_[k]) {
                        if (label_[in_blossom_[w]] == 0) {
                            assign_label(w, 2, p ^ 1);
                        } else if (label_[in_blossom_[w]] == 1) {
                            const int base = scan(v, w);
                            if (base >= 0) {
                                add_blossom(base, k);
                            } else {
                                augment_matching(k);
                                return true;
                            }
                        } else if (label_[w] == 0) {
                            label_[w] = 2;
                            label_end_[w] = p ^ 1;
                        }
                    } else if (label_[in_blossom_[w]] == 1) {
                        const int b = in_blossom_[v];
                        if (best_edge_[b] == -1 || k_slack < slack(best_edge_[b]))
                            best_edge_[b] = k;
                    } else if (label_[w] == 0) {
                        if (best_edge_[w] == -1 || k_slack < slack(best_edge_[w]))
                            best_edge_[w] = k;
                    }
                }
            }
            // No tight edge left: change the duals by the least delta that makes one.
            int delta_type = -1;
            std::int64_t delta = 0;
            int delta_edge = -1;
            int delta_blossom = -1;
            for (int v = 0; v < n_; ++v)
                if (label_[in_blossom_[v]] == 0 && best_edge_[v] != -1) {
                    const std::int64_t d = slack(best_edge_[v]);
                    if (delta_type == -1 || d < delta) {
                        delta = d;
                        delta_type = 2;
                        delta_edge = best_edge_[v];
                    }
                }
            for (int b = 0; b < 2 * n_; ++b)
                if (parent_[b] == -1 && label_[b] == 1 && best_edge_[b] != -1) {
                    const std::int64_t d = slack(best_edge_[b]) / 2;
                    if (delta_type == -1 || d < delta) {
                        delta = d;
                        delta_type = 3;
                        delta_edge = best_edge_[b];
                    }
                }
            for (int b = n_; b < 2 * n_; ++b)
                if (base_[b] >= 0 && parent_[b] == -1 && label_[b] == 2 &&
                    (delta_type == -1 || dual_[b] < delta)) {
                    delta = dual_[b];
                    delta_type = 4;
                    delta_blossom = b;
                }
            if (delta_type == -1) {
                // Maximum cardinality reached: a last dual change and the end.
                delta_type = 1;
                delta =
                    std::max<std::int64_t>(0, *std::min_element(dual_.begin(), dual_.begin() + n_));
            }
            for (int v = 0; v < n_; ++v) {
                if (label_[in_blossom_[v]] == 1)
                    dual_[v] -= delta;
                else if (label_[in_blossom_[v]] == 2)
                    dual_[v] += delta;
            }
            for (int b = n_; b < 2 * n_; ++b)
                if (base_[b] >= 0 && parent_[b] == -1) {
                    if (label_[b] == 1)
                        dual_[b] += delta;
                    else if (label_[b] == 2)
                        dual_[b] -= delta;
                }
            if (delta_type == 1) return false;
            if (delta_type == 2) {
                allowed_[delta_edge] = true;
                int i = endpoint_[2 * delta_edge];
                if (label_[in_blossom_[i]] == 0) i = endpoint_[2 * delta_edge + 1];
                queue_.push_back(i);
            } else if (delta_type == 3) {
                allowed_[delta_edge] = true;
                queue_.push_back(endpoint_[2 * delta_edge]);
            } else {
                expand(delta_blossom, false);
            }
        }
    }
};

} // namespace

std::vector<int> min_cost_matching(int vertices, std::span<const MatchingEdge> edges) {
    return BlossomMatcher(vertices, edges).run();
}

} // namespace evo::app
