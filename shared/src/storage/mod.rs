//! The single-table store: typed reads and writes through `serde_dynamo`,
//! conditional and transactional writes, and paginated queries. No scans.

pub mod keys;
pub mod objects;
pub mod owner;

use std::collections::HashMap;

use anyhow::Context;
use aws_sdk_dynamodb::{
    error::SdkError,
    operation::transact_write_items::TransactWriteItemsError,
    types::{Delete, KeysAndAttributes, Put, Update},
    Client,
};
use serde::{de::DeserializeOwned, Serialize};

pub use aws_sdk_dynamodb::types::{builders::UpdateBuilder, AttributeValue, ReturnValue, TransactWriteItem};
pub use keys::Key;

/// Typed update expressions (fields and values named in one place).
pub mod update;

pub type Item = HashMap<String, AttributeValue>;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A condition of the write (or of one write in a transaction) did not hold.
    #[error("a write condition did not hold")]
    ConditionFailed,
    /// A key longer than DynamoDB takes: it cannot name a stored item. Ids are checked
    /// before they reach a key (`crate::ids`); this is the last line of defence.
    #[error("a key is too long")]
    InvalidKey,
    /// A page cursor that was not handed out for this list.
    #[error("the page cursor is not valid")]
    InvalidCursor,
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
    /// Sort keys strictly before this one (with `sk_prefix`: both hold).
    pub sk_before: Option<String>,
    /// Sort keys from this one on (inclusive).
    pub sk_from: Option<String>,
    pub newest_first: bool,
    pub limit: Option<i32>,
    /// Strongly consistent (table queries only; indexes are always eventually consistent).
    pub consistent: bool,
    /// Attributes to read (a `ProjectionExpression` of plain names), all when empty.
    pub attributes: &'static [&'static str],
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
            sk_before: None,
            sk_from: None,
            newest_first: false,
            limit: None,
            // Reads that follow a write (and decide the next one) must see it.
            consistent: true,
            attributes: &[],
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
            sk_before: None,
            sk_from: None,
            newest_first: false,
            limit: None,
            consistent: false,
            attributes: &[],
        }
    }

    pub fn newest_first(mut self) -> Self {
        self.newest_first = true;
        self
    }

    pub fn limit(mut self, limit: i32) -> Self {
        self.limit = Some(limit);
        self
    }

    pub fn attributes(mut self, attributes: &'static [&'static str]) -> Self {
        self.attributes = attributes;
        self
    }

    pub fn before(mut self, sk: impl Into<String>) -> Self {
        self.sk_before = Some(sk.into());
        self
    }

    pub fn from(mut self, sk: impl Into<String>) -> Self {
        self.sk_from = Some(sk.into());
        self
    }

    /// Every item of one GSI1 partition.
    pub fn gsi1(pk: impl Into<String>) -> Self {
        Self {
            index: Some(keys::GSI1),
            pk_attr: keys::GSI1PK,
            pk: pk.into(),
            sk_attr: keys::GSI1SK,
            sk_prefix: None,
            sk_before: None,
            sk_from: None,
            newest_first: false,
            limit: None,
            consistent: false,
            attributes: &[],
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

    /// Writes `item` if `condition` holds (with the given `:placeholder` values).
    pub async fn put_if<T: Serialize>(
        &self,
        item: &T,
        condition: &str,
        values: &[(&str, AttributeValue)],
    ) -> StoreResult<()> {
        let mut request = self
            .client
            .put_item()
            .table_name(&self.table)
            .set_item(Some(to_item(item)?))
            .condition_expression(condition);
        for (name, value) in values {
            request = request.expression_attribute_values(*name, value.clone());
        }
        map_condition(request.send().await.map(|_| ()), "PutItem (conditional)")
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

    /// Deletes the item only if `condition` holds on it; `ConditionFailed` otherwise
    /// (also when there is no item).
    pub async fn delete_if(&self, key: &Key, condition: &str, values: &[(&str, AttributeValue)]) -> StoreResult<()> {
        let mut request = self
            .client
            .delete_item()
            .table_name(&self.table)
            .set_key(Some(key_item(key)?))
            .condition_expression(condition);
        for (name, value) in values {
            request = request.expression_attribute_values(*name, value.clone());
        }
        map_condition(request.send().await.map(|_| ()), "DeleteItem (conditional)")
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
            let remaining = query.limit.map(|l| l - items.len() as i32);
            let (page, next) = self.query_once(&query, start.take(), remaining).await?;
            items.extend(page);
            match next {
                Some(key) if query.limit.is_none_or(|l| (items.len() as i32) < l) => start = Some(key),
                _ => break,
            }
        }
        Ok(items)
    }

    /// One page of a query: up to `limit` items from `cursor` (as handed out by an
    /// earlier page), and the cursor of the next page, `None` on the last page (one item
    /// more than the page is read to know).
    pub async fn query_page<T: DeserializeOwned>(
        &self,
        query: Query,
        cursor: Option<&str>,
    ) -> StoreResult<(Vec<T>, Option<String>)> {
        let start = cursor.map(|c| decode_cursor(c, &query)).transpose()?;
        let limit = query.limit.unwrap_or(i32::MAX).max(1);
        let mut items = Vec::new();
        let mut next_start = start;
        let mut first = true;
        // A page can come back short of the limit while more exist (size limits).
        while (items.len() as i32) <= limit && (first || next_start.is_some()) {
            first = false;
            let want = limit.saturating_add(1) - items.len() as i32;
            let (page, next) = self.query_once(&query, next_start.take(), Some(want)).await?;
            items.extend(page);
            next_start = next;
        }
        let next_cursor = if items.len() as i32 > limit {
            items.truncate(limit as usize);
            items.last().map(|last| encode_cursor(&key_attributes(last, &query)))
        } else {
            None
        };
        let typed = items.into_iter().map(from_item).collect::<StoreResult<Vec<T>>>()?;
        Ok((typed, next_cursor))
    }

    async fn query_once(
        &self,
        query: &Query,
        start: Option<Item>,
        limit: Option<i32>,
    ) -> StoreResult<(Vec<Item>, Option<Item>)> {
        let mut request = self
            .client
            .query()
            .table_name(&self.table)
            .set_index_name(query.index.map(str::to_string))
            .consistent_read(query.consistent && query.index.is_none())
            .expression_attribute_names("#pk", query.pk_attr)
            .expression_attribute_values(":pk", AttributeValue::S(query.pk.clone()))
            .scan_index_forward(!query.newest_first)
            .set_limit(limit.filter(|l| *l > 0))
            .set_exclusive_start_key(start);
        let mut conditions = vec!["#pk = :pk".to_string()];
        if query.sk_prefix.is_some() || query.sk_before.is_some() || query.sk_from.is_some() {
            request = request.expression_attribute_names("#sk", query.sk_attr);
        }
        match (&query.sk_prefix, &query.sk_from, &query.sk_before) {
            (Some(prefix), None, None) => {
                conditions.push("begins_with(#sk, :prefix)".into());
                request = request.expression_attribute_values(":prefix", AttributeValue::S(prefix.clone()));
            }
            (prefix, from, before) => {
                // A range: from `from` (or the prefix) to before `before` (or the end of the prefix).
                let low = from.clone().or_else(|| prefix.clone());
                let high = before.clone().or_else(|| prefix.as_ref().map(|p| format!("{p}\u{10ffff}")));
                match (low, high) {
                    (Some(low), Some(high)) => {
                        conditions.push("#sk BETWEEN :low AND :high".into());
                        request = request
                            .expression_attribute_values(":low", AttributeValue::S(low))
                            .expression_attribute_values(":high", AttributeValue::S(high));
                    }
                    (Some(low), None) => {
                        conditions.push("#sk >= :low".into());
                        request = request.expression_attribute_values(":low", AttributeValue::S(low));
                    }
                    (None, Some(high)) => {
                        conditions.push("#sk < :high".into());
                        request = request.expression_attribute_values(":high", AttributeValue::S(high));
                    }
                    (None, None) => {}
                }
            }
        }
        if !query.attributes.is_empty() {
            let mut names = Vec::new();
            for (index, attribute) in query.attributes.iter().enumerate() {
                request = request.expression_attribute_names(format!("#p{index}"), *attribute);
                names.push(format!("#p{index}"));
            }
            request = request.projection_expression(names.join(", "));
        }
        let output = request.key_condition_expression(conditions.join(" AND ")).send().await.context("Query")?;
        let next = output.last_evaluated_key.filter(|key| !key.is_empty());
        Ok((output.items.unwrap_or_default(), next))
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
        let mut attempt = 0;
        loop {
            let result = self.client.transact_write_items().set_transact_items(Some(operations.clone())).send().await;
            let error = match result {
                Ok(_) => return Ok(()),
                Err(SdkError::ServiceError(context)) => context.into_err(),
                Err(other) => return Err(anyhow::Error::new(other).context("TransactWriteItems").into()),
            };
            let reasons: Vec<String> = match &error {
                TransactWriteItemsError::TransactionCanceledException(canceled) => canceled
                    .cancellation_reasons
                    .iter()
                    .flatten()
                    .filter_map(|r| r.code.clone())
                    .filter(|code| code != "None")
                    .collect(),
                _ => Vec::new(),
            };
            if reasons.iter().any(|code| code == "ConditionalCheckFailed") {
                return Err(StoreError::ConditionFailed);
            }
            // Another transaction was writing one of the same items (hot items such as an
            // organisation's totals): nothing was written, so trying again is safe.
            let conflict = reasons.iter().any(|code| code == "TransactionConflict")
                || matches!(error, TransactWriteItemsError::TransactionInProgressException(_));
            if conflict && attempt < TRANSACTION_RETRIES {
                attempt += 1;
                tokio::time::sleep(backoff_with_jitter(attempt)).await;
                continue;
            }
            return Err(anyhow::Error::new(error).context("TransactWriteItems").into());
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

    /// Delete that fails unless the stored item still has `expected_version`.
    pub fn delete_versioned_op(&self, key: &Key, expected_version: u64) -> StoreResult<TransactWriteItem> {
        let delete = Delete::builder()
            .table_name(&self.table)
            .set_key(Some(key_item(key)?))
            .condition_expression("#version = :expected")
            .expression_attribute_names("#version", "version")
            .expression_attribute_values(":expected", AttributeValue::N(expected_version.to_string()))
            .build()
            .context("Delete")?;
        Ok(TransactWriteItem::builder().delete(delete).build())
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

    /// Delete that holds only if `condition` holds on the item (e.g. its version is the one read).
    pub fn delete_if_op(
        &self,
        key: &Key,
        condition: &str,
        values: &[(&str, AttributeValue)],
    ) -> StoreResult<TransactWriteItem> {
        let mut delete =
            Delete::builder().table_name(&self.table).set_key(Some(key_item(key)?)).condition_expression(condition);
        for (name, value) in values {
            delete = delete.expression_attribute_values(*name, value.clone());
        }
        Ok(TransactWriteItem::builder().delete(delete.build().context("Delete")?).build())
    }

    /// A transaction step that writes nothing and holds only if `condition` holds on
    /// the item at `key` (e.g. another super admin is still active).
    pub fn condition_check_op(
        &self,
        key: &Key,
        condition: &str,
        names: &[(&str, &str)],
        values: &[(&str, AttributeValue)],
    ) -> StoreResult<TransactWriteItem> {
        let mut check = aws_sdk_dynamodb::types::ConditionCheck::builder()
            .table_name(&self.table)
            .set_key(Some(key_item(key)?))
            .condition_expression(condition);
        for (name, attribute) in names {
            check = check.expression_attribute_names(*name, *attribute);
        }
        for (name, value) in values {
            check = check.expression_attribute_values(*name, value.clone());
        }
        Ok(TransactWriteItem::builder().condition_check(check.build().context("ConditionCheck")?).build())
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

/// DynamoDB's limits on key attributes (bytes, UTF-8).
const MAX_PARTITION_KEY_BYTES: usize = 2048;
const MAX_SORT_KEY_BYTES: usize = 1024;

fn key_item(key: &Key) -> StoreResult<Item> {
    if key.pk.len() > MAX_PARTITION_KEY_BYTES || key.sk.len() > MAX_SORT_KEY_BYTES {
        return Err(StoreError::InvalidKey);
    }
    to_item(key)
}

/// How often a transaction that conflicted with another is tried again.
pub const TRANSACTION_RETRIES: u32 = 8;

/// Exponential backoff (25 ms doubling, capped at 1.6 s) with full jitter, so that
/// transactions that conflicted do not collide again in step.
pub fn backoff_with_jitter(attempt: u32) -> std::time::Duration {
    use rand::Rng;
    let ceiling = 25u64 << attempt.min(6);
    std::time::Duration::from_millis(rand::rng().random_range(ceiling / 2..=ceiling))
}

/// A page cursor: the last key of a page, URL-safe base64 of its JSON.
fn encode_cursor(key: &Item) -> String {
    use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
    let plain: std::collections::BTreeMap<&str, &str> =
        key.iter().filter_map(|(name, value)| Some((name.as_str(), value.as_s().ok()?.as_str()))).collect();
    URL_SAFE_NO_PAD.encode(serde_json::to_vec(&plain).unwrap_or_default())
}

/// The key attributes of `item` in the table and the query's index (a page's position).
fn key_attributes(item: &Item, query: &Query) -> Item {
    let mut names = vec![keys::PK, keys::SK];
    if query.index.is_some() {
        names.extend([query.pk_attr, query.sk_attr]);
    }
    names.into_iter().filter_map(|name| Some((name.to_string(), item.get(name)?.clone()))).collect()
}

/// Reads a cursor back, refusing one that does not belong to `query`'s partition (a
/// cursor is only a position in the list it came from).
fn decode_cursor(cursor: &str, query: &Query) -> StoreResult<Item> {
    use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
    if cursor.len() > 4096 {
        return Err(StoreError::InvalidCursor);
    }
    let bytes = URL_SAFE_NO_PAD.decode(cursor.trim()).map_err(|_| StoreError::InvalidCursor)?;
    let plain: std::collections::BTreeMap<String, String> =
        serde_json::from_slice(&bytes).map_err(|_| StoreError::InvalidCursor)?;
    let mut expected: Vec<&str> = vec![keys::PK, keys::SK];
    if query.index.is_some() {
        expected.extend([query.pk_attr, query.sk_attr]);
    }
    let partition_matches = plain.get(query.pk_attr).is_some_and(|pk| *pk == query.pk);
    let prefix_matches = match &query.sk_prefix {
        Some(prefix) => plain.get(query.sk_attr).is_some_and(|sk| sk.starts_with(prefix.as_str())),
        None => true,
    };
    let shape_matches = plain.len() == expected.len() && expected.iter().all(|name| plain.contains_key(*name));
    if !(partition_matches && prefix_matches && shape_matches) {
        return Err(StoreError::InvalidCursor);
    }
    Ok(plain.into_iter().map(|(name, value)| (name, AttributeValue::S(value))).collect())
}

/// Seconds since the Unix epoch, the unit of the table's `ttl` attribute.
pub fn epoch_seconds(at: time::OffsetDateTime) -> i64 {
    at.unix_timestamp()
}
