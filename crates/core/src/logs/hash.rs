//! A fast keyed hash for the replay's caches, which look up a user agent, a URL and a host
//! for every log line: SipHash (std's default) cost a tenth of the replay's time.
//!
//! The keys are anybody's text (a user agent is whatever a client sends), so the hash is keyed
//! with random seeds drawn per replay: a log cannot be written to make its keys collide without
//! knowing them. Each 8-byte word is mixed into the state by a folded 64×64→128-bit
//! multiplication (the high and low halves XORed), the construction of foldhash and of
//! ahash's portable path; the caches it serves are bounded, so even a collision costs a bounded
//! amount of work.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};

/// Seeds for [`Folded`] hashers, drawn once per cache owner.
#[derive(Debug, Clone)]
pub(crate) struct Seeded {
    seeds: [u64; 2],
}

impl Default for Seeded {
    fn default() -> Self {
        let random = RandomState::new();
        let draw = |n: u64| {
            let mut hasher = random.build_hasher();
            hasher.write_u64(n);
            hasher.finish()
        };
        Seeded {
            seeds: [draw(1), draw(2) | 1],
        }
    }
}

impl BuildHasher for Seeded {
    type Hasher = Folded;

    fn build_hasher(&self) -> Folded {
        Folded {
            state: self.seeds[0],
            multiplier: self.seeds[1] ^ 0x9e37_79b9_7f4a_7c15,
        }
    }
}

/// The hasher; see the module documentation.
#[derive(Debug, Clone)]
pub(crate) struct Folded {
    state: u64,
    multiplier: u64,
}

fn fold(a: u64, b: u64) -> u64 {
    let product = u128::from(a) * u128::from(b);
    (product as u64) ^ ((product >> 64) as u64)
}

impl Folded {
    fn mix(&mut self, word: u64) {
        self.state = fold(self.state ^ word, self.multiplier);
    }
}

impl Hasher for Folded {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.mix(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        let mut word = [0u8; 8];
        word[..rest.len()].copy_from_slice(rest);
        // The length goes in with the last word, so that "a" and "a\0" differ.
        self.mix(u64::from_le_bytes(word) ^ ((bytes.len() as u64) << 56));
    }

    fn write_u8(&mut self, value: u8) {
        self.mix(u64::from(value));
    }

    fn write_u32(&mut self, value: u32) {
        self.mix(u64::from(value));
    }

    fn write_u64(&mut self, value: u64) {
        self.mix(value);
    }

    fn write_usize(&mut self, value: usize) {
        self.mix(value as u64);
    }

    fn finish(&self) -> u64 {
        fold(self.state, self.multiplier.rotate_left(29))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn nearby_keys_spread() {
        let state = Seeded::default();
        let mut seen = HashSet::new();
        for n in 0..10_000u32 {
            let key = format!("/products/item-{n}");
            assert!(seen.insert(state.hash_one(key.as_bytes())));
        }
        assert_ne!(
            state.hash_one(b"a".as_slice()),
            state.hash_one(b"a\0".as_slice())
        );
        assert_ne!(
            state.hash_one(b"".as_slice()),
            state.hash_one(b"\0".as_slice())
        );
    }
}
