//! No input may cost memory or time beyond what its size and the position
//! justify: hostile move lists (huge ranges, thousands of copies) are
//! refused with a clean error, and the memory a reader takes is measured
//! here by an allocator that counts each thread's peak.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use proptest::prelude::*;
use sprouts::model::{MAX_SPOT, Position, Variant};
use sprouts::notation::Notation;
use sprouts::notation::transcript::Transcript;
use sprouts_testkit::strategies::config;

/// The system allocator, counting the bytes each thread holds and the most
/// it held (thread-local, so that tests running side by side do not mix).
struct Counting;

thread_local! {
    static HELD: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn count(delta: isize) {
    // `try_with`: a thread being torn down has no counters left.
    let _ = HELD.try_with(|h| {
        let now = h.get() + delta;
        h.set(now);
        let _ = PEAK.try_with(|p| p.set(p.get().max(now)));
    });
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size() as isize);
        // SAFETY: the caller's layout is passed on unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count(-(layout.size() as isize));
        // SAFETY: `ptr` came from `alloc` or `realloc` above, with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size as isize - layout.size() as isize);
        // SAFETY: as for `dealloc`; `new_size` is the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// What `f` returns, and the most bytes this thread held during it beyond
/// what it held before.
fn peak_during<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = HELD.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let out = f();
    let peak = PEAK.with(Cell::get) - base;
    (out, peak.max(0) as usize)
}

const MIB: usize = 1 << 20;

/// The move of the report: a loop on spot 1 of a 4-spot game listing the
/// range 2-1048575 six thousand times (about 60 KB).
fn hostile_wgosa() -> String {
    let range = format!("2-{}", MAX_SPOT - 1);
    format!("1(5)1[{}]", vec![range; 6000].join(","))
}

#[test]
fn the_reported_wgosa_list_is_refused_cheaply() {
    let text = hostile_wgosa();
    assert!(text.len() > 50_000);
    let pos = Position::start(4, Variant::Normal);
    let (result, peak) = peak_during(|| Notation::Wgosa.resolve(&text, &pos));
    assert_eq!(
        result.unwrap_err().to_string(),
        "illegal: listed spot 5 does not exist"
    );
    // The parsed list itself (6,000 items) is the only thing of size.
    assert!(peak < 2 * MIB, "peak {peak} bytes");
}

#[test]
fn the_reported_list_in_a_game_fails_at_its_move() {
    let text = format!("4+ {}", hostile_wgosa());
    let (result, peak) = peak_during(|| {
        let games = Transcript::read_all(&text, None).unwrap();
        games[0].replay().map(|_| ())
    });
    let e = result.unwrap_err();
    assert_eq!(e.number(), 1);
    assert!(
        e.to_string()
            .ends_with("illegal: listed spot 5 does not exist"),
        "{e}"
    );
    // The message quotes a bounded prefix of the 60 KB move.
    assert!(e.to_string().len() < 200, "{e}");
    assert!(peak < 4 * MIB, "peak {peak} bytes");
}

#[test]
fn the_same_list_in_lhp_is_refused_cheaply() {
    let range = format!("2-{}", MAX_SPOT - 1);
    let text = format!("1<5>1[{}]", vec![range; 6000].join(","));
    let pos = Position::start(4, Variant::Normal);
    let (result, peak) = peak_during(|| Notation::Lhp.resolve(&text, &pos));
    assert_eq!(
        result.unwrap_err().to_string(),
        "illegal: listed spot 5 is not a live spot"
    );
    assert!(peak < 2 * MIB, "peak {peak} bytes");
}

/// A list item: a spot or a range, with numbers anywhere up to the largest
/// a reader accepts.
fn item() -> impl Strategy<Value = String> {
    let number = prop_oneof![1u32..12, 0u32..MAX_SPOT];
    prop_oneof![
        number.clone().prop_map(|n| n.to_string()),
        (number.clone(), number).prop_map(|(a, b)| format!("{a}-{b}")),
    ]
}

proptest! {
    #![proptest_config(config(64))]

    /// Lists of any numbers, each item repeated up to 2,000 times, in WGOSA
    /// and LHP moves against small positions: a clean answer (a move or an
    /// error), and memory bounded by the text, never by the numbers.
    #[test]
    fn hostile_lists_cost_only_their_text(
        items in proptest::collection::vec(item(), 1..6),
        copies in 1usize..2000,
        spots in 1u32..6,
        lhp in any::<bool>(),
    ) {
        let list: Vec<String> = items.iter().cycle().take(items.len() * copies).cloned().collect();
        let (notation, text) = if lhp {
            (Notation::Lhp, format!("1<{}>1[{}]", spots + 1, list.join(",")))
        } else {
            (Notation::Wgosa, format!("1({})1[{}]", spots + 1, list.join(",")))
        };
        let pos = Position::start(spots, Variant::Normal);
        let (result, peak) = peak_during(|| notation.resolve(&text, &pos));
        if let Err(e) = &result {
            let e = e.to_string();
            prop_assert!(e.starts_with("illegal") || e.starts_with("ambiguous") || e.starts_with("at byte"), "{e}");
        }
        // A parsed item takes 12 bytes; allow the list twice over and a
        // small constant for the position.
        prop_assert!(peak < 64 * text.len() + MIB, "{} bytes for {} bytes of text", peak, text.len());
    }
}
