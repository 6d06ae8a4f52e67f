/*
 * solve: a drop-in replacement for the original C++ solver, on libsudoku.
 *
 *   solve < puzzle.txt        one puzzle (81 cells, e.g. the original 9 rows of 9) from
 *                             stdin; prints the 9 solved rows
 *   solve -b [FILE]           batch: one puzzle per line (stdin without FILE); prints one
 *                             81-digit line per puzzle, an empty line for a failed one
 *
 * Errors go to stderr as "solve: [line N: ]message". Exit status: 0 all solved, 1 some
 * puzzle failed, 2 bad usage or unreadable input.
 */
#define _POSIX_C_SOURCE 200809L /* getline */
#include "sudoku.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The whole of stdin is one puzzle; more than this is not a puzzle. */
#define MAX_INPUT 65536

/* A message for a failed puzzle, a little more specific than sudoku_strerror. */
static const char *explain(int code) {
    switch (code) {
    case SUDOKU_ERR_CHAR:
        return "invalid character (cells are 1-9, '.' or '0'; spaces and newlines are ignored)";
    case SUDOKU_ERR_LENGTH:
        return "wrong number of cells (a puzzle has exactly 81)";
    case SUDOKU_ERR_CONFLICT:
        return "conflicting givens (a digit repeats in a row, column or box)";
    case SUDOKU_ERR_UNSOLVABLE:
        return "the puzzle has no solution";
    default:
        return sudoku_strerror(code);
    }
}

/* Prints the 81 cells of a solved text, `per_line` digits per output line. */
static void print_cells(const char *text, int per_line) {
    int n = 0;
    for (; *text; text++) {
        if (*text >= '1' && *text <= '9') {
            putchar(*text);
            if (++n % per_line == 0) {
                putchar('\n');
            }
        }
    }
}

static int solve_one(FILE *in) {
    static char text[MAX_INPUT + 1];
    size_t len = fread(text, 1, MAX_INPUT, in);
    int code;
    if (ferror(in)) {
        fprintf(stderr, "solve: cannot read the input\n");
        return 2;
    }
    if (len == MAX_INPUT && fgetc(in) != EOF) {
        fprintf(stderr, "solve: input too long for one puzzle\n");
        return 1;
    }
    if (memchr(text, '\0', len) != NULL) {
        fprintf(stderr, "solve: %s\n", explain(SUDOKU_ERR_CHAR));
        return 1;
    }
    text[len] = '\0';
    code = sudoku_solve(text);
    if (code != SUDOKU_OK) {
        fprintf(stderr, "solve: %s\n", explain(code));
        return 1;
    }
    print_cells(text, 9);
    return 0;
}

static int solve_lines(FILE *in, const char *name) {
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    unsigned long number = 0;
    int status = 0;
    while ((len = getline(&line, &cap, in)) != -1) {
        int code;
        number++;
        if (strspn(line, " \t\r\n") == (size_t)len) {
            putchar('\n'); /* a blank line answers a blank line */
            continue;
        }
        code = (int)strlen(line) == len ? sudoku_solve(line) : SUDOKU_ERR_CHAR;
        if (code == SUDOKU_OK) {
            print_cells(line, 81);
        } else {
            fprintf(stderr, "solve: %s:%lu: %s\n", name, number, explain(code));
            putchar('\n');
            status = 1;
        }
    }
    free(line);
    if (ferror(in)) {
        fprintf(stderr, "solve: cannot read %s\n", name);
        return 2;
    }
    return status;
}

int main(int argc, char **argv) {
    FILE *in = stdin;
    const char *name = "<stdin>";
    int status;
    if (argc >= 2 && strcmp(argv[1], "-b") == 0) {
        if (argc > 3) {
            fprintf(stderr, "usage: solve [-b [FILE]] < puzzle\n");
            return 2;
        }
        if (argc == 3 && strcmp(argv[2], "-") != 0) {
            name = argv[2];
            in = fopen(name, "r");
            if (in == NULL) {
                perror(name);
                return 2;
            }
        }
        status = solve_lines(in, name);
        if (in != stdin) {
            fclose(in);
        }
        return status;
    }
    if (argc != 1) {
        fprintf(stderr, "usage: solve [-b [FILE]] < puzzle\n");
        return 2;
    }
    return solve_one(stdin);
}
