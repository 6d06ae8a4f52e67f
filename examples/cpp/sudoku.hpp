// sudoku.hpp: a small C++17 wrapper over the C interface in sudoku.h.
//
//   sudoku::solve(text)       -> the solved text (same layout); throws sudoku::Error
//   sudoku::try_solve(text)   -> std::optional<std::string>; std::nullopt on any error
//   sudoku::count_solutions(text, limit)
//   sudoku::Solver            RAII owner of a sudoku_solver_t, for solving in slices
//
// Header-only; link libsudoku as for C.
#ifndef SUDOKU_HPP
#define SUDOKU_HPP

#include "sudoku.h"

#include <climits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace sudoku {

/// A failed call: the SUDOKU_ERR_* code and its message.
class Error : public std::runtime_error {
public:
    explicit Error(int code) : std::runtime_error(sudoku_strerror(code)), code_(code) {}
    /// The SUDOKU_ERR_* code.
    int code() const noexcept { return code_; }

private:
    int code_;
};

namespace detail {
inline int check(int code) {
    if (code < 0) {
        throw Error(code);
    }
    return code;
}
} // namespace detail

/// Solves `text` (81 cells, any whitespace) and returns it with its blanks filled.
/// Throws Error on a bad text, conflicting givens or no solution.
inline std::string solve(std::string text) {
    // The std::string keeps a NUL after its last character: a valid C string, solved in place.
    detail::check(sudoku_solve_n(text.data(), text.size()));
    return text;
}

/// Like solve(), without exceptions.
inline std::optional<std::string> try_solve(std::string text) noexcept {
    if (sudoku_solve_n(text.data(), text.size()) != SUDOKU_OK) {
        return std::nullopt;
    }
    return text;
}

/// The number of solutions of `text`, counting stops at `limit` (conflicting givens count
/// 0). Throws Error on a bad text.
inline unsigned count_solutions(std::string_view text, unsigned limit = 2) {
    return static_cast<unsigned>(
        detail::check(sudoku_count_solutions_n(text.data(), text.size(), limit)));
}

/// A resumable solve: the search state lives in a heap-allocated sudoku_solver_t owned by
/// this object (it is about 10 KiB, too big for some stacks). Movable, not copyable.
class Solver {
public:
    /// Starts solving `text`. Throws Error on a bad text or conflicting givens.
    explicit Solver(std::string text) : state_(new sudoku_solver_t), text_(std::move(text)) {
        detail::check(sudoku_solver_init(state_.get(), text_.c_str()));
    }

    /// Runs at most `budget` steps. True once solved, false if more steps are needed.
    /// Throws Error (SUDOKU_ERR_UNSOLVABLE) once the puzzle is proved to have no solution.
    bool step(unsigned budget) {
        int code = sudoku_solver_step(state_.get(), budget);
        if (code == SUDOKU_ERR_BUDGET) {
            return false;
        }
        detail::check(code);
        return true;
    }

    /// The solved text in the original layout (call after step() returned true).
    std::string solution() const {
        std::string out(text_);
        detail::check(sudoku_solver_write(state_.get(), out.data()));
        return out;
    }

    /// Search counters so far.
    sudoku_stats_t stats() const {
        sudoku_stats_t stats{};
        detail::check(sudoku_solver_stats(state_.get(), &stats));
        return stats;
    }

private:
    std::unique_ptr<sudoku_solver_t> state_;
    std::string text_;
};

} // namespace sudoku

#endif // SUDOKU_HPP
