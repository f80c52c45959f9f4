//! The fuzz targets' bodies (`sprouts_testkit::readers`) under `cargo
//! test`: every input kept in `fuzz/regressions/TARGET` (earlier findings
//! and a few seeds) runs through its target's body, so that a fixed
//! finding stays fixed without a nightly toolchain; and property tests for
//! the readers no older property test covers.

use std::collections::BTreeSet;
use std::path::Path;

use proptest::prelude::*;
use sprouts_testkit::readers::{self, TARGETS};
use sprouts_testkit::strategies::config;

const FUZZ: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fuzz");

/// The names of the files in `dir` without their extension.
fn names(dir: &Path, ext: Option<&str>) -> BTreeSet<String> {
    std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| ext.is_none() || p.extension().and_then(|x| x.to_str()) == ext)
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect()
}

#[test]
fn every_fuzz_target_has_its_body_and_kept_inputs() {
    let fuzz = Path::new(FUZZ);
    let targets = names(&fuzz.join("fuzz_targets"), Some("rs"));
    let bodies: BTreeSet<String> = TARGETS.iter().map(|(n, _)| n.to_string()).collect();
    assert_eq!(targets, bodies);
    assert_eq!(names(&fuzz.join("regressions"), None), bodies);
}

#[test]
fn kept_fuzz_inputs_pass() {
    let mut ran = 0;
    for (target, body) in TARGETS {
        let dir = Path::new(FUZZ).join("regressions").join(target);
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        assert!(!files.is_empty(), "no input kept for {target}");
        for path in files {
            // Shown if the body panics.
            eprintln!("{target}: {}", path.display());
            body(&std::fs::read(&path).unwrap());
            ran += 1;
        }
    }
    assert!(ran >= TARGETS.len());
}

proptest! {
    #![proptest_config(config(256))]

    /// Land texts: GLOP 2 made of a land's characters, and the solver's
    /// older text (ending with `.`).
    #[test]
    fn land_texts_read_back(s in "[0-2a-dA-D.|]{0,24}") {
        readers::land_text(&s);
    }

    #[test]
    fn land_reader_takes_any_text(s in "\\PC{0,40}") {
        readers::land_text(&s);
    }

    /// Hostile list bytes, as the move_lists fuzz target reads them.
    #[test]
    fn move_lists_resolve_or_fail_cleanly(data in prop::collection::vec(any::<u8>(), 0..40)) {
        readers::move_lists(&data);
    }

    /// Genus texts (`0^1`, `1^031`, ...) and tree texts.
    #[test]
    fn genus_texts_read_back(s in "[0-9^ *{},]{0,16}") {
        readers::misere_tree(&s);
    }
}
