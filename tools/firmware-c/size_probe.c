/*
 * The smallest use of the library: one sudoku_solve call on a RAM buffer. Linked only to
 * measure what the solver itself adds to a firmware image (see tools/budgets.sh); it also
 * runs, exiting 0 when the puzzle is solved.
 */
#include "sudoku.h"

static char grid[] =
    "........1.......2...1.345...1..456..4.......76..8......3.92.....5.......1...563..";

int main(void)
{
    return sudoku_solve(grid) == SUDOKU_OK ? 0 : 1;
}
