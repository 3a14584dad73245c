//! The logic behind the worker's handler: the HTTP client of deliveries behind the SSRF guard.

pub mod guard;
