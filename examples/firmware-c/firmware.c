/*
 * A C firmware that solves Sudoku with libsudoku (built without the `fast` engine, for
 * microcontrollers): one puzzle with sudoku_solve on a RAM buffer, one with the resumable
 * solver in slices of the main loop, and one without a solution; then it generates a new
 * puzzle with the resumable generator, in slices too, and prints it as one line
 * (`sudoku generate -n 1 --seed 7 --symmetry rot180` prints the same line on a PC). Last,
 * the technique engine rates a puzzle that needs chains and hints its first step, printed
 * as `sudoku rate` and `sudoku hint` print them, and a hard puzzle is generated
 * (`sudoku generate -n 1 --seed 7 --level hard` prints the same line). It prints over semihosting (newlib's
 * rdimon); main's return value becomes QEMU's exit status.
 */
#define SUDOKU_COMPACT /* the library was built with --no-default-features */
#include "sudoku.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* Steps per sudoku_solver_step call: a bounded amount of work per pass of the main loop. */
#define SLICE_STEPS 32u

/* The seed of the generated puzzle: the same seed gives the same puzzle on every device. */
#define SEED 7u

static char grid[82] =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
static const char sparse[82] =
    "........1........2..3.45..........4....67.1....5...........2.3..6.......17..8.9..";
static char unsolvable[82] =
    "1....6.8....7......9..5.......56..3.3.............38.15....1.6.....2.4..8.2..5.1.";

/* A puzzle whose path needs an XY-chain ("unfair", in HoDoKu's words). */
static const char chains[82] =
    "...5.41.......7..87..21....2..4..8........2..34.....59..6........4..861..5..2..9.";

static sudoku_solver_t solver;       /* the whole search state, in .bss: no heap */
static sudoku_generator_t generator; /* the same for a generation */

static void print_rows(const char *cells)
{
    for (int row = 0; row < 9; row++) {
        printf("%.9s\n", cells + 9 * row);
    }
}

int main(void)
{
    int ok = 1;

    int rc = sudoku_solve(grid);
    printf("sudoku_solve: %s\n", sudoku_strerror(rc));
    if (rc == SUDOKU_OK) {
        print_rows(grid);
    }
    ok = ok && rc == SUDOKU_OK;

    char out[82];
    unsigned slices = 0;
    rc = sudoku_solver_init(&solver, sparse);
    if (rc == SUDOKU_OK) {
        do {
            slices++;
            rc = sudoku_solver_step(&solver, SLICE_STEPS);
            /* Here a device would kick its watchdog, poll its buttons, draw a frame. */
        } while (rc == SUDOKU_ERR_BUDGET);
    }
    if (rc == SUDOKU_OK) {
        memcpy(out, sparse, sizeof out);
        rc = sudoku_solver_write(&solver, out);
    }
    printf("resumable solver: %s after %u slices\n", sudoku_strerror(rc), slices);
    if (rc == SUDOKU_OK) {
        print_rows(out);
    }
    ok = ok && rc == SUDOKU_OK;

    rc = sudoku_solve(unsolvable);
    printf("unsolvable puzzle: %s\n", sudoku_strerror(rc));
    ok = ok && rc == SUDOKU_ERR_UNSOLVABLE;

    /* A minimal puzzle with one solution and givens symmetric under a half turn. */
    const sudoku_generate_options_t opts = {.symmetry = SUDOKU_SYMMETRY_ROT180};
    slices = 0;
    rc = sudoku_generator_init(&generator, SEED, &opts); /* checks sizeof(generator) */
    if (rc == SUDOKU_OK) {
        do {
            slices++;
            rc = sudoku_generator_step(&generator, SLICE_STEPS);
            /* As above: the device's other work goes here. */
        } while (rc == SUDOKU_ERR_BUDGET);
    }
    if (rc == SUDOKU_OK) {
        rc = sudoku_generator_write(&generator, out);
    }
    if (rc == SUDOKU_OK) {
        printf("generated in %u slices (seed %u, rot180):\n%s\n", slices, SEED, out);
    } else {
        printf("generator: %s\n", sudoku_strerror(rc));
    }
    ok = ok && rc == SUDOKU_OK;

    /* Rate the puzzle: HoDoKu's level, the score on Sudoku Explainer's scale, the hardest
     * technique. The engine needs no heap either, only stack (under 4 KiB). */
    sudoku_rating_t rating;
    rc = sudoku_rate(chains, &rating);
    if (rc == SUDOKU_OK) {
        char level[16] = {0};
        const char *name = sudoku_level_name(rating.level);
        for (size_t i = 0; name != NULL && name[i] != '\0' && i + 1 < sizeof level; i++) {
            level[i] = (char)tolower((unsigned char)name[i]); /* as `sudoku rate` prints it */
        }
        printf("rated %s:\n%s\t%d.%d\t%s\n", chains, level, rating.se_rating / 10,
               rating.se_rating % 10, sudoku_technique_name(rating.hardest));
    } else {
        printf("sudoku_rate: %s\n", sudoku_strerror(rc));
    }
    ok = ok && rc == SUDOKU_OK;

    /* The first step a player should look for, in words. */
    sudoku_step_t step;
    rc = sudoku_hint(chains, &step);
    if (rc == SUDOKU_OK) {
        static char text[1024]; /* a step's text never exceeds 1 KiB */
        int n = sudoku_step_format(&step, text, sizeof text);
        if (n < 0) {
            rc = n;
        } else {
            printf("hint:\n%s\n", text);
        }
    }
    if (rc != SUDOKU_OK) {
        printf("sudoku_hint: %s\n", sudoku_strerror(rc));
    }
    ok = ok && rc == SUDOKU_OK;

    /* A new puzzle at a chosen level: generations and ratings until one is hard (a game's
     * "new hard puzzle" button). One call; `sudoku_generator_step` and `sudoku_rater_step`
     * make the same attempts in slices (docs/embedded.md). */
    rc = sudoku_generate_level(out, SEED, NULL, SUDOKU_LEVEL_HARD, 0, &rating);
    if (rc == SUDOKU_OK) {
        printf("generated at level hard (seed %u):\n%s\n", SEED, out);
    } else {
        printf("sudoku_generate_level: %s\n", sudoku_strerror(rc));
    }
    ok = ok && rc == SUDOKU_OK && rating.level == SUDOKU_LEVEL_HARD;

    printf("%s\n", ok ? "all answers right" : "WRONG ANSWER");
    return ok ? 0 : 1;
}
