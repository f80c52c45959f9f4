//! `sprouts db export` / `import`: GLOP 2 strings, round trips, the old
//! export text.

use crate::common;

use std::path::Path;

use common::{fails, ok, sprouts};
use sprouts::misere::TreeId;
use sprouts::model::{Position, Variant};
use sprouts::notation::glop2;
use sprouts::solve::{Land, NormalEntry, Store, decompose, misere_key_of, position_key_of};
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
                let k = misere_key_of(&[TreeId::from_index(tree)], &lands);
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

/// A misère position may name several trees (`with tree K+L`): the trees
/// of big lands a search kept apart. It is their sum with its lands, is
/// checked as such, and exports as it was read.
#[test]
fn import_reads_trees_kept_apart_and_exports_them_back() {
    let dir = tempfile::tempdir().unwrap();
    // Tree 1 is *1 ({0}): in misère play its mover loses, and *1 + *1 is
    // a win (move to *1: the opponent must take the last move).
    let text = "tree 1\t{0}\n\tmisere win\twith tree 1+1\n0\tmisere win\twith tree 1+1\n";
    let db = dir.path().join("a.redb");
    assert_eq!(
        ok(&["db", "--db", path(&db), "import", "-"], text),
        "imported\t3\n"
    );
    let out = ok(&["db", "--db", path(&db), "export"], "");
    assert!(out.contains("\tmisere win\twith tree 1+1\n"), "{out}");
    let trees: Vec<Vec<TreeId>> = entries(&db)
        .iter()
        .filter_map(|e| match e {
            Entry::Misere(k, _) => Some(sprouts::solve::split_misere_key(k).unwrap().0),
            _ => None,
        })
        .collect();
    assert_eq!(trees, vec![vec![TreeId::from_index(1); 2]; 2]);
    // *1 + *1 + *1 is a loss: every move leaves *1 + *1.
    let db = dir.path().join("b.redb");
    assert_eq!(
        fails(
            &["db", "--db", path(&db), "import", "-"],
            b"tree 1\t{0}\n\tmisere win\twith tree 1+1+1\n"
        ),
        "sprouts: line 2:  misere win with tree 1+1+1 does not hold: its children's outcomes contradict it; nothing was imported"
    );
}

#[test]
fn import_still_reads_the_old_export_text() {
    let dir = tempfile::tempdir().unwrap();
    // `0.0.0.AB|AB` has nimber 0; `0.0+1AB|2AB` is a misère win (both
    // checked before they are imported).
    let old = import(
        dir.path(),
        "old.redb",
        "0.0.0.ab.|ab.\tnot 1,2\n0.0.+1ab.|2ab.\tmisere win\n",
    );
    let new = import(
        dir.path(),
        "new.redb",
        "0.0.0.AB|AB\tnot 1,2\n0.0+1AB|2AB\tmisere win\n",
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

/// Opens a database file to write into it directly. The file lock redb
/// takes can outlive a finished `sprouts` run for a moment (a process
/// another test thread forks at that time holds a copy of the descriptor
/// until it execs), so a busy file is tried again for up to 10 s.
fn open_for_corruption(db: &Path) -> redb::Database {
    for _ in 0..100 {
        match redb::Database::open(db) {
            Err(redb::DatabaseError::DatabaseAlreadyOpen) => {
                std::thread::sleep(std::time::Duration::from_millis(100))
            }
            r => return r.unwrap(),
        }
    }
    panic!("{} stays open elsewhere", db.display());
}

/// Overwrites one normal-play entry of a database file, as a corruption
/// would (the database's own writes merge facts and never replace a
/// nimber).
fn corrupt(db: &Path, key: &[u8], entry: NormalEntry) {
    let table: redb::TableDefinition<&[u8], &[u8]> = redb::TableDefinition::new("normal");
    let d = open_for_corruption(db);
    let w = d.begin_write().unwrap();
    w.open_table(table)
        .unwrap()
        .insert(key, &entry.to_bytes()[..])
        .unwrap();
    w.commit().unwrap();
}

/// Overwrites one misère outcome of a database file.
fn corrupt_misere(db: &Path, key: &[u8], win: bool) {
    let table: redb::TableDefinition<&[u8], u8> = redb::TableDefinition::new("misere");
    let d = open_for_corruption(db);
    let w = d.begin_write().unwrap();
    w.open_table(table)
        .unwrap()
        .insert(key, u8::from(win))
        .unwrap();
    w.commit().unwrap();
}

/// The land of a position text.
fn land(text: &str) -> Land {
    let mut lands = decompose(&glop2::parse_position(text).unwrap()).unwrap();
    assert_eq!(lands.len(), 1);
    lands.remove(0)
}

#[test]
fn verify_checks_by_lookups_and_finds_a_corrupted_entry() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.redb");
    ok(&["solve", "--spots", "7", "--db", path(&db)], "");
    ok(
        &["solve", "--spots", "7", "--misere", "--db", path(&db)],
        "",
    );
    let n = entries(&db).len();
    assert!(n > 1000, "{n}");
    // A fresh solve's results all rest on others, in normal and in misère
    // play: every one is shown by move generation and lookups (a land's
    // tree made again from its children's trees), none by search.
    let with_tree = entries(&db)
        .iter()
        .filter(|e| match e {
            Entry::Misere(k, _) => !sprouts::solve::split_misere_key(k).unwrap().0.is_empty(),
            _ => false,
        })
        .count();
    assert!(with_tree > 10, "{with_tree}");
    assert_eq!(
        ok(&["db", "--db", path(&db), "verify"], ""),
        format!("checked\t{n}\nby search\t0\nwrong\t0\n")
    );
    // A misère outcome with a tree, turned over, is found by lookups.
    let (key, win) = entries(&db)
        .into_iter()
        .find_map(|e| match e {
            Entry::Misere(k, w) if !sprouts::solve::split_misere_key(&k).unwrap().0.is_empty() => {
                Some((k, w))
            }
            _ => None,
        })
        .unwrap();
    corrupt_misere(&db, &key, !win);
    let out = sprouts(&["db", "--db", path(&db), "verify"], b"");
    assert_eq!(out.code, 1, "{}", out.stdout);
    assert!(
        out.stdout
            .lines()
            .any(|l| l.starts_with("wrong\t")
                && l.ends_with("\tits children's outcomes contradict it")),
        "{}",
        out.stdout
    );
    corrupt_misere(&db, &key, win);
    // `0.0.0.0.0` has nimber 1 (LV10); say 2.
    corrupt(&db, land("0*5").as_bytes(), NormalEntry::Nimber(2));
    let out = sprouts(&["db", "--db", path(&db), "verify"], b"");
    assert_eq!(out.code, 1);
    let wrong = out
        .stdout
        .lines()
        .filter(|l| l.starts_with("wrong\t") && l.matches('\t').count() >= 2)
        .count();
    assert_eq!(
        out.stderr,
        format!("sprouts: {wrong} stored results do not hold\n")
    );
    assert!(
        out.stdout.ends_with(&format!("wrong\t{wrong}\n")),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .lines()
            .any(|l| l.starts_with("wrong\t0.0.0.0.0\tnimber 2\t")),
        "{}",
        out.stdout
    );
}

#[test]
fn a_database_without_what_its_results_rest_on_is_verified_by_search() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("old.redb");
    {
        // As an older version could leave it: a result alone.
        let mut d = Db::open(&db).unwrap();
        d.put_normal(land("0*3").as_bytes(), NormalEntry::Nimber(1));
        d.put_normal(land("0*4").as_bytes(), NormalEntry::NotIn(1));
        d.commit().unwrap();
    }
    assert_eq!(
        ok(&["db", "--db", path(&db), "verify", "--limit", "1"], ""),
        "checked\t1\nby search\t1\nunchecked\t1\nwrong\t0\n"
    );
    assert_eq!(
        ok(&["db", "--db", path(&db), "verify"], ""),
        "checked\t2\nby search\t2\nwrong\t0\n"
    );
    // A false one is found by the search.
    corrupt(&db, land("0*3").as_bytes(), NormalEntry::Nimber(0));
    let out = sprouts(&["db", "--db", path(&db), "verify"], b"");
    assert_eq!(out.code, 1);
    assert_eq!(
        out.stdout,
        "wrong\t0.0.0\tnimber 0\ta search shows it false\nchecked\t1\nby search\t1\nwrong\t1\n"
    );
}

#[test]
fn import_refuses_a_false_result_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("x.redb");
    let run = |text: &str| fails(&["db", "--db", path(&db), "import", "-"], text.as_bytes());
    // `1` (a spot with 2 lives) moves to the end: nimber 1, not 0; the
    // lookups see it.
    assert_eq!(
        run("0.0\tnimber 0\n1\tnimber 0\n"),
        "sprouts: line 2: 1 nimber 0 does not hold: the move to (no live region) leaves a loss for the opponent (its lands' known nimbers and the heap give 0); nothing was imported"
    );
    // The 3-spot start is a win (AJS): a search sees it. A misère
    // position of small lands: its children's trees decide them.
    assert_eq!(
        run("0*3\tnot 1\n"),
        "sprouts: line 1: 0*3 not 1 does not hold: a search shows it false; nothing was imported"
    );
    assert_eq!(
        run("0.0+0\tmisere win\n"),
        "sprouts: line 1: 0.0+0 misere win does not hold: its children's outcomes contradict it; nothing was imported"
    );
    assert!(entries(&db).is_empty());
}

/// A false line in an exported file is found by move generation and
/// lookups, as the honest file is imported, before any search: the
/// largest land's nimber raised by one is refused, and named.
#[test]
fn a_false_line_is_refused_by_lookups_before_any_search() {
    let dir = tempfile::tempdir().unwrap();
    let solved = dir.path().join("solved.redb");
    ok(&["solve", "--spots", "7", "--db", path(&solved)], "");
    let export = ok(&["db", "--db", path(&solved), "export"], "");
    // The honest file imports.
    let honest = dir.path().join("honest.redb");
    let n = export.lines().count();
    assert_eq!(
        ok(&["db", "--db", path(&honest), "import", "-"], &export),
        format!("imported\t{n}\n")
    );
    // The nimber line of the land with the most lives.
    let (number, line) = export
        .lines()
        .enumerate()
        .filter(|(_, l)| l.contains("\tnimber "))
        .max_by_key(|(_, l)| {
            let text = l.split('\t').next().unwrap();
            glop2::parse_position(text).unwrap().lives()
        })
        .unwrap();
    let (land, nimber) = line.split_once("\tnimber ").unwrap();
    let nimber: u8 = nimber.parse().unwrap();
    let false_line = format!("{land}\tnimber {}", nimber + 1);
    let text: String = export
        .lines()
        .map(|l| {
            if l == line {
                false_line.clone()
            } else {
                l.to_string()
            }
        })
        .map(|l| l + "\n")
        .collect();
    let db = dir.path().join("x.redb");
    let err = fails(&["db", "--db", path(&db), "import", "-"], text.as_bytes());
    // Why depends on the children (a child of the new nimber, or the old
    // one no child gives): a reason of the lookups, not of a search.
    let named = format!(
        "sprouts: line {}: {land} nimber {} does not hold: ",
        number + 1,
        nimber + 1
    );
    assert!(err.starts_with(&named), "{err}");
    assert!(err.ends_with("; nothing was imported"), "{err}");
    assert!(!err.contains("search"), "{err}");
    assert!(entries(&db).is_empty());
}

#[test]
fn a_certificate_is_checked_and_imported() {
    let dir = tempfile::tempdir().unwrap();
    let cert = dir.path().join("7.cert");
    ok(
        &[
            "solve",
            "--spots",
            "7",
            "--no-db",
            // One thread: with helpers the store, so the lands listed
            // under two layouts, vary from run to run.
            "--threads",
            "1",
            "--certificate",
            path(&cert),
        ],
        "",
    );
    let text = std::fs::read_to_string(&cert).unwrap();
    let couples = text
        .lines()
        .skip_while(|l| *l != "[Positions+Nimber]")
        .count()
        - 1;
    let db = dir.path().join("c.redb");
    assert_eq!(
        ok(&["db", "--db", path(&db), "import", path(&cert)], ""),
        format!("imported\t{couples}\n")
    );
    let seven = land("0*7");
    assert!(entries(&db).contains(&Entry::Normal(
        seven.as_bytes().to_vec(),
        NormalEntry::Nimber(0)
    )));
    // The database verifies by lookups alone, and solves from it at once.
    assert_eq!(
        ok(&["db", "--db", path(&db), "verify"], ""),
        format!("checked\t{couples}\nby search\t0\nwrong\t0\n")
    );
    let v: serde_json::Value = serde_json::from_str(&ok(
        &["solve", "--spots", "7", "--db", path(&db), "--json"],
        "",
    ))
    .unwrap();
    assert_eq!(
        (v["nimber"].as_u64(), v["searched"].as_u64()),
        (Some(0), Some(0))
    );
    // Another program's list (no header of ours) is checked with exact
    // keys, which find a land however it is written: a land the solver's
    // keys list twice (two layouts) is imported once.
    let foreign = format!(
        "[Positions+Nimber]\n{}",
        text.split("[Positions+Nimber]\n").nth(1).unwrap()
    );
    let other = dir.path().join("o.redb");
    let out = ok(&["db", "--db", path(&other), "import", "-"], &foreign);
    let imported: usize = out
        .trim_end()
        .strip_prefix("imported\t")
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        imported <= couples && imported * 10 >= couples * 8,
        "{imported} of {couples}"
    );
    // A certificate that does not check is refused whole.
    let bad = text.replace("\n0.0.0.0.0.0.0 0\n", "\n0.0.0.0.0.0.0 1\n");
    assert_ne!(bad, text);
    let bad_db = dir.path().join("b.redb");
    let e = fails(
        &["db", "--db", path(&bad_db), "import", "-"],
        bad.as_bytes(),
    );
    assert!(
        e.starts_with("sprouts: -: line 9: 0.0.0.0.0.0.0 1 does not hold: "),
        "{e}"
    );
    assert!(!bad_db.exists(), "a refused import made the database");
}

/// Every reading command on a database marked read-only: the answers of
/// a writable copy, and the file's bytes untouched (as root, who may write
/// it anyway, too).
#[test]
fn a_read_only_database_is_read_and_left_as_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ro.redb");
    let solved = ok(&["solve", "--spots", "5", "--db", path(&db)], "");
    let stats = ok(&["db", "--db", path(&db), "stats"], "");
    let export = ok(&["db", "--db", path(&db), "export"], "");
    let verify = ok(&["db", "--db", path(&db), "verify"], "");
    assert!(verify.starts_with("checked\t"), "{verify}");
    assert!(verify.ends_with("wrong\t0\n"), "{verify}");
    let mut perms = std::fs::metadata(&db).unwrap().permissions();
    perms.set_readonly(true);
    std::fs::set_permissions(&db, perms).unwrap();
    let bytes = std::fs::read(&db).unwrap();
    assert_eq!(ok(&["db", "--db", path(&db), "stats"], ""), stats);
    assert_eq!(ok(&["db", "--db", path(&db), "export"], ""), export);
    assert_eq!(ok(&["db", "--db", path(&db), "verify"], ""), verify);
    // The answer is in the file: no search, the same outcome and nimber.
    let out = sprouts(&["solve", "--spots", "5", "--db", path(&db)], b"");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(
        out.stderr,
        format!(
            "note: database {} is read-only: it is read, new results are not kept\n",
            db.display()
        )
    );
    let head = |s: &str| s.lines().take(2).collect::<Vec<_>>().join("\n");
    assert_eq!(head(&out.stdout), head(&solved));
    assert!(out.stdout.contains("searched\t0\n"), "{}", out.stdout);
    assert!(std::fs::read(&db).unwrap() == bytes, "the file was written");
}

/// A mistyped path is an error naming it, not a new empty database.
#[test]
fn reading_commands_refuse_a_database_that_does_not_exist() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("nothere.redb");
    for cmd in ["stats", "export", "verify"] {
        assert_eq!(
            fails(&["db", "--db", path(&db), cmd], b""),
            format!("sprouts: database {}: no such file", db.display()),
            "{cmd}"
        );
    }
    let deep = dir.path().join("no/such/folder/x.redb");
    assert_eq!(
        fails(&["solve", "--spots", "3", "--db", path(&deep)], b""),
        format!(
            "sprouts: database {}: folder {} does not exist",
            deep.display(),
            deep.parent().unwrap().display()
        )
    );
    assert!(std::fs::read_dir(dir.path()).unwrap().next().is_none());
}

/// A process killed when dropped, also when an assertion fails first.
struct Killed(std::process::Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A solve writing `db` for far longer than a test (it is killed), once
/// it holds the file.
fn long_solve(db: &Path) -> Killed {
    use std::process::{Command, Stdio};
    let solve = Killed(
        Command::new(env!("CARGO_BIN_EXE_sprouts"))
            .args(["solve", "--spots", "30", "--db", path(db)])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    // redb writes the file's header once it holds the lock.
    while std::fs::metadata(db).map_or(true, |m| m.len() == 0) {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    solve
}

/// Ctrl-C stops a solve with one line saying what it kept, and the
/// database holds it.
#[cfg(unix)]
#[test]
fn an_interrupted_solve_says_what_it_kept() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("stopped.redb");
    let mut solve = Killed(
        Command::new(env!("CARGO_BIN_EXE_sprouts"))
            .args(["solve", "--spots", "30", "--db", path(&db)])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    // The handler is in place before the file is opened.
    while std::fs::metadata(&db).map_or(true, |m| m.len() == 0) {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let kill = Command::new("kill")
        .args(["-INT", &solve.0.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let status = solve.0.wait().unwrap();
    let mut err = String::new();
    solve
        .0
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert_eq!(status.code(), Some(130), "{err}");
    assert!(
        err.ends_with(&format!(
            "sprouts: interrupted: what was proved is kept in the database {}\n",
            db.display()
        )),
        "{err:?}"
    );
    assert!(ok(&["db", "--db", path(&db), "stats"], "").contains("normal-play lands\t"));
}

/// Starts `sprouts ARGS` on a database that process `holder` has open, and
/// reads the first line it writes: that it waits for `holder`, named by
/// its pid. Gives the process, the rest of its stderr and that line.
fn waits_for(
    db: &Path,
    holder: u32,
    args: &[&str],
) -> (
    std::process::Child,
    std::io::BufReader<std::process::ChildStderr>,
    String,
) {
    use std::io::BufRead;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_sprouts"))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    err.read_line(&mut line).unwrap();
    assert!(
        line.starts_with(&format!(
            "database {}: in use by pid {holder}: ",
            db.display()
        )),
        "{line:?}"
    );
    assert!(
        line.ends_with("; waiting for it to close the file\n"),
        "{line:?}"
    );
    (child, err, line)
}

/// `db stats` while a solve writes the database: it reads what the solve
/// committed so far, and the solve goes on (the solve holds the file alone
/// only while it commits a batch).
#[test]
fn a_second_db_stats_runs_while_a_solve_writes_the_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("busy.redb");
    let mut solve = long_solve(&db);
    let lands = |out: &str| -> u64 {
        let line = out
            .lines()
            .find_map(|l| l.strip_prefix("normal-play lands\t"))
            .unwrap_or_else(|| panic!("{out}"));
        line.parse().unwrap()
    };
    // Until the solve's first batch is committed, stats reads an empty
    // database; then what it committed.
    let mut seen = 0;
    while seen == 0 {
        let out = sprouts(&["db", "--db", path(&db), "stats"], b"");
        assert_eq!(out.code, 0, "{}", out.stderr);
        seen = lands(&out.stdout);
    }
    assert!(solve.0.try_wait().unwrap().is_none(), "the solve ended");
    // Export reads the same file as well, at the same time.
    let out = sprouts(&["db", "--db", path(&db), "export"], b"");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.lines().count() as u64 >= seen);
    assert!(solve.0.try_wait().unwrap().is_none(), "the solve ended");
}

/// A second solve on a database another solve writes waits for it,
/// naming it, then solves over what the first one kept.
#[test]
fn a_second_solve_waits_for_the_first_and_names_it() {
    use std::io::Read;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("busy.redb");
    let first = long_solve(&db);
    let (mut second, mut err, _) = waits_for(
        &db,
        first.0.id(),
        &["solve", "--spots", "4", "--db", path(&db)],
    );
    drop(first);
    let mut out = String::new();
    second
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    let mut rest = String::new();
    err.read_to_string(&mut rest).unwrap();
    assert!(second.wait().unwrap().success(), "{rest}");
    assert!(
        out.starts_with("outcome\twin for the player to move (normal)\nnimber\t1\n"),
        "{out}"
    );
}
