//! Checking a misère certificate with move generation and lookups only
//! (docs/certificates.md#misere-check says what is checked and why that is
//! a proof).

use std::fmt;

use rustc_hash::FxHashMap;

use crate::misere::{TreeId, TreeRecordError, Trees};
use crate::notation::glop2;

use super::super::check::{CheckError, Why};
use super::super::quoted;
use super::MisereCertificate;
use super::core::{Core, Key};
use crate::solve::bytes::lands_of;
use crate::solve::misere::split_misere_key;
use crate::solve::pns::twice_lives;
use crate::solve::{LandCanon, decompose_with};

/// Why a line of a misère certificate does not hold ([`Why::Misere`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MisereWhy {
    /// Trees are numbered 1, 2, 3, ... in the order of their lines.
    TreeNumber {
        /// The number this line should have.
        expected: u32,
    },
    /// The tree is not a new tree in simplest form whose options are
    /// earlier trees.
    Tree(TreeRecordError),
    /// The line names a tree that is not listed.
    NoTree {
        /// The tree.
        tree: u32,
    },
    /// The same land is on another line with another tree.
    LandTwice {
        /// That line.
        line: usize,
        /// Its tree.
        tree: u32,
    },
    /// The land's children make another tree.
    LandTree {
        /// The tree they make, in words.
        tree: String,
    },
    /// A move leaves a small land whose tree is not listed.
    NoLandTree {
        /// The child, in words.
        child: String,
        /// The land, in GLOP 2.
        land: String,
    },
    /// No move is left: the player to move wins (a loss is claimed).
    End,
    /// A move leads to a position listed as a loss.
    ChildLoss {
        /// The child, in words.
        child: String,
        /// Its line.
        line: usize,
    },
    /// A move leaves small lands only, whose tree is a loss for the
    /// player to move.
    TreeLoss {
        /// The child, in words.
        child: String,
    },
    /// A move leads to a position with no move to a known loss.
    Unanswered {
        /// The child, in words.
        child: String,
        /// The positions one move from the child that would answer it if
        /// they were listed as losses (smallest first).
        wanted: Vec<String>,
    },
    /// The position has small lands only: their tree decides it, and it
    /// gives this outcome for the player to move.
    TreeOutcome {
        /// Whether the tree is a win.
        win: bool,
    },
    /// The claimed loss is not listed.
    NotListed,
    /// The claimed win has no move to a known loss.
    NoLoss {
        /// The positions one move away that would show it if they were
        /// listed as losses (smallest first).
        wanted: Vec<String>,
    },
}

/// How many wanted positions a message shows.
const SHOWN: usize = 12;

fn wanted_text(w: &[String]) -> String {
    if w.is_empty() {
        return String::new();
    }
    let shown: Vec<&str> = w.iter().take(SHOWN).map(String::as_str).collect();
    let more = if w.len() > SHOWN {
        format!(" (and {} more)", w.len() - SHOWN)
    } else {
        String::new()
    };
    format!(
        "; listing one of these positions as a loss would answer it: {}{more}",
        shown.join(", ")
    )
}

impl MisereWhy {
    /// Whether the line contradicts what is known, rather than resting on
    /// something that is not listed.
    pub fn contradicts(&self) -> bool {
        matches!(
            self,
            MisereWhy::Tree(_)
                | MisereWhy::LandTwice { .. }
                | MisereWhy::LandTree { .. }
                | MisereWhy::End
                | MisereWhy::ChildLoss { .. }
                | MisereWhy::TreeLoss { .. }
                | MisereWhy::TreeOutcome { .. }
        )
    }
}

impl fmt::Display for MisereWhy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MisereWhy::TreeNumber { expected } => write!(
                f,
                "trees are numbered 1, 2, 3, ... in order: this line should be tree {expected}"
            ),
            MisereWhy::Tree(e) => write!(f, "{e}"),
            MisereWhy::NoTree { tree } => write!(f, "tree {tree} is not listed"),
            MisereWhy::LandTwice { line, tree } => {
                write!(f, "the same land is on line {line} with tree {tree}")
            }
            MisereWhy::LandTree { tree } => {
                write!(f, "the trees of its children's lands make {tree}")
            }
            MisereWhy::NoLandTree { child, land } => write!(
                f,
                "the move to {child} leaves the small land {land}, whose tree is not listed"
            ),
            MisereWhy::End => f.write_str(
                "no move is left, so the player to move wins in misère play (a loss is claimed)",
            ),
            MisereWhy::ChildLoss { child, line } => write!(
                f,
                "the move to {child} leads to a loss for the opponent (listed on line {line})"
            ),
            MisereWhy::TreeLoss { child } => write!(
                f,
                "the move to {child} leaves a loss for the opponent (the tree says so)"
            ),
            MisereWhy::Unanswered { child, wanted } => write!(
                f,
                "the move to {child} is not answered: it has no move to a listed loss or to small lands whose tree is a loss{}",
                wanted_text(wanted)
            ),
            MisereWhy::TreeOutcome { win } => write!(
                f,
                "its lands are small, and their tree is a {} for the player to move",
                if *win { "win" } else { "loss" }
            ),
            MisereWhy::NotListed => f.write_str("the position is not listed as a loss"),
            MisereWhy::NoLoss { wanted } => write!(
                f,
                "no move leads to a listed loss or to small lands whose tree is a loss{}",
                wanted_text(wanted)
            ),
        }
    }
}

/// What a misère certificate that checks proves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereChecked {
    /// Trees listed.
    pub trees: usize,
    /// Land trees checked.
    pub land_trees: usize,
    /// Losses checked.
    pub losses: usize,
    /// Children made (each child of each land whose tree is checked and of
    /// each listed loss once, and the moves tried from their children).
    pub children: u64,
    /// The position of the header and its outcome, when the certificate
    /// names them.
    pub claim: Option<MisereClaim>,
}

/// The claim of a misère certificate, proved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereClaim {
    /// The position, as the header gives it.
    pub position: String,
    /// Whether the player to move wins.
    pub win: bool,
}

/// A line as an error names it: its text, tabs as spaces.
fn named(line: &impl fmt::Display) -> String {
    line.to_string().replace('\t', " ")
}

/// The lands of a GLOP 2 position text, with the check's land keys.
fn lands_of_text<C: LandCanon + ?Sized>(text: &str, canon: &C) -> Result<Vec<Key>, Why> {
    let pos = glop2::parse_position(text).map_err(|e| Why::Unreadable(e.to_string()))?;
    let lands = decompose_with(&pos, canon).map_err(|e| Why::Unreadable(e.to_string()))?;
    Ok(lands.iter().map(|l| l.as_bytes().into()).collect())
}

impl MisereCertificate {
    /// Checks the certificate with these land keys ([`PseudoCanon`] for
    /// this program's certificates; [`ExactCanon`] is slower and finds a
    /// land however it is written): the trees are in simplest form, each
    /// naming earlier trees; each land's tree is the one its children make;
    /// each listed loss has a move, and every move leads to a position
    /// shown won; the header's position has the outcome claimed
    /// (docs/certificates.md#misere-check). `progress` is told (lines
    /// checked, lines) as it goes. Lines are checked trees first, then
    /// land trees by lives, then losses by size (twice the tree's birthday
    /// plus twice the lives of the lands), so the first line that fails
    /// rests only on lines that hold: it is the one to blame.
    ///
    /// [`PseudoCanon`]: crate::solve::PseudoCanon
    /// [`ExactCanon`]: crate::solve::ExactCanon
    ///
    /// ```
    /// use sprouts::solve::{MisereCertificate, PseudoCanon};
    /// // `1` (a spot with 2 lives) has one move, to the end: its tree is `{0}`.
    /// let head = "sprouts certificate 1\nvariant: misere\ntree lives: 9\n[Misere_Positions+Trees]\n";
    /// let good: MisereCertificate = format!("{head}tree 1\t{{0}}\n1\ttree 1\n").parse().unwrap();
    /// assert_eq!(good.check(&PseudoCanon, &mut |_, _| {}).unwrap().land_trees, 1);
    /// let bad: MisereCertificate = format!("{head}tree 1\t{{0}}\n1\ttree 0\n").parse().unwrap();
    /// assert_eq!(
    ///     bad.check(&PseudoCanon, &mut |_, _| {}).unwrap_err().to_string(),
    ///     "line 6: 1 tree 0 does not hold: the trees of its children's lands make tree 1"
    /// );
    /// ```
    pub fn check<C: LandCanon + ?Sized>(
        &self,
        canon: &C,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<MisereChecked, CheckError> {
        let total = self.trees.len() + self.land_trees.len() + self.losses.len();
        let mut done = 0;
        // Trees, in file order.
        let mut trees = Trees::new();
        for t in &self.trees {
            let fail = |why| CheckError {
                line: t.number,
                couple: named(t),
                why: Why::Misere(why),
            };
            let expected = trees.len() as u32;
            if t.tree != expected {
                return Err(fail(MisereWhy::TreeNumber { expected }));
            }
            trees
                .push_record(&t.options)
                .map_err(|e| fail(MisereWhy::Tree(e)))?;
            done += 1;
            progress(done, total);
        }
        let mut core = Core::new(canon, trees, self.tree_lives);
        let tree_of = |core: &Core<'_, C>, k: u32| {
            if (k as usize) < core.listed {
                Ok(TreeId::from_index(k))
            } else {
                Err(Why::Misere(MisereWhy::NoTree { tree: k }))
            }
        };
        // Land trees: read all, then check by lives (a land's children
        // have fewer lives).
        let mut first: FxHashMap<Key, (u32, usize)> = FxHashMap::default();
        let mut lands = Vec::with_capacity(self.land_trees.len());
        for l in &self.land_trees {
            let fail = |why| CheckError {
                line: l.number,
                couple: named(l),
                why,
            };
            let keys = lands_of_text(&l.land, canon).map_err(fail)?;
            let [key] = &keys[..] else {
                return Err(fail(Why::NotOneLand { lands: keys.len() }));
            };
            let t = tree_of(&core, l.tree).map_err(fail)?;
            match first.get(key) {
                Some(&(tree, line)) if tree != l.tree => {
                    return Err(fail(Why::Misere(MisereWhy::LandTwice { line, tree })));
                }
                Some(_) => {}
                None => {
                    first.insert(key.clone(), (l.tree, l.number));
                    core.land_trees.insert(key.clone(), t);
                }
            }
            lands.push((twice_lives(key), l.number, key.clone(), t, l));
        }
        lands.sort_by_key(|l| (l.0, l.1));
        for (_, _, key, t, l) in &lands {
            let fail = |why| CheckError {
                line: l.number,
                couple: named(*l),
                why,
            };
            let made = core.land_tree(key).map_err(fail)?;
            if made != *t {
                let tree = core.tree_name(made);
                return Err(fail(Why::Misere(MisereWhy::LandTree { tree })));
            }
            done += 1;
            progress(done, total);
        }
        // Losses: read all, then check smallest first.
        let mut losses = Vec::with_capacity(self.losses.len());
        let mut smalls = Vec::new();
        for l in &self.losses {
            let fail = |why| CheckError {
                line: l.number,
                couple: named(l),
                why,
            };
            let keys = lands_of_text(&l.lands, canon).map_err(fail)?;
            let t = tree_of(&core, l.tree).map_err(fail)?;
            let key: Key = core
                .reduce(t, keys.iter().map(|k| &k[..]), &mut smalls)
                .map_err(|land| {
                    fail(Why::Misere(MisereWhy::NoLandTree {
                        child: l.lands.clone(),
                        land: super::core::lands_text(std::iter::once(land)),
                    }))
                })?
                .into();
            core.losses.entry(key.clone()).or_insert(l.number);
            let (tree, rest) = split_misere_key(&key).unwrap_or((TreeId::ZERO, &key));
            let size = 2 * core.trees.birthday(tree) + twice_lives(rest);
            losses.push((size, l.number, key, l));
        }
        losses.sort_by_key(|l| (l.0, l.1));
        for (_, _, key, l) in &losses {
            core.check_loss(key, None).map_err(|why| CheckError {
                line: l.number,
                couple: named(*l),
                why,
            })?;
            done += 1;
            progress(done, total);
        }
        let claim = match (&self.position, self.win) {
            (Some((text, line)), Some(win)) => {
                let fail = |why| CheckError {
                    line: *line,
                    couple: format!(
                        "position {} outcome {}",
                        quoted(text),
                        if win { "win" } else { "loss" }
                    ),
                    why,
                };
                let keys = lands_of_text(text, canon).map_err(fail)?;
                let key = core
                    .reduce(TreeId::ZERO, keys.iter().map(|k| &k[..]), &mut smalls)
                    .map_err(|land| {
                        fail(Why::Misere(MisereWhy::NoLandTree {
                            child: text.clone(),
                            land: super::core::lands_text(std::iter::once(land)),
                        }))
                    })?;
                claim_holds(&mut core, &key, win).map_err(|w| fail(Why::Misere(w)))?;
                Some(MisereClaim {
                    position: text.clone(),
                    win,
                })
            }
            _ => None,
        };
        Ok(MisereChecked {
            trees: self.trees.len(),
            land_trees: self.land_trees.len(),
            losses: self.losses.len(),
            children: core.children,
            claim,
        })
    }
}

/// Whether the position (its key) has the claimed outcome: a tree alone
/// by the tree; a loss by its line; a win by a move to a known loss.
fn claim_holds<C: LandCanon + ?Sized>(
    core: &mut Core<'_, C>,
    key: &[u8],
    win: bool,
) -> Result<(), MisereWhy> {
    let (tree, rest) = split_misere_key(key).unwrap_or((TreeId::ZERO, key));
    if lands_of(rest).next().is_none() {
        let w = core.trees.misere_win(tree);
        return if w == win {
            Ok(())
        } else {
            Err(MisereWhy::TreeOutcome { win: w })
        };
    }
    match (win, core.losses.contains_key(key)) {
        (false, true) => Ok(()),
        (false, false) => Err(MisereWhy::NotListed),
        (true, _) => match core.won(key) {
            Some(_) => Ok(()),
            None => Err(MisereWhy::NoLoss {
                wanted: core.wanted(key),
            }),
        },
    }
}
