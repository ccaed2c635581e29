// The UCI test fixture: commands through a uci::Session, answers read back from a stream.
#pragma once

#include "protocol/uci/uci.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace evo::test {

class UciTest : public ::testing::Test {
  protected:
    std::ostringstream out;
    uci::Session session{out};

    // Sends the lines, waits for a search to end by itself, answers the new output lines.
    std::vector<std::string> send(std::initializer_list<std::string_view> commands) {
        for (auto c : commands) EXPECT_TRUE(session.handle(c)) << c;
        session.wait_for_search();
        std::vector<std::string> lines;
        std::istringstream in(out.str().substr(consumed_));
        consumed_ = out.str().size();
        for (std::string line; std::getline(in, line);) lines.push_back(line);
        return lines;
    }
    // The first line holding `part`, or "".
    static std::string line_with(const std::vector<std::string>& lines, std::string_view part) {
        for (const auto& line : lines)
            if (line.find(part) != std::string::npos) return line;
        return "";
    }
    static bool has_prefix(const std::vector<std::string>& lines, std::string_view prefix) {
        for (const auto& l : lines)
            if (l.rfind(prefix, 0) == 0) return true;
        return false;
    }
    static std::string last_with(const std::vector<std::string>& lines, std::string_view prefix) {
        std::string found;
        for (const auto& l : lines)
            if (l.rfind(prefix, 0) == 0) found = l;
        return found;
    }

    // The move of the last `bestmove` line, "" when there is none.
    static std::string best_move(const std::vector<std::string>& lines) {
        std::string line = last_with(lines, "bestmove ");
        if (line.empty()) return {};
        std::size_t end = line.find(' ', 9);
        return line.substr(9, end == std::string::npos ? std::string::npos : end - 9);
    }
    static int count_prefix(const std::vector<std::string>& lines, std::string_view prefix) {
        int n = 0;
        for (const auto& l : lines) n += l.rfind(prefix, 0) == 0;
        return n;
    }

  private:
    std::size_t consumed_ = 0;
};

} // namespace evo::test
