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
        ("ReminderWorkerFunction", true, false, false, false),
        ("ContributorsFunction", true, true, true, false),
        ("DashboardFunction", false, false, false, false),
        ("UploadWorkerFunction", false, false, true, false),
        ("UsersFunction", true, true, false, false),
        ("GuidelinesFunction", false, false, false, false),
        ("SupportFunction", true, false, false, false),
        ("OrganisationFunction", false, false, false, false),
        ("AiFunction", false, false, false, false),
        ("MediaWorkerFunction", false, false, true, false),
        ("GeneratedVideosFunction", false, false, true, false),
        ("SearchFunction", false, false, true, false),
        ("PublishingFunction", false, true, true, false),
        ("PublicPagesFunction", false, false, false, false),
        ("WebhooksFunction", false, false, false, false),
        // Tells the admins when it disables an endpoint.
        ("WebhookWorkerFunction", true, false, false, false),
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
        // Where something an organisation's webhooks hear of happens, and the webhook
        // functions themselves (issue 26).
        assert_eq!(
            config.webhook_queue_url.is_some(),
            [
                "UploadWorkerFunction",
                "MediaWorkerFunction",
                "ContributorsFunction",
                "PublishingFunction",
                "CascadeWorkerFunction",
                "WebhooksFunction",
                "WebhookWorkerFunction",
            ]
            .contains(&function),
            "{function}: WEBHOOK_QUEUE_URL"
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
    // Reads, and the one write: a call with an organisation API key records the key's
    // last use (UpdateItem, at most once a minute; docs/DECISIONS.md, "API keys").
    assert_eq!(
        actions.into_iter().collect::<Vec<_>>(),
        ["dynamodb:BatchGetItem", "dynamodb:GetItem", "dynamodb:Query", "dynamodb:UpdateItem"]
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
    assert_eq!(
        with_media,
        [
            "AccountsFunction",
            "CampaignsFunction",
            "CascadeWorkerFunction",
            "ContributorsFunction",
            "MediaWorkerFunction",
            "OrganisationFunction",
            "PublishingFunction"
        ]
    );
    // Only the organisation function writes there; the others only sign reads (the media worker
    // reads the logo a story's end card shows).
    let bucket = format!("arn:aws:s3:::{}/*", resources.buckets["MediaBucket"]);
    for reader in ["AccountsFunction", "CampaignsFunction", "ContributorsFunction", "MediaWorkerFunction"] {
        let policy = FunctionPolicy::of(&template, reader, &resources).unwrap();
        assert_eq!(
            policy.actions_on("s3", std::slice::from_ref(&bucket)).into_iter().collect::<Vec<_>>(),
            ["s3:GetObject"],
            "{reader}"
        );
    }
    // It writes unchecked uploads under pending/ and kept files under their kind, nowhere else.
    let object = |key: &str| format!("arn:aws:s3:::{}/{key}", resources.buckets["MediaBucket"]);
    let policy = FunctionPolicy::of(&template, "OrganisationFunction", &resources).unwrap();
    for key in ["pending/t1/companyLogo/company/x.png", "t1/avatar/u1/x.jpg", "t1/termsNConditions/company/x.pdf"] {
        assert_eq!(
            policy.actions_on("s3", &[object(key)]).into_iter().collect::<Vec<_>>(),
            ["s3:DeleteObject", "s3:GetObject", "s3:PutObject"],
            "{key}"
        );
    }
    assert_eq!(policy.actions_on("s3", &[object("t1/other/x.jpg")]).into_iter().collect::<Vec<_>>(), ["s3:GetObject"]);
    // The cascade worker deletes the files of deleted users and closed organisations.
    let policy = FunctionPolicy::of(&template, "CascadeWorkerFunction", &resources).unwrap();
    assert_eq!(
        policy
            .actions_on("s3", &[object("t1/defaultEncouragementVideo/company/x.mp4")])
            .into_iter()
            .collect::<Vec<_>>(),
        ["s3:AbortMultipartUpload", "s3:DeleteObject"]
    );
    assert!(policy.actions_on("s3", &[bucket]).is_empty());
    let users = FunctionPolicy::of(&template, "UsersFunction", &resources).unwrap();
    assert!(users.allows(&Request {
        action: "sqs:SendMessage".into(),
        resource: resources.queues["CascadeQueue"].arn.clone(),
        context: BTreeMap::new(),
    }));
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
        [
            "CascadeWorkerFunction",
            "MailWorkerFunction",
            "MediaWorkerFunction",
            "UploadWorkerFunction",
            "WebhookWorkerFunction"
        ],
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

/// The template as plain YAML (tags kept), for checks of resources the local stack does
/// not create (alarms, CloudFront).
fn document() -> serde_yaml::Value {
    let text = std::fs::read_to_string(workspace_root().join("template.yaml")).unwrap();
    serde_yaml::from_str(&text).unwrap()
}

/// `value` without its `!Tag`, and the tag's name (`""` when untagged).
fn untag(value: &serde_yaml::Value) -> (String, &serde_yaml::Value) {
    match value {
        serde_yaml::Value::Tagged(tagged) => {
            (tagged.tag.to_string().trim_start_matches('!').to_string(), &tagged.value)
        }
        other => (String::new(), other),
    }
}

/// Every alarm's (metric, the resource its dimension names).
fn alarms(template: &Template) -> Vec<(String, String)> {
    template
        .of_kind("AWS::CloudWatch::Alarm")
        .filter_map(|alarm| {
            let metric = alarm.properties["MetricName"].as_str()?.to_string();
            let dimension = &alarm.properties["Dimensions"][0]["Value"];
            let target = storyhive_local_stack::template::references(dimension).into_iter().next()?;
            Some((metric, target))
        })
        .collect()
}

#[test]
fn every_function_has_an_errors_alarm_and_every_queue_an_age_alarm() {
    let template = template();
    let alarms = alarms(&template);
    let has = |metric: &str, target: &str| alarms.iter().any(|(m, t)| m == metric && t == target);
    let functions: Vec<&str> = template.of_kind("AWS::Serverless::Function").map(|f| f.logical_id.as_str()).collect();
    let missing: Vec<&&str> = functions.iter().filter(|f| !has("Errors", f)).collect();
    assert!(missing.is_empty(), "functions without an Errors alarm: {missing:?}");
    let queues: Vec<&str> = template.of_kind("AWS::SQS::Queue").map(|q| q.logical_id.as_str()).collect();
    assert!(queues.iter().filter(|q| q.contains("DeadLetter")).count() >= 4, "{queues:?}");
    let missing: Vec<&&str> = queues.iter().filter(|q| !has("ApproximateAgeOfOldestMessage", q)).collect();
    assert!(missing.is_empty(), "queues without an ApproximateAgeOfOldestMessage alarm: {missing:?}");
    // Each alarm tells someone: the stack's topic or the one given.
    for alarm in template.of_kind("AWS::CloudWatch::Alarm") {
        let actions = alarm.properties["AlarmActions"].as_sequence().map(Vec::len).unwrap_or(0);
        assert_eq!(actions, 1, "{} has no alarm action", alarm.logical_id);
    }
}

#[test]
fn the_app_is_served_with_a_content_security_policy_and_a_permissions_policy() {
    let doc = document();
    let resources = &doc["Resources"];
    let config = &resources["WebResponseHeadersPolicy"]["Properties"]["ResponseHeadersPolicyConfig"];
    let (tag, sub) = untag(&config["SecurityHeadersConfig"]["ContentSecurityPolicy"]["ContentSecurityPolicy"]);
    assert_eq!(tag, "Sub");
    let csp = sub[0].as_str().unwrap();
    let directive = |name: &str| -> Vec<String> {
        let found = csp.split(';').map(str::trim).find(|d| d.split_whitespace().next() == Some(name));
        found.unwrap_or_else(|| panic!("no {name} in {csp}")).split_whitespace().skip(1).map(String::from).collect()
    };
    // Scripts: the app's own, and the support chat's origin only when it is configured.
    assert_eq!(directive("script-src"), ["'self'${Chat}"]);
    let (tag, chat) = untag(&sub[1]["Chat"]);
    assert_eq!(tag, "If");
    assert_eq!(chat[0].as_str(), Some("HasSupportChat"));
    assert_eq!(untag(&chat[1]).1.as_str(), Some(" ${SupportChatOrigin}"));
    assert_eq!(chat[2].as_str(), Some(""));
    let (_, condition) = untag(&doc["Conditions"]["HasSupportChat"]);
    assert!(serde_yaml::to_string(condition).unwrap().contains("SupportChatOrigin"));
    assert_eq!(doc["Parameters"]["SupportChatOrigin"]["Default"].as_str(), Some(""));
    for name in ["script-src", "style-src", "default-src"] {
        assert!(!directive(name).iter().any(|s| s.contains("unsafe")), "{name} allows unsafe sources: {csp}");
    }
    // Presigned S3 URLs: pictures and videos are read, uploads are written, from both buckets.
    // Named by the region's S3 host, not the buckets' attributes: the buckets' CORS names
    // the distribution, which names this policy, so `${MediaBucket...}` here is a cycle.
    let buckets = ["https://*.s3.${AWS::Region}.amazonaws.com"];
    assert!(!csp.contains("RegionalDomainName"), "a bucket attribute in the policy makes a cycle: {csp}");
    for name in ["img-src", "media-src", "connect-src"] {
        let sources = directive(name);
        for bucket in buckets {
            // (`${Chat}` is the chat's origin or nothing.)
            assert!(sources.iter().any(|s| s.trim_end_matches("${Chat}") == bucket), "{name} lacks {bucket}: {csp}");
        }
    }
    assert_eq!(directive("frame-ancestors"), ["'none'"]);
    assert_eq!(directive("object-src"), ["'none'"]);
    // The studio records: camera and microphone for the app itself only.
    let headers = config["CustomHeadersConfig"]["Items"].as_sequence().unwrap();
    let permissions = headers.iter().find(|h| h["Header"] == "Permissions-Policy").expect("a Permissions-Policy");
    let value = permissions["Value"].as_str().unwrap();
    for feature in ["camera=(self)", "microphone=(self)", "geolocation=()"] {
        assert!(value.split(", ").any(|f| f == feature), "{feature} not in {value}");
    }
    // Both the app and the API answer with it.
    let distribution = &resources["WebDistribution"]["Properties"]["DistributionConfig"];
    let behaviours = std::iter::once(&distribution["DefaultCacheBehavior"])
        .chain(distribution["CacheBehaviors"].as_sequence().unwrap().iter());
    // The app and the API with it; only the public player, walls, their JSON and media
    // with the policy that lets other sites frame them.
    const EMBEDDABLE: [&str; 4] = ["/embed/*", "/wall/*", "/api/public/*", "/published/*"];
    for behaviour in behaviours {
        let (tag, policy) = untag(&behaviour["ResponseHeadersPolicyId"]);
        let path = behaviour["PathPattern"].as_str().unwrap_or("default");
        let expected =
            if EMBEDDABLE.contains(&path) { "EmbedResponseHeadersPolicy" } else { "WebResponseHeadersPolicy" };
        assert_eq!((tag.as_str(), policy.as_str()), ("Ref", Some(expected)), "{path}");
    }
}

#[test]
fn published_stories_are_public_cached_briefly_and_only_the_player_and_walls_may_be_framed() {
    let doc = document();
    let resources = &doc["Resources"];
    let embed = &resources["EmbedResponseHeadersPolicy"]["Properties"]["ResponseHeadersPolicyConfig"];
    let csp = embed["SecurityHeadersConfig"]["ContentSecurityPolicy"]["ContentSecurityPolicy"].as_str().unwrap();
    assert!(csp.contains("frame-ancestors *"), "{csp}");
    assert!(!csp.contains("unsafe"), "{csp}");
    assert!(embed["SecurityHeadersConfig"]["FrameOptions"].is_null(), "no X-Frame-Options on embeds");
    // A takedown shows within a minute: nothing public is kept longer at the edge.
    let cache = &resources["PublicCachePolicy"]["Properties"]["CachePolicyConfig"];
    assert_eq!(cache["MaxTTL"].as_i64(), Some(60));
    assert_eq!(cache["ParametersInCacheKeyAndForwardedToOrigin"]["CookiesConfig"]["CookieBehavior"], "none");
    let distribution = &resources["WebDistribution"]["Properties"]["DistributionConfig"];
    let behaviours = distribution["CacheBehaviors"].as_sequence().unwrap();
    let behaviour =
        |path: &str| behaviours.iter().find(|b| b["PathPattern"] == path).unwrap_or_else(|| panic!("{path}"));
    for path in ["/v/*", "/embed/*", "/wall/*", "/api/public/*"] {
        assert_eq!(behaviour(path)["TargetOriginId"], "HttpApiOrigin", "{path}");
        assert_eq!(untag(&behaviour(path)["CachePolicyId"]).1.as_str(), Some("PublicCachePolicy"), "{path}");
    }
    // The API's own paths still come before the catch-all `/api/*`, which caches nothing.
    let position = |path: &str| behaviours.iter().position(|b| b["PathPattern"] == path).unwrap();
    assert!(position("/api/public/*") < position("/api/*"));
    // The public copies come from their own bucket, which only CloudFront reads.
    assert_eq!(behaviour("/published/*")["TargetOriginId"], "PublishedBucketOrigin");
    let policy = serde_yaml::to_string(&resources["PublishedBucketPolicy"]).unwrap();
    assert!(policy.contains("cloudfront.amazonaws.com") && policy.contains("AWS:SourceArn"), "{policy}");
    // The public pages' function reads and counts; it writes nothing else and is capped.
    let function = &resources["PublicPagesFunction"]["Properties"];
    let actions = serde_yaml::to_string(&function["Policies"]).unwrap();
    for write in ["PutItem", "DeleteItem", "BatchWriteItem", "s3:", "sqs:"] {
        assert!(!actions.contains(write), "the public function may not {write}: {actions}");
    }
    assert!(serde_yaml::to_string(&function["ReservedConcurrentExecutions"])
        .unwrap()
        .contains("PublicPagesConcurrency"));
}

#[test]
fn a_custom_domain_is_optional_and_then_served_with_tls_1_2_at_least() {
    let doc = document();
    for name in ["DomainName", "CertificateArn"] {
        assert_eq!(doc["Parameters"][name]["Default"].as_str(), Some(""), "{name} is optional");
    }
    let (tag, condition) = untag(&doc["Conditions"]["HasCustomDomain"]);
    assert_eq!(tag, "And");
    let condition = serde_yaml::to_string(condition).unwrap();
    assert!(condition.contains("DomainName") && condition.contains("CertificateArn"), "{condition}");
    let distribution = &doc["Resources"]["WebDistribution"]["Properties"]["DistributionConfig"];
    let (tag, aliases) = untag(&distribution["Aliases"]);
    assert_eq!((tag.as_str(), aliases[0].as_str()), ("If", Some("HasCustomDomain")));
    assert_eq!(untag(&aliases[1][0]), ("Ref".to_string(), &serde_yaml::Value::from("DomainName")));
    let (tag, certificate) = untag(&distribution["ViewerCertificate"]);
    assert_eq!((tag.as_str(), certificate[0].as_str()), ("If", Some("HasCustomDomain")));
    let custom = &certificate[1];
    assert_eq!(custom["MinimumProtocolVersion"].as_str(), Some("TLSv1.2_2021"));
    assert_eq!(custom["SslSupportMethod"].as_str(), Some("sni-only"));
    assert_eq!(untag(&custom["AcmCertificateArn"]), ("Ref".to_string(), &serde_yaml::Value::from("CertificateArn")));
    assert_eq!(certificate[2]["CloudFrontDefaultCertificate"].as_bool(), Some(true));
}

#[test]
fn every_s3_write_grant_names_a_key_prefix() {
    let template = template();
    const WRITES: &[&str] = &["s3:PutObject", "s3:DeleteObject", "s3:AbortMultipartUpload"];
    let mut whole_bucket = Vec::new();
    for function in template.of_kind("AWS::Serverless::Function") {
        let policies = function.properties["Policies"].as_sequence().cloned().unwrap_or_default();
        for statement in policies.iter().filter_map(|p| p["Statement"].as_sequence()).flatten() {
            let actions: Vec<String> = match &statement["Action"] {
                serde_yaml::Value::Sequence(items) => {
                    items.iter().filter_map(|a| a.as_str().map(String::from)).collect()
                }
                other => other.as_str().map(String::from).into_iter().collect(),
            };
            if !actions.iter().any(|a| WRITES.contains(&a.as_str())) {
                continue;
            }
            let resources: Vec<serde_yaml::Value> = match untag(&statement["Resource"]) {
                (tag, serde_yaml::Value::Sequence(items)) if tag.is_empty() => items.clone(),
                _ => vec![statement["Resource"].clone()],
            };
            for resource in resources {
                let text = untag(&resource).1.as_str().unwrap_or_default().to_string();
                // `${Bucket.Arn}/*` is the whole bucket; a prefix (or folder pattern) must follow.
                if text.is_empty() || text.ends_with(".Arn}/*") {
                    whole_bucket.push(format!(
                        "{} {}: {text:?}",
                        function.logical_id,
                        statement["Sid"].as_str().unwrap_or("?")
                    ));
                }
            }
        }
    }
    assert!(whole_bucket.is_empty(), "S3 writes granted on a whole bucket:\n  {}", whole_bucket.join("\n  "));
}

/// `/api` and everything under it reach the API (whose catch-all route answers the error
/// schema), never the web app's page; the rest of the paths reach the web app.
#[test]
fn the_api_prefix_and_everything_under_it_reach_the_api() {
    let doc = document();
    let distribution = &doc["Resources"]["WebDistribution"]["Properties"]["DistributionConfig"];
    let behaviours = distribution["CacheBehaviors"].as_sequence().unwrap();
    for pattern in ["/api", "/api/*"] {
        let behaviour = behaviours
            .iter()
            .find(|b| b["PathPattern"].as_str() == Some(pattern))
            .unwrap_or_else(|| panic!("no cache behaviour for {pattern}"));
        assert_eq!(behaviour["TargetOriginId"].as_str(), Some("HttpApiOrigin"), "{pattern}");
        let methods: Vec<_> =
            behaviour["AllowedMethods"].as_sequence().unwrap().iter().filter_map(|m| m.as_str()).collect();
        for method in ["GET", "POST", "PUT", "DELETE", "PATCH"] {
            assert!(methods.contains(&method), "{pattern}: {method}");
        }
        let function = &behaviour["FunctionAssociations"][0]["FunctionARN"];
        assert!(format!("{function:?}").contains("ApiPrefixFunction"), "{pattern}: {function:?}");
    }
}

/// Whether S3 would notify `key` with these queue configurations: one whose rules (a
/// prefix and/or a suffix) all hold.
fn notified(configurations: &[serde_yaml::Value], key: &str) -> bool {
    configurations.iter().any(|configuration| {
        let rules = configuration["Filter"]["S3Key"]["Rules"].as_sequence().cloned().unwrap_or_default();
        rules.iter().all(|rule| {
            let value = rule["Value"].as_str().unwrap();
            match rule["Name"].as_str().unwrap().to_ascii_lowercase().as_str() {
                "prefix" => key.starts_with(value),
                "suffix" => key.ends_with(value),
                other => panic!("unknown rule {other}"),
            }
        })
    })
}

#[test]
fn only_takes_wake_the_upload_worker_and_the_media_worker_writes_only_derived_media() {
    use storyhive_shared::storage::objects::{self, Derived, TakeKey, TAKE_EXTENSIONS, TAKE_SUFFIXES};
    let text = std::fs::read_to_string(workspace_root().join("template.yaml")).unwrap();
    let doc: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    let notification = &doc["Resources"]["VideoBucket"]["Properties"]["NotificationConfiguration"];
    let configurations = notification["QueueConfigurations"].as_sequence().unwrap().clone();
    let mut suffixes = Vec::new();
    for configuration in &configurations {
        assert_eq!(configuration["Event"], "s3:ObjectCreated:*");
        assert!(format!("{:?}", configuration["Queue"]).contains("UploadQueue"), "{configuration:?}");
        let rules = configuration["Filter"]["S3Key"]["Rules"].as_sequence().expect("every configuration is filtered");
        for rule in rules {
            assert_eq!(rule["Name"], "suffix", "{rule:?}");
            suffixes.push(rule["Value"].as_str().unwrap().to_string());
        }
    }
    assert_eq!(suffixes, TAKE_SUFFIXES, "one configuration per take extension");
    // S3 refuses configurations of one event whose filters overlap.
    for (i, a) in suffixes.iter().enumerate() {
        for b in &suffixes[i + 1..] {
            assert!(!a.ends_with(b.as_str()) && !b.ends_with(a.as_str()), "{a} and {b} overlap");
        }
    }

    let take = |extension: &str| {
        TakeKey {
            tenant_id: "01TENANT".into(),
            initiative_id: "01INITIATIVE".into(),
            campaign_id: "01CAMPAIGN".into(),
            contributor_id: "01CONTRIBUTOR".into(),
            taken_at_ms: 1_700_000_000_000,
            extension: extension.into(),
        }
        .key()
    };
    for extension in TAKE_EXTENSIONS {
        assert!(notified(&configurations, &take(extension)), "a .{extension} take wakes the upload worker");
    }
    let generated = objects::generated_video(&take("webm"), "01VIDEO", true);
    let quiet = Derived::ALL
        .map(|d| d.of(&take("mp4")))
        .into_iter()
        .chain([generated.mp4, generated.poster, generated.captions.unwrap()])
        .chain([objects::video_test_upload("01ABC", "holiday.mp4"), objects::video_test_output("01JOB")]);
    for key in quiet {
        assert!(!notified(&configurations, &key), "{key} would wake the upload worker");
    }

    // The media worker writes derived media and test results, never a take.
    let (template, resources) = offline();
    let policy = FunctionPolicy::of(&template, "MediaWorkerFunction", &resources).unwrap();
    let bucket = &resources.buckets["VideoBucket"];
    let put = |key: &str| Request {
        action: "s3:PutObject".into(),
        resource: format!("arn:aws:s3:::{bucket}/{key}"),
        context: BTreeMap::new(),
    };
    assert!(policy.allows(&put(&Derived::WebMp4.of(&take("webm")))));
    assert!(policy.allows(&put(&Derived::TranscriptionOutput.of(&take("webm")))));
    assert!(policy.allows(&put(&objects::generated_video(&take("webm"), "01VIDEO", false).mp4)));
    assert!(policy.allows(&put(&objects::video_test_output("01JOB"))));
    assert!(!policy.allows(&put(&take("webm"))), "the media worker cannot overwrite a take");
}

/// The local resources with the template parameter `TranscriptionEngine` set.
struct WithEngine<'a>(&'a LocalResources, &'static str);

impl storyhive_local_stack::template::Locals for WithEngine<'_> {
    fn reference(&self, logical_id: &str) -> Option<String> {
        self.0.reference(logical_id)
    }
    fn attribute(&self, logical_id: &str, attribute: &str) -> Option<String> {
        self.0.attribute(logical_id, attribute)
    }
    fn parameter(&self, name: &str) -> Option<String> {
        if name == "TranscriptionEngine" {
            Some(self.1.into())
        } else {
            self.0.parameter(name)
        }
    }
}

#[test]
fn the_transcription_engine_decides_the_media_workers_grants_memory_and_environment() {
    use storyhive_local_stack::template::Locals;
    let (template, resources) = offline();
    let job = Request {
        action: "transcribe:StartTranscriptionJob".into(),
        resource: "arn:aws:transcribe:eu-west-1:000000000000:transcription-job/t.job".into(),
        context: BTreeMap::new(),
    };
    let function = template.resource("MediaWorkerFunction").unwrap();
    for (engine, transcribes, memory) in [("AmazonTranscribe", true, 3008), ("Whisper", false, 3538)] {
        let locals = WithEngine(&resources, engine);
        let policy = FunctionPolicy::of(&template, "MediaWorkerFunction", &locals).unwrap();
        assert_eq!(policy.allows(&job), transcribes, "{engine}: Amazon Transcribe only when it hears the takes");
        let properties = template.resolve(&function.properties, &locals).unwrap();
        assert_eq!(properties["MemorySize"], memory, "{engine}");
        assert_eq!(properties["Environment"]["Variables"]["TRANSCRIPTION_ENGINE"], engine);
    }
    // The default is Amazon Transcribe.
    assert_eq!(resources.parameter("TranscriptionEngine"), None);
    assert_eq!(template.parameter_default("TranscriptionEngine").as_deref(), Some("AmazonTranscribe"));
}
