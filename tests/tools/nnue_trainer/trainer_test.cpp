// The trainer's arithmetic: the forward pass against a net computed by hand, the analytic
// gradient against finite differences, the target's blend of score and result.
#include "trainer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

namespace evo::nnue {
namespace {

// Two inputs, two hidden units a perspective.
Net tiny_net() {
    Net net = Net::zeros("chess", 2, 2, 400.0f);
    net.input_weights = {0.5f, 0.25f,   // feature 0
                         -0.25f, 1.0f}; // feature 1
    net.input_biases = {0.25f, -0.5f};
    net.output_weights = {1.0f, 2.0f, -1.0f, 3.0f};
    net.output_bias = 0.5f;
    return net;
}

TEST(NnueTrainer, ForwardPassMatchesAHandComputedNet) {
    // Side to move has feature 0: accumulator (0.75, -0.25) -> SCReLU (0.5625, 0).
    // The other side has 0 and 1: accumulator (0.5, 0.75) -> SCReLU (0.25, 0.5625).
    // 0.5 + 1 * 0.5625 + 2 * 0 - 1 * 0.25 + 3 * 0.5625 = 2.5
    EXPECT_FLOAT_EQ(evaluate(tiny_net(), {0}, {0, 1}), 2.5f);
    // Clamped above 1: feature 1 twice gives (-0.25, 1.5) -> (0, 1).
    EXPECT_FLOAT_EQ(evaluate(tiny_net(), {1, 1}, {}), 0.5f + 2.0f - 0.0625f + 0.0f);
    Sample sample{{0}, {0, 1}, 0.0f, 1.0f};
    float predicted = 1.0f / (1.0f + std::exp(-2.5f));
    EXPECT_FLOAT_EQ(sample_loss(tiny_net(), sample, 0.25f, nullptr),
                    (predicted - 0.25f) * (predicted - 0.25f));
}

TEST(NnueTrainer, TargetBlendsScoreAndResult) {
    Sample sample{{}, {}, 400.0f, 0.0f};
    float expected = 1.0f / (1.0f + std::exp(-1.0f));
    EXPECT_FLOAT_EQ(target_of(sample, 1.0f, 400.0f), expected);
    EXPECT_FLOAT_EQ(target_of(sample, 0.0f, 400.0f), 0.0f);
    EXPECT_FLOAT_EQ(target_of(sample, 0.7f, 400.0f), 0.7f * expected);
}

TEST(NnueTrainer, ValidationHoldsOutTheLastPositionsOfEachFile) {
    SampleSet set;
    set.samples.resize(30);
    set.file_ends = {10, 30};
    Split split = split_validation(set, 0.1);
    EXPECT_EQ(split.validation, (std::vector<std::size_t>{9, 28, 29}));
    EXPECT_EQ(split.training.size(), 27u);
    EXPECT_EQ(split.training.back(), 27u);
    EXPECT_TRUE(split_validation(set, 0.0).validation.empty());
}

// Every weight: (loss(w + h) - loss(w - h)) / 2h against the analytic gradient.
TEST(NnueTrainer, GradientMatchesFiniteDifferences) {
    Net net = initial_net("chess", 6, 4, 400.0f, 11);
    for (float& w : net.output_weights) w *= 10.0f; // a gradient well above float noise
    Sample sample{{0, 2, 5}, {1, 2}, 0.0f, 1.0f};
    const float target = 0.8f;
    Net gradient = Net::zeros("chess", 6, 4, 400.0f);
    sample_loss(net, sample, target, &gradient);

    auto check = [&](std::vector<float>& weights, const std::vector<float>& analytic,
                     const char* name) {
        for (std::size_t i = 0; i < weights.size(); ++i) {
            const float h = 1e-3f, saved = weights[i];
            weights[i] = saved + h;
            double up = sample_loss(net, sample, target, nullptr);
            weights[i] = saved - h;
            double down = sample_loss(net, sample, target, nullptr);
            weights[i] = saved;
            double numeric = (up - down) / (2 * h);
            EXPECT_NEAR(analytic[i], numeric, 1e-3 + 1e-2 * std::abs(numeric)) << name << " " << i;
        }
    };
    check(net.input_weights, gradient.input_weights, "input weight");
    check(net.input_biases, gradient.input_biases, "input bias");
    check(net.output_weights, gradient.output_weights, "output weight");
    std::vector<float> bias{net.output_bias};
    Net copy = net;
    auto loss_at = [&](float b) {
        copy.output_bias = b;
        return double(sample_loss(copy, sample, target, nullptr));
    };
    double numeric = (loss_at(bias[0] + 1e-3f) - loss_at(bias[0] - 1e-3f)) / 2e-3;
    EXPECT_NEAR(gradient.output_bias, numeric, 1e-3 + 1e-2 * std::abs(numeric));
    // Features not active get no gradient.
    for (int i = 0; i < 4; ++i) EXPECT_EQ(gradient.input_weights[3 * 4 + i], 0.0f);
    EXPECT_NE(gradient.input_weights[2 * 4], 0.0f);
}

// Labels that are noise: the net can only learn its training positions by heart, so its
// validation loss rises after the first epochs. The net returned is the best epoch's, not the
// last one's.
TEST(NnueTrainer, TheNetOfTheEpochWithTheLowestValidationLossIsKept) {
    SampleSet set;
    set.family = "chess";
    std::mt19937 rng(5);
    for (int i = 0; i < 400; ++i) {
        Sample sample;
        for (int k = 0; k < 6; ++k) {
            sample.side_to_move.push_back(std::uint16_t(rng() % 200));
            sample.other_side.push_back(std::uint16_t(rng() % 200));
        }
        std::sort(sample.side_to_move.begin(), sample.side_to_move.end());
        std::sort(sample.other_side.begin(), sample.other_side.end());
        sample.score_cp = float(int(rng() % 2001) - 1000);
        sample.result = float(rng() % 3) / 2.0f;
        set.samples.push_back(sample);
    }
    set.file_ends = {set.samples.size()};
    TrainOptions options;
    options.epochs = 25;
    options.hidden = 16;
    options.learning_rate = 0.01f;
    options.batch = 16;
    options.validation = 0.25;
    std::vector<EpochReport> reports;
    Net net = train(set, options, [&](const EpochReport& r) { reports.push_back(r); });
    ASSERT_EQ(reports.size(), 26u);
    auto lowest = std::min_element(reports.begin() + 1, reports.end(),
                                   [](const EpochReport& a, const EpochReport& b) {
                                       return a.validation_loss < b.validation_loss;
                                   });
    ASSERT_LT(lowest->epoch, 25) << "the noise was not learnt by heart: no test";
    EXPECT_TRUE(lowest->best);
    EXPECT_FALSE(reports.back().best);
    Split split = split_validation(set, options.validation);
    EXPECT_DOUBLE_EQ(mean_loss(net, set.samples, split.validation, options),
                     lowest->validation_loss);
}

// With --lr-drop the later epochs take smaller steps: another net than without it.
TEST(NnueTrainer, TheLearningRateDropChangesOnlyTheEpochsFromItOn) {
    SampleSet set;
    set.family = "chess";
    for (int i = 0; i < 64; ++i)
        set.samples.push_back(
            Sample{{std::uint16_t(i % 7)}, {std::uint16_t(i % 5)}, float(i * 10 - 300), 0.5f});
    set.file_ends = {set.samples.size()};
    TrainOptions options;
    options.epochs = 3;
    options.hidden = 4;
    options.validation = 0;
    std::vector<EpochReport> plain, dropped;
    Net a = train(set, options, [&](const EpochReport& r) { plain.push_back(r); });
    options.lr_drop_epoch = 3;
    Net b = train(set, options, [&](const EpochReport& r) { dropped.push_back(r); });
    EXPECT_EQ(plain[2].train_loss, dropped[2].train_loss); // epochs 1-2 alike
    EXPECT_FALSE(a == b);
}

} // namespace
} // namespace evo::nnue
