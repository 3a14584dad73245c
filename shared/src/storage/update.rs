//! Typed update and condition expressions. Attributes are named by an enum of the
//! record's fields ([`Field`]) and values are serialised by serde in one place
//! ([`value`]), so renaming a field or an enum variant changes every write with it (or
//! fails to compile) instead of leaving a stale string in an expression.

use std::collections::HashMap;

use anyhow::Context;
use aws_sdk_dynamodb::types::{ConditionCheck, Delete, TransactWriteItem, Update as SdkUpdate};
use serde::{de::DeserializeOwned, Serialize};

use super::{key_item, map_condition, AttributeValue, Key, ReturnValue, Store, StoreError, StoreResult};

/// An attribute of a record, or a path into one of its maps (`["media", "claimId"]`).
pub trait Field: Copy {
    fn path(self) -> &'static [&'static str];
}

/// Declares a record's fields for typed updates: the enum, its [`Field`] paths (as serde
/// names them in the record) and `ALL`, which a record's test holds to what serde writes.
///
/// `record_fields!(pub enum MembershipField { SubmittedAt => ["submittedAt"], ... });`
#[macro_export]
macro_rules! record_fields {
    ($(#[$meta:meta])* $vis:vis enum $name:ident { $($variant:ident => [$($segment:literal),+]),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        $vis enum $name { $($variant),+ }

        impl $crate::storage::update::Field for $name {
            fn path(self) -> &'static [&'static str] {
                match self { $(Self::$variant => &[$($segment),+]),+ }
            }
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
        }
    };
}

/// The fields of `all` whose top-level attribute `item` (a record as serde writes it, with
/// every optional field set) lacks: a record's test asserts there are none.
pub fn fields_missing_from<F: Field + std::fmt::Debug>(all: &[F], item: &super::Item) -> Vec<String> {
    all.iter().filter(|f| !item.contains_key(f.path()[0])).map(|f| format!("{f:?}")).collect()
}

/// The one place a value becomes an attribute value: as serde writes it in the record.
pub fn value<T: Serialize + ?Sized>(value: &T) -> Result<AttributeValue, String> {
    serde_dynamo::to_attribute_value(value).map_err(|error| error.to_string())
}

/// A condition on the stored item.
#[derive(Debug, Clone)]
pub enum Condition<F> {
    /// The item exists (its partition key does).
    ItemExists,
    Exists(F),
    /// Absent, or stored as null (older writers kept nulls).
    AbsentOrNull(F),
    Eq(F, Result<AttributeValue, String>),
    Ne(F, Result<AttributeValue, String>),
    Lt(F, Result<AttributeValue, String>),
    Contains(F, Result<AttributeValue, String>),
    And(Vec<Condition<F>>),
    Or(Vec<Condition<F>>),
    Not(Box<Condition<F>>),
}

impl<F: Field> Condition<F> {
    pub fn eq<T: Serialize + ?Sized>(field: F, to: &T) -> Self {
        Self::Eq(field, value(to))
    }
    pub fn ne<T: Serialize + ?Sized>(field: F, to: &T) -> Self {
        Self::Ne(field, value(to))
    }
    pub fn lt<T: Serialize + ?Sized>(field: F, than: &T) -> Self {
        Self::Lt(field, value(than))
    }
    pub fn contains<T: Serialize + ?Sized>(field: F, element: &T) -> Self {
        Self::Contains(field, value(element))
    }
    pub fn and(self, other: Self) -> Self {
        match self {
            Self::And(mut all) => {
                all.push(other);
                Self::And(all)
            }
            first => Self::And(vec![first, other]),
        }
    }
    pub fn or(self, other: Self) -> Self {
        match self {
            Self::Or(mut any) => {
                any.push(other);
                Self::Or(any)
            }
            first => Self::Or(vec![first, other]),
        }
    }
    #[allow(clippy::should_implement_trait)]
    pub fn not(self) -> Self {
        Self::Not(Box::new(self))
    }
}

#[derive(Debug, Clone)]
enum Action<F> {
    Set(F, Result<AttributeValue, String>),
    SetIfAbsent(F, Result<AttributeValue, String>),
    /// Appends to a list, making it if absent.
    Append(F, Result<AttributeValue, String>),
    Add(F, Result<AttributeValue, String>),
    Remove(F),
}

/// An `UpdateItem` on one record: what it sets, adds and removes, and when.
#[derive(Debug, Clone)]
pub struct Update<F> {
    actions: Vec<Action<F>>,
    condition: Option<Condition<F>>,
}

impl<F: Field> Default for Update<F> {
    fn default() -> Self {
        Self::new()
    }
}

impl<F: Field> Update<F> {
    pub fn new() -> Self {
        Self { actions: Vec::new(), condition: None }
    }
    pub fn set<T: Serialize + ?Sized>(mut self, field: F, to: &T) -> Self {
        self.actions.push(Action::Set(field, value(to)));
        self
    }
    /// Sets `field` only if the item has none (a record the update may create).
    pub fn set_if_absent<T: Serialize + ?Sized>(mut self, field: F, to: &T) -> Self {
        self.actions.push(Action::SetIfAbsent(field, value(to)));
        self
    }
    pub fn append<T: Serialize>(mut self, field: F, elements: &[T]) -> Self {
        self.actions.push(Action::Append(field, value(elements)));
        self
    }
    /// Adds `by` to a number (made from 0 if absent).
    pub fn add<T: Serialize + ?Sized>(mut self, field: F, by: &T) -> Self {
        self.actions.push(Action::Add(field, value(by)));
        self
    }
    pub fn remove(mut self, field: F) -> Self {
        self.actions.push(Action::Remove(field));
        self
    }
    /// Holds only if `condition` holds (with an earlier condition: both).
    pub fn when(mut self, condition: Condition<F>) -> Self {
        self.condition = Some(match self.condition.take() {
            Some(earlier) => earlier.and(condition),
            None => condition,
        });
        self
    }
    /// Whether this update writes `field` (set, added, appended or removed).
    pub fn writes(&self, field: F) -> bool {
        let path = field.path();
        self.actions.iter().any(|action| match action {
            Action::Set(f, _) | Action::SetIfAbsent(f, _) | Action::Append(f, _) | Action::Add(f, _) => {
                f.path() == path
            }
            Action::Remove(f) => f.path() == path,
        })
    }

    fn render(self) -> StoreResult<Rendered> {
        let mut out = Placeholders::default();
        let (mut sets, mut adds, mut removes) = (Vec::new(), Vec::new(), Vec::new());
        for action in self.actions {
            match action {
                Action::Set(field, v) => {
                    let path = out.path(field);
                    sets.push(format!("{path} = {}", out.value(v)?));
                }
                Action::SetIfAbsent(field, v) => {
                    let path = out.path(field);
                    sets.push(format!("{path} = if_not_exists({path}, {})", out.value(v)?));
                }
                Action::Append(field, v) => {
                    let path = out.path(field);
                    let empty = out.value(Ok(AttributeValue::L(Vec::new())))?;
                    sets.push(format!("{path} = list_append(if_not_exists({path}, {empty}), {})", out.value(v)?));
                }
                Action::Add(field, v) => {
                    let path = out.path(field);
                    adds.push(format!("{path} {}", out.value(v)?));
                }
                Action::Remove(field) => removes.push(out.path(field)),
            }
        }
        let mut clauses = Vec::new();
        if !sets.is_empty() {
            clauses.push(format!("SET {}", sets.join(", ")));
        }
        if !adds.is_empty() {
            clauses.push(format!("ADD {}", adds.join(", ")));
        }
        if !removes.is_empty() {
            clauses.push(format!("REMOVE {}", removes.join(", ")));
        }
        let condition = self.condition.map(|c| out.condition(c)).transpose()?;
        Ok(Rendered { update: clauses.join(" "), condition, names: out.names, values: out.values })
    }
}

/// An update (or a condition) as DynamoDB takes it.
#[derive(Debug)]
struct Rendered {
    update: String,
    condition: Option<String>,
    names: HashMap<String, String>,
    values: HashMap<String, AttributeValue>,
}

#[derive(Default)]
struct Placeholders {
    names: HashMap<String, String>,
    values: HashMap<String, AttributeValue>,
}

impl Placeholders {
    fn name(&mut self, attribute: &str) -> String {
        if let Some((placeholder, _)) = self.names.iter().find(|(_, a)| a.as_str() == attribute) {
            return placeholder.clone();
        }
        let placeholder = format!("#n{}", self.names.len());
        self.names.insert(placeholder.clone(), attribute.into());
        placeholder
    }

    fn path<F: Field>(&mut self, field: F) -> String {
        field.path().iter().map(|segment| self.name(segment)).collect::<Vec<_>>().join(".")
    }

    fn value(&mut self, value: Result<AttributeValue, String>) -> StoreResult<String> {
        let value = value.map_err(|error| StoreError::Other(anyhow::anyhow!("serialising a value: {error}")))?;
        let placeholder = format!(":v{}", self.values.len());
        self.values.insert(placeholder.clone(), value);
        Ok(placeholder)
    }

    fn condition<F: Field>(&mut self, condition: Condition<F>) -> StoreResult<String> {
        Ok(match condition {
            Condition::ItemExists => format!("attribute_exists({})", self.name(super::keys::PK)),
            Condition::Exists(field) => format!("attribute_exists({})", self.path(field)),
            Condition::AbsentOrNull(field) => {
                let path = self.path(field);
                let null = self.value(Ok(AttributeValue::S("NULL".into())))?;
                format!("(attribute_not_exists({path}) OR attribute_type({path}, {null}))")
            }
            Condition::Eq(field, v) => format!("{} = {}", self.path(field), self.value(v)?),
            Condition::Ne(field, v) => format!("{} <> {}", self.path(field), self.value(v)?),
            Condition::Lt(field, v) => format!("{} < {}", self.path(field), self.value(v)?),
            Condition::Contains(field, v) => format!("contains({}, {})", self.path(field), self.value(v)?),
            Condition::And(all) => {
                let parts = all.into_iter().map(|c| self.condition(c)).collect::<StoreResult<Vec<_>>>()?;
                format!("({})", parts.join(" AND "))
            }
            Condition::Or(any) => {
                let parts = any.into_iter().map(|c| self.condition(c)).collect::<StoreResult<Vec<_>>>()?;
                format!("({})", parts.join(" OR "))
            }
            Condition::Not(inner) => format!("(NOT {})", self.condition(*inner)?),
        })
    }
}

fn some<K, V>(map: HashMap<K, V>) -> Option<HashMap<K, V>> {
    (!map.is_empty()).then_some(map)
}

impl Store {
    /// Runs a typed update on the item at `key`; returns the new item.
    /// [`StoreError::ConditionFailed`] when its condition does not hold.
    pub async fn apply<T: DeserializeOwned, F: Field>(&self, key: &Key, update: Update<F>) -> StoreResult<T> {
        let rendered = update.render()?;
        let request = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(key_item(key)?))
            .update_expression(rendered.update)
            .set_condition_expression(rendered.condition)
            .set_expression_attribute_names(some(rendered.names))
            .set_expression_attribute_values(some(rendered.values))
            .return_values(ReturnValue::AllNew);
        let output = map_condition(request.send().await, "UpdateItem")?;
        super::from_item(output.attributes.unwrap_or_default())
    }

    /// A typed update as one operation of a transaction.
    pub fn apply_op<F: Field>(&self, key: &Key, update: Update<F>) -> StoreResult<TransactWriteItem> {
        let rendered = update.render()?;
        let update = SdkUpdate::builder()
            .table_name(&self.table)
            .set_key(Some(key_item(key)?))
            .update_expression(rendered.update)
            .set_condition_expression(rendered.condition)
            .set_expression_attribute_names(some(rendered.names))
            .set_expression_attribute_values(some(rendered.values))
            .build()
            .context("Update")?;
        Ok(TransactWriteItem::builder().update(update).build())
    }

    /// A delete, in a transaction, that holds only if `condition` holds on the item.
    pub fn delete_when_op<F: Field>(&self, key: &Key, condition: Condition<F>) -> StoreResult<TransactWriteItem> {
        let mut out = Placeholders::default();
        let condition = out.condition(condition)?;
        let delete = Delete::builder()
            .table_name(&self.table)
            .set_key(Some(key_item(key)?))
            .condition_expression(condition)
            .set_expression_attribute_names(some(out.names))
            .set_expression_attribute_values(some(out.values))
            .build()
            .context("Delete")?;
        Ok(TransactWriteItem::builder().delete(delete).build())
    }

    /// A transaction step that writes nothing and holds only if `condition` holds.
    pub fn check_op<F: Field>(&self, key: &Key, condition: Condition<F>) -> StoreResult<TransactWriteItem> {
        let mut out = Placeholders::default();
        let condition = out.condition(condition)?;
        let check = ConditionCheck::builder()
            .table_name(&self.table)
            .set_key(Some(key_item(key)?))
            .condition_expression(condition)
            .set_expression_attribute_names(some(out.names))
            .set_expression_attribute_values(some(out.values))
            .build()
            .context("ConditionCheck")?;
        Ok(TransactWriteItem::builder().condition_check(check).build())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug)]
    enum Thing {
        Status,
        Count,
        Claim,
        Takes,
    }

    impl Field for Thing {
        fn path(self) -> &'static [&'static str] {
            match self {
                Thing::Status => &["status"],
                Thing::Count => &["count"],
                Thing::Claim => &["media", "claimId"],
                Thing::Takes => &["takes"],
            }
        }
    }

    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    enum State {
        SentBack,
    }

    #[test]
    fn an_update_names_each_attribute_once_and_serialises_enums_as_the_record_does() {
        let rendered = Update::new()
            .set(Thing::Status, &State::SentBack)
            .add(Thing::Count, &1)
            .append(Thing::Takes, &["a"])
            .remove(Thing::Claim)
            .when(Condition::eq(Thing::Status, &State::SentBack).not().and(Condition::AbsentOrNull(Thing::Claim)))
            .render()
            .unwrap();
        assert_eq!(
            rendered.update,
            "SET #n0 = :v0, #n2 = list_append(if_not_exists(#n2, :v2), :v3) ADD #n1 :v1 REMOVE #n3.#n4"
        );
        assert_eq!(
            rendered.condition.as_deref(),
            Some("((NOT #n0 = :v4) AND (attribute_not_exists(#n3.#n4) OR attribute_type(#n3.#n4, :v5)))")
        );
        assert_eq!(rendered.names.len(), 5, "status, count, takes, media, claimId: {:?}", rendered.names);
        assert_eq!(rendered.values[":v0"], AttributeValue::S("sentBack".into()));
        assert_eq!(rendered.values[":v1"], AttributeValue::N("1".into()));
    }
}
