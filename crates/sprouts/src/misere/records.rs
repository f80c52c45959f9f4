//! A table as records (each tree's options, in id order) and back, with the
//! same ids: how trees are kept in a database across runs.

use super::{TreeId, Trees, hash_of};

/// Why a record cannot be the next tree of a table. Trees are numbered as
/// in the table: the first record is tree 1 (tree 0, the end, is in every
/// table and never recorded).
///
/// ```
/// use sprouts::misere::{TreeRecordError, Trees};
/// // Tree 1 = {0} = *, tree 2 = {*} is 0 again.
/// let e = Trees::from_records([&[0u32][..], &[1]]).unwrap_err();
/// assert_eq!(e, TreeRecordError::NotSimplest { tree: 2, equals: 0 });
/// assert_eq!(e.to_string(), "tree 2 is not in simplest form: it equals tree 0");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TreeRecordError {
    /// The options are not in strictly increasing order.
    #[error("tree {tree}: its options are not in increasing order")]
    Unsorted {
        /// The tree.
        tree: u32,
    },
    /// An option is not an earlier tree.
    #[error("tree {tree}: option {option} is not an earlier tree")]
    Forward {
        /// The tree.
        tree: u32,
        /// The option.
        option: u32,
    },
    /// The table already has this tree.
    #[error("tree {tree} is tree {first} again")]
    Duplicate {
        /// The tree.
        tree: u32,
        /// The earlier tree with the same options.
        first: u32,
    },
    /// The record simplifies (a reversible option) to an earlier tree.
    #[error("tree {tree} is not in simplest form: it equals tree {equals}")]
    NotSimplest {
        /// The tree.
        tree: u32,
        /// The earlier tree it equals.
        equals: u32,
    },
}

impl Trees {
    /// Every tree after the end `0`, in id order (so each tree's options
    /// come before it): the id and its options. [`Trees::from_records`]
    /// rebuilds the table from the option lists.
    ///
    /// ```
    /// use sprouts::misere::{TreeId, Trees};
    /// let mut t = Trees::new();
    /// t.nim(2);
    /// let r: Vec<(u32, Vec<u32>)> = t
    ///     .to_records()
    ///     .map(|(id, o)| (id.index(), o.iter().map(|o| o.index()).collect()))
    ///     .collect();
    /// assert_eq!(r, vec![(1, vec![0]), (2, vec![0, 1])]);
    /// ```
    pub fn to_records(&self) -> impl Iterator<Item = (TreeId, &[TreeId])> + '_ {
        (1..self.len()).map(|i| {
            let id = TreeId(i as u32);
            (id, self.options(id))
        })
    }

    /// A table from the option lists of trees 1, 2, 3, ... in order (as
    /// [`Trees::to_records`] gives them, without the ids): each tree gets
    /// the id it had. Fails at the first record that names a tree not
    /// before it, repeats a tree, or is not in simplest form.
    ///
    /// ```
    /// use sprouts::misere::Trees;
    /// let mut t = Trees::new();
    /// let g = t.parse("{{*2},*3}").unwrap();
    /// let records: Vec<Vec<u32>> =
    ///     t.to_records().map(|(_, o)| o.iter().map(|o| o.index()).collect()).collect();
    /// let u = Trees::from_records(records.iter().map(Vec::as_slice)).unwrap();
    /// assert_eq!(u.len(), t.len());
    /// assert_eq!(u.text(g), "{*3,{*2}}");
    /// ```
    pub fn from_records<I, R>(records: I) -> Result<Trees, TreeRecordError>
    where
        I: IntoIterator<Item = R>,
        R: AsRef<[u32]>,
    {
        let mut t = Trees::new();
        for r in records {
            t.push_record(r.as_ref())?;
        }
        Ok(t)
    }

    /// Appends the next tree (id [`Trees::len`]) from its options' ids,
    /// after checking that they are increasing, name earlier trees, and make
    /// a new tree in simplest form. The table is unchanged on an error.
    ///
    /// ```
    /// use sprouts::misere::{TreeRecordError, Trees};
    /// let mut t = Trees::new();
    /// assert_eq!(t.push_record(&[0]).unwrap().index(), 1);
    /// assert_eq!(t.push_record(&[0]), Err(TreeRecordError::Duplicate { tree: 2, first: 1 }));
    /// assert_eq!(t.push_record(&[1, 0]), Err(TreeRecordError::Unsorted { tree: 2 }));
    /// assert_eq!(t.push_record(&[2]), Err(TreeRecordError::Forward { tree: 2, option: 2 }));
    /// assert_eq!(t.push_record(&[0, 1]).unwrap(), t.nim(2));
    /// ```
    pub fn push_record(&mut self, options: &[u32]) -> Result<TreeId, TreeRecordError> {
        let tree = self.len() as u32;
        if options.windows(2).any(|w| w[0] >= w[1]) {
            return Err(TreeRecordError::Unsorted { tree });
        }
        if let Some(&option) = options.iter().find(|&&o| o >= tree) {
            return Err(TreeRecordError::Forward { tree, option });
        }
        let opts: Vec<TreeId> = options.iter().map(|&o| TreeId(o)).collect();
        let hash = hash_of(&opts);
        if let Some(first) = self.lookup(&opts, hash) {
            return Err(TreeRecordError::Duplicate {
                tree,
                first: first.0,
            });
        }
        if let Some(k) = self.reduction(&opts) {
            return Err(TreeRecordError::NotSimplest { tree, equals: k.0 });
        }
        Ok(self.push(&opts, hash))
    }
}
