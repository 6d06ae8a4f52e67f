/*
 * size_probe.c plus the technique engine: one sudoku_rate and one sudoku_hint call. Linked
 * only to measure, by difference with size_probe.c, what the engine adds to a firmware
 * that already solves (see tools/budgets.sh); it also runs, exiting 0 when all succeed.
 */
#include "sudoku.h"

static char grid[] =
    "........1.......2...1.345...1..456..4.......76..8......3.92.....5.......1...563..";
static const char unfair[] =
    "......897..31....48........6..8.2..3..2..5..61.5.3....957.....2.....3.4..4.....5.";

int main(void)
{
    sudoku_rating_t rating;
    sudoku_step_t step;
    if (sudoku_solve(grid) != SUDOKU_OK) {
        return 1;
    }
    if (sudoku_rate(unfair, &rating) != SUDOKU_OK) {
        return 1;
    }
    return sudoku_hint(unfair, &step) == SUDOKU_OK && step.kind == SUDOKU_HINT_STEP ? 0 : 1;
}
