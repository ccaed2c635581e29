#include "auto_pairing.h"

namespace evo::app {

bool same_offer(const GameOffer& a, const GameOffer& b) {
    return a.variant == b.variant && a.clock_initial_ms == b.clock_initial_ms &&
           a.clock_increment_ms == b.clock_increment_ms && a.clock_days == b.clock_days &&
           a.rated == b.rated;
}

bool same_game_asked(const SeekRecord& a, const SeekRecord& b) {
    bool colours_fit = a.colour == ColourChoice::Random || b.colour == ColourChoice::Random ||
                       a.colour != b.colour;
    return same_offer(a, b) && colours_fit;
}

bool in_rating_range(const SeekRecord& seek, int rating) {
    return !seek.rating_min || (rating >= *seek.rating_min && rating <= *seek.rating_max);
}

} // namespace evo::app
