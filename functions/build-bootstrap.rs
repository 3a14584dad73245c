//! The build script of every Lambda function's crate (and of the bench's hello-world), named
//! by `build = "…"` in their Cargo.toml: it links their binaries, the bootstraps, as
//! position-dependent executables on Linux.
//!
//! A position-independent bootstrap has its 25,000 pointers relocated by the loader at
//! every start, which writes (copies) every page of its relocated data: 0.6 ms of a 4.5 ms
//! cold start, measured by `infra/scripts/bench.sh`. A position-dependent one has them
//! fixed at link time. What it gives up is the random address of the executable itself
//! (its libraries, stack and heap stay randomised); Go's Lambda functions are built the
//! same way. docs/DECISIONS.md, "Lambda cold start".

fn main() {
    // Only the bins: test harnesses and the libraries other crates link are untouched.
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo::rustc-link-arg-bins=-no-pie");
    }
    // Nothing it reads can change but the target, which cargo tracks itself.
    println!("cargo::rerun-if-env-changed=CARGO_CFG_TARGET_OS");
}
