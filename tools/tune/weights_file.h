// The tuned weights as C++ source: one src/engine/tuned/<variant>.inc per variant.
#pragma once

#include "engine/eval_weights.h"

#include <string>

namespace evo::tune {

std::string format_weights(const engine::EvalWeights& weights, const std::string& header);
bool write_text(const std::string& path, const std::string& text);

} // namespace evo::tune
