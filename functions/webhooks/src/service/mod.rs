//! The logic behind the handlers: the `webhooks` section of `openapi.json` (each event's payload).

pub mod document;
