// Every kind of bad variants file gets its error: kind, line, variant, field and why; and
// nothing of a bad file is loaded (docs/variants.md).
#include "variants_test_util.h"

#include "core/message_text.h"

namespace evo {
namespace {

using variants::ErrorKind;

struct BadFile {
    const char* name;
    const char* text;
    ErrorKind kind;
    int line;
    const char* field;
    const char* why; // a part of the reason
};

const BadFile Cases[] = {
    {"unknown_field", "[e1:evochess]\nminor_rights = 2\n", ErrorKind::UnknownField, 2,
     "minor_rights", "not a field"},
    {"bad_number", "[e2:evochess]\nminor_right_pawn_moves = two\n", ErrorKind::BadValue, 2,
     "minor_right_pawn_moves", "'two' is not a whole number"},
    {"negative_number", "[e3:evochess]\n\nrook_right_captures = -1\n", ErrorKind::BadValue, 3,
     "rook_right_captures", "'-1'"},
    {"bad_bool", "[e4:chess]\nking_double_step = yes\n", ErrorKind::BadValue, 2, "king_double_step",
     "true or false"},
    {"bad_evolution", "[e5:chess]\nevolution = sometimes\n", ErrorKind::BadValue, 2, "evolution",
     "none, accumulate or expire"},
    {"bad_promotion_letter", "[e6:chess]\npromotion_pieces = qk\n", ErrorKind::BadValue, 2,
     "promotion_pieces", "'k' is not one of"},
    {"twice_promotion_letter", "[e7:chess]\npromotion_pieces = qq\n", ErrorKind::BadValue, 2,
     "promotion_pieces", "twice"},
    {"missing_field", "[e8]\nstart_fen = 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n", ErrorKind::MissingField,
     1, "promotion_pieces", "without a parent"},
    {"unknown_parent", "[e9:evochesss]\n", ErrorKind::UnknownParent, 1, "", "'evochesss'"},
    {"cycle", "[c1:c2]\n[c2:c3]\n[c3:c1]\n", ErrorKind::Cycle, 1, "", "lead back"},
    {"self_parent", "[c4:c4]\n", ErrorKind::Cycle, 1, "", "lead back"},
    {"duplicate_variant", "[d1:chess]\n[d1:evochess]\n", ErrorKind::Duplicate, 2, "",
     "defined twice"},
    {"duplicate_field", "[d2:evochess]\nrook_right_captures = 1\nrook_right_captures = 3\n",
     ErrorKind::Duplicate, 3, "rook_right_captures", "set twice"},
    {"builtin_redefined", "[evochess:chess]\n", ErrorKind::Duplicate, 1, "", "built-in"},
    {"direct_rook_with_accumulate", "[x1:evochess]\ndirect_rook_promotion = true\n",
     ErrorKind::Contradiction, 2, "direct_rook_promotion", "evolution = expire"},
    {"zero_n", "[x2:evochess]\nminor_right_pawn_moves = 0\n", ErrorKind::Contradiction, 2,
     "minor_right_pawn_moves", "at least 1"},
    {"evolution_with_points",
     "[x3:promoteking]\nevolution = accumulate\n"
     "minor_right_pawn_moves = 3\nrook_right_captures = 2\n",
     ErrorKind::Contradiction, 2, "evolution", "seventh FEN field"},
    {"pawn_promotion_without_back_ranks", "[x4:chess]\npromotion_pieces = pq\n",
     ErrorKind::Contradiction, 2, "promotion_pieces", "pawns_on_back_ranks"},
    {"draw_conversion_without_cthulhu", "[x5:promoteking]\nking_becomes_cthulhu = false\n",
     ErrorKind::Contradiction, 1, "draws_won_by_first_king_promoter", "king_becomes_cthulhu"},
    {"start_fen_cthulhu_in_chess", "[f1:chess]\nstart_fen = 4k3/8/8/8/8/8/8/4C3 w - - 0 1\n",
     ErrorKind::BadStartFen, 2, "start_fen", ""},
    {"start_fen_counter_beyond_n",
     "[f2:evochess]\nminor_right_pawn_moves = 2\n"
     "start_fen = 4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 2,0,0,0/0,0,0,0\n",
     ErrorKind::BadStartFen, 3, "start_fen", "below 2"},
    {"inherited_start_fen_now_illegal",
     "[f3:chess]\nordinary_castling = false\n"
     "promotion_pieces = qrbn\nstart_fen = 8/8/8/8/8/8/8/8 w - - 0 1\n",
     ErrorKind::BadStartFen, 4, "start_fen", ""},
    {"not_ini", "[s1:chess]\nthis line has no equals sign\n", ErrorKind::Syntax, 2, "", "expected"},
    {"field_before_section", "start_fen = x\n[s2:chess]\n", ErrorKind::Syntax, 1, "start_fen",
     "before any"},
    {"bad_section_name", "[my variant:chess]\n", ErrorKind::BadValue, 1, "", "letters, digits"},
    {"empty_file", "# nothing\n", ErrorKind::Syntax, 0, "", "no [variant]"},
};

TEST(VariantFileErrors, EveryKindOfBadFileGetsItsError) {
    for (const BadFile& c : Cases) {
        auto loaded = variants::load_variants_text(c.text, "bad.ini");
        ASSERT_FALSE(loaded.ok()) << c.name;
        const variants::FileError& e = loaded.error();
        EXPECT_EQ(e.kind, c.kind) << c.name << ": " << e.message();
        EXPECT_EQ(e.line, c.line) << c.name << ": " << e.message();
        EXPECT_EQ(e.field, c.field) << c.name << ": " << e.message();
        EXPECT_NE(e.why.find(c.why), std::string::npos) << c.name << ": " << e.message();
        EXPECT_EQ(e.message().rfind("bad.ini", 0), 0u) << c.name;
    }
}

TEST(VariantFileErrors, MessageNamesFileLineVariantAndField) {
    auto loaded =
        variants::load_variants_text("[e2:evochess]\nminor_right_pawn_moves = two\n", "my.ini");
    ASSERT_FALSE(loaded.ok());
    EXPECT_EQ(loaded.error().message(),
              "my.ini:2: variant 'e2', field 'minor_right_pawn_moves': 'two' is not a whole "
              "number from 0 to 1000");
}

// Issue 17: the message quotes the file's bytes; those that are not UTF-8 (or are control
// characters) are written \xNN, so the message is one line of valid UTF-8.
TEST(VariantFileErrors, BytesThatAreNotUtf8AreEscapedInTheMessage) {
    auto loaded = variants::load_variants_text(
        "[e2:evochess]\nminor_right_pawn_moves = t\xffw\x1b[2Jo\xc3\n", "my.ini");
    ASSERT_FALSE(loaded.ok());
    std::string message = loaded.error().message();
    EXPECT_TRUE(is_valid_utf8(message)) << message;
    EXPECT_NE(message.find("'t\\xFFw\\x1B[2Jo\\xC3' is not a whole number"), std::string::npos)
        << message;
    loaded = variants::load_variants_text("[caf\xc3\xa9\xe9:chess]\n", "n.ini");
    ASSERT_FALSE(loaded.ok());
    message = loaded.error().message();
    EXPECT_TRUE(is_valid_utf8(message)) << message;
    EXPECT_NE(message.find("variant 'caf\xc3\xa9\\xE9'"), std::string::npos) << message;
}

TEST(VariantFileErrors, NothingOfABadFileIsLoaded) {
    auto loaded = variants::load_variants_text(
        "[good-one:evochess]\nminor_right_pawn_moves = 2\n[bad-one:evochess]\nfoo = 1\n", "b.ini");
    ASSERT_FALSE(loaded.ok());
    EXPECT_EQ(find_variant("good-one"), nullptr);
    EXPECT_EQ(find_variant("bad-one"), nullptr);
}

TEST(VariantFileErrors, MissingFileIsAnIoError) {
    auto loaded = variants::load_variants_file("/nonexistent/variants.ini");
    ASSERT_FALSE(loaded.ok());
    EXPECT_EQ(loaded.error().kind, ErrorKind::Io);
}

TEST(VariantFileErrors, OverlongLineIsASyntaxError) {
    std::string text = "[long:chess]\ndescription = " + std::string(400, 'x') + "\n";
    auto loaded = variants::load_variants_text(text, "l.ini");
    ASSERT_FALSE(loaded.ok());
    EXPECT_EQ(loaded.error().kind, ErrorKind::Syntax);
    EXPECT_EQ(loaded.error().line, 2);
}

// A description may continue on lines starting with a space; display_name and description are
// not inherited; a variant without description gets one saying what it changes.
TEST(VariantFile, DescriptionsAndDisplayNames) {
    const Variant* v = test::load_text("[desc-a:evochess]\ndisplay_name = Desc A\n"
                                       "description = First line\n  and the second.\n"
                                       "[desc-b:desc-a]\nrook_right_captures = 3\n",
                                       "desc-b");
    ASSERT_NE(v, nullptr);
    EXPECT_EQ(find_variant("desc-a")->description, "First line and the second.");
    EXPECT_EQ(find_variant("desc-a")->display_name, "Desc A");
    EXPECT_EQ(v->display_name, "desc-b");
    EXPECT_EQ(v->description, "As Desc A, with a rook right every 3 captures of pieces.");
    EXPECT_EQ(v->minor_right_pawn_moves, 3); // from evochess through desc-a
    EXPECT_EQ(v->rook_right_captures, 3);
}

// The default description says what a variant changes in words, not the file's field names
// (issue 23, item 6: the new-game dialog shows it).
TEST(VariantFile, DefaultDescriptionInWords) {
    const Variant* v = test::load_text("[words:evochess]\nminor_right_pawn_moves = 2\n"
                                       "rook_right_captures = 1\nking_double_step = true\n",
                                       "words");
    ASSERT_NE(v, nullptr);
    EXPECT_EQ(v->description, "As EvoChess, with a minor right every 2 pawn moves, a rook right "
                              "every capture of a piece and kings may step two squares.");
    const Variant* p = test::load_text("[words-p:chess]\npromotion_pieces = qn\n", "words-p");
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(p->description, "As Chess, with promotion to queen and knight.");
}

// A file may be loaded again (UCI VariantPath set twice): its names are replaced.
TEST(VariantFile, LoadingAgainReplaces) {
    ASSERT_TRUE(
        variants::load_variants_text("[again:evochess]\nrook_right_captures = 3\n", "a").ok());
    ASSERT_TRUE(
        variants::load_variants_text("[again:evochess]\nrook_right_captures = 4\n", "a").ok());
    EXPECT_EQ(find_variant("again")->rook_right_captures, 4);
    int count = 0;
    for (const Variant* v : all_variants()) count += v->name == "again";
    EXPECT_EQ(count, 1);
}

} // namespace
} // namespace evo
