//! S3 presigned POST (browser-based uploads with a POST policy, AWS Signature Version 4).
//! The AWS SDK for Rust presigns requests but not POST policies, so the policy is built
//! and signed here, as documented in "Authenticating Requests in Browser-Based Uploads
//! Using POST (AWS Signature Version 4)": the base64 of the policy JSON is the string to
//! sign, signed with the usual SigV4 key for the date, region and `s3`.
//!
//! The browser sends `multipart/form-data` with every field returned here, then `file` last.

use std::collections::BTreeMap;

use crate::digest::hmac_sha256;
use base64::Engine;
use serde_json::{json, Value};
use time::{format_description::FormatItem, macros::format_description, Duration, OffsetDateTime};

/// The credentials the POST is signed with (the function's own role in AWS).
#[derive(Debug, Clone)]
pub struct SigningCredentials {
    pub access_key_id: String,
    pub secret_access_key: String,
    pub session_token: Option<String>,
}

/// What the upload may be.
#[derive(Debug, Clone)]
pub struct PostPolicy<'a> {
    pub bucket: &'a str,
    /// The exact object key.
    pub key: &'a str,
    /// The exact `Content-Type` the browser must send.
    pub content_type: &'a str,
    /// Inclusive byte range of the file.
    pub min_bytes: u64,
    pub max_bytes: u64,
    pub expires_in: Duration,
}

/// The form fields (every one must be sent, before `file`) and the policy document as signed.
#[derive(Debug, Clone)]
pub struct PresignedPost {
    pub fields: BTreeMap<String, String>,
    pub policy: Value,
}

const AMZ_DATE: &[FormatItem<'static>] = format_description!("[year][month][day]T[hour][minute][second]Z");
const SHORT_DATE: &[FormatItem<'static>] = format_description!("[year][month][day]");
const EXPIRATION: &[FormatItem<'static>] =
    format_description!("[year]-[month]-[day]T[hour]:[minute]:[second].[subsecond digits:3]Z");

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The SigV4 signing key of a day, region and service.
fn signing_key(secret: &str, date: &str, region: &str, service: &str) -> [u8; 32] {
    let k_date = hmac_sha256(format!("AWS4{secret}").as_bytes(), date.as_bytes());
    let k_region = hmac_sha256(&k_date, region.as_bytes());
    let k_service = hmac_sha256(&k_region, service.as_bytes());
    hmac_sha256(&k_service, b"aws4_request")
}

/// Signs `policy` at `now` for `region`.
pub fn presign_post(
    policy: &PostPolicy<'_>,
    credentials: &SigningCredentials,
    region: &str,
    now: OffsetDateTime,
) -> anyhow::Result<PresignedPost> {
    let now = now.to_offset(time::UtcOffset::UTC);
    let amz_date = now.format(AMZ_DATE)?;
    let short_date = now.format(SHORT_DATE)?;
    let credential = format!("{}/{short_date}/{region}/s3/aws4_request", credentials.access_key_id);
    let mut fields = BTreeMap::from([
        ("key".to_string(), policy.key.to_string()),
        ("Content-Type".to_string(), policy.content_type.to_string()),
        ("x-amz-algorithm".to_string(), "AWS4-HMAC-SHA256".to_string()),
        ("x-amz-credential".to_string(), credential.clone()),
        ("x-amz-date".to_string(), amz_date.clone()),
    ]);
    let mut conditions = vec![
        json!({"bucket": policy.bucket}),
        json!(["eq", "$key", policy.key]),
        json!(["eq", "$Content-Type", policy.content_type]),
        json!(["content-length-range", policy.min_bytes, policy.max_bytes]),
        json!({"x-amz-algorithm": "AWS4-HMAC-SHA256"}),
        json!({"x-amz-credential": credential}),
        json!({"x-amz-date": amz_date}),
    ];
    if let Some(token) = &credentials.session_token {
        fields.insert("x-amz-security-token".into(), token.clone());
        conditions.push(json!({"x-amz-security-token": token}));
    }
    let document = json!({
        "expiration": (now + policy.expires_in).format(EXPIRATION)?,
        "conditions": conditions,
    });
    let encoded = base64::engine::general_purpose::STANDARD.encode(serde_json::to_vec(&document)?);
    let signature =
        hex(&hmac_sha256(&signing_key(&credentials.secret_access_key, &short_date, region, "s3"), encoded.as_bytes()));
    fields.insert("policy".into(), encoded);
    fields.insert("x-amz-signature".into(), signature);
    Ok(PresignedPost { fields, policy: document })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hmac_matches_rfc_4231() {
        // Test case 2 of RFC 4231.
        assert_eq!(
            hex(&hmac_sha256(b"Jefe", b"what do ya want for nothing?")),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }

    #[test]
    fn the_signing_key_matches_the_aws_example() {
        // "Examples of how to derive a signing key for Signature Version 4" (AWS General Reference).
        let key = signing_key("wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", "20120215", "us-east-1", "iam");
        assert_eq!(hex(&key), "f4780e2d9f65fa895f9c67b32ce1baf0b0d8a43505a000a1a9e090d414db404d");
    }

    #[test]
    fn the_policy_names_the_exact_key_type_and_size_and_is_signed() {
        let now = OffsetDateTime::from_unix_timestamp(1_700_000_000).unwrap();
        let credentials = SigningCredentials {
            access_key_id: "AKID".into(),
            secret_access_key: "secret".into(),
            session_token: Some("token".into()),
        };
        let policy = PostPolicy {
            bucket: "videos",
            key: "Temp/u/clip.mp4",
            content_type: "video/mp4",
            min_bytes: 1,
            max_bytes: 1000,
            expires_in: Duration::minutes(15),
        };
        let post = presign_post(&policy, &credentials, "eu-west-1", now).unwrap();
        assert_eq!(post.fields["x-amz-credential"], "AKID/20231114/eu-west-1/s3/aws4_request");
        assert_eq!(post.fields["x-amz-date"], "20231114T221320Z");
        assert_eq!(post.fields["x-amz-security-token"], "token");
        assert_eq!(post.policy["expiration"], "2023-11-14T22:28:20.000Z");
        let conditions = post.policy["conditions"].as_array().unwrap();
        assert!(conditions.contains(&json!(["eq", "$key", "Temp/u/clip.mp4"])));
        assert!(conditions.contains(&json!(["eq", "$Content-Type", "video/mp4"])));
        assert!(conditions.contains(&json!(["content-length-range", 1, 1000])));
        let decoded = base64::engine::general_purpose::STANDARD.decode(&post.fields["policy"]).unwrap();
        assert_eq!(serde_json::from_slice::<Value>(&decoded).unwrap(), post.policy);
        let expected =
            hex(&hmac_sha256(&signing_key("secret", "20231114", "eu-west-1", "s3"), post.fields["policy"].as_bytes()));
        assert_eq!(post.fields["x-amz-signature"], expected);
    }
}
