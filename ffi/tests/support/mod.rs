//! Helpers shared by the C ABI tests: safe wrappers that call the exported functions on
//! NUL-terminated copies of Rust byte strings, and the puzzle files.
#![allow(dead_code, unsafe_code)]

use std::ffi::{c_char, c_int, c_uint, CStr};
use sudoku81_ffi as abi;
pub use sudoku81_testkit::reference;

/// `text` followed by a NUL, as a C string buffer.
pub fn c_buf(text: &[u8]) -> Vec<u8> {
    let mut buf = text.to_vec();
    buf.push(0);
    buf
}

/// Calls `sudoku_solve` on a NUL-terminated copy of `text`; returns the code and the buffer
/// as it is afterwards (without the NUL), checking that the NUL itself was not touched.
pub fn solve(text: &[u8]) -> (c_int, Vec<u8>) {
    let mut buf = c_buf(text);
    // SAFETY: `buf` is a live, writable, NUL-terminated buffer owned by this frame.
    let code = unsafe { abi::sudoku_solve(buf.as_mut_ptr().cast::<c_char>()) };
    assert_eq!(buf.pop(), Some(0), "the NUL was overwritten");
    (code, buf)
}

/// Calls `sudoku_solve_n` on exactly `text` (no NUL added).
pub fn solve_n(text: &[u8]) -> (c_int, Vec<u8>) {
    let mut buf = text.to_vec();
    // SAFETY: `buf` holds `buf.len()` readable and writable bytes.
    let code = unsafe { abi::sudoku_solve_n(buf.as_mut_ptr().cast::<c_char>(), buf.len()) };
    (code, buf)
}

/// Calls `sudoku_count_solutions` on a NUL-terminated copy of `text`.
pub fn count(text: &[u8], limit: c_uint) -> c_int {
    let buf = c_buf(text);
    // SAFETY: `buf` is a live NUL-terminated buffer.
    unsafe { abi::sudoku_count_solutions(buf.as_ptr().cast::<c_char>(), limit) }
}

/// `sudoku_strerror(code)` as a Rust string.
pub fn message(code: c_int) -> String {
    let ptr = abi::sudoku_strerror(code);
    assert!(!ptr.is_null());
    // SAFETY: sudoku_strerror returns a static NUL-terminated string.
    unsafe { CStr::from_ptr(ptr) }
        .to_string_lossy()
        .into_owned()
}

/// The lines of `tests/data/<name>` (the sampled corpus in the repository).
pub fn puzzles(name: &str) -> Vec<String> {
    let path = sudoku81_testkit::data::sample_dir().join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(str::to_owned)
        .collect()
}

/// The 81 cells of a puzzle text (`.` and `0` as 0), skipping whitespace.
pub fn cells(text: &[u8]) -> [u8; 81] {
    let mut cells = [0u8; 81];
    let mut n = 0;
    for &b in text {
        let value = match b {
            b'1'..=b'9' => b - b'0',
            b'.' | b'0' => 0,
            _ => continue,
        };
        cells[n] = value;
        n += 1;
    }
    assert_eq!(n, 81, "not a puzzle: {}", String::from_utf8_lossy(text));
    cells
}

/// Asserts that `after` is `before` with every blank cell byte replaced by a digit, every
/// other byte unchanged, and that the digits form a valid solution keeping the givens.
pub fn assert_solved_in_place(before: &[u8], after: &[u8]) {
    assert_eq!(before.len(), after.len());
    for (&b, &a) in before.iter().zip(after) {
        if b == b'.' || b == b'0' {
            assert!(a.is_ascii_digit() && a != b'0', "blank not filled: {a}");
        } else {
            assert_eq!(a, b, "a non-blank byte changed");
        }
    }
    assert!(
        reference::is_valid_solution(&cells(before), &cells(after)),
        "not a valid solution: {}",
        String::from_utf8_lossy(after)
    );
}

/// An output struct filled with a byte pattern no call writes, to see whether a call wrote
/// it (`sudoku_rating_t` holds a `bool`, so the pattern is not a valid value: it is only
/// read as a value once a call has written it). Boxed, so that moving it never copies the
/// struct: a typed copy would not keep the bytes of its padding.
pub struct Out<T> {
    bytes: Box<std::mem::MaybeUninit<T>>,
}

impl<T> Out<T> {
    pub fn new() -> Out<T> {
        let mut bytes = Box::<T>::new_uninit();
        // SAFETY: writes exactly `size_of::<T>()` bytes into the box's own storage.
        unsafe {
            bytes
                .as_mut_ptr()
                .cast::<u8>()
                .write_bytes(0xA5, size_of::<T>())
        };
        Out { bytes }
    }

    pub fn ptr(&mut self) -> *mut T {
        self.bytes.as_mut_ptr()
    }

    /// True if no byte changed since `new`.
    pub fn untouched(&self) -> bool {
        // SAFETY: all `size_of::<T>()` bytes were initialised by `new`, and only a call
        // (through `ptr`) could have changed them: if it wrote, a byte differs (or, in a
        // padding byte, became uninitialised, which Miri reports).
        let bytes =
            unsafe { std::slice::from_raw_parts(self.bytes.as_ptr().cast::<u8>(), size_of::<T>()) };
        bytes.iter().all(|&b| b == 0xA5)
    }

    /// The value, after a call returned `SUDOKU_OK` (which writes the whole struct).
    pub fn get(&self, code: c_int) -> T
    where
        T: Copy,
    {
        assert_eq!(code, abi::SUDOKU_OK);
        // SAFETY: a successful call wrote a valid value.
        unsafe { self.bytes.assume_init_read() }
    }
}
