//! Which keys a table of the file may hold: a Bloom filter in front of the
//! file's lookups.
//!
//! A search asks the database mostly for positions it has not proved (the
//! ones it is about to search), and each such miss walks the file's B-tree
//! to a leaf; the file is opened again at every commit, so its page cache
//! starts cold each time. A key the filter rules out is not looked up at
//! all. The filter never rules out a key that it was given (those of the
//! table when it was built, and every key put since through the same
//! [`Db`](crate::Db)), so it hides nothing stored; a key it lets through
//! that the file does not hold costs the lookup it would have cost anyway.

use std::hash::BuildHasher;

use rustc_hash::FxBuildHasher;

/// Bits per key the filter is sized for; it is rebuilt at twice the size
/// once it holds a key for every [`MIN_BITS_PER_KEY`] bits.
const BITS_PER_KEY: usize = 16;
/// Below this many bits a key, the filter lets too much through (2 % at 8
/// bits and [`PROBES`] probes): it is rebuilt larger.
pub(crate) const MIN_BITS_PER_KEY: usize = 8;
/// Bits looked at per key: at 16 bits a key, about 1 key in 1,000 not in
/// the table is let through (at 8 bits, 1 in 50).
const PROBES: u32 = 6;
/// The smallest filter (8 KiB).
const MIN_BITS: usize = 1 << 16;

/// A Bloom filter of byte keys.
#[derive(Clone, Debug)]
pub(crate) struct KeyFilter {
    words: Vec<u64>,
    /// The number of bits minus one (a power of two minus one).
    mask: u64,
    /// Keys added (with repeats).
    keys: usize,
}

/// A 64-bit finaliser (splitmix64's): spreads Fx's hash over every bit.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The two hashes of a key from which its probes are made.
fn hashes(key: &[u8]) -> (u64, u64) {
    let h = mix(FxBuildHasher.hash_one(key));
    (h, mix(h ^ 0x9e37_79b9_7f4a_7c15) | 1)
}

impl KeyFilter {
    /// An empty filter sized for `keys` keys.
    pub(crate) fn with_capacity(keys: usize) -> KeyFilter {
        let bits = keys
            .saturating_mul(BITS_PER_KEY)
            .max(MIN_BITS)
            .checked_next_power_of_two()
            .unwrap_or(1 << 62);
        KeyFilter {
            words: vec![0; bits / 64],
            mask: bits as u64 - 1,
            keys: 0,
        }
    }

    /// Adds a key.
    pub(crate) fn insert(&mut self, key: &[u8]) {
        let (mut h, step) = hashes(key);
        for _ in 0..PROBES {
            let bit = h & self.mask;
            self.words[(bit / 64) as usize] |= 1 << (bit % 64);
            h = h.wrapping_add(step);
        }
        self.keys += 1;
    }

    /// Whether the key may have been added: `false` means it was not.
    pub(crate) fn may_hold(&self, key: &[u8]) -> bool {
        let (mut h, step) = hashes(key);
        for _ in 0..PROBES {
            let bit = h & self.mask;
            if self.words[(bit / 64) as usize] & (1 << (bit % 64)) == 0 {
                return false;
            }
            h = h.wrapping_add(step);
        }
        true
    }

    /// Whether it holds so many keys that it should be made again larger.
    pub(crate) fn crowded(&self) -> bool {
        self.keys.saturating_mul(MIN_BITS_PER_KEY) > self.mask as usize + 1
    }

    /// What the filter takes in memory.
    pub(crate) fn bytes(&self) -> usize {
        self.words.capacity() * 8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_added_is_always_held_and_few_others_are() {
        let mut f = KeyFilter::with_capacity(10_000);
        for i in 0u32..10_000 {
            f.insert(&i.to_le_bytes());
        }
        assert!((0u32..10_000).all(|i| f.may_hold(&i.to_le_bytes())));
        // Sized at 16 bits a key (rounded up to a power of two: 262,144
        // bits for 10,000 keys, 26 a key) with 6 probes: about 1 in 10,000
        // others let through. 100,000 others: expect about 10.
        let through = (10_000u32..110_000)
            .filter(|i| f.may_hold(&i.to_le_bytes()))
            .count();
        assert!(through < 100, "{through}");
        assert!(!f.crowded());
        assert_eq!(f.bytes(), 262_144 / 8);
    }

    #[test]
    fn a_filter_filled_past_its_size_says_so() {
        let mut f = KeyFilter::with_capacity(0);
        assert_eq!(f.bytes() * 8, MIN_BITS);
        for i in 0..MIN_BITS / MIN_BITS_PER_KEY {
            f.insert(&(i as u64).to_le_bytes());
        }
        assert!(!f.crowded());
        f.insert(b"one more");
        assert!(f.crowded());
        // Every key put is still held.
        assert!((0..MIN_BITS / MIN_BITS_PER_KEY).all(|i| f.may_hold(&(i as u64).to_le_bytes())));
        assert!(f.may_hold(b"one more"));
    }
}
