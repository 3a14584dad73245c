//! Webhooks against DynamoDB Local and moto: the routes of Settings, Integrations, the
//! worker as SQS delivers its messages, and a receiver that checks every signature with the
//! maintained Standard Webhooks implementation (`infra/scripts/webhook_receiver.py`).

mod common;
mod deliveries;
mod endpoints;
mod guard;
