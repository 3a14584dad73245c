//! Records what a function does with AWS: an SDK interceptor on the function's own
//! clients turns every operation (presigned requests too) into the IAM actions it needs
//! and the resources it touches, so a test can check them against the function's
//! policies in `template.yaml` (see [`crate::iam`]).

use std::{
    collections::{BTreeMap, BTreeSet},
    fmt,
    sync::{Arc, Mutex},
};

use aws_smithy_runtime_api::{
    box_error::BoxError,
    client::{
        interceptors::{
            context::{BeforeDeserializationInterceptorContextRef, BeforeSerializationInterceptorContextRef, Input},
            Intercept,
        },
        orchestrator::Metadata,
        runtime_components::RuntimeComponents,
    },
};
use aws_smithy_types::config_bag::{ConfigBag, Storable, StoreReplace};

use crate::{iam::Request, provision::LocalResources};

/// What an operation touched.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Target {
    Table {
        name: String,
        index: Option<String>,
    },
    Bucket(String),
    Object {
        bucket: String,
        key: String,
    },
    /// A queue, by URL.
    Queue(String),
    /// An SES sending identity (the `From` address).
    SesIdentity(String),
    /// An Amazon Transcribe batch job, by name.
    TranscriptionJob(String),
    /// A Secrets Manager secret, by the name or ARN the call gave.
    Secret(String),
    /// A CloudFront distribution, by id.
    Distribution(String),
    /// An operation this module cannot map yet.
    Unmapped,
}

/// One IAM action an operation needed, on one resource.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Access {
    /// `Service.Operation` as the SDK names it, e.g. `DynamoDB.TransactWriteItems`.
    pub operation: String,
    /// The IAM action, e.g. `dynamodb:PutItem`.
    pub action: String,
    pub target: Target,
}

impl Access {
    fn new(operation: &str, action: &str, target: Target) -> Self {
        Self { operation: operation.into(), action: action.into(), target }
    }

    /// The IAM request this access makes (action, resource ARN, condition keys) and the
    /// resource's logical id in `template.yaml`; `Err` explains what cannot be mapped.
    pub fn request(&self, resources: &LocalResources) -> Result<(Request, String), String> {
        let unknown = |what: &str, name: &str| format!("{what} {name} is not a resource of template.yaml");
        let (resource, logical_id, context) = match &self.target {
            Target::Table { name, index } => {
                let id = resources.logical_id_of(name).ok_or_else(|| unknown("table", name))?;
                let arn = resources.table_arn(name);
                match index {
                    Some(index) => (format!("{arn}/index/{index}"), format!("{id} (index {index})"), BTreeMap::new()),
                    None => (arn, id.to_string(), BTreeMap::new()),
                }
            }
            Target::Bucket(name) => {
                let id = resources.logical_id_of(name).ok_or_else(|| unknown("bucket", name))?;
                (format!("arn:aws:s3:::{name}"), id.to_string(), BTreeMap::new())
            }
            Target::Object { bucket, key } => {
                let id = resources.logical_id_of(bucket).ok_or_else(|| unknown("bucket", bucket))?;
                (format!("arn:aws:s3:::{bucket}/{key}"), format!("{id} objects"), BTreeMap::new())
            }
            Target::Queue(url) => {
                let id = resources.logical_id_of(url).ok_or_else(|| unknown("queue", url))?;
                (resources.queues[id].arn.clone(), id.to_string(), BTreeMap::new())
            }
            Target::SesIdentity(from) => (
                format!("arn:aws:ses:{}:{}:identity/{from}", resources.region, resources.account_id),
                format!("SES identity {from}"),
                BTreeMap::from([("ses:FromAddress".to_string(), from.clone())]),
            ),
            Target::TranscriptionJob(job) => (
                format!("arn:aws:transcribe:{}:{}:transcription-job/{job}", resources.region, resources.account_id),
                "Amazon Transcribe jobs".to_string(),
                BTreeMap::new(),
            ),
            // By name, IAM sees the secret's ARN, which ends in '-' and six random characters.
            Target::Secret(id) => (
                if id.starts_with("arn:") {
                    id.clone()
                } else {
                    format!("arn:aws:secretsmanager:{}:{}:secret:{id}-Ab12Cd", resources.region, resources.account_id)
                },
                format!("Secrets Manager secret {id}"),
                BTreeMap::new(),
            ),
            // CloudFront is global: no region in its ARNs.
            Target::Distribution(id) => {
                let logical_id = resources.logical_id_of(id).ok_or_else(|| unknown("distribution", id))?;
                (
                    format!("arn:aws:cloudfront::{}:distribution/{id}", resources.account_id),
                    logical_id.to_string(),
                    BTreeMap::new(),
                )
            }
            Target::Unmapped => {
                return Err(format!(
                    "{} is not mapped to IAM actions yet: teach infra/local-stack/src/recorder.rs",
                    self.operation
                ))
            }
        };
        Ok((Request { action: self.action.clone(), resource, context }, logical_id))
    }
}

/// A write to an answer item (a journey record), and whether it came through the
/// module that owns answers (`storyhive_shared::answers`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnswerWrite {
    /// `Service.Operation`, e.g. `DynamoDB.TransactWriteItems`.
    pub operation: String,
    pub sort_key: String,
    pub from_answers_module: bool,
}

/// The records with several writers: each is written only by its owner modules
/// (`storyhive_shared::storage::owner`). A write to one from anywhere else fails, in every
/// test that makes it, with the record and the owners named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OwnedRecord {
    Answer,
    Membership,
    Collaborator,
    GeneratedVideo,
    Campaign,
}

/// What tests write directly to set a record up (`writing_as(FIXTURE, ...)`).
pub const FIXTURE: &str = "test fixture";

impl OwnedRecord {
    /// The owned record a key names, if any.
    pub fn of(pk: &str, sk: &str) -> Option<Self> {
        use storyhive_shared::storage::keys;
        let in_campaign = pk.contains("#CAMPAIGN#");
        if sk.starts_with(keys::JOURNEY_PREFIX) {
            Some(Self::Answer)
        } else if sk.starts_with(keys::CONTRIBUTOR_PREFIX) {
            Some(if in_campaign { Self::Membership } else { Self::Collaborator })
        } else if sk.starts_with(keys::GENERATED_VIDEO_PREFIX) {
            Some(Self::GeneratedVideo)
        } else if in_campaign && sk == "CAMPAIGN" {
            Some(Self::Campaign)
        } else {
            None
        }
    }

    /// The modules that may write it: its owner, the answers module for the counters an
    /// answer's change moves with it, and the cascade that purges whole campaigns.
    pub fn writers(self) -> &'static [&'static str] {
        use storyhive_shared::{answers, campaigns, cascade, contributors, media};
        match self {
            Self::Answer => &[answers::WRITER, cascade::WRITER, FIXTURE],
            Self::Membership => &[contributors::write::WRITER, answers::WRITER, cascade::WRITER, FIXTURE],
            Self::Collaborator => &[contributors::write::WRITER, cascade::WRITER, FIXTURE],
            Self::GeneratedVideo => &[media::renders::WRITER, cascade::WRITER, FIXTURE],
            // An invitation that makes its campaign live writes it with the collaborator.
            Self::Campaign => {
                &[campaigns::write::WRITER, answers::WRITER, contributors::write::WRITER, cascade::WRITER, FIXTURE]
            }
        }
    }
}

/// A write to an owned record from a module that does not own it, as a message.
fn foreign_write(operation: &str, (pk, sk): &(String, String), owner: Option<&str>) -> Option<String> {
    let record = OwnedRecord::of(pk, sk)?;
    let writers = record.writers();
    if owner.is_some_and(|o| writers.contains(&o)) {
        return None;
    }
    Some(format!(
        "{operation} writes the {record:?} item ({pk}, {sk}) from {}; only {} may: go through its owner module",
        owner.map_or_else(|| "outside any owner module".to_string(), |o| format!("the module writing as {o:?}")),
        writers.join(", ")
    ))
}

/// The accesses of one function, shared by the interceptors on its clients.
#[derive(Clone, Debug, Default)]
pub struct Recorder {
    accesses: Arc<Mutex<BTreeSet<Access>>>,
    answer_writes: Arc<Mutex<Vec<AnswerWrite>>>,
    /// The function's logical id, when it has one (its answer writes are also kept for
    /// the whole process).
    function: Option<String>,
}

/// Every answer write of every recorded function in this process, with the function. Tests
/// of one binary share the emulators' queues, so another test's worker may take a
/// message this test sent and make the write there.
static ANSWER_WRITES_OF_PROCESS: Mutex<Vec<(String, AnswerWrite)>> = Mutex::new(Vec::new());

/// The answer writes of every function named `function` in this process, in order.
pub fn answer_writes_in_process(function: &str) -> Vec<AnswerWrite> {
    let all = ANSWER_WRITES_OF_PROCESS.lock().unwrap_or_else(|e| e.into_inner());
    all.iter().filter(|(f, _)| f == function).map(|(_, w)| w.clone()).collect()
}

impl Recorder {
    pub fn new() -> Self {
        Self::default()
    }

    /// The recorder of the function `logical_id`.
    pub fn for_function(logical_id: &str) -> Self {
        Self { function: Some(logical_id.to_string()), ..Self::default() }
    }

    /// An interceptor to add to each of the function's SDK clients.
    pub fn interceptor(&self) -> RecordingInterceptor {
        RecordingInterceptor { recorder: self.clone() }
    }

    /// Everything recorded so far, each distinct access once.
    pub fn accesses(&self) -> Vec<Access> {
        self.accesses.lock().unwrap_or_else(|e| e.into_inner()).iter().cloned().collect()
    }

    /// Every write to an answer item so far, in order.
    pub fn answer_writes(&self) -> Vec<AnswerWrite> {
        self.answer_writes.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    fn record(&self, accesses: impl IntoIterator<Item = Access>) {
        self.accesses.lock().unwrap_or_else(|e| e.into_inner()).extend(accesses);
    }
}

/// AWS clients like `AwsClients::from_env`'s, each carrying `recorder`'s interceptor.
pub fn recorded_clients(sdk: &aws_config::SdkConfig, recorder: &Recorder) -> storyhive_shared::aws::AwsClients {
    // Emulators serve buckets by path, not by virtual host (as in AwsClients::from_env).
    let path_style =
        std::env::var_os("AWS_ENDPOINT_URL").is_some() || std::env::var_os("AWS_ENDPOINT_URL_S3").is_some();
    storyhive_shared::aws::AwsClients {
        dynamodb: aws_sdk_dynamodb::Client::from_conf(
            aws_sdk_dynamodb::config::Builder::from(sdk).interceptor(recorder.interceptor()).build(),
        ),
        s3: aws_sdk_s3::Client::from_conf(
            aws_sdk_s3::config::Builder::from(sdk)
                .force_path_style(path_style)
                .interceptor(recorder.interceptor())
                .build(),
        ),
        sqs: aws_sdk_sqs::Client::from_conf(
            aws_sdk_sqs::config::Builder::from(sdk).interceptor(recorder.interceptor()).build(),
        ),
        ses: aws_sdk_ses::Client::from_conf(
            aws_sdk_ses::config::Builder::from(sdk).interceptor(recorder.interceptor()).build(),
        ),
        cloudfront: aws_sdk_cloudfront::Client::from_conf(
            aws_sdk_cloudfront::config::Builder::from(sdk).interceptor(recorder.interceptor()).build(),
        ),
    }
}

/// Records each operation of the client it is added to (`Builder::interceptor`).
pub struct RecordingInterceptor {
    recorder: Recorder,
}

impl fmt::Debug for RecordingInterceptor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("RecordingInterceptor")
    }
}

/// The bucket of a GetObject/HeadObject in flight: a 404 answer needs `s3:ListBucket`.
#[derive(Clone, Debug)]
struct ObjectRead(String, String);

impl Storable for ObjectRead {
    type Storer = StoreReplace<Self>;
}

impl Intercept for RecordingInterceptor {
    fn name(&self) -> &'static str {
        "StoryhiveRecordingInterceptor"
    }

    // Not read_before_execution: a client's interceptors run that hook before the
    // operation's configuration (and so its Metadata) is in the config bag.
    fn read_before_serialization(
        &self,
        context: &BeforeSerializationInterceptorContextRef<'_>,
        _runtime_components: &RuntimeComponents,
        cfg: &mut ConfigBag,
    ) -> Result<(), BoxError> {
        let Some(metadata) = cfg.load::<Metadata>().cloned() else { return Ok(()) };
        let accesses = accesses_of(metadata.service(), metadata.name(), context.input());
        if metadata.service().eq_ignore_ascii_case("dynamodb") {
            let written = written_keys(metadata.name(), context.input());
            let owner = storyhive_shared::storage::owner::current();
            let operation = format!("{}.{}", metadata.service(), metadata.name());
            let foreign: Vec<String> = written.iter().filter_map(|key| foreign_write(&operation, key, owner)).collect();
            if !foreign.is_empty() {
                // Shown in the failing test's output; the call itself fails below.
                for message in &foreign {
                    eprintln!("recorder: {message}");
                }
                return Err(foreign.join("; ").into());
            }
            let from_answers_module = storyhive_shared::answers::writing();
            let writes: Vec<AnswerWrite> = written
                .into_iter()
                .filter(|(_, sk)| sk.starts_with(storyhive_shared::storage::keys::JOURNEY_PREFIX))
                .map(|(_, sort_key)| AnswerWrite { operation: operation.clone(), sort_key, from_answers_module })
                .collect();
            if let Some(function) = &self.recorder.function {
                ANSWER_WRITES_OF_PROCESS
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .extend(writes.iter().map(|w| (function.clone(), w.clone())));
            }
            self.recorder.answer_writes.lock().unwrap_or_else(|e| e.into_inner()).extend(writes);
        }
        if let [Access { target: Target::Object { bucket, .. }, action, operation }] = accesses.as_slice() {
            if action == "s3:GetObject" {
                cfg.interceptor_state().store_put(ObjectRead(operation.clone(), bucket.clone()));
            }
        }
        self.recorder.record(accesses);
        Ok(())
    }

    fn read_before_deserialization(
        &self,
        context: &BeforeDeserializationInterceptorContextRef<'_>,
        _runtime_components: &RuntimeComponents,
        cfg: &mut ConfigBag,
    ) -> Result<(), BoxError> {
        // Without s3:ListBucket, S3 answers a missing key with 403 instead of 404: code that
        // relies on "not found" needs that grant too.
        if context.response().status().as_u16() == 404 {
            if let Some(ObjectRead(operation, bucket)) = cfg.load::<ObjectRead>().cloned() {
                let operation = format!("{operation} answered 404");
                self.recorder.record([Access::new(&operation, "s3:ListBucket", Target::Bucket(bucket))]);
            }
        }
        Ok(())
    }
}

/// The (partition, sort) keys an operation writes.
fn written_keys(operation: &str, input: &Input) -> Vec<(String, String)> {
    use aws_sdk_dynamodb::{operation::*, types::AttributeValue};
    type Item = std::collections::HashMap<String, AttributeValue>;
    let text = |item: &Item, name: &str| item.get(name).and_then(|v| v.as_s().ok()).cloned();
    let sk = |item: Option<&Item>| item.and_then(|i| Some((text(i, "PK")?, text(i, "SK")?)));
    let found: Vec<Option<(String, String)>> = match operation {
        "PutItem" => input.downcast_ref::<put_item::PutItemInput>().map(|i| vec![sk(i.item())]).unwrap_or_default(),
        "UpdateItem" => {
            input.downcast_ref::<update_item::UpdateItemInput>().map(|i| vec![sk(i.key())]).unwrap_or_default()
        }
        "DeleteItem" => {
            input.downcast_ref::<delete_item::DeleteItemInput>().map(|i| vec![sk(i.key())]).unwrap_or_default()
        }
        "BatchWriteItem" => input
            .downcast_ref::<batch_write_item::BatchWriteItemInput>()
            .and_then(|i| i.request_items())
            .map(|tables| {
                tables
                    .values()
                    .flatten()
                    .flat_map(|w| [sk(w.put_request().map(|p| p.item())), sk(w.delete_request().map(|d| d.key()))])
                    .collect()
            })
            .unwrap_or_default(),
        "TransactWriteItems" => input
            .downcast_ref::<transact_write_items::TransactWriteItemsInput>()
            .map(|t| {
                t.transact_items()
                    .iter()
                    .flat_map(|item| {
                        [
                            sk(item.put().map(|p| p.item())),
                            sk(item.update().map(|u| u.key())),
                            sk(item.delete().map(|d| d.key())),
                        ]
                    })
                    .collect()
            })
            .unwrap_or_default(),
        _ => Vec::new(),
    };
    found.into_iter().flatten().collect()
}

/// The IAM actions and resources of one SDK operation.
pub fn accesses_of(service: &str, operation: &str, input: &Input) -> Vec<Access> {
    let name = format!("{service}.{operation}");
    let accesses = match service.to_ascii_lowercase().as_str() {
        "dynamodb" => dynamodb(&name, operation, input),
        "s3" => s3(&name, operation, input),
        "sqs" => sqs(&name, operation, input),
        "ses" => ses(&name, operation, input),
        "transcribe" => transcribe(&name, operation, input),
        "secretsmanager" | "secrets manager" => secrets_manager(&name, operation, input),
        "cloudfront" => cloudfront(&name, operation, input),
        _ => None,
    };
    accesses.unwrap_or_else(|| vec![Access::new(&name, &format!("{service}:{operation}"), Target::Unmapped)])
}

fn table(name: &str, index: Option<&str>) -> Target {
    Target::Table { name: name.into(), index: index.map(str::to_string) }
}

fn dynamodb(name: &str, operation: &str, input: &Input) -> Option<Vec<Access>> {
    use aws_sdk_dynamodb::operation::*;
    let one = |action: &str, table_name: Option<&str>, index: Option<&str>| {
        Some(vec![Access::new(name, action, table(table_name?, index))])
    };
    match operation {
        "GetItem" => one("dynamodb:GetItem", input.downcast_ref::<get_item::GetItemInput>()?.table_name(), None),
        "PutItem" => one("dynamodb:PutItem", input.downcast_ref::<put_item::PutItemInput>()?.table_name(), None),
        "UpdateItem" => {
            one("dynamodb:UpdateItem", input.downcast_ref::<update_item::UpdateItemInput>()?.table_name(), None)
        }
        "DeleteItem" => {
            one("dynamodb:DeleteItem", input.downcast_ref::<delete_item::DeleteItemInput>()?.table_name(), None)
        }
        "DescribeTable" => one(
            "dynamodb:DescribeTable",
            input.downcast_ref::<describe_table::DescribeTableInput>()?.table_name(),
            None,
        ),
        "Query" => {
            let query = input.downcast_ref::<query::QueryInput>()?;
            one("dynamodb:Query", query.table_name(), query.index_name())
        }
        "Scan" => {
            let scan = input.downcast_ref::<scan::ScanInput>()?;
            one("dynamodb:Scan", scan.table_name(), scan.index_name())
        }
        "BatchGetItem" => {
            let batch = input.downcast_ref::<batch_get_item::BatchGetItemInput>()?;
            Some(
                batch
                    .request_items()?
                    .keys()
                    .map(|t| Access::new(name, "dynamodb:BatchGetItem", table(t, None)))
                    .collect(),
            )
        }
        "BatchWriteItem" => {
            let batch = input.downcast_ref::<batch_write_item::BatchWriteItemInput>()?;
            Some(
                batch
                    .request_items()?
                    .keys()
                    .map(|t| Access::new(name, "dynamodb:BatchWriteItem", table(t, None)))
                    .collect(),
            )
        }
        // IAM authorises each item of a transaction as its own action.
        "TransactWriteItems" => {
            let transaction = input.downcast_ref::<transact_write_items::TransactWriteItemsInput>()?;
            let mut accesses = Vec::new();
            for item in transaction.transact_items() {
                if let Some(put) = item.put() {
                    accesses.push(Access::new(name, "dynamodb:PutItem", table(put.table_name(), None)));
                }
                if let Some(update) = item.update() {
                    accesses.push(Access::new(name, "dynamodb:UpdateItem", table(update.table_name(), None)));
                }
                if let Some(delete) = item.delete() {
                    accesses.push(Access::new(name, "dynamodb:DeleteItem", table(delete.table_name(), None)));
                }
                if let Some(check) = item.condition_check() {
                    accesses.push(Access::new(name, "dynamodb:ConditionCheckItem", table(check.table_name(), None)));
                }
            }
            Some(accesses)
        }
        "TransactGetItems" => {
            let transaction = input.downcast_ref::<transact_get_items::TransactGetItemsInput>()?;
            Some(
                transaction
                    .transact_items()
                    .iter()
                    .filter_map(|item| item.get())
                    .map(|get| Access::new(name, "dynamodb:GetItem", table(get.table_name(), None)))
                    .collect(),
            )
        }
        _ => None,
    }
}

fn s3(name: &str, operation: &str, input: &Input) -> Option<Vec<Access>> {
    use aws_sdk_s3::operation::*;
    let object = |action: &str, bucket: Option<&str>, key: Option<&str>| {
        Some(vec![Access::new(
            name,
            action,
            Target::Object { bucket: bucket?.to_string(), key: key.unwrap_or_default().to_string() },
        )])
    };
    let bucket =
        |action: &str, bucket: Option<&str>| Some(vec![Access::new(name, action, Target::Bucket(bucket?.into()))]);
    match operation {
        "GetObject" => {
            let i = input.downcast_ref::<get_object::GetObjectInput>()?;
            object("s3:GetObject", i.bucket(), i.key())
        }
        "HeadObject" => {
            let i = input.downcast_ref::<head_object::HeadObjectInput>()?;
            object("s3:GetObject", i.bucket(), i.key())
        }
        "PutObject" => {
            let i = input.downcast_ref::<put_object::PutObjectInput>()?;
            object("s3:PutObject", i.bucket(), i.key())
        }
        // Presigned part uploads included: a part is written with s3:PutObject.
        "UploadPart" => {
            let i = input.downcast_ref::<upload_part::UploadPartInput>()?;
            object("s3:PutObject", i.bucket(), i.key())
        }
        "CreateMultipartUpload" => {
            let i = input.downcast_ref::<create_multipart_upload::CreateMultipartUploadInput>()?;
            object("s3:PutObject", i.bucket(), i.key())
        }
        "CompleteMultipartUpload" => {
            let i = input.downcast_ref::<complete_multipart_upload::CompleteMultipartUploadInput>()?;
            object("s3:PutObject", i.bucket(), i.key())
        }
        "AbortMultipartUpload" => {
            let i = input.downcast_ref::<abort_multipart_upload::AbortMultipartUploadInput>()?;
            object("s3:AbortMultipartUpload", i.bucket(), i.key())
        }
        "ListParts" => {
            let i = input.downcast_ref::<list_parts::ListPartsInput>()?;
            object("s3:ListMultipartUploadParts", i.bucket(), i.key())
        }
        "DeleteObject" => {
            let i = input.downcast_ref::<delete_object::DeleteObjectInput>()?;
            object("s3:DeleteObject", i.bucket(), i.key())
        }
        // DeleteObjects is authorised as s3:DeleteObject on every key it names.
        "DeleteObjects" => {
            let i = input.downcast_ref::<delete_objects::DeleteObjectsInput>()?;
            let bucket = i.bucket()?;
            Some(
                i.delete()?
                    .objects()
                    .iter()
                    .map(|o| {
                        Access::new(
                            name,
                            "s3:DeleteObject",
                            Target::Object { bucket: bucket.into(), key: o.key().to_string() },
                        )
                    })
                    .collect(),
            )
        }
        "CopyObject" => {
            let i = input.downcast_ref::<copy_object::CopyObjectInput>()?;
            let (source_bucket, source_key) = i.copy_source()?.trim_start_matches('/').split_once('/')?;
            let mut accesses = object("s3:PutObject", i.bucket(), i.key())?;
            accesses.push(Access::new(
                name,
                "s3:GetObject",
                Target::Object { bucket: source_bucket.into(), key: source_key.into() },
            ));
            Some(accesses)
        }
        "ListObjectsV2" => {
            bucket("s3:ListBucket", input.downcast_ref::<list_objects_v2::ListObjectsV2Input>()?.bucket())
        }
        "ListObjects" => bucket("s3:ListBucket", input.downcast_ref::<list_objects::ListObjectsInput>()?.bucket()),
        "HeadBucket" => bucket("s3:ListBucket", input.downcast_ref::<head_bucket::HeadBucketInput>()?.bucket()),
        "ListMultipartUploads" => bucket(
            "s3:ListBucketMultipartUploads",
            input.downcast_ref::<list_multipart_uploads::ListMultipartUploadsInput>()?.bucket(),
        ),
        _ => None,
    }
}

fn sqs(name: &str, operation: &str, input: &Input) -> Option<Vec<Access>> {
    use aws_sdk_sqs::operation::*;
    let queue = |action: &str, url: Option<&str>| Some(vec![Access::new(name, action, Target::Queue(url?.into()))]);
    match operation {
        // The batch calls are authorised as their single-message actions.
        "SendMessage" => queue("sqs:SendMessage", input.downcast_ref::<send_message::SendMessageInput>()?.queue_url()),
        "SendMessageBatch" => {
            queue("sqs:SendMessage", input.downcast_ref::<send_message_batch::SendMessageBatchInput>()?.queue_url())
        }
        "ReceiveMessage" => {
            queue("sqs:ReceiveMessage", input.downcast_ref::<receive_message::ReceiveMessageInput>()?.queue_url())
        }
        "DeleteMessage" => {
            queue("sqs:DeleteMessage", input.downcast_ref::<delete_message::DeleteMessageInput>()?.queue_url())
        }
        "DeleteMessageBatch" => queue(
            "sqs:DeleteMessage",
            input.downcast_ref::<delete_message_batch::DeleteMessageBatchInput>()?.queue_url(),
        ),
        "ChangeMessageVisibility" => queue(
            "sqs:ChangeMessageVisibility",
            input.downcast_ref::<change_message_visibility::ChangeMessageVisibilityInput>()?.queue_url(),
        ),
        "GetQueueAttributes" => queue(
            "sqs:GetQueueAttributes",
            input.downcast_ref::<get_queue_attributes::GetQueueAttributesInput>()?.queue_url(),
        ),
        _ => None,
    }
}

fn transcribe(name: &str, operation: &str, input: &Input) -> Option<Vec<Access>> {
    use aws_sdk_transcribe::operation::*;
    let job =
        |action: &str, job: Option<&str>| Some(vec![Access::new(name, action, Target::TranscriptionJob(job?.into()))]);
    match operation {
        "StartTranscriptionJob" => job(
            "transcribe:StartTranscriptionJob",
            input.downcast_ref::<start_transcription_job::StartTranscriptionJobInput>()?.transcription_job_name(),
        ),
        "GetTranscriptionJob" => job(
            "transcribe:GetTranscriptionJob",
            input.downcast_ref::<get_transcription_job::GetTranscriptionJobInput>()?.transcription_job_name(),
        ),
        _ => None,
    }
}

fn secrets_manager(name: &str, operation: &str, input: &Input) -> Option<Vec<Access>> {
    use aws_sdk_secretsmanager::operation::*;
    match operation {
        "GetSecretValue" => {
            let id = input.downcast_ref::<get_secret_value::GetSecretValueInput>()?.secret_id()?;
            Some(vec![Access::new(name, "secretsmanager:GetSecretValue", Target::Secret(id.into()))])
        }
        _ => None,
    }
}

fn cloudfront(name: &str, operation: &str, input: &Input) -> Option<Vec<Access>> {
    use aws_sdk_cloudfront::operation::*;
    match operation {
        "CreateInvalidation" => {
            let id = input.downcast_ref::<create_invalidation::CreateInvalidationInput>()?.distribution_id()?;
            Some(vec![Access::new(name, "cloudfront:CreateInvalidation", Target::Distribution(id.into()))])
        }
        _ => None,
    }
}

fn ses(name: &str, operation: &str, input: &Input) -> Option<Vec<Access>> {
    use aws_sdk_ses::operation::*;
    let from = |action: &str, source: Option<&str>| {
        Some(vec![Access::new(name, action, Target::SesIdentity(address(source?)))])
    };
    match operation {
        "SendEmail" => from("ses:SendEmail", input.downcast_ref::<send_email::SendEmailInput>()?.source()),
        "SendRawEmail" => from("ses:SendRawEmail", input.downcast_ref::<send_raw_email::SendRawEmailInput>()?.source()),
        _ => None,
    }
}

/// `a@b.c` from `Name <a@b.c>` (the `ses:FromAddress` condition key is the bare address).
fn address(source: &str) -> String {
    match (source.rfind('<'), source.rfind('>')) {
        (Some(start), Some(end)) if start < end => source[start + 1..end].trim().to_string(),
        _ => source.trim().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transactions_are_authorised_per_item() {
        use aws_sdk_dynamodb::types::{ConditionCheck, Put, TransactWriteItem, Update};
        let input = aws_sdk_dynamodb::operation::transact_write_items::TransactWriteItemsInput::builder()
            .transact_items(
                TransactWriteItem::builder()
                    .put(Put::builder().table_name("t").set_item(Some(Default::default())).build().unwrap())
                    .build(),
            )
            .transact_items(
                TransactWriteItem::builder()
                    .update(
                        Update::builder()
                            .table_name("t")
                            .update_expression("SET a = :a")
                            .set_key(Some(Default::default()))
                            .build()
                            .unwrap(),
                    )
                    .build(),
            )
            .transact_items(
                TransactWriteItem::builder()
                    .condition_check(
                        ConditionCheck::builder()
                            .table_name("t")
                            .condition_expression("attribute_exists(PK)")
                            .set_key(Some(Default::default()))
                            .build()
                            .unwrap(),
                    )
                    .build(),
            )
            .build()
            .unwrap();
        let actions: Vec<String> =
            accesses_of("DynamoDB", "TransactWriteItems", &Input::erase(input)).into_iter().map(|a| a.action).collect();
        assert_eq!(actions, ["dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:ConditionCheckItem"]);
    }

    #[test]
    fn unknown_operations_say_so() {
        let input =
            aws_sdk_s3::operation::get_bucket_tagging::GetBucketTaggingInput::builder().bucket("b").build().unwrap();
        let accesses = accesses_of("S3", "GetBucketTagging", &Input::erase(input));
        assert_eq!(accesses[0].target, Target::Unmapped);
        assert!(accesses[0].request(&LocalResources::default()).unwrap_err().contains("S3.GetBucketTagging"));
    }

    #[test]
    fn the_from_address_is_the_bare_address() {
        assert_eq!(address("Storyhive <no-reply@example.com>"), "no-reply@example.com");
        assert_eq!(address("no-reply@example.com"), "no-reply@example.com");
    }
}
