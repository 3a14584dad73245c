//! Creates the table, buckets, queues, the bucket → queue notification and the SES
//! sender identity in the emulators, from `template.yaml`. Idempotent: running it on
//! an existing stack changes nothing but what the template added since.

use std::{collections::BTreeMap, path::Path};

use anyhow::{bail, Context};
use aws_sdk_dynamodb::types::{
    AttributeDefinition, BillingMode, CreateGlobalSecondaryIndexAction, GlobalSecondaryIndex,
    GlobalSecondaryIndexUpdate, KeySchemaElement, KeyType, Projection, ProjectionType, ScalarAttributeType,
    TimeToLiveSpecification,
};
use aws_sdk_s3::types::{
    AbortIncompleteMultipartUpload, BucketLifecycleConfiguration, BucketLocationConstraint, CorsConfiguration,
    CorsRule, CreateBucketConfiguration, Event, ExpirationStatus, FilterRule, FilterRuleName, LifecycleExpiration,
    LifecycleRule, LifecycleRuleFilter, NotificationConfiguration, NotificationConfigurationFilter, QueueConfiguration,
    S3KeyFilter,
};
use aws_sdk_sqs::types::QueueAttributeName;
use serde_json::Value as Json;
use storyhive_shared::{aws::AwsClients, Config};

use crate::template::{Locals, Template};

/// Logical ids of the resources the functions' config points at.
pub const TABLE: &str = "AppTable";
pub const VIDEO_BUCKET: &str = "VideoBucket";
pub const MAIL_QUEUE: &str = "MailQueue";
pub const UPLOAD_QUEUE: &str = "UploadQueue";
pub const CASCADE_QUEUE: &str = "CascadeQueue";
pub const MEDIA_BUCKET: &str = "MediaBucket";
pub const PUBLISHED_BUCKET: &str = "PublishedBucket";
pub const MEDIA_QUEUE: &str = "MediaQueue";
pub const WEBHOOK_QUEUE: &str = "WebhookQueue";
pub const WEB_DISTRIBUTION: &str = "WebDistribution";

#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct LocalQueue {
    pub name: String,
    pub url: String,
    pub arn: String,
}

/// What was provisioned, by logical id.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct LocalResources {
    pub prefix: String,
    pub tables: BTreeMap<String, String>,
    pub buckets: BTreeMap<String, String>,
    pub queues: BTreeMap<String, LocalQueue>,
    /// CloudFront distributions, logical id -> distribution id (moto's, which records the
    /// invalidations a takedown makes; nothing serves through it).
    pub distributions: BTreeMap<String, String>,
    pub region: String,
    /// The account the emulators put in ARNs (moto's queue ARNs); `AWS::AccountId`.
    pub account_id: String,
    /// The verified SES sender; the local value of the `SesSender` parameter.
    pub ses_sender: String,
}

impl LocalResources {
    /// Local physical name of a resource: `<prefix>-<logical id, lower case>`.
    pub fn name(prefix: &str, logical_id: &str) -> String {
        format!("{prefix}-{}", logical_id.to_lowercase())
    }

    /// The names, URLs and ARNs `provision` would give the template's tables, buckets and
    /// queues, without creating anything (for checks that need no emulator).
    pub fn offline(template: &Template, prefix: &str, ses_sender: &str) -> Self {
        let region = "eu-west-1".to_string();
        let account_id = "000000000000".to_string();
        let mut local = Self {
            prefix: prefix.into(),
            region: region.clone(),
            account_id: account_id.clone(),
            ses_sender: ses_sender.into(),
            ..Default::default()
        };
        for resource in template.of_kind("AWS::DynamoDB::Table") {
            local.tables.insert(resource.logical_id.clone(), Self::name(prefix, &resource.logical_id));
        }
        for resource in template.of_kind("AWS::S3::Bucket") {
            local.buckets.insert(resource.logical_id.clone(), Self::name(prefix, &resource.logical_id));
        }
        for resource in template.of_kind("AWS::SQS::Queue") {
            let name = Self::name(prefix, &resource.logical_id);
            let queue = LocalQueue {
                url: format!("https://sqs.{region}.amazonaws.com/{account_id}/{name}"),
                arn: format!("arn:aws:sqs:{region}:{account_id}:{name}"),
                name,
            };
            local.queues.insert(resource.logical_id.clone(), queue);
        }
        for resource in template.of_kind("AWS::CloudFront::Distribution") {
            local.distributions.insert(resource.logical_id.clone(), Self::name(prefix, &resource.logical_id));
        }
        local
    }

    pub fn queue(&self, logical_id: &str) -> anyhow::Result<&LocalQueue> {
        self.queues.get(logical_id).with_context(|| format!("template.yaml has no queue {logical_id}"))
    }

    /// ARN of a table: `arn:aws:dynamodb:<region>:<account>:table/<name>`.
    pub fn table_arn(&self, name: &str) -> String {
        format!("arn:aws:dynamodb:{}:{}:table/{name}", self.region, self.account_id)
    }

    /// The logical id of the table, bucket or queue (by URL) with this local name.
    pub fn logical_id_of(&self, physical: &str) -> Option<&str> {
        self.tables
            .iter()
            .chain(self.buckets.iter())
            .find(|(_, name)| name.as_str() == physical)
            .map(|(id, _)| id.as_str())
            .or_else(|| {
                self.queues.iter().find(|(_, q)| q.url == physical || q.name == physical).map(|(id, _)| id.as_str())
            })
            .or_else(|| self.distributions.iter().find(|(_, id)| id.as_str() == physical).map(|(id, _)| id.as_str()))
    }

    /// The function's config from ITS environment in `template.yaml` (`Globals` + its own
    /// `Environment`, intrinsics resolved against these resources): exactly what it gets
    /// in the cloud, so a function reaching for a resource it was not given fails here too.
    pub fn function_config(&self, template: &Template, logical_id: &str, app_base_url: &str) -> anyhow::Result<Config> {
        let locals = FunctionLocals { resources: self, app_base_url: app_base_url.trim_end_matches('/') };
        let mut environment = BTreeMap::new();
        for (name, value) in template.function_environment(logical_id)? {
            let value = template
                .resolve(&value, &locals)
                .with_context(|| format!("{logical_id}: environment variable {name}"))?;
            let value = value.as_str().map(str::to_string).unwrap_or_else(|| value.to_string());
            environment.insert(name, value);
        }
        config_from_environment(&environment).with_context(|| format!("{logical_id}'s environment in template.yaml"))
    }
}

/// `Config::from_env`, from a map instead of the process environment (same variables,
/// same rules: empty means unset).
pub fn config_from_environment(environment: &BTreeMap<String, String>) -> anyhow::Result<Config> {
    Ok(Config::from_lookup(|name| environment.get(name).cloned())?)
}

/// The local resources, plus the app's public URL as the `AppBaseUrl` parameter.
struct FunctionLocals<'a> {
    resources: &'a LocalResources,
    app_base_url: &'a str,
}

impl Locals for FunctionLocals<'_> {
    fn reference(&self, logical_id: &str) -> Option<String> {
        self.resources.reference(logical_id)
    }
    fn attribute(&self, logical_id: &str, attribute: &str) -> Option<String> {
        self.resources.attribute(logical_id, attribute)
    }
    fn parameter(&self, name: &str) -> Option<String> {
        match name {
            "AppBaseUrl" => Some(self.app_base_url.to_string()),
            _ => self.resources.parameter(name),
        }
    }
}

impl Locals for LocalResources {
    fn reference(&self, logical_id: &str) -> Option<String> {
        self.tables
            .get(logical_id)
            .or_else(|| self.buckets.get(logical_id))
            .cloned()
            .or_else(|| self.queues.get(logical_id).map(|q| q.url.clone()))
            .or_else(|| self.distributions.get(logical_id).cloned())
    }

    fn attribute(&self, logical_id: &str, attribute: &str) -> Option<String> {
        match attribute {
            "Arn" => self
                .queues
                .get(logical_id)
                .map(|q| q.arn.clone())
                .or_else(|| self.buckets.get(logical_id).map(|b| format!("arn:aws:s3:::{b}")))
                .or_else(|| self.tables.get(logical_id).map(|t| self.table_arn(t)))
                .or_else(|| Some(placeholder(logical_id, attribute))),
            "QueueName" => self.queues.get(logical_id).map(|q| q.name.clone()),
            // Resources with no local counterpart (CloudFront, log groups, alarms, topics)
            // resolve to a recognisable placeholder so properties mentioning them still resolve.
            _ => Some(placeholder(logical_id, attribute)),
        }
    }

    fn parameter(&self, name: &str) -> Option<String> {
        match name {
            "Stage" => Some("dev".into()),
            "SesSender" if !self.ses_sender.is_empty() => Some(self.ses_sender.clone()),
            // Locally, support mail goes to support@ the sender's domain (shown in the dev mailbox).
            "SupportEmail" => self.ses_sender.rsplit_once('@').map(|(_, domain)| format!("support@{domain}")),
            "AWS::StackName" => Some(self.prefix.clone()),
            "AWS::Region" => Some(self.region.clone()),
            "AWS::AccountId" if !self.account_id.is_empty() => Some(self.account_id.clone()),
            // There is no Bedrock here: locally the AI calls have no provider unless one is
            // configured (the gateway's STORYHIVE_AI_* settings, a test's own).
            "AiProvider" => Some("none".into()),
            // The video processing calls' shared key: fixed locally (the web app's local
            // build sends the same), so the test page works out of the box.
            "VideoProcessingApiKey" => Some(
                std::env::var("STORYHIVE_VIDEO_PROCESSING_API_KEY")
                    .ok()
                    .filter(|key| !key.trim().is_empty())
                    .unwrap_or_else(|| LOCAL_VIDEO_PROCESSING_API_KEY.into()),
            ),
            _ => None,
        }
    }
}

/// The `x-api-key` of the video processing calls on the local stack and in tests.
pub const LOCAL_VIDEO_PROCESSING_API_KEY: &str = "local-video-processing-key";

fn placeholder(logical_id: &str, attribute: &str) -> String {
    format!("local-{}-{}", logical_id.to_lowercase(), attribute.to_lowercase())
}

/// Provisions every table, queue and bucket of `template` under `prefix`.
pub async fn provision(
    clients: &AwsClients,
    template_path: &Path,
    prefix: &str,
    ses_sender: &str,
) -> anyhow::Result<LocalResources> {
    provision_with(clients, template_path, prefix, ses_sender, None).await
}

/// Like [`provision`] for one test process among many running at once: its own queues, buckets
/// and distribution under `prefix`, beside the tables of `stack` (made once for all, whose prefix
/// stays the stack's name). A queue shared by processes would hand one test's messages (an
/// upload's event, an e-mail) to another test's workers, which may end before handling what
/// follows from them.
pub async fn provision_beside(
    clients: &AwsClients,
    template_path: &Path,
    prefix: &str,
    stack: &LocalResources,
) -> anyhow::Result<LocalResources> {
    provision_with(clients, template_path, prefix, &stack.ses_sender, Some(stack)).await
}

async fn provision_with(
    clients: &AwsClients,
    template_path: &Path,
    prefix: &str,
    ses_sender: &str,
    stack: Option<&LocalResources>,
) -> anyhow::Result<LocalResources> {
    let template = Template::load(template_path)?;
    let region = clients.sqs.config().region().map(|r| r.to_string()).unwrap_or_else(|| "eu-west-1".into());
    let mut local = LocalResources {
        // `AWS::StackName`: the stack's, also when this process names its own resources.
        prefix: stack.map_or(prefix, |s| s.prefix.as_str()).to_string(),
        region,
        ses_sender: ses_sender.to_string(),
        ..Default::default()
    };
    let made_tables = stack.map(|s| &s.tables);

    // Names first, so every reference between resources resolves.
    match made_tables {
        Some(tables) => local.tables = tables.clone(),
        None => {
            for resource in template.of_kind("AWS::DynamoDB::Table") {
                local.tables.insert(resource.logical_id.clone(), LocalResources::name(prefix, &resource.logical_id));
            }
        }
    }
    for resource in template.of_kind("AWS::S3::Bucket") {
        local.buckets.insert(resource.logical_id.clone(), LocalResources::name(prefix, &resource.logical_id));
    }
    // Queues: create all (dead-letter queues included), then attach redrive policies.
    for resource in template.of_kind("AWS::SQS::Queue") {
        let name = LocalResources::name(prefix, &resource.logical_id);
        let url = clients
            .sqs
            .create_queue()
            .queue_name(&name)
            .send()
            .await
            .with_context(|| format!("creating queue {name}"))?
            .queue_url
            .context("CreateQueue returned no URL")?;
        let arn = clients
            .sqs
            .get_queue_attributes()
            .queue_url(&url)
            .attribute_names(QueueAttributeName::QueueArn)
            .send()
            .await?
            .attributes
            .and_then(|mut a| a.remove(&QueueAttributeName::QueueArn))
            .context("queue without ARN")?;
        if local.account_id.is_empty() {
            // arn:aws:sqs:<region>:<account>:<name>
            local.account_id = arn.split(':').nth(4).unwrap_or_default().to_string();
        }
        local.queues.insert(resource.logical_id.clone(), LocalQueue { name, url, arn });
    }
    for resource in template.of_kind("AWS::SQS::Queue") {
        let props = template.resolve(&resource.properties, &local)?;
        let queue = local.queue(&resource.logical_id)?.clone();
        let mut request = clients.sqs.set_queue_attributes().queue_url(&queue.url);
        for (attribute, key) in [
            (QueueAttributeName::VisibilityTimeout, "VisibilityTimeout"),
            (QueueAttributeName::MessageRetentionPeriod, "MessageRetentionPeriod"),
        ] {
            if let Some(value) = props.get(key) {
                request = request.attributes(attribute, scalar(value));
            }
        }
        if let Some(redrive) = props.get("RedrivePolicy") {
            request = request.attributes(QueueAttributeName::RedrivePolicy, redrive.to_string());
        }
        request.send().await.with_context(|| format!("configuring queue {}", queue.name))?;
    }

    if made_tables.is_none() {
        for resource in template.of_kind("AWS::DynamoDB::Table") {
            let props = template.resolve(&resource.properties, &local)?;
            ensure_table(clients, &local.tables[&resource.logical_id], &props).await?;
        }
    }
    for resource in template.of_kind("AWS::S3::Bucket") {
        let props = template.resolve(&resource.properties, &local)?;
        ensure_bucket(clients, &local.buckets[&resource.logical_id], &local.region, &props).await?;
    }
    for resource in template.of_kind("AWS::CloudFront::Distribution") {
        let name = LocalResources::name(prefix, &resource.logical_id);
        let id = ensure_distribution(clients, &name).await?;
        local.distributions.insert(resource.logical_id.clone(), id);
    }
    clients
        .ses
        .verify_email_identity()
        .email_address(ses_sender)
        .send()
        .await
        .context("verifying the SES sender identity")?;
    Ok(local)
}

/// The id of moto's distribution with the caller reference `name`, made if missing: a
/// stand-in that takes the functions' invalidations as CloudFront's API would (the local
/// gateway caches nothing). A repeat is found through the `DistributionAlreadyExists` answer,
/// which names the existing id (moto's ListDistributions answer is not one the SDK can read).
async fn ensure_distribution(clients: &AwsClients, name: &str) -> anyhow::Result<String> {
    use aws_sdk_cloudfront::types::{
        DefaultCacheBehavior, DistributionConfig, Origin, Origins, S3OriginConfig, ViewerProtocolPolicy,
    };
    let cloudfront = &clients.cloudfront;
    let origin = Origin::builder()
        .id("local")
        .domain_name(format!("{name}.s3.amazonaws.com"))
        .s3_origin_config(S3OriginConfig::builder().origin_access_identity("").build())
        .build()?;
    let config = DistributionConfig::builder()
        .caller_reference(name)
        .comment(name)
        .enabled(true)
        .origins(Origins::builder().quantity(1).items(origin).build()?)
        .default_cache_behavior(
            DefaultCacheBehavior::builder()
                .target_origin_id("local")
                .viewer_protocol_policy(ViewerProtocolPolicy::RedirectToHttps)
                .build()?,
        )
        .build()?;
    // moto answers a creation with a `CreateDistributionResult` root the SDK cannot read,
    // though it made the distribution: the second request is then refused as a repeat,
    // and that answer names it.
    let mut last_error = None;
    for _ in 0..2 {
        match cloudfront.create_distribution().distribution_config(config.clone()).send().await {
            Ok(created) => {
                return created.distribution.map(|d| d.id).context("CreateDistribution returned no distribution")
            }
            Err(error) => {
                let existing = error
                    .as_service_error()
                    .filter(|e| e.is_distribution_already_exists())
                    .and_then(|e| e.meta().message())
                    .and_then(|message| message.rsplit_once("Already exists: "))
                    .map(|(_, id)| id.trim().trim_end_matches('.').to_string());
                if let Some(id) = existing {
                    return Ok(id);
                }
                last_error = Some(error);
            }
        }
    }
    Err(anyhow::anyhow!("creating the local CloudFront distribution {name}: {last_error:?}"))
}

/// Creates the template's bucket `logical_id` (its CORS, lifecycle and notifications)
/// under the names `local` gives it and the resources it points at: a test can make a
/// private copy of a bucket and its queue, which no other test's worker consumes.
pub async fn provision_bucket(
    clients: &AwsClients,
    template: &Template,
    local: &LocalResources,
    logical_id: &str,
) -> anyhow::Result<()> {
    let resource = template
        .resource(logical_id)
        .filter(|r| r.kind == "AWS::S3::Bucket")
        .with_context(|| format!("no bucket {logical_id} in the template"))?;
    let props = template.resolve(&resource.properties, local)?;
    let name = local.buckets.get(logical_id).with_context(|| format!("no local name for {logical_id}"))?;
    ensure_bucket(clients, name, &local.region, &props).await
}

fn scalar(value: &Json) -> String {
    value.as_str().map(str::to_string).unwrap_or_else(|| value.to_string())
}

fn strings(value: Option<&Json>) -> Vec<String> {
    value.and_then(Json::as_array).map(|a| a.iter().map(scalar).collect()).unwrap_or_default()
}

fn key_schema(value: &Json) -> anyhow::Result<Vec<KeySchemaElement>> {
    value
        .as_array()
        .context("KeySchema must be a list")?
        .iter()
        .map(|element| {
            Ok(KeySchemaElement::builder()
                .attribute_name(scalar(&element["AttributeName"]))
                .key_type(KeyType::from(scalar(&element["KeyType"]).as_str()))
                .build()?)
        })
        .collect()
}

fn projection(value: &Json) -> Projection {
    let kind = value.get("ProjectionType").map(scalar).unwrap_or_else(|| "ALL".into());
    Projection::builder()
        .projection_type(ProjectionType::from(kind.as_str()))
        .set_non_key_attributes(value.get("NonKeyAttributes").map(|v| strings(Some(v))))
        .build()
}

async fn ensure_table(clients: &AwsClients, name: &str, props: &Json) -> anyhow::Result<()> {
    let dynamodb = &clients.dynamodb;
    let definitions: Vec<AttributeDefinition> = props["AttributeDefinitions"]
        .as_array()
        .context("AttributeDefinitions must be a list")?
        .iter()
        .map(|d| {
            Ok(AttributeDefinition::builder()
                .attribute_name(scalar(&d["AttributeName"]))
                .attribute_type(ScalarAttributeType::from(scalar(&d["AttributeType"]).as_str()))
                .build()?)
        })
        .collect::<anyhow::Result<_>>()?;
    let indexes = props.get("GlobalSecondaryIndexes").and_then(Json::as_array).cloned().unwrap_or_default();

    let existing = dynamodb.describe_table().table_name(name).send().await;
    match existing {
        Err(error) if error.as_service_error().is_some_and(|e| e.is_resource_not_found_exception()) => {
            let gsis = indexes
                .iter()
                .map(|index| {
                    Ok(GlobalSecondaryIndex::builder()
                        .index_name(scalar(&index["IndexName"]))
                        .set_key_schema(Some(key_schema(&index["KeySchema"])?))
                        .projection(projection(&index["Projection"]))
                        .build()?)
                })
                .collect::<anyhow::Result<Vec<_>>>()?;
            let created = dynamodb
                .create_table()
                .table_name(name)
                .set_attribute_definitions(Some(definitions.clone()))
                .set_key_schema(Some(key_schema(&props["KeySchema"])?))
                .set_global_secondary_indexes((!gsis.is_empty()).then_some(gsis))
                .billing_mode(BillingMode::PayPerRequest)
                .send()
                .await;
            match created {
                // Another process (a test run beside this one) created it since it was described.
                Err(error) if error.as_service_error().is_some_and(|e| e.is_resource_in_use_exception()) => {}
                other => {
                    other.with_context(|| format!("creating table {name}"))?;
                }
            }
        }
        Err(error) => return Err(anyhow::Error::new(error).context(format!("describing table {name}"))),
        Ok(output) => {
            // A table from an older template: add the indexes it lacks.
            let have: Vec<String> = output
                .table
                .and_then(|t| t.global_secondary_indexes)
                .unwrap_or_default()
                .into_iter()
                .filter_map(|g| g.index_name)
                .collect();
            for index in &indexes {
                let index_name = scalar(&index["IndexName"]);
                if have.contains(&index_name) {
                    continue;
                }
                let action = CreateGlobalSecondaryIndexAction::builder()
                    .index_name(&index_name)
                    .set_key_schema(Some(key_schema(&index["KeySchema"])?))
                    .projection(projection(&index["Projection"]))
                    .build()?;
                dynamodb
                    .update_table()
                    .table_name(name)
                    .set_attribute_definitions(Some(definitions.clone()))
                    .global_secondary_index_updates(GlobalSecondaryIndexUpdate::builder().create(action).build())
                    .send()
                    .await
                    .with_context(|| format!("adding index {index_name} to {name}"))?;
            }
        }
    }
    if let Some(ttl) = props.get("TimeToLiveSpecification") {
        let enabled = ttl.get("Enabled").and_then(Json::as_bool).unwrap_or(false);
        let current = dynamodb.describe_time_to_live().table_name(name).send().await?;
        let on = current
            .time_to_live_description
            .and_then(|d| d.time_to_live_status)
            .is_some_and(|s| s.as_str() == "ENABLED");
        if enabled && !on {
            dynamodb
                .update_time_to_live()
                .table_name(name)
                .time_to_live_specification(
                    TimeToLiveSpecification::builder()
                        .attribute_name(scalar(&ttl["AttributeName"]))
                        .enabled(true)
                        .build()?,
                )
                .send()
                .await
                .with_context(|| format!("enabling TTL on {name}"))?;
        }
    }
    Ok(())
}

async fn ensure_bucket(clients: &AwsClients, name: &str, region: &str, props: &Json) -> anyhow::Result<()> {
    let s3 = &clients.s3;
    if s3.head_bucket().bucket(name).send().await.is_err() {
        let mut request = s3.create_bucket().bucket(name);
        if region != "us-east-1" {
            request = request.create_bucket_configuration(
                CreateBucketConfiguration::builder()
                    .location_constraint(BucketLocationConstraint::from(region))
                    .build(),
            );
        }
        request.send().await.with_context(|| format!("creating bucket {name}"))?;
    }
    if let Some(cors) = props.pointer("/CorsConfiguration/CorsRules").and_then(Json::as_array) {
        let rules = cors
            .iter()
            .map(|rule| {
                Ok(CorsRule::builder()
                    .set_allowed_methods(Some(strings(rule.get("AllowedMethods"))))
                    .set_allowed_origins(Some(strings(rule.get("AllowedOrigins"))))
                    .set_allowed_headers(Some(strings(rule.get("AllowedHeaders"))))
                    .set_expose_headers(Some(strings(rule.get("ExposedHeaders"))))
                    .set_max_age_seconds(rule.get("MaxAge").and_then(Json::as_i64).map(|v| v as i32))
                    .build()?)
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        s3.put_bucket_cors()
            .bucket(name)
            .cors_configuration(CorsConfiguration::builder().set_cors_rules(Some(rules)).build()?)
            .send()
            .await
            .with_context(|| format!("setting CORS on {name}"))?;
    }
    if let Some(rules) = props.pointer("/LifecycleConfiguration/Rules").and_then(Json::as_array) {
        let rules = rules
            .iter()
            .map(|rule| {
                let mut builder = LifecycleRule::builder()
                    .set_id(rule.get("Id").map(scalar))
                    .status(if scalar(&rule["Status"]) == "Enabled" {
                        ExpirationStatus::Enabled
                    } else {
                        ExpirationStatus::Disabled
                    })
                    .filter(
                        LifecycleRuleFilter::builder()
                            .prefix(rule.get("Prefix").map(scalar).unwrap_or_default())
                            .build(),
                    );
                if let Some(days) = rule.get("ExpirationInDays").and_then(Json::as_i64) {
                    builder = builder.expiration(LifecycleExpiration::builder().days(days as i32).build());
                }
                if let Some(days) =
                    rule.pointer("/AbortIncompleteMultipartUpload/DaysAfterInitiation").and_then(Json::as_i64)
                {
                    builder = builder.abort_incomplete_multipart_upload(
                        AbortIncompleteMultipartUpload::builder().days_after_initiation(days as i32).build(),
                    );
                }
                Ok(builder.build()?)
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        s3.put_bucket_lifecycle_configuration()
            .bucket(name)
            .lifecycle_configuration(BucketLifecycleConfiguration::builder().set_rules(Some(rules)).build()?)
            .send()
            .await
            .with_context(|| format!("setting lifecycle rules on {name}"))?;
    }
    if let Some(queues) = props.pointer("/NotificationConfiguration/QueueConfigurations").and_then(Json::as_array) {
        let configurations = queues
            .iter()
            .map(|q| {
                Ok(QueueConfiguration::builder()
                    .queue_arn(scalar(&q["Queue"]))
                    .events(Event::from(scalar(&q["Event"]).as_str()))
                    .set_filter(key_filter(q)?)
                    .build()?)
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        s3.put_bucket_notification_configuration()
            .bucket(name)
            .notification_configuration(
                NotificationConfiguration::builder().set_queue_configurations(Some(configurations)).build(),
            )
            .send()
            .await
            .with_context(|| format!("setting notifications on {name}"))?;
    }
    if props.get("NotificationConfiguration").is_some()
        && props.pointer("/NotificationConfiguration/QueueConfigurations").is_none()
    {
        bail!("bucket {name}: only queue notifications are supported locally");
    }
    Ok(())
}

/// A notification's `Filter: S3Key: Rules` (prefix and suffix), given to the emulator
/// as to S3, so that it notifies exactly the keys S3 would.
fn key_filter(configuration: &Json) -> anyhow::Result<Option<NotificationConfigurationFilter>> {
    let Some(rules) = configuration.get("Filter") else { return Ok(None) };
    let rules = rules.pointer("/S3Key/Rules").and_then(Json::as_array).context("a Filter without S3Key Rules")?;
    let rules = rules
        .iter()
        .map(|rule| {
            let name = match scalar(&rule["Name"]).to_ascii_lowercase().as_str() {
                "prefix" => FilterRuleName::Prefix,
                "suffix" => FilterRuleName::Suffix,
                other => bail!("unknown S3 key filter rule {other:?}"),
            };
            Ok(FilterRule::builder().name(name).value(scalar(&rule["Value"])).build())
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok(Some(
        NotificationConfigurationFilter::builder()
            .key(S3KeyFilter::builder().set_filter_rules(Some(rules)).build())
            .build(),
    ))
}
