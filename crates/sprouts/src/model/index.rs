//! Where every spot's sites are, so that readers find the regions of a spot
//! without reading the whole position.

use super::moves::SiteRef;
use super::position::{Position, Spot};

/// The sites of every spot, by region, in stored order (a compressed table:
/// the sites of spot `s` are `sites[offsets[s]..offsets[s + 1]]`). Built on
/// first use in one pass over the position; playing a move drops it.
#[derive(Clone, Debug, Default)]
pub(crate) struct SpotIndex {
    offsets: Vec<u32>,
    sites: Vec<(usize, SiteRef)>,
}

impl SpotIndex {
    fn build(pos: &Position) -> SpotIndex {
        let n = pos.degree.len();
        let mut offsets = vec![0u32; n + 1];
        for region in &pos.regions {
            for b in &region.boundaries {
                // Checked positions list only their own spots.
                for &x in b.sites.iter().filter(|&&x| (x as usize) < n) {
                    offsets[x as usize + 1] += 1;
                }
            }
        }
        for i in 1..offsets.len() {
            offsets[i] += offsets[i - 1];
        }
        let mut fill = offsets.clone();
        let mut sites = vec![(0, SiteRef::new(0, 0)); offsets[n] as usize];
        for (r, region) in pos.regions.iter().enumerate() {
            for (bi, b) in region.boundaries.iter().enumerate() {
                for (i, &x) in b
                    .sites
                    .iter()
                    .enumerate()
                    .filter(|&(_, &x)| (x as usize) < n)
                {
                    let at = &mut fill[x as usize];
                    sites[*at as usize] = (r, SiteRef::new(bi, i));
                    *at += 1;
                }
            }
        }
        SpotIndex { offsets, sites }
    }
}

impl Position {
    fn index(&self) -> &SpotIndex {
        self.index.get_or_init(|| SpotIndex::build(self))
    }

    /// Every site of a spot as (region index, site), by region then
    /// boundary then place; empty for a spot that is not listed (or does
    /// not exist). The first call after a move reads the position once;
    /// later calls take constant time.
    ///
    /// ```
    /// use sprouts::model::{Move, Position, SiteRef};
    /// let p = Position::start(2, Default::default());
    /// // 1-3-1 with 2 outside: 1 is on both sides of the loop.
    /// let q = p.play(&Move::new(0, SiteRef::new(0, 0), SiteRef::new(0, 0), vec![])).unwrap();
    /// assert_eq!(q.sites_of_spot(1), &[(0, SiteRef::new(0, 0)), (1, SiteRef::new(0, 0))]);
    /// assert_eq!(q.sites_of_spot(2), &[(1, SiteRef::new(1, 0))]);
    /// assert!(q.sites_of_spot(9).is_empty());
    /// ```
    pub fn sites_of_spot(&self, x: Spot) -> &[(usize, SiteRef)] {
        let index = self.index();
        let x = x as usize;
        match (index.offsets.get(x), index.offsets.get(x + 1)) {
            (Some(&a), Some(&b)) => &index.sites[a as usize..b as usize],
            _ => &[],
        }
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
