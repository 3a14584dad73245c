//! SHA-256 as lower-case hex: what the table keeps of a secret (tokens, invitation keys)
//! and the short stable name of a long value (an object key in a key).

use sha2::{Digest, Sha256};

/// HMAC-SHA256 (RFC 2104 over SHA-256, block size 64 bytes): SigV4's signing (the
/// presigned upload form) and the webhooks' signatures.
pub fn hmac_sha256(key: &[u8], message: &[u8]) -> [u8; 32] {
    let mut block = [0u8; 64];
    if key.len() > 64 {
        block[..32].copy_from_slice(&Sha256::digest(key));
    } else {
        block[..key.len()].copy_from_slice(key);
    }
    let (mut inner, mut outer) = (Sha256::new(), Sha256::new());
    inner.update(block.map(|b| b ^ 0x36));
    inner.update(message);
    outer.update(block.map(|b| b ^ 0x5c));
    outer.update(inner.finalize());
    outer.finalize().into()
}

pub fn sha256_hex(value: &str) -> String {
    Sha256::digest(value.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}
