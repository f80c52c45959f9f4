//! The unlabelled form of a position: lands of regions of boundaries of
//! symbols (`0`, `1`, `2`, letters), made from and turned back into the
//! labelled model. The GLOP 1.0, GLOP 2 and neo-GLOP notations read and
//! write it (their shared reading is `notation::glop_text`), and the exact
//! canonical form (`canon`) works on it.

mod write;

pub(crate) use write::{Style, letter_name, surface_marks};

use std::collections::HashMap;

use crate::model::{Position, PositionError, Spot, Topology, Variant};
use crate::union_find::UnionFind;

/// One site of an unlabelled position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Sym {
    /// A spot with 3 lives (degree 0).
    Zero,
    /// A spot with 2 lives (degree 1).
    One,
    /// A spot with 1 life listed once (degree 2).
    Two,
    /// A spot with 1 life listed twice; the number names it within the shape.
    Letter(u32),
}

/// Regions of boundaries of symbols.
pub(crate) type ShapeLand = Vec<Vec<Vec<Sym>>>;

/// An unlabelled position: its lands. Every letter occurs exactly twice,
/// within one land, never on two boundaries of one region. (Letters here
/// are spot numbers; how texts reuse letter names is the business of
/// `notation::glop_text::letters::match_land`.)
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Shape {
    pub(crate) lands: Vec<ShapeLand>,
}

impl Shape {
    /// The live part of a labelled position: dead spots, empty boundaries
    /// and regions without a live spot dropped; regions grouped into lands
    /// (linked by spots listed in two regions), in stored order.
    pub(crate) fn from_position(p: &Position) -> Shape {
        Shape::from_position_indexed(p).0
    }

    /// [`Shape::from_position`], with the stored index of every region kept.
    pub(crate) fn from_position_indexed(p: &Position) -> (Shape, Vec<Vec<usize>>) {
        let regions: Vec<(usize, Vec<Vec<Spot>>)> = p
            .regions()
            .iter()
            .enumerate()
            .map(|(index, r)| {
                (
                    index,
                    r.boundaries()
                        .iter()
                        .map(|b| {
                            b.sites()
                                .iter()
                                .copied()
                                .filter(|&s| p.is_live(s))
                                .collect::<Vec<_>>()
                        })
                        .filter(|b| !b.is_empty())
                        .collect::<Vec<_>>(),
                )
            })
            .filter(|(_, r)| !r.is_empty())
            .collect();
        let n = p.next_spot() as usize;
        let mut count = vec![0u8; n];
        let mut first_region = vec![usize::MAX; n];
        let mut uf = UnionFind::new(regions.len());
        for (ri, (_, r)) in regions.iter().enumerate() {
            for &s in r.iter().flatten() {
                let su = s as usize;
                count[su] = count[su].saturating_add(1);
                if first_region[su] == usize::MAX {
                    first_region[su] = ri;
                } else if first_region[su] != ri {
                    uf.union(ri, first_region[su]);
                }
            }
        }
        let sym = |s: Spot| match p.degree(s) {
            0 => Sym::Zero,
            1 => Sym::One,
            _ if count[s as usize] >= 2 => Sym::Letter(s),
            _ => Sym::Two,
        };
        let mut land_of_root: HashMap<usize, usize> = HashMap::new();
        let mut lands: Vec<ShapeLand> = Vec::new();
        let mut indices: Vec<Vec<usize>> = Vec::new();
        for (ri, (index, r)) in regions.iter().enumerate() {
            let root = uf.find(ri);
            let li = *land_of_root.entry(root).or_insert_with(|| {
                lands.push(Vec::new());
                indices.push(Vec::new());
                lands.len() - 1
            });
            indices[li].push(*index);
            lands[li].push(
                r.iter()
                    .map(|b| b.iter().map(|&s| sym(s)).collect())
                    .collect(),
            );
        }
        (Shape { lands }, indices)
    }

    /// The labelled position: spots numbered from 1 in order of first
    /// appearance (lands, regions, boundaries, sites in order).
    pub(crate) fn to_position(&self) -> Result<Position, PositionError> {
        let (regions, degrees) = self.spots();
        Position::new_abbreviated(regions, degrees, Variant::Normal)
    }

    /// [`Shape::to_position`] with each region's topology (in order).
    pub(crate) fn to_position_on(
        &self,
        topologies: &[Topology],
    ) -> Result<Position, PositionError> {
        let (regions, degrees) = self.spots();
        let regions = regions
            .into_iter()
            .enumerate()
            .map(|(i, r)| (r, topologies.get(i).copied().unwrap_or(Topology::PLANE)))
            .collect();
        Position::new_on_surface(regions, degrees, Variant::Normal)
    }

    /// The regions with spots numbered in order of first appearance, and
    /// their degrees.
    #[allow(clippy::type_complexity)]
    fn spots(&self) -> (Vec<Vec<Vec<Spot>>>, Vec<u8>) {
        let mut ids: HashMap<u32, Spot> = HashMap::new();
        let mut degrees: Vec<u8> = vec![0];
        let mut spot_of = |s: Sym| {
            let mut new_spot = |degree: u8| {
                degrees.push(degree);
                (degrees.len() - 1) as Spot
            };
            match s {
                Sym::Letter(g) => *ids.entry(g).or_insert_with(|| new_spot(2)),
                Sym::Zero => new_spot(0),
                Sym::One => new_spot(1),
                Sym::Two => new_spot(2),
            }
        };
        let regions = self
            .lands
            .iter()
            .flatten()
            .map(|r| {
                r.iter()
                    .map(|b| b.iter().map(|&s| spot_of(s)).collect())
                    .collect()
            })
            .collect();
        (regions, degrees)
    }
}
