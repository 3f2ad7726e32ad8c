//! A global allocator that counts live heap bytes while a measurement asks it to, so the
//! benchmark can report each engine's peak extra memory without a profiler.
//!
//! Counting is off while times are taken: then every allocation costs one relaxed load more than
//! the system allocator, the same for every engine. While on, the live count is kept relative to
//! the moment counting started (memory freed that was allocated earlier makes it go down, which is
//! why it is signed), and the peak is the highest it reached.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicIsize, Ordering};

/// The system allocator with a live-bytes counter and its high-water mark.
pub struct CountingAlloc;

static COUNTING: AtomicBool = AtomicBool::new(false);
static LIVE: AtomicIsize = AtomicIsize::new(0);
static PEAK: AtomicIsize = AtomicIsize::new(0);

impl CountingAlloc {
    fn grew(by: usize) {
        if COUNTING.load(Ordering::Relaxed) {
            let live = LIVE.fetch_add(by as isize, Ordering::Relaxed) + by as isize;
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
    }

    fn shrank(by: usize) {
        if COUNTING.load(Ordering::Relaxed) {
            LIVE.fetch_sub(by as isize, Ordering::Relaxed);
        }
    }
}

// SAFETY: every call is forwarded unchanged to `System`, which upholds `GlobalAlloc`'s contract;
// the counters only observe sizes and never touch the memory.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let pointer = System.alloc(layout);
        if !pointer.is_null() {
            Self::grew(layout.size());
        }
        pointer
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let pointer = System.alloc_zeroed(layout);
        if !pointer.is_null() {
            Self::grew(layout.size());
        }
        pointer
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        System.dealloc(pointer, layout);
        Self::shrank(layout.size());
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let moved = System.realloc(pointer, layout, new_size);
        if !moved.is_null() {
            if new_size >= layout.size() {
                Self::grew(new_size - layout.size());
            } else {
                Self::shrank(layout.size() - new_size);
            }
        }
        moved
    }
}

/// The most heap memory `work` had allocated at once beyond what was live when it started, in
/// bytes. Not reentrant: the benchmark measures one engine at a time on one thread.
pub fn peak_extra_bytes(work: impl FnOnce()) -> usize {
    LIVE.store(0, Ordering::Relaxed);
    PEAK.store(0, Ordering::Relaxed);
    COUNTING.store(true, Ordering::SeqCst);
    work();
    COUNTING.store(false, Ordering::SeqCst);
    PEAK.load(Ordering::Relaxed).max(0) as usize
}

/// What `work` keeps: the live heap bytes beyond those live when it started, taken when it has
/// returned and before its result is dropped, with the peak reached meanwhile (both in bytes).
pub fn kept_and_peak_bytes<T>(work: impl FnOnce() -> T) -> (usize, usize) {
    LIVE.store(0, Ordering::Relaxed);
    PEAK.store(0, Ordering::Relaxed);
    COUNTING.store(true, Ordering::SeqCst);
    let kept = work();
    COUNTING.store(false, Ordering::SeqCst);
    let live = LIVE.load(Ordering::Relaxed).max(0) as usize;
    drop(kept);
    (live, PEAK.load(Ordering::Relaxed).max(0) as usize)
}
