#include "event_text.h"

#include "json_answer.h"

namespace evo::app {

EventText event_text(const nlohmann::json& data, std::string_view name,
                     std::optional<std::int64_t> id) {
    std::string text;
    if (id) text += "id: " + std::to_string(*id) + "\n";
    if (!name.empty()) text += "event: " + std::string(name) + "\n";
    text += "data: " + to_json_text(data) + "\n\n";
    return std::make_shared<const std::string>(std::move(text));
}

EventText reconnect_hint_text() {
    static const EventText hint = event_text(
        {{"error", "this stream fell behind and is closed: connect again"}}, "reconnect");
    return hint;
}

EventText restart_hint_text() {
    static const EventText hint = std::make_shared<const std::string>(
        "retry: 250\n" +
        *event_text({{"error", "the server is restarting: connect again"}}, "reconnect"));
    return hint;
}

} // namespace evo::app
