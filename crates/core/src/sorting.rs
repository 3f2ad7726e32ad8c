//! Stable sorting through a single instance of the standard library's sort.
//!
//! `slice::sort_by` is instantiated anew for every element type and comparator, and each
//! instance costs the wasm module several kilobytes. Sorting here goes through one non-generic
//! function that orders indices; only the small permutation step is generic.

use std::cmp::Ordering;

/// The indices `0..len` ordered by `compare`, ties in their original order.
fn sorted_indices(len: usize, compare: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    order.sort_by(|&a, &b| compare(a, b));
    order
}

/// Sorts `items` by `compare`, keeping equal items in their original order.
pub(crate) fn sort_by<T>(items: &mut Vec<T>, compare: impl Fn(&T, &T) -> Ordering) {
    let order = sorted_indices(items.len(), &|a, b| compare(&items[a], &items[b]));
    let mut taken: Vec<Option<T>> = items.drain(..).map(Some).collect();
    items.extend(
        order
            .into_iter()
            .filter_map(|index| taken.get_mut(index).and_then(Option::take)),
    );
}

/// Sorts `items` by the key `key` gives, keeping equal items in their original order.
pub(crate) fn sort_by_key<T, K: Ord>(items: &mut Vec<T>, key: impl Fn(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_stably() {
        let mut items = vec![(3, 'a'), (1, 'b'), (3, 'c'), (2, 'd'), (1, 'e')];
        sort_by_key(&mut items, |item| item.0);
        assert_eq!(items, [(1, 'b'), (1, 'e'), (2, 'd'), (3, 'a'), (3, 'c')]);
        let mut empty: Vec<u8> = Vec::new();
        sort_by(&mut empty, Ord::cmp);
        assert!(empty.is_empty());
    }
}
