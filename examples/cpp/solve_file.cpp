// solve_file: solves every puzzle of a file (one per line) through the C++ wrapper.
//
//   solve_file FILE            prints one solved 81-digit line per puzzle; a failed puzzle
//                              prints an empty line and a message on stderr
//   solve_file --slices FILE   the same through sudoku::Solver, 100 steps at a time
//
// Exit status: 0 all solved, 1 some puzzle failed, 2 bad usage or unreadable file.
#include "sudoku.hpp"

#include <fstream>
#include <iostream>
#include <string>

namespace {

std::string digits_only(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c >= '1' && c <= '9') {
            out += c;
        }
    }
    return out;
}

std::string solve_in_slices(const std::string& line) {
    sudoku::Solver solver(line);
    while (!solver.step(100)) {
        // A real program would do other work between slices.
    }
    return solver.solution();
}

} // namespace

int main(int argc, char** argv) {
    bool slices = argc == 3 && std::string(argv[1]) == "--slices";
    if (argc != 2 && !slices) {
        std::cerr << "usage: solve_file [--slices] FILE\n";
        return 2;
    }
    const char* path = argv[argc - 1];
    std::ifstream in(path);
    if (!in) {
        std::cerr << "solve_file: cannot open " << path << '\n';
        return 2;
    }
    int status = 0;
    unsigned long number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        if (line.find_first_not_of(" \t\r") == std::string::npos) {
            std::cout << '\n';
            continue;
        }
        try {
            std::string solved = slices ? solve_in_slices(line) : sudoku::solve(line);
            std::cout << digits_only(solved) << '\n';
        } catch (const sudoku::Error& e) {
            std::cerr << "solve_file: " << path << ':' << number << ": " << e.what() << '\n';
            std::cout << '\n';
            status = 1;
        }
    }
    return status;
}
