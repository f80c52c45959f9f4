//! The analysis of a game: for every move, whether the player who made it
//! could win before it, and whether the move kept the win or threw it
//! away; for a move that threw the win away, the moves that would have
//! kept it. `sprouts analyze` and the Python package's `Game.analyze`
//! both call [`Solver::analyze`].

use std::time::Instant;

use super::canon::LandCanon;
use super::error::SolveError;
use super::search::Solver;
use super::store::Store;
use crate::notation::{Notation, Replay};

/// What a move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The mover could win and still can.
    Kept,
    /// The mover could win and now cannot.
    Threw,
    /// The mover could not win whatever the move.
    Lost,
    /// Not decided within the time given.
    Undecided,
}

impl Verdict {
    /// The verdict from who wins before the move and after it (each for
    /// the player to move then), when it can be told.
    ///
    /// ```
    /// use sprouts::solve::Verdict;
    /// assert_eq!(Verdict::of(Some(true), Some(true)), Verdict::Threw);
    /// assert_eq!(Verdict::of(None, Some(false)), Verdict::Kept);
    /// assert_eq!(Verdict::of(Some(false), None), Verdict::Lost);
    /// assert_eq!(Verdict::of(Some(true), None), Verdict::Undecided);
    /// ```
    pub fn of(before: Option<bool>, after: Option<bool>) -> Verdict {
        match (before, after) {
            (_, Some(false)) => Verdict::Kept,
            (Some(true), Some(true)) => Verdict::Threw,
            (Some(false), _) => Verdict::Lost,
            _ => Verdict::Undecided,
        }
    }

    /// Its word: `kept`, `threw`, `lost` or `undecided`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Kept => "kept",
            Verdict::Threw => "threw",
            Verdict::Lost => "lost",
            Verdict::Undecided => "undecided",
        }
    }
}

/// The word for an outcome for the player to move: `win`, `loss`, or
/// `undecided` when it is not known.
pub fn outcome_word(win: Option<bool>) -> &'static str {
    match win {
        Some(true) => "win",
        Some(false) => "loss",
        None => "undecided",
    }
}

/// One move of a game, analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveAnalysis {
    /// Its number, from 1.
    pub number: usize,
    /// The move as the game wrote it.
    pub text: String,
    /// Whether the mover could win before it (`None`: undecided).
    pub before: Option<bool>,
    /// What the move did.
    pub verdict: Verdict,
    /// For a move that threw the win away, the moves that win instead
    /// (each in the notation asked, with how many other winning moves lead
    /// to the same position up to symmetry, as
    /// [`Solver::winning_moves_in`] gives them); `None` otherwise, or when
    /// they were not found within the time.
    pub winning: Option<Vec<(String, usize)>>,
}

/// A line of the analysis, as soon as it is decided: the outcome after the
/// last move first, then the moves from the last to the first.
#[derive(Clone, Copy, Debug)]
pub enum AnalysisLine<'a> {
    /// The outcome for the player to move after the last move.
    Final(Option<bool>),
    /// A move.
    Move(&'a MoveAnalysis),
}

/// The analysis of a whole game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Every move, first to last.
    pub moves: Vec<MoveAnalysis>,
    /// The outcome for the player to move after the last move.
    pub final_outcome: Option<bool>,
}

impl Analysis {
    /// How many lines (the moves and the final outcome) were left
    /// undecided: an undecided move, a thrown win whose winning moves were
    /// not found, an undecided final outcome.
    pub fn undecided(&self) -> usize {
        self.moves
            .iter()
            .filter(|m| {
                m.verdict == Verdict::Undecided
                    || (m.verdict == Verdict::Threw && m.winning.is_none())
            })
            .count()
            + usize::from(self.final_outcome.is_none())
    }
}

impl<S: Store, C: LandCanon> Solver<S, C> {
    /// Analyses a game (see [`MoveAnalysis`]), writing winning moves in
    /// `notation`. The positions are solved from the end of the game
    /// backwards (later positions are smaller, and what they prove helps
    /// the earlier ones). With `end`, each position gets an equal share of
    /// the time left when its turn comes (time an easy position does not
    /// use goes to the ones before it); what is not decided in its share
    /// is undecided. `line` is told each line as soon as it is decided.
    ///
    /// ```
    /// use sprouts::notation::{Notation, transcript::Transcript};
    /// use sprouts::solve::{AnalysisLine, Solver, Verdict};
    /// let game: Transcript = "3+ 1(4)2 1(5)4".parse().unwrap();
    /// let replay = game.replay().unwrap();
    /// let mut lines = 0;
    /// let a = Solver::new()
    ///     .analyze(&replay, Notation::Wgosa, None, &mut |_: AnalysisLine| lines += 1)
    ///     .unwrap();
    /// assert_eq!(lines, 3);
    /// assert_eq!(a.final_outcome, Some(true));
    /// assert_eq!(a.moves[0].verdict, Verdict::Kept);
    /// ```
    pub fn analyze(
        &mut self,
        replay: &Replay,
        notation: Notation,
        end: Option<Instant>,
        line: &mut dyn FnMut(AnalysisLine<'_>),
    ) -> Result<Analysis, SolveError> {
        let positions: Vec<_> = std::iter::once(replay.start().clone())
            .chain(replay.positions())
            .collect();
        let texts: Vec<&str> = replay.moves().iter().map(|m| m.text.as_str()).collect();
        let mut wins: Vec<Option<bool>> = vec![None; positions.len()];
        let mut moves = Vec::with_capacity(texts.len());
        for i in (0..positions.len()).rev() {
            let pos = &positions[i];
            if let Some(end) = end {
                // An equal share of what is left for this position and the
                // ones before it.
                let left = end.saturating_duration_since(Instant::now());
                self.set_deadline(Instant::now() + left / (i as u32 + 1));
            }
            let after = wins.get(i + 1).copied().flatten();
            wins[i] = if after == Some(false) {
                // The move made here leaves the opponent lost: it wins.
                Some(true)
            } else {
                match self.win(pos) {
                    Ok(w) => Some(w),
                    Err(e) if e.is_stopped() => None,
                    Err(e) => return Err(e),
                }
            };
            if i == texts.len() {
                line(AnalysisLine::Final(wins[i]));
                continue;
            }
            let verdict = Verdict::of(wins[i], after);
            let winning = if verdict == Verdict::Threw {
                match self.winning_moves_in(pos, notation) {
                    Ok(list) => Some(list),
                    Err(e) if e.is_stopped() => None,
                    Err(e) => return Err(e),
                }
            } else {
                None
            };
            let m = MoveAnalysis {
                number: i + 1,
                text: texts[i].to_string(),
                before: wins[i],
                verdict,
                winning,
            };
            line(AnalysisLine::Move(&m));
            moves.push(m);
        }
        moves.reverse();
        Ok(Analysis {
            moves,
            final_outcome: *wins.last().expect("the start at least"),
        })
    }
}
