/*
 * size_probe.c plus one sudoku_generate call: linked only to measure, by difference with
 * size_probe.c, what the generator adds to a firmware that already solves (see
 * tools/budgets.sh); it also runs, exiting 0 when both calls succeed.
 */
#include "sudoku.h"

static char grid[] =
    "........1.......2...1.345...1..456..4.......76..8......3.92.....5.......1...563..";
static char puzzle[82];

int main(void)
{
    if (sudoku_solve(grid) != SUDOKU_OK) {
        return 1;
    }
    return sudoku_generate(puzzle, 7, NULL) == SUDOKU_OK ? 0 : 1;
}
