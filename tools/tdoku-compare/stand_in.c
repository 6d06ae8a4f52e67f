/*
 * stand_in.c: TdokuSolverDpllTriadSimd's signature answered by sudoku81 itself, so that CI
 * (which cannot fetch Tdoku) builds and runs the harness end to end: loading, the
 * agreement check and the timing loops. Its ratios mean nothing; only a real Tdoku
 * build (run.sh) gives figures.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "sudoku.h"

size_t TdokuSolverDpllTriadSimd(const char *input, size_t limit, uint32_t configuration,
                                char *solution, size_t *num_guesses);

size_t TdokuSolverDpllTriadSimd(const char *input, size_t limit, uint32_t configuration,
                                char *solution, size_t *num_guesses) {
    (void)configuration;
    char grid[82];
    memcpy(grid, input, 81);
    grid[81] = 0;
    sudoku_stats_t stats;
    int rc = sudoku_solve_stats(grid, &stats);
    if (num_guesses) *num_guesses = stats.guesses;
    if (rc != SUDOKU_OK) return 0;
    memcpy(solution, grid, 81);
    if (limit <= 1) return 1;
    int count = sudoku_count_solutions(input, limit > 2 ? 2 : (int)limit);
    return count < 0 ? 0 : (size_t)count;
}
