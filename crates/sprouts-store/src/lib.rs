//! An embedded redb database of solved Sprouts positions (work in progress).
