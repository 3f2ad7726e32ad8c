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
///
/// The items are moved in place, cycle by cycle of the permutation, so that sorting needs no
/// second copy of them: the checker sorts thousands of compiled rules on a first verdict.
pub(crate) fn sort_by<T>(items: &mut [T], compare: impl Fn(&T, &T) -> Ordering) {
    let order = sorted_indices(items.len(), &|a, b| compare(&items[a], &items[b]));
    permute(items, order);
}

/// Sorts `items` by `keys` (the key of each item, in the same order), keeping equal items in
/// their original order: for keys that cost more to make than to compare, made once each
/// rather than twice a comparison.
///
/// Each key is paired with its position, which makes every pair distinct: the unstable sort of
/// the pairs then gives the stable order, comparing keys inline where the one sort of
/// [`sorted_indices`] calls a comparator through a pointer (natively only, as this instance
/// is generic).
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn sort_by_keys<T, K: Ord>(items: &mut [T], keys: &[K]) {
    debug_assert_eq!(items.len(), keys.len());
    let mut keyed: Vec<(&K, usize)> = keys.iter().zip(0..).collect();
    keyed.sort_unstable();
    permute(items, keyed.into_iter().map(|(_, at)| at).collect());
}

/// Puts `items` in `order`, where `order[k]` is the index of the item that belongs at `k`.
fn permute<T>(items: &mut [T], mut order: Vec<usize>) {
    // `order[k]` is where the item that belongs at `k` is now; `done` marks a placed position.
    let done = order.len();
    for start in 0..order.len() {
        let mut at = start;
        while order[at] != done {
            let from = order[at];
            order[at] = done;
            if from == start {
                break;
            }
            items.swap(at, from);
            at = from;
        }
    }
}

/// Sorts `items` by the key `key` gives, keeping equal items in their original order.
pub(crate) fn sort_by_key<T, K: Ord>(items: &mut [T], key: impl Fn(&T) -> K) {
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
        let mut items = vec!['a', 'b', 'c', 'd', 'e'];
        sort_by_keys(&mut items, &[3, 1, 3, 2, 1]);
        assert_eq!(items, ['b', 'e', 'd', 'a', 'c']);
        // Every run of five keys out of three, with all their ties, comes out sorted and stable.
        for seed in 0..3125u32 {
            let mut items: Vec<(u32, usize)> = (0..5)
                .map(|at| ((seed / 5u32.pow(at as u32)) % 5 / 2, at))
                .collect();
            let mut expected = items.clone();
            expected.sort();
            let keys: Vec<u32> = items.iter().map(|item| item.0).collect();
            let mut by_keys = items.clone();
            sort_by_keys(&mut by_keys, &keys);
            assert_eq!(by_keys, expected, "seed {seed}, by keys");
            sort_by_key(&mut items, |item| item.0);
            assert_eq!(items, expected, "seed {seed}");
        }
        let mut empty: Vec<u8> = Vec::new();
        sort_by(&mut empty, Ord::cmp);
        assert!(empty.is_empty());
    }
}
