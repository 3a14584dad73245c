//! The local gateway serves the built web app as CloudFront does: compressed, hashed
//! assets immutable, the page itself revalidated. A contributor trying the local stack
//! would otherwise download several hundred kilobytes of raw JavaScript on every visit.

use std::path::PathBuf;

use reqwest::header::{ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING};

struct Served {
    base: String,
    dir: PathBuf,
    asset: String,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

async fn serve_a_build() -> Served {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("storyhive-web-app-{}-{n}", std::process::id()));
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><title>Storyhive</title><div id=root></div>").unwrap();
    // Script-like and compressible, as a real bundle is.
    let asset: String = (0..2000).map(|i| format!("function f{i}(a,b){{return a+b*{i};}}\n")).collect();
    std::fs::write(dir.join("assets/index-3f9a1c2b.js"), &asset).unwrap();
    std::fs::write(dir.join("sw.js"), "self.addEventListener('fetch', () => {});").unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let app = storyhive_gateway::web_app(&dir);
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    Served { base, dir, asset }
}

fn client() -> reqwest::Client {
    // No automatic decompression: the test reads what travels on the wire.
    reqwest::Client::builder().build().unwrap()
}

#[tokio::test]
async fn hashed_assets_travel_compressed_and_are_cached_for_good() {
    let served = serve_a_build().await;
    for (accepted, expected) in [("br", "br"), ("gzip", "gzip"), ("gzip, deflate, br", "br")] {
        let response = client()
            .get(format!("{}/assets/index-3f9a1c2b.js", served.base))
            .header(ACCEPT_ENCODING, accepted)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        assert_eq!(response.headers()[CONTENT_ENCODING], expected, "Accept-Encoding: {accepted}");
        assert_eq!(response.headers()[CACHE_CONTROL], "public, max-age=31536000, immutable");
        let body = response.bytes().await.unwrap();
        assert!(body.len() * 5 < served.asset.len(), "{expected}: {} of {} bytes", body.len(), served.asset.len());
        if expected == "gzip" {
            assert_eq!(&body[..2], &[0x1f, 0x8b], "a gzip stream");
        }
    }
}

#[tokio::test]
async fn a_browser_that_accepts_no_encoding_gets_the_file_as_is() {
    let served = serve_a_build().await;
    let response = client().get(format!("{}/assets/index-3f9a1c2b.js", served.base)).send().await.unwrap();
    assert!(response.headers().get(CONTENT_ENCODING).is_none());
    assert_eq!(response.text().await.unwrap(), served.asset);
}

#[tokio::test]
async fn the_page_and_its_history_fallback_are_revalidated_so_a_new_build_shows_at_once() {
    let served = serve_a_build().await;
    for path in ["/", "/index.html", "/campaigns", "/contributor/T1/C1"] {
        let response = client().get(format!("{}{path}", served.base)).send().await.unwrap();
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(response.headers()[CACHE_CONTROL], "no-cache", "{path}");
        assert!(response.text().await.unwrap().contains("<title>Storyhive</title>"), "{path}");
    }
}

#[tokio::test]
async fn a_missing_file_is_a_404_not_the_app_page_and_is_not_cached_as_immutable() {
    // As CloudFront serves the bucket: only extensionless paths are app routes. Keeping a
    // missing asset for a year would break the page until the cache is cleared.
    let served = serve_a_build().await;
    for path in
        ["/assets/index-00000000.js", "/robots-missing.txt", "/.well-known/security.txt", "/apple-touch-icon.png"]
    {
        let response = client().get(format!("{}{path}", served.base)).send().await.unwrap();
        assert_eq!(response.status(), 404, "{path}");
        assert_eq!(response.headers()[CACHE_CONTROL], "no-cache", "{path}");
        assert!(!response.text().await.unwrap().contains("<div id=root>"), "{path}: the app's page");
    }
    // An app route still gets the page.
    let response = client().get(format!("{}/initiative/campaign/abc", served.base)).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert!(response.text().await.unwrap().contains("<div id=root>"));
}

#[tokio::test]
async fn the_service_worker_script_is_revalidated_so_a_new_version_is_found_at_once() {
    // A browser keeps using a worker whose script it may take from its HTTP cache; a new build's
    // worker must be seen on the next visit. Served as JavaScript, or the browser refuses it.
    let served = serve_a_build().await;
    let response = client().get(format!("{}/sw.js", served.base)).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()[CACHE_CONTROL], "no-cache");
    let content_type = response.headers()[reqwest::header::CONTENT_TYPE].to_str().unwrap().to_owned();
    assert!(
        content_type.starts_with("text/javascript") || content_type.starts_with("application/javascript"),
        "{content_type}"
    );
    assert!(response.text().await.unwrap().contains("addEventListener('fetch'"));
}
