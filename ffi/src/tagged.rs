//! Library state kept in caller-owned memory (`sudoku_solver_t`, `sudoku_generator_t`):
//! one way to find it, checked, behind a C pointer.

use super::status::Failure;

/// A state that starts with a magic number, written by its init function together with a
/// whole valid value and checked before anything else is read, so that a zero-filled or
/// never-initialised struct is refused instead of being read as a state.
///
/// # Safety
/// The type is `repr(C)` with `magic: u32` as its first field, and `MAGIC` is only ever
/// written there as part of a whole valid value.
pub(crate) unsafe trait Tagged: Sized {
    /// The magic number of an initialised value.
    const MAGIC: u32;
}

/// `ptr` if it may hold a `T` at all: not NULL (`Failure::Null`) and aligned
/// (`Failure::State`). Reads nothing.
pub(crate) fn checked_place<T>(ptr: *mut T) -> Result<*mut T, Failure> {
    if ptr.is_null() {
        return Err(Failure::Null);
    }
    if !ptr.is_aligned() {
        return Err(Failure::State);
    }
    Ok(ptr)
}

/// The state at `ptr`, for reading, once its magic number is checked.
///
/// # Safety
/// `ptr` is NULL or points to `size_of::<T>()` readable bytes, not written by anyone
/// during the returned borrow.
pub(crate) unsafe fn checked_ref<'a, T: Tagged>(ptr: *const T) -> Result<&'a T, Failure> {
    let ptr = checked_place(ptr.cast_mut())?;
    // SAFETY: not NULL, aligned, readable by the caller's contract; the first field is a
    // `u32` (`Tagged`), valid for any bit pattern.
    let magic = unsafe { ptr.cast::<u32>().read() };
    if magic != T::MAGIC {
        return Err(Failure::State);
    }
    // SAFETY: the magic number is only written together with a whole valid `T` (`Tagged`);
    // the caller guarantees nobody writes it during the borrow.
    Ok(unsafe { &*ptr })
}

/// [`checked_ref`] for writing.
///
/// # Safety
/// As for [`checked_ref`], and the bytes are writable and not accessed by anyone else
/// during the returned borrow.
pub(crate) unsafe fn checked_mut<'a, T: Tagged>(ptr: *mut T) -> Result<&'a mut T, Failure> {
    // SAFETY: the caller's contract is `checked_ref`'s (and more).
    unsafe { checked_ref(ptr) }?;
    // SAFETY: `checked_ref` checked NULL, alignment and the magic number; the caller
    // guarantees exclusive access for the borrow.
    Ok(unsafe { &mut *ptr })
}
