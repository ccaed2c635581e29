// A maker's colour, as the API shows it and as a seek or challenge stores it, and back; the
// edge's reading of it from a request body (http/json_fields.h).
#include "app/common/api_error.h"
#include "app/common/storage_error.h"
#include "app/http/json_fields.h"
#include "app/record/colour_choice.h"

#include <gtest/gtest.h>

namespace evo::app {
namespace {

using nlohmann::json;

TEST(ColourChoiceTest, EachChoiceReadsBackFromItsName) {
    for (ColourChoice choice : {ColourChoice::White, ColourChoice::Black, ColourChoice::Random})
        EXPECT_EQ(colour_choice_named(colour_choice_name(choice)), choice);
    EXPECT_EQ(colour_choice_name(ColourChoice::White), "w");
    EXPECT_EQ(colour_choice_name(ColourChoice::Black), "b");
    EXPECT_EQ(colour_choice_name(ColourChoice::Random), "random");
    EXPECT_FALSE(colour_choice_named("white"));
    EXPECT_FALSE(colour_choice_named(""));
}

TEST(ColourChoiceTest, AStoredColourThatIsNoColourIsCorrupt) {
    try {
        stored_colour_choice("red");
        FAIL() << "no error";
    } catch (const StorageError& error) {
        EXPECT_EQ(error.kind(), StorageErrorKind::Corrupt);
        EXPECT_NE(std::string(error.what()).find("red"), std::string::npos);
    }
}

TEST(ColourChoiceTest, ARequestsColourIsReadAtTheEdgeAndABadOneIsA400) {
    EXPECT_EQ(optional_colour_choice(json{{"colour", "b"}}, "colour"), ColourChoice::Black);
    EXPECT_EQ(optional_colour_choice(json::object(), "colour"), std::nullopt);
    for (const json& bad : {json{{"colour", "white"}}, json{{"colour", 1}}}) {
        try {
            optional_colour_choice(bad, "colour");
            ADD_FAILURE() << bad.dump();
        } catch (const ApiError& error) {
            EXPECT_EQ(error.kind(), ErrorKind::BadRequest) << bad.dump();
        }
    }
}

} // namespace
} // namespace evo::app
