//! The gateway's tests, one binary (one link of the whole workspace instead of eight): the
//! routes and the OpenAPI document, the authorization matrix, reads that never write, the web
//! app's files, and the demo organisation's content (test.sh runs that one on its own prefix).

mod api_keys;
mod authorization;
mod common;
mod demo_content;
mod openapi;
mod permissions;
mod reads;
mod routes;
mod unknown_routes;
mod web_app;
