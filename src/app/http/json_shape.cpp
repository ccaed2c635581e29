#include "json_shape.h"

#include <nlohmann/json.hpp>

namespace evo::app {

namespace {

using nlohmann::json;

// Counts depth and values as the parser goes and stops it at the first excess, so nothing
// of the body is built and a deep body costs no memory.
class ShapeCounter : public nlohmann::json_sax<json> {
  public:
    explicit ShapeCounter(JsonShapeLimits limits) : limits_(limits) {}
    const std::optional<std::string>& problem() const { return problem_; }

    bool null() override { return value(); }
    bool boolean(bool) override { return value(); }
    bool number_integer(number_integer_t) override { return value(); }
    bool number_unsigned(number_unsigned_t) override { return value(); }
    bool number_float(number_float_t, const string_t&) override { return value(); }
    bool string(string_t&) override { return value(); }
    bool binary(binary_t&) override { return value(); }
    bool start_object(std::size_t) override { return open(); }
    bool key(string_t&) override { return true; }
    bool end_object() override { return close(); }
    bool start_array(std::size_t) override { return open(); }
    bool end_array() override { return close(); }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
        return false;
    }

  private:
    bool value() {
        if (++values_ <= limits_.max_values) return true;
        problem_ = "the request body holds more than " + std::to_string(limits_.max_values) +
                   " JSON values";
        return false;
    }
    bool open() {
        if (++depth_ > limits_.max_depth) {
            problem_ = "the request body's JSON is nested deeper than " +
                       std::to_string(limits_.max_depth) + " levels";
            return false;
        }
        return value();
    }
    bool close() {
        --depth_;
        return true;
    }

    JsonShapeLimits limits_;
    int depth_ = 0;
    std::size_t values_ = 0;
    std::optional<std::string> problem_;
};

} // namespace

std::optional<std::string> json_shape_problem(std::string_view text, JsonShapeLimits limits) {
    ShapeCounter counter(limits);
    json::sax_parse(text, &counter, json::input_format_t::json, /*strict=*/true,
                    /*ignore_comments=*/false);
    return counter.problem();
}

} // namespace evo::app
