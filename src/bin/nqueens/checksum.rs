//! The checksum of the files a count writes and reads back (checkpoints and shard
//! results): 64-bit FNV-1a, so that an edited or truncated file is refused. And the
//! bound on the times those files record.

/// 64-bit FNV-1a of `bytes`.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The most seconds a checkpoint or a shard result may record: 10^12, about 31,700
/// years. No count takes so long, so a larger time was written by hand and is refused,
/// and sums of the times kept stay finite.
pub const MAX_SECONDS: f64 = 1e12;

#[cfg(test)]
mod tests {
    use super::fnv1a;

    #[test]
    fn the_checksum_is_fnv1a_64() {
        // Published FNV-1a test vectors: a file written by one build must stay readable
        // by the next, so the function itself is pinned, not only its round trip.
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }
}
