//! The single-table store: typed reads and writes through `serde_dynamo`,
//! conditional and transactional writes, and paginated queries. No scans.

pub mod keys;

use std::collections::HashMap;

use anyhow::Context;
use aws_sdk_dynamodb::{
    error::SdkError,
    operation::transact_write_items::TransactWriteItemsError,
    types::{ConditionCheck, Delete, KeysAndAttributes, Put, ReturnValue, Update},
    Client,
};
use serde::{de::DeserializeOwned, Serialize};

pub use aws_sdk_dynamodb::types::{builders::UpdateBuilder, AttributeValue, TransactWriteItem};
pub use keys::Key;

pub type Item = HashMap<String, AttributeValue>;

/// What `UpdateItem` builders have in common, so an update expression can be built
/// once for a single update ([`Store::update`]) and a transaction ([`Store::update_op`]).
pub trait UpdateExpression: Sized {
    fn name(self, placeholder: String, attribute: &str) -> Self;
    fn value(self, placeholder: String, value: AttributeValue) -> Self;
    fn expression(self, expression: String) -> Self;
}

impl UpdateExpression for UpdateBuilder {
    fn name(self, placeholder: String, attribute: &str) -> Self {
        self.expression_attribute_names(placeholder, attribute)
    }
    fn value(self, placeholder: String, value: AttributeValue) -> Self {
        self.expression_attribute_values(placeholder, value)
    }
    fn expression(self, expression: String) -> Self {
        self.update_expression(expression)
    }
}

impl UpdateExpression for aws_sdk_dynamodb::operation::update_item::builders::UpdateItemFluentBuilder {
    fn name(self, placeholder: String, attribute: &str) -> Self {
        self.expression_attribute_names(placeholder, attribute)
    }
    fn value(self, placeholder: String, value: AttributeValue) -> Self {
        self.expression_attribute_values(placeholder, value)
    }
    fn expression(self, expression: String) -> Self {
        self.update_expression(expression)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A condition of the write (or of one write in a transaction) did not hold.
    #[error("a write condition did not hold")]
    ConditionFailed,
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

pub type StoreResult<T> = Result<T, StoreError>;

/// A query on the table or one of its indexes.
#[derive(Debug, Clone)]
pub struct Query {
    pub index: Option<&'static str>,
    pub pk_attr: &'static str,
    pub pk: String,
    pub sk_attr: &'static str,
    pub sk_prefix: Option<String>,
    pub newest_first: bool,
    pub limit: Option<i32>,
}

impl Query {
    /// Items of one table partition whose sort key starts with `prefix`.
    pub fn table(pk: impl Into<String>, sk_prefix: impl Into<String>) -> Self {
        Self {
            index: None,
            pk_attr: keys::PK,
            pk: pk.into(),
            sk_attr: keys::SK,
            sk_prefix: Some(sk_prefix.into()),
            newest_first: false,
            limit: None,
        }
    }

    /// Every item of one table partition.
    pub fn partition(pk: impl Into<String>) -> Self {
        Self { sk_prefix: None, ..Self::table(pk, "") }
    }

    /// Every item of one GSI2 partition.
    pub fn gsi2(pk: impl Into<String>) -> Self {
        Self {
            index: Some(keys::GSI2),
            pk_attr: keys::GSI2PK,
            pk: pk.into(),
            sk_attr: keys::GSI2SK,
            sk_prefix: None,
            newest_first: false,
            limit: None,
        }
    }

    /// Every item of one GSI1 partition.
    pub fn gsi1(pk: impl Into<String>) -> Self {
        Self {
            index: Some(keys::GSI1),
            pk_attr: keys::GSI1PK,
            pk: pk.into(),
            sk_attr: keys::GSI1SK,
            sk_prefix: None,
            newest_first: false,
            limit: None,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Store {
    client: Client,
    table: String,
}

impl Store {
    pub fn new(client: Client, table: impl Into<String>) -> Self {
        Self { client, table: table.into() }
    }

    pub fn table_name(&self) -> &str {
        &self.table
    }

    pub fn client(&self) -> &Client {
        &self.client
    }

    pub async fn get<T: DeserializeOwned>(&self, key: &Key) -> StoreResult<Option<T>> {
        let output = self
            .client
            .get_item()
            .table_name(&self.table)
            .set_key(Some(key_item(key)?))
            .consistent_read(true)
            .send()
            .await
            .context("GetItem")?;
        output.item.map(from_item).transpose()
    }

    /// One round trip for up to 100 keys. Items come back keyed by their primary key;
    /// a key with no item is absent from the map.
    pub async fn batch_get(&self, keys: &[Key]) -> StoreResult<HashMap<(String, String), Item>> {
        let mut pending: Vec<Item> = keys.iter().map(key_item).collect::<StoreResult<_>>()?;
        let mut found = HashMap::new();
        // DynamoDB may hand back unprocessed keys under load; ask again for those.
        for _attempt in 0..5 {
            if pending.is_empty() {
                break;
            }
            let request = KeysAndAttributes::builder()
                .set_keys(Some(std::mem::take(&mut pending)))
                .consistent_read(true)
                .build()
                .context("BatchGetItem request")?;
            let output = self
                .client
                .batch_get_item()
                .request_items(&self.table, request)
                .send()
                .await
                .context("BatchGetItem")?;
            for item in output.responses.unwrap_or_default().remove(&self.table).unwrap_or_default() {
                let key: Key = from_item(item.clone())?;
                found.insert((key.pk, key.sk), item);
            }
            if let Some(mut rest) = output.unprocessed_keys {
                if let Some(rest) = rest.remove(&self.table) {
                    pending = rest.keys;
                }
            }
        }
        if !pending.is_empty() {
            return Err(anyhow::anyhow!("BatchGetItem left keys unprocessed").into());
        }
        Ok(found)
    }

    /// Writes `item`, replacing any item with the same key.
    pub async fn put<T: Serialize>(&self, item: &T) -> StoreResult<()> {
        self.client
            .put_item()
            .table_name(&self.table)
            .set_item(Some(to_item(item)?))
            .send()
            .await
            .context("PutItem")?;
        Ok(())
    }

    /// Replaces `item` only if the stored one still has `expected_version`
    /// (optimistic locking: concurrent edits cannot silently overwrite each other).
    pub async fn put_versioned<T: Serialize>(&self, item: &T, expected_version: u64) -> StoreResult<()> {
        let result = self
            .client
            .put_item()
            .table_name(&self.table)
            .set_item(Some(to_item(item)?))
            .condition_expression("#version = :expected")
            .expression_attribute_names("#version", "version")
            .expression_attribute_values(":expected", AttributeValue::N(expected_version.to_string()))
            .send()
            .await;
        map_condition(result.map(|_| ()), "PutItem (versioned)")
    }

    pub async fn delete(&self, key: &Key) -> StoreResult<()> {
        self.client
            .delete_item()
            .table_name(&self.table)
            .set_key(Some(key_item(key)?))
            .send()
            .await
            .context("DeleteItem")?;
        Ok(())
    }

    /// Deletes the item and returns it, or `None` if it did not exist. Two callers
    /// racing for the same item: exactly one gets it (single-use tokens).
    pub async fn take<T: DeserializeOwned>(&self, key: &Key) -> StoreResult<Option<T>> {
        let output = self
            .client
            .delete_item()
            .table_name(&self.table)
            .set_key(Some(key_item(key)?))
            .return_values(ReturnValue::AllOld)
            .send()
            .await
            .context("DeleteItem (take)")?;
        output.attributes.map(from_item).transpose()
    }

    /// Runs an `UpdateItem` built by the caller on this table and key; returns the new item.
    pub async fn update<T: DeserializeOwned>(
        &self,
        key: &Key,
        build: impl FnOnce(
            aws_sdk_dynamodb::operation::update_item::builders::UpdateItemFluentBuilder,
        ) -> aws_sdk_dynamodb::operation::update_item::builders::UpdateItemFluentBuilder,
    ) -> StoreResult<T> {
        let request = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(key_item(key)?))
            .return_values(ReturnValue::AllNew);
        let output = map_condition(build(request).send().await, "UpdateItem")?;
        from_item(output.attributes.unwrap_or_default())
    }

    /// All matching items, following pagination (or up to `limit`).
    pub async fn query<T: DeserializeOwned>(&self, query: Query) -> StoreResult<Vec<T>> {
        self.query_items(query).await?.into_iter().map(from_item).collect()
    }

    /// Raw items of a query, for partitions holding several entity types.
    pub async fn query_items(&self, query: Query) -> StoreResult<Vec<Item>> {
        let mut items = Vec::new();
        let mut start: Option<Item> = None;
        loop {
            let mut request = self
                .client
                .query()
                .table_name(&self.table)
                .set_index_name(query.index.map(str::to_string))
                .expression_attribute_names("#pk", query.pk_attr)
                .expression_attribute_values(":pk", AttributeValue::S(query.pk.clone()))
                .scan_index_forward(!query.newest_first)
                .set_limit(query.limit)
                .set_exclusive_start_key(start.take());
            request = match &query.sk_prefix {
                Some(prefix) => request
                    .key_condition_expression("#pk = :pk AND begins_with(#sk, :prefix)")
                    .expression_attribute_names("#sk", query.sk_attr)
                    .expression_attribute_values(":prefix", AttributeValue::S(prefix.clone())),
                None => request.key_condition_expression("#pk = :pk"),
            };
            let output = request.send().await.context("Query")?;
            items.extend(output.items.unwrap_or_default());
            match output.last_evaluated_key {
                Some(key) if !key.is_empty() && query.limit.is_none_or(|l| (items.len() as i32) < l) => {
                    start = Some(key)
                }
                _ => break,
            }
        }
        Ok(items)
    }

    /// Deletes many items, 25 per `BatchWriteItem`, retrying unprocessed ones.
    /// Not atomic: for cleanup that may be repeated (cascades).
    pub async fn delete_many(&self, keys: &[Key]) -> StoreResult<()> {
        use aws_sdk_dynamodb::types::{DeleteRequest, WriteRequest};
        for chunk in keys.chunks(25) {
            let mut requests = chunk
                .iter()
                .map(|key| {
                    Ok(WriteRequest::builder()
                        .delete_request(
                            DeleteRequest::builder().set_key(Some(key_item(key)?)).build().context("DeleteRequest")?,
                        )
                        .build())
                })
                .collect::<StoreResult<Vec<_>>>()?;
            for attempt in 0..8 {
                if requests.is_empty() {
                    break;
                }
                if attempt > 0 {
                    tokio::time::sleep(std::time::Duration::from_millis(50 << attempt)).await;
                }
                let output = self
                    .client
                    .batch_write_item()
                    .request_items(&self.table, std::mem::take(&mut requests))
                    .send()
                    .await
                    .context("BatchWriteItem")?;
                requests = output.unprocessed_items.and_then(|mut u| u.remove(&self.table)).unwrap_or_default();
            }
            if !requests.is_empty() {
                return Err(anyhow::anyhow!("BatchWriteItem left items unprocessed").into());
            }
        }
        Ok(())
    }

    /// All-or-nothing write of up to 100 operations. A failed condition in any of
    /// them is reported as [`StoreError::ConditionFailed`] and nothing is written.
    pub async fn transact(&self, operations: Vec<TransactWriteItem>) -> StoreResult<()> {
        if operations.is_empty() {
            return Ok(());
        }
        let result = self.client.transact_write_items().set_transact_items(Some(operations)).send().await;
        match result {
            Ok(_) => Ok(()),
            Err(SdkError::ServiceError(context)) => {
                let error = context.into_err();
                let condition_failed = match &error {
                    TransactWriteItemsError::TransactionCanceledException(canceled) => {
                        canceled.cancellation_reasons.as_ref().is_some_and(|reasons| {
                            reasons.iter().any(|r| r.code.as_deref() == Some("ConditionalCheckFailed"))
                        })
                    }
                    _ => false,
                };
                if condition_failed {
                    Err(StoreError::ConditionFailed)
                } else {
                    Err(anyhow::Error::new(error).context("TransactWriteItems").into())
                }
            }
            Err(other) => Err(anyhow::Error::new(other).context("TransactWriteItems").into()),
        }
    }

    // Builders of transaction operations on this table.

    /// Put that fails if an item with the same key exists.
    pub fn put_new_op<T: Serialize>(&self, item: &T) -> StoreResult<TransactWriteItem> {
        let put = Put::builder()
            .table_name(&self.table)
            .set_item(Some(to_item(item)?))
            .condition_expression("attribute_not_exists(PK)")
            .build()
            .context("Put")?;
        Ok(TransactWriteItem::builder().put(put).build())
    }

    pub fn put_op<T: Serialize>(&self, item: &T) -> StoreResult<TransactWriteItem> {
        let put = Put::builder().table_name(&self.table).set_item(Some(to_item(item)?)).build().context("Put")?;
        Ok(TransactWriteItem::builder().put(put).build())
    }

    /// Put that fails unless the stored item still has `expected_version`.
    pub fn put_versioned_op<T: Serialize>(&self, item: &T, expected_version: u64) -> StoreResult<TransactWriteItem> {
        let put = Put::builder()
            .table_name(&self.table)
            .set_item(Some(to_item(item)?))
            .condition_expression("#version = :expected")
            .expression_attribute_names("#version", "version")
            .expression_attribute_values(":expected", AttributeValue::N(expected_version.to_string()))
            .build()
            .context("Put")?;
        Ok(TransactWriteItem::builder().put(put).build())
    }

    /// Sets only `fields` of `item` (by attribute name) and the incremented version, if
    /// the stored version is still `expected_version`. Attributes other writers keep
    /// (counters) are left alone.
    pub fn update_fields_versioned_op<T: Serialize>(
        &self,
        key: &Key,
        item: &T,
        fields: &[&str],
        expected_version: u64,
    ) -> StoreResult<TransactWriteItem> {
        let values = to_item(item)?;
        let mut update = Update::builder()
            .table_name(&self.table)
            .set_key(Some(key_item(key)?))
            .condition_expression("#version = :expected")
            .expression_attribute_names("#version", "version")
            .expression_attribute_values(":expected", AttributeValue::N(expected_version.to_string()))
            .expression_attribute_values(":next", AttributeValue::N((expected_version + 1).to_string()));
        let mut sets = vec!["#version = :next".to_string()];
        for (index, field) in fields.iter().enumerate() {
            let value = values.get(*field).cloned().unwrap_or(AttributeValue::Null(true));
            update = update
                .expression_attribute_names(format!("#f{index}"), *field)
                .expression_attribute_values(format!(":f{index}"), value);
            sets.push(format!("#f{index} = :f{index}"));
        }
        let update = update.update_expression(format!("SET {}", sets.join(", "))).build().context("Update")?;
        Ok(TransactWriteItem::builder().update(update).build())
    }

    pub fn delete_op(&self, key: &Key) -> StoreResult<TransactWriteItem> {
        let delete =
            Delete::builder().table_name(&self.table).set_key(Some(key_item(key)?)).build().context("Delete")?;
        Ok(TransactWriteItem::builder().delete(delete).build())
    }

    /// Delete that fails if the item does not exist.
    pub fn delete_existing_op(&self, key: &Key) -> StoreResult<TransactWriteItem> {
        let delete = Delete::builder()
            .table_name(&self.table)
            .set_key(Some(key_item(key)?))
            .condition_expression("attribute_exists(PK)")
            .build()
            .context("Delete")?;
        Ok(TransactWriteItem::builder().delete(delete).build())
    }

    /// Checks, inside a transaction, that an item exists.
    pub fn exists_op(&self, key: &Key) -> StoreResult<TransactWriteItem> {
        let check = ConditionCheck::builder()
            .table_name(&self.table)
            .set_key(Some(key_item(key)?))
            .condition_expression("attribute_exists(PK)")
            .build()
            .context("ConditionCheck")?;
        Ok(TransactWriteItem::builder().condition_check(check).build())
    }

    pub fn update_op(
        &self,
        key: &Key,
        build: impl FnOnce(
            aws_sdk_dynamodb::types::builders::UpdateBuilder,
        ) -> aws_sdk_dynamodb::types::builders::UpdateBuilder,
    ) -> StoreResult<TransactWriteItem> {
        let update: Update =
            build(Update::builder().table_name(&self.table).set_key(Some(key_item(key)?))).build().context("Update")?;
        Ok(TransactWriteItem::builder().update(update).build())
    }
}

fn map_condition<T, E>(
    result: Result<T, SdkError<E, aws_sdk_dynamodb::config::http::HttpResponse>>,
    what: &'static str,
) -> StoreResult<T>
where
    E: aws_sdk_dynamodb::error::ProvideErrorMetadata + std::error::Error + Send + Sync + 'static,
{
    match result {
        Ok(value) => Ok(value),
        Err(SdkError::ServiceError(context)) if context.err().code() == Some("ConditionalCheckFailedException") => {
            Err(StoreError::ConditionFailed)
        }
        Err(error) => Err(anyhow::Error::new(error).context(what).into()),
    }
}

pub fn to_item<T: Serialize>(value: &T) -> StoreResult<Item> {
    serde_dynamo::to_item(value).map_err(|e| anyhow::Error::new(e).context("serialising item").into())
}

pub fn from_item<T: DeserializeOwned>(item: Item) -> StoreResult<T> {
    serde_dynamo::from_item(item).map_err(|e| anyhow::Error::new(e).context("reading item").into())
}

fn key_item(key: &Key) -> StoreResult<Item> {
    to_item(key)
}

/// Seconds since the Unix epoch, the unit of the table's `ttl` attribute.
pub fn epoch_seconds(at: time::OffsetDateTime) -> i64 {
    at.unix_timestamp()
}
