//! SHA-256 as lower-case hex: what the table keeps of a secret (tokens, invitation keys)
//! and the short stable name of a long value (an object key in a key).

use sha2::{Digest, Sha256};

pub fn sha256_hex(value: &str) -> String {
    Sha256::digest(value.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}
