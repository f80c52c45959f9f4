//! `sprouts db export` / `import`: GLOP 2 strings, round trips, the old
//! export text.

mod common;

use std::path::Path;

use common::{fails, ok};
use sprouts::misere::TreeId;
use sprouts::model::{Position, Variant};
use sprouts::notation::glop2;
use sprouts::solve::{Land, NormalEntry, decompose, misere_key_of, position_key_of};
use sprouts_store::{Db, Entry};

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The entries of a database, sorted.
fn entries(db: &Path) -> Vec<Entry> {
    Db::open_read_only(db).unwrap().entries().unwrap()
}

/// Imports `text` into the database `db` (a fresh file) and returns its entries.
fn import(dir: &Path, name: &str, text: &str) -> Vec<Entry> {
    let db = dir.join(name);
    ok(&["db", "--db", path(&db), "import", "-"], text);
    entries(&db)
}

#[test]
fn export_writes_glop2_and_import_gives_every_entry_back() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.redb");
    ok(&["solve", "--spots", "4", "--db", path(&a)], "");
    ok(&["solve", "--spots", "4", "--misere", "--db", path(&a)], "");
    let export = ok(&["db", "--db", path(&a), "export"], "");
    let stored = entries(&a);
    assert_eq!(export.lines().count(), stored.len());
    assert!(stored.len() > 100, "{}", stored.len());
    // Every text is GLOP 2: the GLOP 2 reader reads it, and the solver
    // splits the position into exactly the stored lands. Misère trees come
    // as their options' trees.
    let mut trees = 0;
    for (line, entry) in export.lines().zip(&stored) {
        let (text, value) = line.split_once('\t').unwrap();
        if let Entry::Tree(id, options) = entry {
            let list: Vec<String> = options.iter().map(u32::to_string).collect();
            assert_eq!(line, format!("tree {id}\t{{{}}}", list.join(",")));
            trees += 1;
            continue;
        }
        assert!(!text.ends_with('.') && !text.contains(".|"), "{line}");
        let pos = glop2::parse_position(text).unwrap_or_else(|e| panic!("{line}: {e}"));
        let lands = decompose(&pos).unwrap();
        match entry {
            Entry::Normal(key, _) => {
                assert_eq!(lands.len(), 1, "{line}");
                assert_eq!(lands[0].as_bytes(), &key[..], "{line}");
            }
            Entry::Misere(key, _) => {
                let tree = value
                    .split_once("\twith tree ")
                    .map_or(0, |(_, t)| t.parse().unwrap());
                let k = misere_key_of(TreeId::from_index(tree), &lands);
                assert_eq!(&k, key, "{line}");
            }
            Entry::LandTree(land, t) => {
                assert_eq!(value, format!("tree {t}"));
                assert_eq!(lands.len(), 1, "{line}");
                assert_eq!(lands[0].as_bytes(), &land[..], "{line}");
            }
            Entry::Tree(..) => unreachable!(),
        }
    }
    // Small lands of misère play are kept as their canonical trees.
    assert!(trees > 5, "{trees} trees");
    // `position convert --from glop2` reads them too (a few: one process each).
    for line in export.lines().step_by(50) {
        let (text, _) = line.split_once('\t').unwrap();
        if !text.is_empty() && !text.starts_with("tree ") {
            ok(
                &[
                    "position", "convert", "--from", "glop2", "--to", "glop2", text,
                ],
                "",
            );
        }
    }
    // Known values among them: the 4-spot start has nimber 1 (LV10), and
    // its misère game is lost by the first player (AJS).
    assert!(export.lines().any(|l| l == "0.0.0.0\tnimber 1"), "{export}");
    assert!(
        export.lines().any(|l| l == "0.0.0.0\tmisere loss"),
        "{export}"
    );
    // Import into a fresh database: the same entries, the same stats.
    let b = dir.path().join("b.redb");
    assert_eq!(
        ok(&["db", "--db", path(&b), "import", "-"], &export),
        format!("imported\t{}\n", stored.len())
    );
    assert_eq!(entries(&b), stored);
    let stats = |db: &Path| -> serde_json::Value {
        let mut v: serde_json::Value =
            serde_json::from_str(&ok(&["db", "--db", path(db), "stats", "--json"], "")).unwrap();
        let o = v.as_object_mut().unwrap();
        o.remove("path");
        o.remove("bytes");
        v
    };
    assert_eq!(stats(&a), stats(&b));
    assert_eq!(ok(&["db", "--db", path(&b), "export"], ""), export);
}

#[test]
fn import_reads_hand_written_glop2() {
    let dir = tempfile::tempdir().unwrap();
    // The land of 2 spots; GLOP 2's `*` shorthand and upper-case letters.
    let two = decompose(&Position::start(2, Variant::Normal)).unwrap();
    assert_eq!(two.len(), 1);
    assert_eq!(
        import(dir.path(), "a.redb", "0.0\tnimber 0\n"),
        vec![Entry::Normal(
            two[0].as_bytes().to_vec(),
            NormalEntry::Nimber(0)
        )]
    );
    let three = decompose(&Position::start(3, Variant::Normal)).unwrap();
    assert_eq!(
        import(dir.path(), "b.redb", "# a comment\n\n0*3\tnot 0\n"),
        vec![Entry::Normal(
            three[0].as_bytes().to_vec(),
            NormalEntry::NotIn(1)
        )]
    );
    // LV07: `1AB.}2AB.}]!` has nimber 1; GLOP 2 writes it `1AB|2AB`.
    let land: Land = "1ab.|2ab.".parse().unwrap();
    assert_eq!(
        import(dir.path(), "c.redb", "1AB|2AB\tnimber 1\n"),
        vec![Entry::Normal(
            land.as_bytes().to_vec(),
            NormalEntry::Nimber(1)
        )]
    );
    // A misère position of two lands.
    let key = position_key_of(&[two[0].clone(), land.clone()]);
    assert_eq!(
        import(dir.path(), "d.redb", "1AB|2AB+0.0\tmisere win\n"),
        vec![Entry::Misere(key, true)]
    );
    // Dead spots and simplifications are applied as the solver does:
    // a region with fewer than 2 lives goes.
    assert_eq!(
        import(dir.path(), "e.redb", "0.0|2\tnimber 0\n"),
        vec![Entry::Normal(
            two[0].as_bytes().to_vec(),
            NormalEntry::Nimber(0)
        )]
    );
}

#[test]
fn import_still_reads_the_old_export_text() {
    let dir = tempfile::tempdir().unwrap();
    let old = import(
        dir.path(),
        "old.redb",
        "0.0.0.ab.|ab.\tnot 0,2\n0.0.+1ab.|2ab.\tmisere loss\n",
    );
    let new = import(
        dir.path(),
        "new.redb",
        "0.0.0.AB|AB\tnot 0,2\n0.0+1AB|2AB\tmisere loss\n",
    );
    assert_eq!(old.len(), 2);
    assert_eq!(old, new);
}

#[test]
fn import_errors_say_which_line_and_why() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("x.redb");
    let run = |text: &str| fails(&["db", "--db", path(&db), "import", "-"], text.as_bytes());
    assert_eq!(
        run("0.0\tnimber 0\n0+0\tnimber 0\n"),
        "sprouts: line 2: a normal-play result needs one land, found 2"
    );
    assert_eq!(
        run("0.0/0\tnimber 0\n"),
        "sprouts: line 1: glop2 position: at byte 3: expected a site, '*', '.', '|', '+', '@' or the end of the position, found '/'"
    );
    assert_eq!(
        run("0.A|B\tnimber 0\n"),
        "sprouts: line 1: glop2 position: invalid position: letter A at byte 2 occurs only once in land 1 (a letter names a spot with 1 life listed exactly twice: twice in one region, or once in each of two regions; write 2 for one listed once)"
    );
}
