// nnue_trainer: trains a net for the learned evaluation on `evochess datagen` files
// (docs/nnue.md, "Training"). Bad input gives one `error: ...` line and exit status 2.
#include "samples.h"
#include "trainer.h"

#include "engine/nnue/features.h"
#include "engine/nnue/net_file.h"

#include <charconv>
#include <cstdio>
#include <string>
#include <vector>

namespace {

int fail(const std::string& message) {
    std::fprintf(stderr, "error: %s\n", message.c_str());
    return 2;
}

template <class T> bool parse(const std::string& text, T& value) {
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    return ec == std::errc() && ptr == end;
}

const char* Usage = "usage: nnue_trainer --data FILE [--data FILE...] --out NET [--epochs E] "
                    "[--hidden N] [--lr L] [--batch B] [--threads T] [--seed S] [--lambda X] "
                    "[--scale CP] [--validation F] [--lr-drop E]";

} // namespace

int main(int argc, char** argv) {
    using namespace evo::nnue;
    std::vector<std::string> data;
    std::string out;
    TrainOptions options;
    for (int i = 1; i < argc; ++i) {
        std::string flag = argv[i];
        if (flag == "--help") return std::puts(Usage), 0;
        if (i + 1 >= argc) return fail(flag + " needs a value (" + Usage + ")");
        std::string value = argv[++i];
        bool ok = true;
        if (flag == "--data")
            data.push_back(value);
        else if (flag == "--out")
            out = value;
        else if (flag == "--epochs")
            ok = parse(value, options.epochs) && options.epochs >= 1;
        else if (flag == "--hidden")
            ok = parse(value, options.hidden) && options.hidden >= 1 && options.hidden <= 4096;
        else if (flag == "--lr")
            ok = parse(value, options.learning_rate) && options.learning_rate > 0;
        else if (flag == "--batch")
            ok = parse(value, options.batch) && options.batch >= 1;
        else if (flag == "--threads")
            ok = parse(value, options.threads) && options.threads >= 1 && options.threads <= 256;
        else if (flag == "--seed")
            ok = parse(value, options.seed);
        else if (flag == "--lambda")
            ok = parse(value, options.lambda) && options.lambda >= 0 && options.lambda <= 1;
        else if (flag == "--scale")
            ok = parse(value, options.scale_cp) && options.scale_cp > 0;
        else if (flag == "--validation")
            ok = parse(value, options.validation) && options.validation >= 0 &&
                 options.validation < 1;
        else if (flag == "--lr-drop")
            ok = parse(value, options.lr_drop_epoch) && options.lr_drop_epoch >= 0;
        else
            return fail("unknown option " + flag + " (" + Usage + ")");
        if (!ok) return fail("bad value for " + flag + ": '" + value + "'");
    }
    if (data.empty()) return fail("give --data FILE");
    if (out.empty()) return fail("give --out NET");

    auto set = load_samples(data);
    if (!set) return fail(set.error());
    if (set->samples.empty()) return fail("the data holds no positions");
    std::fprintf(stderr, "family %s  positions %zu  features %d  hidden %d  threads %d\n",
                 set->family.c_str(), set->samples.size(), FeatureCount, options.hidden,
                 options.threads);
    int kept = 0;
    Net net = train(*set, options, [&kept](const EpochReport& r) {
        std::printf("epoch %d  train loss %.6f  validation loss %.6f%s\n", r.epoch, r.train_loss,
                    r.validation_loss, r.epoch > 0 && r.best ? "  best" : "");
        std::fflush(stdout);
        if (r.epoch > 0 && r.best) kept = r.epoch;
    });
    net.family = set->family;
    if (!write_net(out, net)) return fail("cannot write " + out);
    std::fprintf(stderr, "net of epoch %d written to %s\n", kept, out.c_str());
    return 0;
}
