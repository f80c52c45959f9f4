//! What the readers of unlabelled texts (GLOP 1.0, GLOP 2 and neo-GLOP)
//! share: the byte cursor ([`lex`]) and the matching of letters to spots
//! ([`letters`]).

pub(crate) mod letters;
pub(crate) mod lex;
