# Sums what libsudoku.a contributes to a linked image, from a GNU ld map file (the
# "Linker script and memory map" part; discarded sections are not counted). Prints four
# byte counts: text rodata data bss. Used by .ci/budgets.sh:
#   awk -f lib-size.awk firmware.map
# Portable awk (no gawk extensions): mawk has no strtonum, hence hex().
function hex(s,    n, i, c) {
    n = 0
    s = tolower(substr(s, 3))
    for (i = 1; i <= length(s); i++) { c = index("0123456789abcdef", substr(s, i, 1)) - 1; n = n * 16 + c }
    return n
}

/^Linker script and memory map/ { in_map = 1; next }
!in_map { next }
/^ (\.[^ ]+|COMMON)$/ { pending = $1; next }
{
    name = ""; size = ""; file = ""
    if ($0 ~ /^ (\.[^ ]+|COMMON) +0x[0-9a-f]+ +0x[0-9a-f]+ /) { name = $1; size = $3; file = $4 }
    else if (pending != "" && $0 ~ /^ +0x[0-9a-f]+ +0x[0-9a-f]+ /) { name = pending; size = $2; file = $3 }
    pending = ""
    if (name == "" || index(file, "libsudoku.a(") == 0) next
    bytes = hex(size)
    if (name ~ /^\.text/ || name ~ /^\.ARM\.exidx/) text += bytes
    else if (name ~ /^\.rodata/) rodata += bytes
    else if (name ~ /^\.data/) data += bytes
    else if (name ~ /^\.bss/ || name ~ /^COMMON/) bss += bytes
}
END { printf "%d %d %d %d\n", text, rodata, data, bss }
