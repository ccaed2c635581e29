// The data file: what the writer writes the reader reads back; --resume keeps the games the
// state file lists, cuts off a game written only in part, and refuses other settings.
#include "protocol/datagen/data_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>

namespace evo::datagen {
namespace {

std::vector<TrainingPosition> positions_of(std::initializer_list<const char*> fens,
                                           GameOutcome outcome) {
    std::vector<TrainingPosition> out;
    int score = 10;
    for (const char* fen : fens)
        out.push_back({*Position::from_fen(*find_variant("evochess"), fen), score++, outcome});
    return out;
}

// Two games' positions (functions: the variants table is not there during static start-up).
std::vector<TrainingPosition> game_zero() {
    return positions_of({"4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 2,1,0,0/0,0,1,0",
                         "4k3/pppppppp/8/8/4P3/8/PPPP1PPP/4K3 b - - 0 1 0,2,0,0/0,0,1,0"},
                        GameOutcome::WhiteWins);
}
std::vector<TrainingPosition> game_one() {
    return positions_of({"4k3/pppppppp/8/8/8/8/PPPPPPPP/3K4 b - - 1 1 2,0,0,3/1,0,0,0"},
                        GameOutcome::Draw);
}

std::string bytes_of(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<std::string> fens_in(const std::string& path) {
    auto reader = DataReader::open(path);
    EXPECT_TRUE(reader.ok()) << reader.error();
    if (!reader.ok()) return {};
    std::vector<std::string> fens;
    while (auto record = (*reader)->next()) {
        EXPECT_TRUE(record->ok()) << record->error();
        fens.push_back((*record)->fen);
    }
    EXPECT_EQ(fens.size(), (*reader)->records());
    return fens;
}

Header evochess_header() {
    return *header_for(*find_variant("evochess"), 300, 7);
}

TEST(DataFile, WhatIsWrittenReadsBack) {
    const std::string path = ::testing::TempDir() + "datagen_file.bin";
    auto writer = DataWriter::open(path, evochess_header(), "settings", false);
    ASSERT_TRUE(writer.ok()) << writer.error();
    ASSERT_TRUE((*writer)->record(0, game_zero()));
    ASSERT_TRUE((*writer)->record(1, game_one()));
    writer->reset();
    EXPECT_EQ(std::filesystem::file_size(path), HeaderSize + 3 * RecordSize);
    EXPECT_EQ(fens_in(path), (std::vector<std::string>{game_zero()[0].position.fen(),
                                                       game_zero()[1].position.fen(),
                                                       game_one()[0].position.fen()}));
}

TEST(DataFile, ResumeCutsOffAGameWrittenInPartAndGoesOn) {
    const std::string path = ::testing::TempDir() + "datagen_resume.bin";
    const std::string whole = ::testing::TempDir() + "datagen_whole.bin";
    {
        auto writer = DataWriter::open(whole, evochess_header(), "settings", false);
        ASSERT_TRUE(writer.ok()) << writer.error();
        (*writer)->record(0, game_zero());
        (*writer)->record(1, game_one());
    }
    {
        auto writer = DataWriter::open(path, evochess_header(), "settings", false);
        ASSERT_TRUE(writer.ok()) << writer.error();
        (*writer)->record(0, game_zero());
    }
    // A game cut off after some of its records, before its line in the state file.
    std::ofstream(path, std::ios::binary | std::ios::app) << std::string(RecordSize + 5, 'x');
    {
        auto writer = DataWriter::open(path, evochess_header(), "settings", true);
        ASSERT_TRUE(writer.ok()) << writer.error();
        EXPECT_EQ((*writer)->games_done(), 1);
        EXPECT_EQ((*writer)->positions(), 2u);
        (*writer)->record(1, game_one());
    }
    EXPECT_EQ(bytes_of(path), bytes_of(whole));
    EXPECT_EQ(bytes_of(path + ".state"), bytes_of(whole + ".state"));
}

TEST(DataFile, ResumeRefusesOtherSettingsAndAMissingState) {
    const std::string path = ::testing::TempDir() + "datagen_other.bin";
    ASSERT_TRUE(DataWriter::open(path, evochess_header(), "settings", false).ok());
    auto other = DataWriter::open(path, evochess_header(), "other settings", true);
    ASSERT_FALSE(other.ok());
    EXPECT_NE(other.error().find("other settings"), std::string::npos) << other.error();
    Header echess = *header_for(*find_variant("echess"), 300, 7);
    EXPECT_FALSE(DataWriter::open(path, echess, "settings", true).ok());
    std::filesystem::remove(path + ".state");
    auto no_state = DataWriter::open(path, evochess_header(), "settings", true);
    ASSERT_FALSE(no_state.ok());
    EXPECT_NE(no_state.error().find("has no"), std::string::npos) << no_state.error();
}

TEST(DataFile, ReaderRefusesATornFile) {
    const std::string path = ::testing::TempDir() + "datagen_torn.bin";
    {
        auto writer = DataWriter::open(path, evochess_header(), "settings", false);
        ASSERT_TRUE(writer.ok()) << writer.error();
        (*writer)->record(0, game_one());
    }
    std::ofstream(path, std::ios::binary | std::ios::app) << "xyz";
    auto reader = DataReader::open(path);
    ASSERT_FALSE(reader.ok());
    EXPECT_NE(reader.error().find("inside a record"), std::string::npos) << reader.error();
    std::ofstream(path, std::ios::binary | std::ios::trunc) << "not a data file";
    EXPECT_FALSE(DataReader::open(path).ok());
}

} // namespace
} // namespace evo::datagen
