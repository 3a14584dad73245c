//! The HTTP client of deliveries, behind the SSRF guard: the address is checked
//! (`webhooks::check_url`), its host resolved here and refused if ANY of its addresses is
//! internal (`webhooks::forbidden_address`), and the request connects to the vetted address
//! only (reqwest's `resolve` pin), so a DNS answer that changes between the check and the
//! connection (rebinding) cannot send it inside. Redirects are not followed; connecting may
//! take 5 s and the whole request 10 s; at most 1 KB of the answer's body is read.

use std::{
    future::Future,
    net::{IpAddr, SocketAddr},
    pin::Pin,
    sync::Arc,
    time::{Duration, Instant},
};

use storyhive_shared::webhooks;

pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
pub const TOTAL_TIMEOUT: Duration = Duration::from_secs(10);
/// The most of an answer's body read (the start of it is kept as the error).
pub const BODY_CAP: usize = 1024;

type Lookup = Pin<Box<dyn Future<Output = std::io::Result<Vec<IpAddr>>> + Send>>;

/// Finds a host's addresses: the system's resolver, or a table in tests.
#[derive(Clone)]
pub struct Resolver(Arc<dyn Fn(String, u16) -> Lookup + Send + Sync>);

impl Resolver {
    /// The system's resolver (`getaddrinfo`, as `std::net` resolves).
    pub fn system() -> Self {
        Self(Arc::new(|host, port| {
            Box::pin(async move { Ok(tokio::net::lookup_host((host.as_str(), port)).await?.map(|a| a.ip()).collect()) })
        }))
    }

    /// A resolver answering from `table` (host → addresses); other names are not found.
    pub fn table(table: Vec<(&'static str, Vec<IpAddr>)>) -> Self {
        Self(Arc::new(move |host, _port| {
            let found = table.iter().find(|(name, _)| *name == host).map(|(_, ips)| ips.clone());
            Box::pin(
                async move { found.ok_or_else(|| std::io::Error::new(std::io::ErrorKind::NotFound, "no such host")) },
            )
        }))
    }

    pub async fn lookup(&self, host: &str, port: u16) -> std::io::Result<Vec<IpAddr>> {
        (self.0)(host.to_string(), port).await
    }
}

impl std::fmt::Debug for Resolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Resolver")
    }
}

/// Where `url` may be sent to: the address to connect to, or why not.
pub async fn vet(url: &str, resolver: &Resolver, allow_loopback: bool) -> Result<(String, SocketAddr), String> {
    let (host, port) = webhooks::check_url(url, allow_loopback).map_err(str::to_string)?;
    let addresses = match host.parse::<IpAddr>() {
        Ok(ip) => vec![ip],
        Err(_) => {
            resolver.lookup(&host, port).await.map_err(|e| format!("The host {host} could not be resolved ({e})."))?
        }
    };
    if addresses.is_empty() {
        return Err(format!("The host {host} has no address."));
    }
    if let Some(internal) = addresses.iter().find(|ip| webhooks::forbidden_address(**ip, allow_loopback)) {
        return Err(format!("Refused: {host} resolves to {internal}, an internal address."));
    }
    Ok((host, SocketAddr::new(addresses[0], port)))
}

/// What an attempt came to.
#[derive(Debug, Clone, PartialEq)]
pub struct Sent {
    pub status_code: Option<u16>,
    pub ok: bool,
    pub duration_ms: u64,
    pub error: Option<String>,
}

/// POSTs `body` to `url` with `headers`, through the guard.
pub async fn post(
    url: &str,
    headers: &[(&str, String)],
    body: String,
    resolver: &Resolver,
    allow_loopback: bool,
) -> Sent {
    let started = Instant::now();
    let elapsed = |started: Instant| started.elapsed().as_millis() as u64;
    let (host, address) = match vet(url, resolver, allow_loopback).await {
        Ok(vetted) => vetted,
        Err(error) => return Sent { status_code: None, ok: false, duration_ms: elapsed(started), error: Some(error) },
    };
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .connect_timeout(CONNECT_TIMEOUT)
        .timeout(TOTAL_TIMEOUT)
        .no_proxy()
        .resolve(&host, address)
        .build();
    let client = match client {
        Ok(client) => client,
        Err(error) => {
            return Sent { status_code: None, ok: false, duration_ms: elapsed(started), error: Some(error.to_string()) }
        }
    };
    let mut request = client.post(url.trim()).header("content-type", "application/json").body(body);
    for (name, value) in headers {
        request = request.header(*name, value);
    }
    match request.send().await {
        Ok(mut response) => {
            let status = response.status();
            let mut read = Vec::new();
            while read.len() < BODY_CAP {
                match response.chunk().await {
                    Ok(Some(chunk)) => read.extend_from_slice(&chunk[..chunk.len().min(BODY_CAP - read.len())]),
                    _ => break,
                }
            }
            let ok = status.is_success();
            let error = (!ok).then(|| {
                let text = String::from_utf8_lossy(&read).trim().chars().take(200).collect::<String>();
                if status.is_redirection() {
                    format!("Answered a redirect ({status}); redirects are not followed.")
                } else if text.is_empty() {
                    format!("Answered {status}.")
                } else {
                    format!("Answered {status}: {text}")
                }
            });
            Sent { status_code: Some(status.as_u16()), ok, duration_ms: elapsed(started), error }
        }
        Err(error) => {
            let reason = if error.is_timeout() {
                "No answer within 10 seconds.".to_string()
            } else if error.is_connect() {
                "Could not connect.".to_string()
            } else {
                format!("The request failed: {error}")
            };
            Sent { status_code: None, ok: false, duration_ms: elapsed(started), error: Some(reason) }
        }
    }
}
