// Texel tuning: fits every evaluation weight so that a sigmoid of the static evaluation
// predicts the results of self-play games (datagen.cpp). The evaluation is linear in its
// weights (eval.h), so each position is traced once into sparse counts and the fit is plain
// gradient descent (Adam) on the mean squared error.
//
// usage:
//   evochess_tune defaults DIR                 write the hand-set weights as DIR/<variant>.inc
//   evochess_tune fit VARIANT DATA OUT [EPOCHS] fit from DATA ("FEN|result" lines) into OUT
#include "weights_file.h"

#include "engine/eval.h"

#include "core/position.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

using namespace evo;

namespace {

struct Entry {
    std::uint16_t index;
    std::int16_t count;
};

struct Sample {
    std::uint32_t first; // into the entries array
    std::uint16_t size;
    std::uint8_t phase;
    float result;
    float fixed;
};

struct Data {
    std::vector<Sample> samples;
    std::vector<Entry> entries;
};

Data load(const Variant& variant, const std::string& path, const engine::EvalWeights& weights) {
    Data data;
    std::ifstream in(path);
    std::string line;
    engine::EvalTrace trace;
    while (std::getline(in, line)) {
        auto bar = line.rfind('|');
        if (bar == std::string::npos) continue;
        auto pos = Position::from_fen(variant, line.substr(0, bar));
        if (!pos) continue;
        engine::evaluate_traced(*pos, weights, trace);
        Sample s;
        s.first = std::uint32_t(data.entries.size());
        for (int i = 0; i < engine::term::Count; ++i)
            if (trace.count[i])
                data.entries.push_back({std::uint16_t(i), std::int16_t(trace.count[i])});
        s.size = std::uint16_t(data.entries.size() - s.first);
        s.phase = std::uint8_t(trace.phase);
        s.result = std::stof(line.substr(bar + 1));
        s.fixed = float(trace.fixed);
        data.samples.push_back(s);
    }
    return data;
}

struct Params {
    std::vector<double> mg, eg;
};

double evaluate(const Data& d, const Sample& s, const Params& p) {
    double mg = 0, eg = 0;
    for (std::uint32_t k = s.first; k < s.first + s.size; ++k) {
        mg += d.entries[k].count * p.mg[d.entries[k].index];
        eg += d.entries[k].count * p.eg[d.entries[k].index];
    }
    return (mg * s.phase + eg * (engine::MaxPhase - s.phase)) / engine::MaxPhase + s.fixed;
}

double sigmoid(double eval, double k) {
    return 1.0 / (1.0 + std::exp(-k * eval));
}

double loss(const Data& d, const Params& p, double k) {
    double total = 0;
    for (const Sample& s : d.samples) {
        double e = s.result - sigmoid(evaluate(d, s, p), k);
        total += e * e;
    }
    return total / double(d.samples.size());
}

// The sigmoid's scale that fits the current weights best (golden-section search).
double fit_scale(const Data& d, const Params& p) {
    double lo = 0.0005, hi = 0.02;
    const double g = (std::sqrt(5.0) - 1) / 2;
    for (int i = 0; i < 40; ++i) {
        double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
        if (loss(d, p, a) < loss(d, p, b))
            hi = b;
        else
            lo = a;
    }
    return (lo + hi) / 2;
}

// A weight is pulled back to its starting value as strongly as this many positions that
// all have it would pull it: weights that few positions (or only their middlegame part)
// use stay near the hand-set prior instead of fitting noise.
constexpr double PriorPositions = 500;

// The curvature of the loss per centipawn of one weight present in every position.
double unit_curvature(const Data& d, const Params& p, double k) {
    double total = 0;
    for (const Sample& s : d.samples) {
        double sig = sigmoid(evaluate(d, s, p), k);
        double slope = sig * (1 - sig) * k;
        total += 2 * slope * slope;
    }
    return total / double(d.samples.size());
}

void fit(const Data& d, Params& p, double k, int epochs) {
    const std::size_t n = p.mg.size();
    const Params prior = p;
    const double lambda = unit_curvature(d, p, k) * PriorPositions / double(d.samples.size());
    std::vector<double> gm(n), ge(n), m1m(n), m1e(n), m2m(n), m2e(n);
    const double rate = 1.0, beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
    for (int epoch = 1; epoch <= epochs; ++epoch) {
        std::fill(gm.begin(), gm.end(), 0.0);
        std::fill(ge.begin(), ge.end(), 0.0);
        for (const Sample& s : d.samples) {
            double sig = sigmoid(evaluate(d, s, p), k);
            double g = (sig - s.result) * sig * (1 - sig) * k;
            double gmg = g * s.phase / engine::MaxPhase,
                   geg = g * (engine::MaxPhase - s.phase) / engine::MaxPhase;
            for (std::uint32_t j = s.first; j < s.first + s.size; ++j) {
                gm[d.entries[j].index] += gmg * d.entries[j].count;
                ge[d.entries[j].index] += geg * d.entries[j].count;
            }
        }
        double scale = 2.0 / double(d.samples.size());
        double lr = rate * (epoch < epochs / 2 ? 1.0 : 0.3);
        auto adam_step = [&](double grad, double& m1, double& m2, double& w) {
            if (grad == 0 && m1 == 0) return; // a weight no position uses stays as it is
            m1 = beta1 * m1 + (1 - beta1) * grad;
            m2 = beta2 * m2 + (1 - beta2) * grad * grad;
            double mhat = m1 / (1 - std::pow(beta1, epoch));
            double vhat = m2 / (1 - std::pow(beta2, epoch));
            w -= lr * mhat / (std::sqrt(vhat) + eps);
        };
        for (std::size_t i = 0; i < n; ++i) {
            if (gm[i] != 0) gm[i] = gm[i] * scale + lambda * (p.mg[i] - prior.mg[i]);
            if (ge[i] != 0) ge[i] = ge[i] * scale + lambda * (p.eg[i] - prior.eg[i]);
            adam_step(gm[i], m1m[i], m2m[i], p.mg[i]);
            adam_step(ge[i], m1e[i], m2e[i], p.eg[i]);
        }
        // A held right never hurts its holder (RULES 2.3, 3.2: using it is a choice), so its
        // weight stays >= 0 whatever correlations the games carry.
        for (int i : {engine::term::MinorRight, engine::term::SpareMinorRight,
                      engine::term::RookRight, engine::term::SpareRookRight}) {
            p.mg[std::size_t(i)] = std::max(p.mg[std::size_t(i)], 0.0);
            p.eg[std::size_t(i)] = std::max(p.eg[std::size_t(i)], 0.0);
        }
        if (epoch % 100 == 0 || epoch == epochs)
            std::fprintf(stderr, "epoch %d loss %.6f\n", epoch, loss(d, p, k));
    }
}

} // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.size() == 2 && args[0] == "defaults") {
        for (const Variant* v : all_variants()) {
            std::string path = args[1] + "/" + std::string(v->name) + ".inc";
            if (!tune::write_text(
                    path, tune::format_weights(engine::default_weights(), "hand-set defaults")))
                return 1;
        }
        return 0;
    }
    if (args.size() < 4 || args[0] != "fit") {
        std::fprintf(stderr,
                     "usage: evochess_tune defaults DIR | fit VARIANT DATA OUT.inc [EPOCHS]\n");
        return 2;
    }
    const Variant* variant = find_variant(args[1]);
    if (!variant) return 2;
    int epochs = args.size() > 4 ? std::atoi(args[4].c_str()) : 1000;
    const engine::EvalWeights& start = engine::weights_for(*variant);
    Data data = load(*variant, args[2], start);
    std::fprintf(stderr, "%zu positions, %zu counts\n", data.samples.size(), data.entries.size());
    if (data.samples.empty()) return 1;
    Params p;
    for (const auto& w : start.w) {
        p.mg.push_back(w.mg);
        p.eg.push_back(w.eg);
    }
    double k = fit_scale(data, p);
    std::fprintf(stderr, "scale %.6f, loss %.6f\n", k, loss(data, p, k));
    fit(data, p, k, epochs);
    engine::EvalWeights tuned;
    for (std::size_t i = 0; i < tuned.w.size(); ++i)
        tuned.w[i] = {int(std::lround(p.mg[i])), int(std::lround(p.eg[i]))};
    std::string header = std::string(variant->name) + ": " + std::to_string(data.samples.size()) +
                         " positions from " + args[2] + ", " + std::to_string(epochs) + " epochs";
    return tune::write_text(args[3], tune::format_weights(tuned, header)) ? 0 : 1;
}
