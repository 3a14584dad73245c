//! Static checks of `template.yaml` that catch what only fails once deployed: a function
//! whose environment names a resource its policies do not grant (or a grant that has
//! drifted away from what the function is given), a read-only function that can write,
//! a function config that cannot be built from its environment. No emulator needed.

use std::collections::BTreeMap;

use storyhive_local_stack::{
    iam::{check_grants, FunctionPolicy, Request},
    provision::LocalResources,
    template::Template,
    testkit::{template, workspace_root},
};

fn offline() -> (std::sync::Arc<Template>, LocalResources) {
    let template = template();
    let resources = LocalResources::offline(&template, "storyhive-check", "no-reply@example.com");
    (template, resources)
}

#[test]
fn every_function_is_granted_what_its_environment_names_and_nothing_else() {
    let (template, resources) = offline();
    let problems = check_grants(&template, &resources).unwrap();
    assert!(problems.is_empty(), "template.yaml:\n  {}", problems.join("\n  "));
}

#[test]
fn globals_give_every_function_only_what_all_of_them_need() {
    let text = std::fs::read_to_string(workspace_root().join("template.yaml")).unwrap();
    let doc: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    let variables: Vec<&str> = doc["Globals"]["Function"]["Environment"]["Variables"]
        .as_mapping()
        .unwrap()
        .keys()
        .filter_map(|k| k.as_str())
        .collect();
    assert_eq!(variables, ["STAGE", "TABLE_NAME", "APP_BASE_URL", "RUST_LOG", "ORIGIN_VERIFY_SECRET"]);
}

#[test]
fn cloudfront_proves_itself_to_the_api_with_the_secret_every_function_knows() {
    let text = std::fs::read_to_string(workspace_root().join("template.yaml")).unwrap();
    let doc: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    let secret = &doc["Globals"]["Function"]["Environment"]["Variables"]["ORIGIN_VERIFY_SECRET"];
    let origins =
        doc["Resources"]["WebDistribution"]["Properties"]["DistributionConfig"]["Origins"].as_sequence().unwrap();
    let api = origins.iter().find(|o| o["Id"] == "HttpApiOrigin").expect("the API origin");
    let headers = api["OriginCustomHeaders"].as_sequence().expect("the API origin adds headers");
    let header = headers.iter().find(|h| h["HeaderName"] == "X-Storyhive-Origin-Verify").expect("the secret header");
    assert_eq!(&header["HeaderValue"], secret, "CloudFront sends what the functions expect");
    // The stack id's UUID: resolved, it is neither empty nor the stack's (public) name.
    let (template, resources) = offline();
    let config_secret = |function: &str| {
        let environment = template.function_environment(function).unwrap();
        template.resolve(&environment["ORIGIN_VERIFY_SECRET"], &resources).unwrap()
    };
    let value = config_secret("AccountsFunction");
    let value = value.as_str().unwrap();
    assert_eq!(value.len(), 36, "a UUID: {value}");
    assert!(!value.contains("storyhive") && !value.contains(':'), "{value}");
    assert_eq!(config_secret("AiFunction"), config_secret("ContributorsFunction"));
    assert_eq!(storyhive_shared::http::ORIGIN_VERIFY_HEADER, "x-storyhive-origin-verify");
    assert_eq!(storyhive_shared::http::ORIGIN_SECRET_VARIABLE, "ORIGIN_VERIFY_SECRET");
}

#[test]
fn collaborators_script_help_has_its_own_budget_settings() {
    let (template, resources) = offline();
    let config = resources.function_config(&template, "AiFunction", "https://app.example.com").unwrap();
    assert_eq!((config.ai.collaborator_daily_quota_per_org, config.ai.scripts_per_collaborator_per_day), (50, 10));
    assert!(config.ai.collaborator_daily_quota_per_org < config.ai.daily_quota_per_org, "smaller than staff's");
}

#[test]
fn each_function_gets_exactly_the_resources_it_uses() {
    let (template, resources) = offline();
    // (function, MAIL_QUEUE_URL, CASCADE_QUEUE_URL, VIDEO_BUCKET, SES_SENDER)
    let expected = [
        ("AccountsFunction", true, true, false, false),
        ("MailWorkerFunction", false, false, false, true),
        ("InitiativesFunction", false, true, false, false),
        ("TagsFunction", false, false, false, false),
        ("CampaignsFunction", false, true, false, false),
        ("QuestionsFunction", false, true, false, false),
        ("CascadeWorkerFunction", false, true, true, false),
        ("ContributorsFunction", true, false, true, false),
        ("DashboardFunction", false, false, false, false),
        ("UploadWorkerFunction", false, false, true, false),
        ("UsersFunction", true, false, false, false),
        ("GuidelinesFunction", false, false, false, false),
        ("SupportFunction", true, false, false, false),
        ("OrganisationFunction", false, false, false, false),
        ("AiFunction", false, false, false, false),
        ("MediaWorkerFunction", false, false, true, false),
        ("GeneratedVideosFunction", false, false, true, false),
        ("SearchFunction", false, false, true, false),
    ];
    let functions: Vec<&str> = template.of_kind("AWS::Serverless::Function").map(|f| f.logical_id.as_str()).collect();
    assert_eq!(functions.len(), expected.len(), "a new function needs a line here: {functions:?}");
    for (function, mail, cascade, videos, sender) in expected {
        let config = resources.function_config(&template, function, "https://app.example.com").unwrap();
        assert_eq!(config.table_name, "storyhive-check-apptable", "{function}");
        assert_eq!(config.app_base_url, "https://app.example.com", "{function}");
        assert_eq!(
            (
                config.mail_queue_url.is_some(),
                config.cascade_queue_url.is_some(),
                config.video_bucket.is_some(),
                config.ses_sender.is_some()
            ),
            (mail, cascade, videos, sender),
            "{function}: (MAIL_QUEUE_URL, CASCADE_QUEUE_URL, VIDEO_BUCKET, SES_SENDER)"
        );
    }
    // The upload worker hands takes to the media worker, the generated-videos function
    // renders and test-page jobs.
    for function in functions.iter().copied() {
        let config = resources.function_config(&template, function, "https://app.example.com").unwrap();
        assert_eq!(
            config.media_queue_url.is_some(),
            ["UploadWorkerFunction", "GeneratedVideosFunction"].contains(&function),
            "{function}: MEDIA_QUEUE_URL"
        );
        // Only the video processing calls know their shared key (fixed locally).
        assert_eq!(
            config.video_processing_api_key.as_deref(),
            (function == "GeneratedVideosFunction").then_some("local-video-processing-key"),
            "{function}: VIDEO_PROCESSING_API_KEY"
        );
    }
    let mail = resources.function_config(&template, "MailWorkerFunction", "https://app.example.com").unwrap();
    assert_eq!(mail.ses_sender.as_deref(), Some("no-reply@example.com"));
    // Only the support function knows the support address (locally support@ the sender's domain).
    for function in &functions {
        let config = resources.function_config(&template, function, "https://app.example.com").unwrap();
        let expected = (*function == "SupportFunction").then_some("support@example.com");
        assert_eq!(config.support_email.as_deref(), expected, "{function}: SUPPORT_EMAIL");
    }
}

#[test]
fn the_dashboard_only_reads() {
    let (template, resources) = offline();
    let policy = FunctionPolicy::of(&template, "DashboardFunction", &resources).unwrap();
    let table = resources.table_arn(&resources.tables["AppTable"]);
    let actions = policy.actions_on("dynamodb", &[table.clone(), format!("{table}/index/GSI1")]);
    assert_eq!(
        actions.into_iter().collect::<Vec<_>>(),
        ["dynamodb:BatchGetItem", "dynamodb:GetItem", "dynamodb:Query"]
    );
    for other in ["s3", "sqs", "ses"] {
        let everything: Vec<String> = resources
            .buckets
            .values()
            .map(|b| format!("arn:aws:s3:::{b}/*"))
            .chain(resources.queues.values().map(|q| q.arn.clone()))
            .collect();
        assert!(policy.actions_on(other, &everything).is_empty(), "the dashboard is granted {other} actions");
    }
}

#[test]
fn closing_an_organisation_can_queue_its_deletions() {
    // The bug that broke closing an organisation in AWS: the accounts function could not
    // send to the cascade queue.
    let (template, resources) = offline();
    let policy = FunctionPolicy::of(&template, "AccountsFunction", &resources).unwrap();
    let send = |queue: &str| Request {
        action: "sqs:SendMessage".into(),
        resource: resources.queues[queue].arn.clone(),
        context: BTreeMap::new(),
    };
    assert!(policy.allows(&send("CascadeQueue")));
    assert!(policy.allows(&send("MailQueue")));
    assert!(!policy.allows(&send("UploadQueue")));
}

#[test]
fn only_the_configured_sender_may_send_mail() {
    let (template, resources) = offline();
    let policy = FunctionPolicy::of(&template, "MailWorkerFunction", &resources).unwrap();
    let from = |address: &str| Request {
        action: "ses:SendEmail".into(),
        resource: format!("arn:aws:ses:eu-west-1:000000000000:identity/{address}"),
        context: BTreeMap::from([("ses:FromAddress".to_string(), address.to_string())]),
    };
    assert!(policy.allows(&from("no-reply@example.com")));
    assert!(!policy.allows(&from("someone-else@example.com")));
}

#[test]
fn the_media_bucket_goes_to_the_functions_that_show_or_keep_organisation_files() {
    let (template, resources) = offline();
    let with_media: Vec<&str> = template
        .of_kind("AWS::Serverless::Function")
        .map(|f| f.logical_id.as_str())
        .filter(|id| {
            resources.function_config(&template, id, "https://app.example.com").unwrap().media_bucket.is_some()
        })
        .collect();
    assert_eq!(with_media, ["AccountsFunction", "CampaignsFunction", "ContributorsFunction", "OrganisationFunction"]);
    // Only the organisation function writes there; the others only sign reads.
    let bucket = format!("arn:aws:s3:::{}/*", resources.buckets["MediaBucket"]);
    for reader in ["AccountsFunction", "CampaignsFunction", "ContributorsFunction"] {
        let policy = FunctionPolicy::of(&template, reader, &resources).unwrap();
        assert_eq!(
            policy.actions_on("s3", std::slice::from_ref(&bucket)).into_iter().collect::<Vec<_>>(),
            ["s3:GetObject"],
            "{reader}"
        );
    }
    let policy = FunctionPolicy::of(&template, "OrganisationFunction", &resources).unwrap();
    assert_eq!(
        policy.actions_on("s3", &[bucket]).into_iter().collect::<Vec<_>>(),
        ["s3:DeleteObject", "s3:GetObject", "s3:PutObject"]
    );
}

#[test]
fn the_video_test_page_can_upload_only_under_temp_and_temp_expires_after_a_day() {
    let (template, resources) = offline();
    let policy = FunctionPolicy::of(&template, "GeneratedVideosFunction", &resources).unwrap();
    let bucket = &resources.buckets["VideoBucket"];
    let put = |key: &str| Request {
        action: "s3:PutObject".into(),
        resource: format!("arn:aws:s3:::{bucket}/{key}"),
        context: BTreeMap::new(),
    };
    // The presigned POST uploads with the function's rights: Temp/ only, never a take.
    assert!(policy.allows(&put("Temp/01abc/clip.mp4")));
    assert!(!policy.allows(&put("t1/i1/c1/k1/1700000000000-recorded_video.webm")));
    let send = Request {
        action: "sqs:SendMessage".into(),
        resource: resources.queues["MediaQueue"].arn.clone(),
        context: BTreeMap::new(),
    };
    assert!(policy.allows(&send));
    let text = std::fs::read_to_string(workspace_root().join("template.yaml")).unwrap();
    let doc: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    let video_bucket = &doc["Resources"]["VideoBucket"]["Properties"];
    let rules = video_bucket["LifecycleConfiguration"]["Rules"].as_sequence().unwrap();
    assert!(rules
        .iter()
        .any(|rule| rule["Prefix"] == "Temp/" && rule["ExpirationInDays"] == 1 && rule["Status"] == "Enabled"));
    // Browsers POST the test page's upload to the bucket and send x-api-key to the API.
    let methods = video_bucket["CorsConfiguration"]["CorsRules"][0]["AllowedMethods"].as_sequence().unwrap();
    assert!(methods.iter().any(|m| m == "POST"), "{methods:?}");
    let headers = doc["Resources"]["HttpApi"]["Properties"]["CorsConfiguration"]["AllowHeaders"].as_sequence().unwrap();
    assert!(headers.iter().any(|h| h.as_str().is_some_and(|h| h.eq_ignore_ascii_case("x-api-key"))), "{headers:?}");
    let key = &doc["Parameters"]["VideoProcessingApiKey"];
    assert_eq!((key["NoEcho"].as_bool(), key["Default"].as_str()), (Some(true), Some("")));
}

#[test]
fn every_queue_worker_is_capped_by_one_concurrency_parameter() {
    let text = std::fs::read_to_string(workspace_root().join("template.yaml")).unwrap();
    let doc: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    let parameter = &doc["Parameters"]["WorkerMaxConcurrency"];
    assert_eq!(parameter["Type"], "Number");
    // AWS refuses a MaximumConcurrency below 2; the default leaves the API most of the account.
    assert_eq!((parameter["Default"].as_i64(), parameter["MinValue"].as_i64()), (Some(5), Some(2)));
    let mut capped = Vec::new();
    for (name, resource) in doc["Resources"].as_mapping().unwrap() {
        let Some(events) = resource["Properties"]["Events"].as_mapping() else { continue };
        for (event_name, event) in events {
            if event["Type"] != "SQS" {
                continue;
            }
            let cap = &event["Properties"]["ScalingConfig"]["MaximumConcurrency"];
            assert_eq!(
                serde_yaml::to_string(cap).unwrap().trim(),
                "!Ref WorkerMaxConcurrency",
                "{name:?} {event_name:?}: an SQS event without the concurrency cap"
            );
            capped.push(name.as_str().unwrap().to_string());
        }
    }
    capped.sort();
    assert_eq!(
        capped,
        ["CascadeWorkerFunction", "MailWorkerFunction", "MediaWorkerFunction", "UploadWorkerFunction"],
        "every queue's worker"
    );
}

#[test]
fn the_ai_key_stays_in_secrets_manager_and_only_the_ai_function_may_read_it() {
    let text = std::fs::read_to_string(workspace_root().join("template.yaml")).unwrap();
    let doc: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    let resources = &doc["Resources"];
    let secret = &resources["AiApiKeySecret"];
    assert_eq!(secret["Type"], "AWS::SecretsManager::Secret");
    assert_eq!(secret["Condition"], "HasAiApiKey", "no secret (and no cost) without a key");
    let (template, local) = offline();
    let environment = template.function_environment("AiFunction").unwrap();
    assert!(!environment.contains_key("AI_API_KEY"), "the key is never a plain environment variable");
    assert!(environment.contains_key("AI_API_KEY_SECRET"));
    // Only AiFunction may read it, and only that secret.
    for function in template.of_kind("AWS::Serverless::Function") {
        let policy = FunctionPolicy::of(&template, &function.logical_id, &local).unwrap();
        let request = |resource: &str| Request {
            action: "secretsmanager:GetSecretValue".into(),
            resource: resource.into(),
            context: BTreeMap::new(),
        };
        let own = "arn:aws:secretsmanager:eu-west-1:000000000000:secret:storyhive-check/ai-api-key-Ab12Cd";
        assert_eq!(policy.allows(&request(own)), function.logical_id == "AiFunction", "{}", function.logical_id);
        let other = "arn:aws:secretsmanager:eu-west-1:000000000000:secret:storyhive-check/other-Ab12Cd";
        assert!(!policy.allows(&request(other)), "{}", function.logical_id);
    }
}
