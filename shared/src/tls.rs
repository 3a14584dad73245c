//! The certificate authorities this process trusts.
//!
//! - The AWS SDK's clients ([`crate::aws`]) talk to AWS's service endpoints, whose
//!   certificates Amazon Trust Services signs: they trust its five root CAs
//!   ([`AMAZON_TRUST_SERVICES`], compiled in), which is what Amazon Trust Services
//!   recommends to relying parties with their own trust store. Setting up TLS then parses
//!   5 certificates instead of the system's 144 (each SDK connector takes its roots as
//!   PEM and parses them all): side by side on the release `campaigns` bootstrap, init
//!   took 10.5 ms with these roots and 18.7 ms with the system bundle on a loaded machine
//!   (docs/DECISIONS.md, "Lambda cold start"). When an `AWS_ENDPOINT_URL*` variable points the SDK at another
//!   HTTPS server, the SDK trusts the system's bundle instead.
//! - Anything else (the AI function's HTTPS client, that fallback) trusts the system's CA
//!   bundle file, read once ([`system_roots`]): the file the system's OpenSSL would use
//!   (`SSL_CERT_FILE`, else the first of the usual places: `/etc/pki/tls/certs/ca-bundle.crt`
//!   on Amazon Linux, Lambda's OS; `/etc/ssl/certs/ca-certificates.crt` on Debian and
//!   Ubuntu), and not, as `rustls-native-certs` does, also every file of the certificate
//!   directory (on Debian each of the bundle's certificates again, one file each).
//!   Certificates rustls cannot use as trust anchors are left out and counted (the SDK
//!   panics on them).

use std::{
    path::{Path, PathBuf},
    sync::OnceLock,
};

use base64::Engine;
use rustls::pki_types::{pem::PemObject, CertificateDer};

/// The five root CAs of Amazon Trust Services (PEM, with a comment naming each), which
/// sign AWS's service endpoints' certificates
/// (<https://www.amazontrust.com/repository/>).
pub const AMAZON_TRUST_SERVICES: &str = include_str!("tls/amazon-trust-services.pem");

/// Whether an `AWS_ENDPOINT_URL` or `AWS_ENDPOINT_URL_<SERVICE>` variable points the AWS
/// SDK at an HTTPS server (not AWS's, whose certificates other authorities may sign).
pub fn sdk_endpoint_overridden_with_https() -> bool {
    std::env::vars_os().any(|(name, value)| {
        name.to_str().is_some_and(|name| name.starts_with("AWS_ENDPOINT_URL"))
            && value.to_str().is_some_and(|url| url.trim().to_ascii_lowercase().starts_with("https://"))
    })
}

/// The usable certificates of a CA bundle.
#[derive(Debug, Clone)]
pub struct Roots {
    /// The bundle they were read from.
    pub path: PathBuf,
    /// The usable certificates, PEM (what the AWS SDK's trust store takes).
    pub pem: Vec<u8>,
    /// How many certificates `pem` holds.
    pub count: usize,
    /// Certificates of the bundle rustls cannot use as a trust anchor, left out.
    pub skipped: usize,
}

impl Roots {
    /// The certificates as DER (what rustls takes).
    pub fn der(&self) -> impl Iterator<Item = CertificateDer<'static>> + '_ {
        CertificateDer::pem_slice_iter(&self.pem).filter_map(Result::ok)
    }
}

/// The system's trusted certificates, read on first use and kept for the process;
/// `None` when no bundle file was found or it holds no usable certificate (callers then
/// fall back to `rustls-native-certs`).
pub fn system_roots() -> Option<&'static Roots> {
    static ROOTS: OnceLock<Option<Roots>> = OnceLock::new();
    ROOTS
        .get_or_init(|| {
            let path = system_bundle()?;
            let roots = read_bundle(&path)
                .inspect_err(|error| tracing::warn!(path = %path.display(), %error, "cannot read the CA bundle"))
                .ok()?;
            if roots.skipped > 0 {
                tracing::info!(path = %path.display(), skipped = roots.skipped, "CA bundle certificates left out");
            }
            (roots.count > 0).then_some(roots)
        })
        .as_ref()
}

/// The CA bundle file OpenSSL would use here: `SSL_CERT_FILE` when it names a file, else
/// the first existing file of the usual places (`openssl-probe`'s list). The directory
/// `openssl-probe` also finds is not read.
pub fn system_bundle() -> Option<PathBuf> {
    openssl_probe::probe().cert_file
}

/// Reads a PEM bundle and keeps the certificates rustls can use as trust anchors.
pub fn read_bundle(path: &Path) -> std::io::Result<Roots> {
    let text = std::fs::read(path)?;
    let (pem, count, skipped) = usable_certificates(text);
    Ok(Roots { path: path.to_path_buf(), pem, count, skipped })
}

/// The certificates of a PEM bundle that decode and that rustls accepts as trust anchors
/// (the checks the SDK's trust store makes, with `expect`), as PEM: the bundle itself
/// when all of them are (the usual case: nothing copied), else just those, re-encoded.
/// Also how many were kept and how many left out. A section that does not decode is left
/// out and the reading goes on after it (the PEM reader resumes after its end line).
pub fn usable_certificates(bundle: Vec<u8>) -> (Vec<u8>, usize, usize) {
    let usable = |cert: &CertificateDer| webpki::anchor_from_trusted_cert(cert).is_ok();
    let (mut count, mut skipped) = (0, 0);
    for item in CertificateDer::pem_slice_iter(&bundle) {
        match item {
            Ok(cert) if usable(&cert) => count += 1,
            Ok(_) | Err(_) => skipped += 1,
        }
    }
    if skipped == 0 {
        return (bundle, count, 0);
    }
    let mut pem = String::new();
    for cert in CertificateDer::pem_slice_iter(&bundle).filter_map(Result::ok).filter(usable) {
        let text = base64::engine::general_purpose::STANDARD.encode(cert.as_ref());
        pem.push_str("-----BEGIN CERTIFICATE-----\n");
        for line in text.as_bytes().chunks(64) {
            pem.push_str(std::str::from_utf8(line).expect("base64 is ASCII"));
            pem.push('\n');
        }
        pem.push_str("-----END CERTIFICATE-----\n");
    }
    (pem.into_bytes(), count, skipped)
}

/// The system's trusted certificates as a rustls root store (for HTTPS clients outside
/// the AWS SDK); `rustls-native-certs`' loading when no bundle file was found.
pub fn root_store() -> rustls::RootCertStore {
    let mut store = rustls::RootCertStore::empty();
    match system_roots() {
        Some(roots) => store.add_parsable_certificates(roots.der()),
        None => store.add_parsable_certificates(rustls_native_certs::load_native_certs().certs),
    };
    store
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Amazon Root CA 1 (the root of AWS's own endpoints), as Amazon Linux's bundle
    /// (`p11-kit trust extract --format=pem-bundle`) writes it: a comment line naming it.
    const AMAZON_ROOT_CA_1: &str = "# Amazon Root CA 1
-----BEGIN CERTIFICATE-----
MIIDQTCCAimgAwIBAgITBmyfz5m/jAo54vB4ikPmljZbyjANBgkqhkiG9w0BAQsF
ADA5MQswCQYDVQQGEwJVUzEPMA0GA1UEChMGQW1hem9uMRkwFwYDVQQDExBBbWF6
b24gUm9vdCBDQSAxMB4XDTE1MDUyNjAwMDAwMFoXDTM4MDExNzAwMDAwMFowOTEL
MAkGA1UEBhMCVVMxDzANBgNVBAoTBkFtYXpvbjEZMBcGA1UEAxMQQW1hem9uIFJv
b3QgQ0EgMTCCASIwDQYJKoZIhvcNAQEBBQADggEPADCCAQoCggEBALJ4gHHKeNXj
ca9HgFB0fW7Y14h29Jlo91ghYPl0hAEvrAIthtOgQ3pOsqTQNroBvo3bSMgHFzZM
9O6II8c+6zf1tRn4SWiw3te5djgdYZ6k/oI2peVKVuRF4fn9tBb6dNqcmzU5L/qw
IFAGbHrQgLKm+a/sRxmPUDgH3KKHOVj4utWp+UhnMJbulHheb4mjUcAwhmahRWa6
VOujw5H5SNz/0egwLX0tdHA114gk957EWW67c4cX8jJGKLhD+rcdqsq08p8kDi1L
93FcXmn/6pUCyziKrlA4b9v7LWIbxcceVOF34GfID5yHI9Y/QCB/IIDEgEw+OyQm
jgSubJrIqg0CAwEAAaNCMEAwDwYDVR0TAQH/BAUwAwEB/zAOBgNVHQ8BAf8EBAMC
AYYwHQYDVR0OBBYEFIQYzIU07LwMlJQuCFmcx7IQTgoIMA0GCSqGSIb3DQEBCwUA
A4IBAQCY8jdaQZChGsV2USggNiMOruYou6r4lK5IpDB/G/wkjUu0yKGX9rbxenDI
U5PMCCjjmCXPI6T53iHTfIUJrU6adTrCC2qJeHZERxhlbI1Bjjt/msv0tadQ1wUs
N+gDS63pYaACbvXy8MWy7Vu33PqUXHeeE6V/Uq2V8viTO96LXFvKWlJbYK8U90vv
o/ufQJVtMVT8QtPHRh8jrdkPSHCa2XV4cdFyQzR1bldZwgJcJmApzyMZFo6IQ6XU
5MsI+yMRQ+hDKXJioaldXgjUkK642M4UwtBV8ob2xJNDd2ZhwLnoQdeXeGADbkpy
rqXRfboQnoZsG4q5WTP468SQvvG5
-----END CERTIFICATE-----
";

    /// The SHA-256 of each root's public key (SubjectPublicKeyInfo), as Amazon Trust
    /// Services publishes them (<https://www.amazontrust.com/repository/>), in the file's order.
    const PUBLISHED_KEY_HASHES: [&str; 5] = [
        "fbe3018031f9586bcbf41727e417b7d1c45c2f47f93be372a17b96b50757d5a2", // Amazon Root CA 1
        "7f4296fc5b6a4e3b35d3c369623e364ab1af381d8fa7121533c9d6c633ea2461", // Amazon Root CA 2
        "36abc32656acfc645c61b71613c4bf21c787f5cabbee48348d58597803d7abc9", // Amazon Root CA 3
        "f7ecded5c66047d28ed6466b543c40e0743abe81d109254dcf845d4c2c7853c5", // Amazon Root CA 4
        "2b071c59a0a0ae76b0eadb2bad23bad4580b69c3601b630c2eaf0613afa83f92", // Starfield Services Root CA - G2
    ];

    fn amazon_roots() -> Vec<CertificateDer<'static>> {
        CertificateDer::pem_slice_iter(AMAZON_TRUST_SERVICES.as_bytes()).collect::<Result<_, _>>().unwrap()
    }

    #[test]
    fn the_sdks_roots_are_amazon_trust_services_five_by_their_published_keys() {
        use sha2::{Digest, Sha256};
        let hashes: Vec<String> = amazon_roots()
            .iter()
            .map(|cert| {
                // The anchor keeps the SubjectPublicKeyInfo's contents: put its SEQUENCE back.
                let contents = webpki::anchor_from_trusted_cert(cert).unwrap().subject_public_key_info.to_vec();
                let mut spki = vec![0x30];
                match contents.len() {
                    n @ 0..=0x7f => spki.push(n as u8),
                    n @ 0x80..=0xff => spki.extend([0x81, n as u8]),
                    n => spki.extend([0x82, (n >> 8) as u8, n as u8]),
                }
                spki.extend(contents);
                Sha256::digest(&spki).iter().map(|b| format!("{b:02x}")).collect()
            })
            .collect();
        assert_eq!(hashes, PUBLISHED_KEY_HASHES);
        assert_eq!(sdk_trust_anchors(AMAZON_TRUST_SERVICES.as_bytes()), 5);
    }

    #[test]
    fn the_systems_bundle_trusts_the_same_amazon_roots() {
        // Lambda's Amazon Linux bundle and Debian's both come from Mozilla's root store,
        // which holds these five: the SDK trusts nothing the system would not.
        let roots = system_roots().expect("a CA bundle on this machine (Debian: the ca-certificates package)");
        let system: std::collections::HashSet<CertificateDer> = roots.der().collect();
        for (cert, hash) in amazon_roots().iter().zip(PUBLISHED_KEY_HASHES) {
            assert!(system.contains(cert), "{} lacks the root whose key hashes to {hash}", roots.path.display());
        }
    }

    /// What the AWS SDK's trust store does with the PEM it is given (it panics on any
    /// failure): the number of trust anchors it ends up with.
    fn sdk_trust_anchors(pem: &[u8]) -> usize {
        let mut store = rustls::RootCertStore::empty();
        for cert in CertificateDer::pem_slice_iter(pem) {
            store.add(cert.expect("valid PEM certificate")).expect("cert parsable");
        }
        store.len()
    }

    #[test]
    fn a_bundle_of_usable_certificates_is_kept_as_it_is() {
        let bundle = format!("{AMAZON_ROOT_CA_1}\n{AMAZON_ROOT_CA_1}");
        let (pem, count, skipped) = usable_certificates(bundle.clone().into_bytes());
        assert_eq!((count, skipped), (2, 0));
        assert_eq!(pem, bundle.as_bytes());
        assert_eq!(sdk_trust_anchors(&pem), 2);
    }

    #[test]
    fn a_certificate_rustls_cannot_use_is_left_out_and_the_rest_kept() {
        // Valid base64, not a certificate.
        let broken = "# Broken\n-----BEGIN CERTIFICATE-----\nMIIBAAAA\n-----END CERTIFICATE-----\n";
        let bundle = format!("{AMAZON_ROOT_CA_1}\n{broken}\n{AMAZON_ROOT_CA_1}trailing text\n");
        assert!(std::panic::catch_unwind(|| sdk_trust_anchors(bundle.as_bytes())).is_err(), "the SDK would panic");
        let (pem, count, skipped) = usable_certificates(bundle.into_bytes());
        assert_eq!((count, skipped), (2, 1));
        assert_eq!(sdk_trust_anchors(&pem), 2);
        let amazon: Vec<_> =
            CertificateDer::pem_slice_iter(AMAZON_ROOT_CA_1.as_bytes()).collect::<Result<_, _>>().unwrap();
        let kept: Vec<_> = CertificateDer::pem_slice_iter(&pem).collect::<Result<_, _>>().unwrap();
        assert_eq!(kept, [amazon[0].clone(), amazon[0].clone()]);
    }

    #[test]
    fn a_section_that_does_not_decode_is_left_out_and_the_certificates_after_it_kept() {
        // Not base64 at all: the PEM reader fails on this section, then goes on.
        let garbled = "-----BEGIN CERTIFICATE-----\n!!!! not base64 !!!!\n-----END CERTIFICATE-----\n";
        let bundle = format!("{AMAZON_ROOT_CA_1}{garbled}{AMAZON_ROOT_CA_1}");
        assert!(std::panic::catch_unwind(|| sdk_trust_anchors(bundle.as_bytes())).is_err(), "the SDK would panic");
        let (pem, count, skipped) = usable_certificates(bundle.into_bytes());
        assert_eq!((count, skipped), (2, 1));
        assert_eq!(sdk_trust_anchors(&pem), 2);
    }

    #[test]
    fn a_bundle_file_is_read_with_its_unusable_certificates_left_out() {
        let path = std::env::temp_dir().join(format!("storyhive-tls-test-{}.pem", std::process::id()));
        let broken = "-----BEGIN CERTIFICATE-----\nMIIBAAAA\n-----END CERTIFICATE-----\n";
        std::fs::write(&path, format!("{broken}{AMAZON_ROOT_CA_1}")).unwrap();
        let roots = read_bundle(&path);
        std::fs::remove_file(&path).unwrap();
        let roots = roots.unwrap();
        assert_eq!((roots.count, roots.skipped), (1, 1));
        let mut store = rustls::RootCertStore::empty();
        store.add_parsable_certificates(roots.der());
        assert_eq!(store.len(), 1);
    }

    #[test]
    fn this_systems_bundle_gives_the_certificates_the_sdks_native_loading_reads_from_it() {
        // This machine's bundle (Debian's here, Amazon Linux's in Lambda), read here and by
        // rustls-native-certs (the file alone: the directory it also reads may hold more,
        // like Debian's ssl-cert-snakeoil.pem, which is no authority).
        let roots = system_roots().expect("a CA bundle on this machine (Debian: the ca-certificates package)");
        assert!(roots.count > 100, "{} certificates in {}", roots.count, roots.path.display());
        assert_eq!(sdk_trust_anchors(&roots.pem), roots.count);
        let ours: Vec<CertificateDer> = roots.der().collect();
        let native = rustls_native_certs::load_certs_from_paths(Some(&roots.path), None).certs;
        let set = |certs: &[CertificateDer<'static>]| -> std::collections::BTreeSet<Vec<u8>> {
            certs.iter().filter(|c| webpki::anchor_from_trusted_cert(c).is_ok()).map(|c| c.to_vec()).collect()
        };
        assert_eq!(set(&ours), set(&native), "{}", roots.path.display());
    }
}
