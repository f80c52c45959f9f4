//! Where proved results live: lookup/store traits, the in-memory table, and
//! a stack of a memory table over a slower store (a database).

use std::hash::BuildHasher;

use rustc_hash::{FxBuildHasher, FxHashMap, FxHashSet};

/// What is proved about a land in normal play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NormalEntry {
    /// The land's nimber.
    Nimber(u8),
    /// The nimber is still unknown, but is none of the heaps in this bit set
    /// (bit `h`: the land plus a nim heap of size `h` is a win for the
    /// player to move).
    NotIn(u64),
}

impl NormalEntry {
    /// Combines two facts about the same land.
    ///
    /// ```
    /// use sprouts::solve::NormalEntry::{NotIn, Nimber};
    /// assert_eq!(NotIn(1).merge(NotIn(4)), NotIn(5));
    /// assert_eq!(NotIn(1).merge(Nimber(2)), Nimber(2));
    /// ```
    pub fn merge(self, other: NormalEntry) -> NormalEntry {
        match (self, other) {
            (NormalEntry::Nimber(k), _) | (_, NormalEntry::Nimber(k)) => NormalEntry::Nimber(k),
            (NormalEntry::NotIn(a), NormalEntry::NotIn(b)) => NormalEntry::NotIn(a | b),
        }
    }

    /// Whether the land plus a heap of size `heap` is known to be a win
    /// (`Some(true)`), a loss (`Some(false)`), or not known.
    ///
    /// ```
    /// use sprouts::solve::NormalEntry;
    /// assert_eq!(NormalEntry::Nimber(1).outcome_with_heap(1), Some(false));
    /// assert_eq!(NormalEntry::NotIn(0b10).outcome_with_heap(1), Some(true));
    /// assert_eq!(NormalEntry::NotIn(0b10).outcome_with_heap(0), None);
    /// ```
    pub fn outcome_with_heap(self, heap: u8) -> Option<bool> {
        match self {
            NormalEntry::Nimber(k) => Some(k != heap),
            NormalEntry::NotIn(bits) => (heap < 64 && bits >> heap & 1 == 1).then_some(true),
        }
    }

    /// Bytes for a database value: `[0, k]` for a nimber, `[1, bits...]`
    /// (8 bytes, little endian) for excluded heaps.
    ///
    /// ```
    /// use sprouts::solve::NormalEntry;
    /// let e = NormalEntry::NotIn(5);
    /// assert_eq!(NormalEntry::from_bytes(&e.to_bytes()), Some(e));
    /// ```
    pub fn to_bytes(self) -> Vec<u8> {
        match self {
            NormalEntry::Nimber(k) => vec![0, k],
            NormalEntry::NotIn(bits) => {
                let mut v = vec![1];
                v.extend_from_slice(&bits.to_le_bytes());
                v
            }
        }
    }

    /// Reads [`NormalEntry::to_bytes`]; `None` for anything else.
    ///
    /// ```
    /// use sprouts::solve::NormalEntry;
    /// assert_eq!(NormalEntry::from_bytes(&[0, 3]), Some(NormalEntry::Nimber(3)));
    /// assert_eq!(NormalEntry::from_bytes(&[7]), None);
    /// ```
    pub fn from_bytes(b: &[u8]) -> Option<NormalEntry> {
        match b {
            [0, k] => Some(NormalEntry::Nimber(*k)),
            [1, rest @ ..] if rest.len() == 8 => {
                let mut a = [0u8; 8];
                a.copy_from_slice(rest);
                Some(NormalEntry::NotIn(u64::from_le_bytes(a)))
            }
            _ => None,
        }
    }
}

/// Lookup and store of proved results, keyed by land keys (normal play)
/// and by position keys (misère play: the sorted land keys, each followed
/// by `END_LAND`).
///
/// ```
/// use sprouts::solve::{MemoryStore, NormalEntry, Store};
/// let mut s = MemoryStore::default();
/// s.put_normal(b"x", NormalEntry::Nimber(2));
/// assert_eq!(s.get_normal(b"x"), Some(NormalEntry::Nimber(2)));
/// assert_eq!(s.get_misere(b"x"), None);
/// ```
pub trait Store {
    /// What is proved about a land in normal play.
    fn get_normal(&mut self, land: &[u8]) -> Option<NormalEntry>;
    /// Records what is proved about a land (already merged with what was known).
    fn put_normal(&mut self, land: &[u8], entry: NormalEntry);
    /// Whether the player to move wins a position in misère play, if known.
    fn get_misere(&mut self, position: &[u8]) -> Option<bool>;
    /// Records a misère outcome.
    fn put_misere(&mut self, position: &[u8], win: bool);
    /// The misère canonical trees kept (see [`crate::misere::Trees`]), in
    /// id order from tree 1 (tree 0, the end, is not listed): each tree's
    /// options, by id. The solver reads them once, before its first misère
    /// search; none by default.
    fn tree_records(&mut self) -> Vec<Vec<u32>> {
        Vec::new()
    }
    /// Records tree `id` (each tree after the ones before it); kept
    /// nowhere by default.
    fn put_tree(&mut self, _id: u32, _options: &[u32]) {}
    /// The canonical tree of a small land, if kept; none by default.
    fn get_land_tree(&mut self, _land: &[u8]) -> Option<u32> {
        None
    }
    /// Records the canonical tree of a small land; kept nowhere by default.
    fn put_land_tree(&mut self, _land: &[u8], _tree: u32) {}
    /// Every land tree kept whose land `keep` accepts, as (land, tree id);
    /// none by default. The solver reads the trees of big lands once, with
    /// the trees: its keys add them into the tree (docs/solver.md#big-land-trees).
    fn land_tree_records(&mut self, _keep: &dyn Fn(&[u8]) -> bool) -> Vec<(Vec<u8>, u32)> {
        Vec::new()
    }
    /// Makes what was stored durable (a database commits); free by default.
    fn flush(&mut self) {}
    /// Whether the store is known to hold nothing yet (a [`Stacked`] store
    /// then never asks it); `false` by default.
    fn knows_nothing(&mut self) -> bool {
        false
    }
    /// Whether every result put is kept and found again (a database open
    /// for writing): a [`Stacked`] store over it then bounds its memory
    /// table ([`Stacked::set_front_limit`]); `false` by default.
    fn keeps_everything(&self) -> bool {
        false
    }
    /// About how many bytes the store holds in memory (results it keeps
    /// or has not written yet), for progress reports; 0 by default.
    fn heap_bytes(&self) -> usize {
        0
    }
}

impl<S: Store + ?Sized> Store for Box<S> {
    fn get_normal(&mut self, land: &[u8]) -> Option<NormalEntry> {
        (**self).get_normal(land)
    }
    fn put_normal(&mut self, land: &[u8], entry: NormalEntry) {
        (**self).put_normal(land, entry)
    }
    fn get_misere(&mut self, position: &[u8]) -> Option<bool> {
        (**self).get_misere(position)
    }
    fn put_misere(&mut self, position: &[u8], win: bool) {
        (**self).put_misere(position, win)
    }
    fn tree_records(&mut self) -> Vec<Vec<u32>> {
        (**self).tree_records()
    }
    fn put_tree(&mut self, id: u32, options: &[u32]) {
        (**self).put_tree(id, options)
    }
    fn get_land_tree(&mut self, land: &[u8]) -> Option<u32> {
        (**self).get_land_tree(land)
    }
    fn put_land_tree(&mut self, land: &[u8], tree: u32) {
        (**self).put_land_tree(land, tree)
    }
    fn land_tree_records(&mut self, keep: &dyn Fn(&[u8]) -> bool) -> Vec<(Vec<u8>, u32)> {
        (**self).land_tree_records(keep)
    }
    fn flush(&mut self) {
        (**self).flush()
    }
    fn knows_nothing(&mut self) -> bool {
        (**self).knows_nothing()
    }
    fn keeps_everything(&self) -> bool {
        (**self).keeps_everything()
    }
    fn heap_bytes(&self) -> usize {
        (**self).heap_bytes()
    }
}

/// A store that knows nothing and keeps nothing (the back of a [`Stacked`]
/// store when there is no database).
///
/// ```
/// use sprouts::solve::{NoStore, Store};
/// let mut s = NoStore;
/// s.put_misere(b"k", true);
/// assert_eq!(s.get_misere(b"k"), None);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct NoStore;

impl Store for NoStore {
    fn get_normal(&mut self, _: &[u8]) -> Option<NormalEntry> {
        None
    }
    fn put_normal(&mut self, _: &[u8], _: NormalEntry) {}
    fn get_misere(&mut self, _: &[u8]) -> Option<bool> {
        None
    }
    fn put_misere(&mut self, _: &[u8], _: bool) {}
    fn knows_nothing(&mut self) -> bool {
        true
    }
}

/// What an allocation of `bytes` takes on the heap, as glibc's allocator
/// hands out blocks: the request and an 8-byte header, rounded up to 16,
/// at least 32. For the memory reports of tables of many small boxes
/// ([`Store::heap_bytes`]).
///
/// ```
/// use sprouts::solve::heap_block;
/// assert_eq!((heap_block(1), heap_block(24), heap_block(40)), (32, 32, 48));
/// ```
pub fn heap_block(bytes: usize) -> usize {
    (bytes + 8).next_multiple_of(16).max(32)
}

/// What a hash table of `capacity` slots of `T` (a set's keys, or a map's
/// key and value together) takes: each slot beside a control byte, used
/// or not. For the same memory reports.
///
/// ```
/// use sprouts::solve::hash_table_bytes;
/// assert_eq!(hash_table_bytes::<(u32, u64)>(64), 64 * 17);
/// ```
pub fn hash_table_bytes<T>(capacity: usize) -> usize {
    capacity * (std::mem::size_of::<T>() + 1)
}

/// The in-memory table: two hash maps.
///
/// ```
/// use sprouts::solve::{MemoryStore, Store};
/// let mut s = MemoryStore::default();
/// s.put_misere(b"k", true);
/// assert_eq!((s.get_misere(b"k"), s.len()), (Some(true), 1));
/// ```
#[derive(Debug, Default)]
pub struct MemoryStore {
    normal: FxHashMap<Box<[u8]>, NormalEntry>,
    misere: FxHashMap<Box<[u8]>, bool>,
    /// What the keys' boxes take, as the allocator rounds them (kept as
    /// they are added: walking millions of keys for a report would cost).
    key_bytes: usize,
}

impl MemoryStore {
    /// Number of entries (both tables).
    ///
    /// ```
    /// assert_eq!(sprouts::solve::MemoryStore::default().len(), 0);
    /// ```
    pub fn len(&self) -> usize {
        self.normal.len() + self.misere.len()
    }

    /// Whether both tables are empty.
    ///
    /// ```
    /// assert!(sprouts::solve::MemoryStore::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every normal-play entry.
    ///
    /// ```
    /// use sprouts::solve::{MemoryStore, NormalEntry, Store};
    /// let mut s = MemoryStore::default();
    /// s.put_normal(b"a", NormalEntry::Nimber(0));
    /// assert_eq!(s.normal_entries().count(), 1);
    /// ```
    pub fn normal_entries(&self) -> impl Iterator<Item = (&[u8], NormalEntry)> {
        self.normal.iter().map(|(k, v)| (&k[..], *v))
    }

    /// Every misère entry.
    ///
    /// ```
    /// use sprouts::solve::{MemoryStore, Store};
    /// let mut s = MemoryStore::default();
    /// s.put_misere(b"a", false);
    /// assert_eq!(s.misere_entries().next(), Some((&b"a"[..], false)));
    /// ```
    pub fn misere_entries(&self) -> impl Iterator<Item = (&[u8], bool)> {
        self.misere.iter().map(|(k, v)| (&k[..], *v))
    }
}

impl MemoryStore {
    /// Merges a fact into what is known of a land; gives the result.
    fn merge_normal(&mut self, land: &[u8], entry: NormalEntry) -> NormalEntry {
        match self.normal.get_mut(land) {
            Some(e) => {
                *e = e.merge(entry);
                *e
            }
            None => {
                self.normal.insert(land.into(), entry);
                self.key_bytes += heap_block(land.len());
                entry
            }
        }
    }
}

impl Store for MemoryStore {
    fn get_normal(&mut self, land: &[u8]) -> Option<NormalEntry> {
        self.normal.get(land).copied()
    }
    fn put_normal(&mut self, land: &[u8], entry: NormalEntry) {
        self.merge_normal(land, entry);
    }
    fn get_misere(&mut self, position: &[u8]) -> Option<bool> {
        self.misere.get(position).copied()
    }
    fn put_misere(&mut self, position: &[u8], win: bool) {
        if self.misere.insert(position.into(), win).is_none() {
            self.key_bytes += heap_block(position.len());
        }
    }
    fn knows_nothing(&mut self) -> bool {
        self.is_empty()
    }
    fn keeps_everything(&self) -> bool {
        true
    }
    fn heap_bytes(&self) -> usize {
        hash_table_bytes::<(Box<[u8]>, NormalEntry)>(self.normal.capacity())
            + hash_table_bytes::<(Box<[u8]>, bool)>(self.misere.capacity())
            + self.key_bytes
    }
}

/// A memory table in front of a slower store: lookups try memory first and
/// keep what the slower store knew; every new result goes to both.
///
/// ```
/// use sprouts::solve::{MemoryStore, NormalEntry, Stacked, Store};
/// let mut back = MemoryStore::default();
/// back.put_normal(b"l", NormalEntry::Nimber(1));
/// let mut s = Stacked::new(back);
/// assert_eq!(s.get_normal(b"l"), Some(NormalEntry::Nimber(1)));
/// ```
#[derive(Debug)]
pub struct Stacked<B> {
    front: MemoryStore,
    back: B,
    /// Hashes of the keys the slower store was asked for and did not know.
    /// It learns nothing but what is put through this stack (which the
    /// front then knows), so asking it again is useless: most lookups are
    /// of lands not proved yet, asked again and again. A hash that two
    /// keys share only hides a stored result (it is proved again), never
    /// gives a wrong one.
    missing: FxHashSet<u64>,
    /// Whether the slower store knew nothing when the stack was made: it
    /// is then never asked (it learns only what the front knows).
    back_empty: bool,
    /// Past this many entries the front is emptied
    /// ([`Stacked::set_front_limit`]).
    front_limit: Option<usize>,
}

/// The memory table of a [`Stacked`] store over a store that keeps
/// everything holds at most this many results (about 1.5 GiB: a misère
/// search of 18 spots and more proves tens of millions of positions, all
/// of them in the database).
pub const FRONT_LIMIT: usize = 1 << 24;

/// Past this many hashes of missing keys (128 MiB and more), they are
/// forgotten and gathered again.
const MISSING_MAX: usize = 1 << 24;

/// The hash under which a key is remembered as missing (normal play and
/// misère keys apart).
fn missing_hash(misere: bool, key: &[u8]) -> u64 {
    FxBuildHasher.hash_one((misere, key))
}

impl<B: Store> Stacked<B> {
    /// A new stack with an empty memory table over `back`.
    ///
    /// ```
    /// let s = sprouts::solve::Stacked::new(sprouts::solve::MemoryStore::default());
    /// assert!(s.front().is_empty());
    /// ```
    pub fn new(mut back: B) -> Stacked<B> {
        Stacked {
            front: MemoryStore::default(),
            back_empty: back.knows_nothing(),
            front_limit: back.keeps_everything().then_some(FRONT_LIMIT),
            back,
            missing: FxHashSet::default(),
        }
    }

    /// Bounds the memory table: once it holds more than `entries`, it is
    /// emptied and fills again with what the search asks for next (`None`:
    /// it keeps everything). A new stack bounds it at [`FRONT_LIMIT`] when
    /// the slower store keeps every result put through the stack
    /// ([`Store::keeps_everything`]: a database open for writing): the
    /// front is then a cache of it, and emptying it loses nothing but the
    /// time of reading again. Over a store that forgets ([`NoStore`], a
    /// read-only database) it would lose the results themselves.
    ///
    /// ```
    /// use sprouts::solve::{MemoryStore, Stacked, Store};
    /// let mut s = Stacked::new(MemoryStore::default());
    /// s.set_front_limit(Some(2));
    /// for k in [b"a", b"b", b"c"] {
    ///     s.put_misere(k, true);
    /// }
    /// // The third entry passed the limit: the front started afresh, and
    /// // the back still answers for everything.
    /// assert_eq!(s.front().len(), 0);
    /// assert_eq!(s.get_misere(b"a"), Some(true));
    /// assert_eq!(s.front().len(), 1);
    /// ```
    pub fn set_front_limit(&mut self, entries: Option<usize>) {
        self.front_limit = entries;
        self.keep_front_within_limit();
    }

    /// Empties the front if it holds more than its limit. The hashes of
    /// missing keys go too: some of those keys have been put since (the
    /// front knew them, the back has them now).
    fn keep_front_within_limit(&mut self) {
        if self.front_limit.is_some_and(|m| self.front.len() > m) {
            self.front = MemoryStore::default();
            self.missing.clear();
            self.back_empty = false;
        }
    }

    /// The memory table.
    ///
    /// ```
    /// let s = sprouts::solve::Stacked::new(sprouts::solve::MemoryStore::default());
    /// assert_eq!(s.front().len(), 0);
    /// ```
    pub fn front(&self) -> &MemoryStore {
        &self.front
    }

    /// The slower store.
    ///
    /// ```
    /// let s = sprouts::solve::Stacked::new(sprouts::solve::MemoryStore::default());
    /// assert!(s.back().is_empty());
    /// ```
    pub fn back(&self) -> &B {
        &self.back
    }

    /// Remembers that the slower store does not know a key's hash.
    fn remember_missing(&mut self, h: u64) {
        if self.missing.len() >= MISSING_MAX {
            self.missing.clear();
        }
        self.missing.insert(h);
    }

    /// The slower store, to be used on its own again.
    ///
    /// ```
    /// let s = sprouts::solve::Stacked::new(sprouts::solve::MemoryStore::default());
    /// assert!(s.into_back().is_empty());
    /// ```
    pub fn into_back(self) -> B {
        self.back
    }
}

impl<B: Store> Store for Stacked<B> {
    fn get_normal(&mut self, land: &[u8]) -> Option<NormalEntry> {
        // The front holds everything the back knew about a land once it has
        // been looked up, and everything proved since.
        if let Some(e) = self.front.get_normal(land) {
            return Some(e);
        }
        if self.back_empty {
            return None;
        }
        let h = missing_hash(false, land);
        if self.missing.contains(&h) {
            return None;
        }
        let Some(b) = self.back.get_normal(land) else {
            self.remember_missing(h);
            return None;
        };
        self.front.put_normal(land, b);
        self.keep_front_within_limit();
        Some(b)
    }
    fn put_normal(&mut self, land: &[u8], entry: NormalEntry) {
        let merged = self.front.merge_normal(land, entry);
        self.back.put_normal(land, merged);
        self.keep_front_within_limit();
    }
    fn get_misere(&mut self, position: &[u8]) -> Option<bool> {
        if let Some(w) = self.front.get_misere(position) {
            return Some(w);
        }
        if self.back_empty {
            return None;
        }
        let h = missing_hash(true, position);
        if self.missing.contains(&h) {
            return None;
        }
        let Some(w) = self.back.get_misere(position) else {
            self.remember_missing(h);
            return None;
        };
        self.front.put_misere(position, w);
        self.keep_front_within_limit();
        Some(w)
    }
    fn put_misere(&mut self, position: &[u8], win: bool) {
        self.front.put_misere(position, win);
        self.back.put_misere(position, win);
        self.keep_front_within_limit();
    }
    // The solver keeps the trees and the trees of lands in its own memory:
    // the memory table does not hold them again.
    fn tree_records(&mut self) -> Vec<Vec<u32>> {
        self.back.tree_records()
    }
    fn put_tree(&mut self, id: u32, options: &[u32]) {
        self.back.put_tree(id, options)
    }
    fn get_land_tree(&mut self, land: &[u8]) -> Option<u32> {
        self.back.get_land_tree(land)
    }
    fn put_land_tree(&mut self, land: &[u8], tree: u32) {
        self.back.put_land_tree(land, tree)
    }
    fn land_tree_records(&mut self, keep: &dyn Fn(&[u8]) -> bool) -> Vec<(Vec<u8>, u32)> {
        self.back.land_tree_records(keep)
    }
    fn flush(&mut self) {
        self.back.flush();
    }
    fn knows_nothing(&mut self) -> bool {
        self.front.is_empty() && (self.back_empty || self.back.knows_nothing())
    }
    fn heap_bytes(&self) -> usize {
        self.front.heap_bytes()
            + hash_table_bytes::<u64>(self.missing.capacity())
            + self.back.heap_bytes()
    }
}

/// Told how a search advances (positions expanded so far); the default
/// methods do nothing, so [`NoProgress`] costs nothing.
///
/// ```
/// use sprouts::solve::{NoProgress, Progress};
/// let mut p = NoProgress;
/// p.searched(1000);
/// ```
pub trait Progress {
    /// Called every few thousand positions expanded with the running total.
    fn searched(&mut self, _total: u64) {}
    /// A certificate checker reading its file: bytes read of `total`.
    fn read(&mut self, _bytes: u64, _total: u64) {}
    /// A certificate checker checking its lines: lines checked of `total`.
    fn checked(&mut self, _lines: u64, _total: u64) {}
    /// Asked before each [`Progress::searched`]: whether to be told where
    /// the search's memory goes first ([`Progress::memory`]). Finding out
    /// walks some tables, so the default is never.
    fn wants_memory(&mut self) -> bool {
        false
    }
    /// Where the search's memory goes, when [`Progress::wants_memory`]
    /// asked for it.
    fn memory(&mut self, _held: &super::MisereMemory) {}
}

/// A progress report that does nothing.
///
/// ```
/// let _ = sprouts::solve::NoProgress;
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct NoProgress;

impl Progress for NoProgress {}

#[cfg(test)]
mod tests {
    use super::*;

    /// A memory store that counts the lookups it is asked.
    #[derive(Default)]
    struct Counting {
        inner: MemoryStore,
        asked: usize,
    }

    impl Store for Counting {
        fn get_normal(&mut self, land: &[u8]) -> Option<NormalEntry> {
            self.asked += 1;
            self.inner.get_normal(land)
        }
        fn put_normal(&mut self, land: &[u8], entry: NormalEntry) {
            self.inner.put_normal(land, entry)
        }
        fn get_misere(&mut self, position: &[u8]) -> Option<bool> {
            self.asked += 1;
            self.inner.get_misere(position)
        }
        fn put_misere(&mut self, position: &[u8], win: bool) {
            self.inner.put_misere(position, win)
        }
        fn knows_nothing(&mut self) -> bool {
            self.inner.knows_nothing()
        }
    }

    #[test]
    fn heap_bytes_count_every_key_once_and_the_stack_counts_its_front() {
        let mut m = MemoryStore::default();
        assert_eq!(m.heap_bytes(), 0);
        for i in 0..1000u32 {
            let key = format!("{i:040}");
            m.put_misere(key.as_bytes(), true);
            // Put again: the key is not counted twice.
            m.put_misere(key.as_bytes(), false);
        }
        m.put_normal(b"land", NormalEntry::Nimber(1));
        m.put_normal(b"land", NormalEntry::Nimber(1));
        // 1,000 keys of 40 bytes take 48 each with the allocator's
        // header, a land's 32.
        assert_eq!(m.key_bytes, 48_000 + 32);
        assert!(m.heap_bytes() > 48_032 + 1000 * std::mem::size_of::<(Box<[u8]>, bool)>());
        let mut s = Stacked::new(MemoryStore::default());
        s.set_front_limit(None);
        s.put_misere(b"k", true);
        // The front and the back hold the result.
        assert_eq!(s.heap_bytes(), 2 * s.front().heap_bytes());
    }

    #[test]
    fn a_missing_key_is_asked_of_the_back_once() {
        let mut back = Counting::default();
        back.inner.put_normal(b"known", NormalEntry::Nimber(3));
        let mut s = Stacked::new(back);
        for _ in 0..5 {
            assert_eq!(s.get_normal(b"unknown"), None);
            assert_eq!(s.get_misere(b"unknown"), None);
            assert_eq!(s.get_normal(b"known"), Some(NormalEntry::Nimber(3)));
        }
        // One lookup each for the two missing keys, one for the known land
        // (then kept in front).
        assert_eq!(s.back().asked, 3);
        // What is put through the stack is found, in front and behind.
        s.put_normal(b"unknown", NormalEntry::NotIn(2));
        s.put_normal(b"unknown", NormalEntry::NotIn(1));
        assert_eq!(s.get_normal(b"unknown"), Some(NormalEntry::NotIn(3)));
        assert_eq!(
            s.back().inner.normal_entries().count(),
            2,
            "the back gets every result"
        );
        let mut back = s.into_back();
        assert_eq!(back.get_normal(b"unknown"), Some(NormalEntry::NotIn(3)));
    }

    #[test]
    fn an_empty_back_is_never_asked() {
        let mut s = Stacked::new(Counting::default());
        assert!(s.knows_nothing());
        assert_eq!(s.get_normal(b"x"), None);
        s.put_misere(b"p", true);
        assert_eq!(s.get_misere(b"p"), Some(true));
        assert_eq!(s.get_misere(b"q"), None);
        assert_eq!(s.back().asked, 0);
        assert!(!s.knows_nothing());
        assert_eq!(s.into_back().inner.len(), 1);
    }

    #[test]
    fn a_bounded_front_forgets_nothing_the_back_keeps() {
        let mut s = Stacked::new(Counting::default());
        s.set_front_limit(Some(3));
        // Asked before it is known: the back is empty and never asked.
        assert_eq!(s.get_misere(b"late"), None);
        for (i, k) in [&b"a"[..], b"b", b"c", b"d"].into_iter().enumerate() {
            s.put_misere(k, i % 2 == 0);
        }
        // The fourth entry emptied the front; the back is asked from now on.
        assert_eq!(s.front().len(), 0);
        assert_eq!(s.get_misere(b"a"), Some(true));
        assert_eq!(s.get_misere(b"d"), Some(false));
        assert_eq!(s.back().asked, 2);
        // A key remembered as missing and put since is found.
        let mut back = Counting::default();
        back.put_misere(b"x", true);
        let mut t = Stacked::new(back);
        t.set_front_limit(Some(1));
        assert_eq!(t.get_misere(b"late"), None, "asked while missing");
        assert_eq!(t.back().asked, 1);
        t.put_misere(b"late", false);
        assert_eq!(t.get_misere(b"x"), Some(true));
        assert_eq!(t.front().len(), 0, "the second entry emptied the front");
        assert_eq!(t.get_misere(b"late"), Some(false));
        assert_eq!(t.back().asked, 3);
        // Normal entries merge in the back as they did in front.
        t.put_normal(b"l", NormalEntry::NotIn(1));
        t.put_normal(b"m", NormalEntry::NotIn(1));
        t.put_normal(b"l", NormalEntry::NotIn(2));
        assert_eq!(t.get_normal(b"l"), Some(NormalEntry::NotIn(3)));
    }

    #[test]
    fn only_a_store_that_keeps_everything_bounds_the_front() {
        assert_eq!(
            Stacked::new(MemoryStore::default()).front_limit,
            Some(FRONT_LIMIT)
        );
        assert_eq!(Stacked::new(NoStore).front_limit, None);
        assert_eq!(Stacked::new(Counting::default()).front_limit, None);
    }
}
