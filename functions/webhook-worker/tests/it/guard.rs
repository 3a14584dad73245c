use std::net::IpAddr;

use storyhive_webhook_worker::{guard, Resolver};

fn ips(list: &[&str]) -> Vec<IpAddr> {
    list.iter().map(|ip| ip.parse().unwrap()).collect()
}

#[tokio::test]
async fn internal_addresses_are_refused_whether_written_or_resolved() {
    let resolver = Resolver::table(vec![
        ("hooks.example.com", ips(&["93.184.216.34"])),
        ("loopback.example.com", ips(&["127.0.0.1"])),
        ("v6-loopback.example.com", ips(&["::1"])),
        ("private.example.com", ips(&["10.0.0.1"])),
        ("metadata.example.com", ips(&["169.254.169.254"])),
        // One internal address among public ones is enough to refuse.
        ("mixed.example.com", ips(&["93.184.216.34", "10.0.0.1"])),
        ("mapped.example.com", ips(&["::ffff:169.254.169.254"])),
    ]);
    for url in [
        "https://127.0.0.1/hook",
        "https://[::1]/hook",
        "https://10.0.0.1/hook",
        "https://169.254.169.254/latest/meta-data/",
        "https://localhost/hook",
        "https://loopback.example.com/hook",
        "https://v6-loopback.example.com/hook",
        "https://private.example.com/hook",
        "https://metadata.example.com/hook",
        "https://mixed.example.com/hook",
        "https://mapped.example.com/hook",
    ] {
        let refused = guard::vet(url, &resolver, false).await.expect_err(url);
        assert!(refused.contains("internal") || refused.contains("private network"), "{url}: {refused}");
    }
    let (host, address) = guard::vet("https://hooks.example.com/in", &resolver, false).await.unwrap();
    assert_eq!((host.as_str(), address.to_string().as_str()), ("hooks.example.com", "93.184.216.34:443"));
    assert_eq!(
        guard::vet("http://hooks.example.com/in", &resolver, false).await.unwrap_err(),
        "The address must start with https://."
    );
    assert!(guard::vet("https://unknown.example.com/", &resolver, false)
        .await
        .unwrap_err()
        .contains("could not be resolved"));
}

#[tokio::test]
async fn names_the_system_resolves_to_loopback_are_refused_too() {
    // `localhost` by the real resolver (std::net): allowed only by the test setting.
    let system = Resolver::system();
    let found = system.lookup("localhost", 443).await.unwrap();
    assert!(found.iter().all(|ip| ip.is_loopback()), "{found:?}");
    let (_, address) = guard::vet("http://localhost:9/", &system, true).await.unwrap();
    assert!(address.ip().is_loopback());
    // Another name of this machine in /etc/hosts, when it has one, resolves to loopback.
    let hosts = std::fs::read_to_string("/etc/hosts").unwrap_or_default();
    let other = hosts
        .lines()
        .filter(|l| l.starts_with("127."))
        .flat_map(|l| l.split_whitespace().skip(1))
        .find(|name| !name.contains("localhost") && name.contains(|c: char| c.is_ascii_alphabetic()));
    if let Some(name) = other {
        let refused = guard::vet(&format!("https://{name}/hook"), &system, false).await.unwrap_err();
        assert!(refused.contains("internal"), "{name}: {refused}");
    }
}

#[tokio::test]
async fn a_refused_address_is_never_contacted_and_the_attempt_says_why() {
    let resolver = Resolver::table(vec![("rebind.example.com", ips(&["127.0.0.1"]))]);
    let sent = guard::post("https://rebind.example.com/hook", &[], "{}".into(), &resolver, false).await;
    assert_eq!((sent.ok, sent.status_code), (false, None));
    assert_eq!(sent.error.as_deref(), Some("Refused: rebind.example.com resolves to 127.0.0.1, an internal address."));
}

#[tokio::test]
async fn redirects_are_not_followed() {
    let receiver = crate::common::Receiver::start();
    let sent = guard::post(&receiver.url("/redirect/hook"), &[], "{}".into(), &Resolver::system(), true).await;
    assert_eq!((sent.ok, sent.status_code), (false, Some(302)));
    assert!(sent.error.unwrap().contains("redirects are not followed"));
    let log = receiver.log("").await;
    assert_eq!(log.len(), 1, "only the first address was asked: {log:?}");
}
