//! Where every spot's sites are, so that readers find the regions of a spot
//! without reading the whole position.

use super::Spot;
use super::moves::SiteRef;
use super::position::{Position, Region};

/// A site as the index stores it: the region's id, boundary, place.
type Entry = (u32, u32, u32);

/// The sites of every spot (at most three: a spot has at most
/// `max(1, degree)` sites), with regions named by ids that do not change
/// when a move inserts a region, and the current place of every id.
///
/// Built on first use in one pass over the position; after that a move
/// keeps it up to date in time proportional to the region the move is
/// drawn in plus the number of regions (the cost of inserting the new
/// region into the position's list anyway).
#[derive(Clone, Debug, Default)]
pub(crate) struct SpotIndex {
    sites: Vec<([Entry; 3], u8)>,
    /// `id_at[r]`: the id of the region at index `r`.
    id_at: Vec<u32>,
    /// `place[id]`: the index of the region with that id.
    place: Vec<u32>,
}

impl SpotIndex {
    fn build(pos: &Position) -> SpotIndex {
        let mut index = SpotIndex {
            sites: vec![([(0, 0, 0); 3], 0); pos.degree.len()],
            id_at: (0..pos.regions.len() as u32).collect(),
            place: (0..pos.regions.len() as u32).collect(),
        };
        for (r, region) in pos.regions.iter().enumerate() {
            index.add(r as u32, region);
        }
        index
    }

    /// Adds the sites of a region with id `id`.
    fn add(&mut self, id: u32, region: &Region) {
        for (bi, b) in region.boundaries.iter().enumerate() {
            for (i, &x) in b.sites.iter().enumerate() {
                // Checked positions list only their own spots, at most
                // three times each.
                if let Some((entries, len)) = self.sites.get_mut(x as usize) {
                    if let Some(e) = entries.get_mut(*len as usize) {
                        *e = (id, bi as u32, i as u32);
                        *len += 1;
                    }
                }
            }
        }
    }

    /// Removes the sites of a region with id `id`.
    fn remove(&mut self, id: u32, region: &Region) {
        for &x in region.boundaries.iter().flat_map(|b| &b.sites) {
            if let Some((entries, len)) = self.sites.get_mut(x as usize) {
                let mut kept = 0;
                for k in 0..*len as usize {
                    if entries[k].0 != id {
                        entries[kept] = entries[k];
                        kept += 1;
                    }
                }
                *len = kept as u8;
            }
        }
    }
}

impl Position {
    fn index(&self) -> &SpotIndex {
        self.index.get_or_init(|| SpotIndex::build(self))
    }

    /// Before a move in region `r`: takes the region's sites out of a
    /// built index.
    pub(crate) fn unindex_region(&mut self, r: usize) {
        if let Some(index) = self.index.get_mut() {
            index.remove(index.id_at[r], &self.regions[r]);
        }
    }

    /// After a move in region `r` ([`Position::unindex_region`] first):
    /// puts the new regions (and the new spot) into a built index.
    pub(crate) fn reindex_after_move(&mut self, r: usize, split: bool) {
        let Some(index) = self.index.get_mut() else {
            return;
        };
        let id = index.id_at[r];
        index.sites.resize(self.degree.len(), ([(0, 0, 0); 3], 0));
        index.add(id, &self.regions[r]);
        if split {
            let new = index.place.len() as u32;
            index.place.push(0);
            index.id_at.insert(r + 1, new);
            for k in r + 1..index.id_at.len() {
                index.place[index.id_at[k] as usize] = k as u32;
            }
            index.add(new, &self.regions[r + 1]);
        }
    }

    /// Every site of a spot as (region index, site), by region then
    /// boundary then place; empty for a spot that is not listed (or does
    /// not exist). The first call reads the position once; later calls,
    /// also after moves played in place, take constant time.
    ///
    /// ```
    /// use sprouts::model::{Move, Position, SiteRef};
    /// let p = Position::start(2, Default::default());
    /// // 1-3-1 with 2 outside: 1 is on both sides of the loop.
    /// let q = p.play(&Move::new(0, SiteRef::new(0, 0), SiteRef::new(0, 0), vec![])).unwrap();
    /// assert_eq!(q.sites_of_spot(1), vec![(0, SiteRef::new(0, 0)), (1, SiteRef::new(0, 0))]);
    /// assert_eq!(q.sites_of_spot(2), vec![(1, SiteRef::new(1, 0))]);
    /// assert!(q.sites_of_spot(9).is_empty());
    /// ```
    pub fn sites_of_spot(&self, x: Spot) -> Vec<(usize, SiteRef)> {
        let index = self.index();
        let Some((entries, len)) = index.sites.get(x as usize) else {
            return Vec::new();
        };
        let mut out: Vec<(usize, SiteRef)> = entries[..*len as usize]
            .iter()
            .map(|&(id, b, i)| {
                (
                    index.place[id as usize] as usize,
                    SiteRef::new(b as usize, i as usize),
                )
            })
            .collect();
        out.sort_unstable();
        out
    }

    /// The regions (indices, increasing, each once) where a spot has a site.
    ///
    /// ```
    /// use sprouts::model::{Move, Position, SiteRef};
    /// let p = Position::start(2, Default::default());
    /// let q = p.play(&Move::new(0, SiteRef::new(0, 0), SiteRef::new(0, 0), vec![])).unwrap();
    /// assert_eq!(q.regions_of_spot(1), vec![0, 1]);
    /// assert_eq!(q.regions_of_spot(2), vec![1]);
    /// ```
    pub fn regions_of_spot(&self, x: Spot) -> Vec<usize> {
        let mut out: Vec<usize> = self.sites_of_spot(x).iter().map(|&(r, _)| r).collect();
        out.dedup();
        out
    }

    /// The sites of a spot in one region.
    pub(crate) fn sites_in(&self, region: usize, x: Spot) -> Vec<SiteRef> {
        self.sites_of_spot(x)
            .iter()
            .filter(|&&(r, _)| r == region)
            .map(|&(_, s)| s)
            .collect()
    }

    /// The regions (increasing) where both spots have a site.
    pub(crate) fn shared_regions(&self, a: Spot, b: Spot) -> Vec<usize> {
        let rb = self.regions_of_spot(b);
        self.regions_of_spot(a)
            .into_iter()
            .filter(|r| rb.contains(r))
            .collect()
    }
}
