/*
 * The size check of sudoku_solver_init (and of sudoku_rater_init): a program whose
 * sudoku_solver_t is smaller than the linked library needs (compiled with SUDOKU_COMPACT,
 * linked against the default library) gets SUDOKU_ERR_SIZE and not one byte of its struct
 * is written; a program whose struct fits solves (rates) as usual. The struct is on the heap, exactly as large as this program
 * believes, so AddressSanitizer reports any write past it.
 *
 *   cc -fsanitize=address [-DSUDOKU_COMPACT] -Iinclude tests/c/solver_size.c libsudoku.a
 *
 * Exits 0 when the library did what the sizes call for. Built with -DUNCHECKED_CONTROL it
 * calls the unchecked entry point instead, to show that the checks would see an overrun
 * (valgrind reports the write past the struct; CI expects this build to fail).
 */
#include "sudoku.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PATTERN 0xA5

static const char puzzle[] =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

/* Solves with the resumable solver and checks the answer against sudoku_solve's. */
static int solve_in_slices(sudoku_solver_t *solver)
{
    char expected[82], got[82];
    int rc;
    memcpy(expected, puzzle, sizeof expected);
    memcpy(got, puzzle, sizeof got);
    if (sudoku_solve(expected) != SUDOKU_OK) {
        return 0;
    }
    do {
        rc = sudoku_solver_step(solver, 16);
    } while (rc == SUDOKU_ERR_BUDGET);
    return rc == SUDOKU_OK && sudoku_solver_write(solver, got) == SUDOKU_OK &&
           strcmp(got, expected) == 0;
}

/* Rates with the resumable rater and checks the rating against sudoku_rate's. */
static int rate_in_slices(sudoku_rater_t *rater)
{
    sudoku_rating_t expected, got;
    int rc;
    if (sudoku_rate(puzzle, &expected) != SUDOKU_OK) {
        return 0;
    }
    do {
        rc = sudoku_rater_step(rater, 16);
    } while (rc == SUDOKU_ERR_BUDGET);
    return rc == SUDOKU_OK && sudoku_rater_write(rater, &got) == SUDOKU_OK &&
           got.level == expected.level && got.se_rating == expected.se_rating &&
           got.hardest == expected.hardest && got.steps == expected.steps &&
           got.score == expected.score;
}

/* The same check for sudoku_rater_t, always through the checked macro (the control
 * build's unchecked call is the solver's). */
static int check_rater(void)
{
    sudoku_rater_t *rater = malloc(sizeof *rater);
    const unsigned char *bytes = (const unsigned char *)rater;
    int fits = sudoku_rater_size() <= sizeof *rater;
    int ok;
    size_t i;

    if (rater == NULL) {
        return 0;
    }
    memset(rater, PATTERN, sizeof *rater);
    if (fits) {
        ok = sudoku_rater_init(rater, puzzle) == SUDOKU_OK && rate_in_slices(rater);
    } else {
        ok = sudoku_rater_init(rater, puzzle) == SUDOKU_ERR_SIZE;
        for (i = 0; i < sizeof *rater; i++) {
            ok = ok && bytes[i] == PATTERN;
        }
        ok = ok && sudoku_rater_step(rater, 16) == SUDOKU_ERR_STATE;
    }
    printf("rater_size: struct %u bytes, library needs %u: %s (%s)\n",
           (unsigned)sizeof *rater, (unsigned)sudoku_rater_size(), fits ? "rated" : "refused",
           ok ? "as expected" : "WRONG");
    free(rater);
    return ok;
}

int main(void)
{
    sudoku_solver_t *solver = malloc(sizeof *solver);
    const unsigned char *bytes = (const unsigned char *)solver;
    int fits = sudoku_solver_size() <= sizeof *solver;
    int ok, rc;
    size_t i;

    if (solver == NULL) {
        return 1;
    }
    memset(solver, PATTERN, sizeof *solver);
#ifdef UNCHECKED_CONTROL
    rc = (sudoku_solver_init)(solver, puzzle); /* the parentheses bypass the macro */
#else
    rc = sudoku_solver_init(solver, puzzle);
#endif
    if (fits) {
        ok = rc == SUDOKU_OK && solve_in_slices(solver);
    } else {
        ok = rc == SUDOKU_ERR_SIZE;
        for (i = 0; i < sizeof *solver; i++) {
            ok = ok && bytes[i] == PATTERN;
        }
        /* Never initialised, so every later call refuses it. */
        ok = ok && sudoku_solver_step(solver, 16) == SUDOKU_ERR_STATE;
    }
    printf("solver_size: struct %u bytes, library needs %u: %s (%s)\n",
           (unsigned)sizeof *solver, (unsigned)sudoku_solver_size(),
           fits ? "solved" : "refused", ok ? "as expected" : "WRONG");
    free(solver);
    ok = check_rater() && ok;
    return ok ? 0 : 1;
}
