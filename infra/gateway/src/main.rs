use std::{net::SocketAddr, path::PathBuf};

use anyhow::Context;
use clap::{Parser, Subcommand};
use storyhive_gateway::{demo, seed};
use storyhive_local_stack::{
    mailbox, provision, provision::LocalResources, template::Template, testkit::fake_llm::FakeLlm, worker,
};
use storyhive_shared::config::{AiConfig, AiProviderKind};
use storyhive_shared::{aws::AwsClients, mail::SesMailer, telemetry, AppContext};

/// Storyhive's local gateway: runs the whole product on this machine against the
/// local emulators. Never deployed.
#[derive(Parser)]
#[command(name = "storyhive-local", version)]
struct Cli {
    /// Prefix of every local resource name (tables, buckets, queues).
    #[arg(long, env = "STORYHIVE_PREFIX", default_value = "storyhive", global = true)]
    prefix: String,
    /// The SAM template the local resources are created from.
    #[arg(long, env = "STORYHIVE_TEMPLATE", default_value = "template.yaml", global = true)]
    template: PathBuf,
    /// Sender address of e-mail (verified in the local SES).
    #[arg(long, env = "SES_SENDER", default_value = "no-reply@storyhive.local", global = true)]
    ses_sender: String,
    /// Public URL of the app, used in e-mailed links.
    #[arg(long, env = "APP_BASE_URL", default_value = "http://localhost:3000", global = true)]
    app_base_url: String,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Create the table, buckets, queues and notifications from the template.
    Provision {
        /// Also write what was provisioned here, as JSON: the test command provisions once and
        /// every test process reads this file instead of provisioning again.
        #[arg(long)]
        resources_file: Option<PathBuf>,
    },
    /// Provision, then create or reset the demo organisation and print its sign-in details.
    Seed,
    /// Give the demo organisation (made by `seed`) its content through the API of the
    /// gateway serving on PORT: initiatives, campaigns, collaborators at every stage and
    /// their recorded answers (espeak-ng and ffmpeg), processed by that gateway's workers.
    /// Prints the demo collaborator's personal link. Running it again adds nothing twice.
    SeedContent {
        /// The port of the serving gateway (its API is under /api).
        #[arg(long, env = "STORYHIVE_PORT", default_value_t = 3000)]
        port: u16,
        /// How long to wait for the workers at most, in minutes.
        #[arg(long, default_value_t = 15)]
        wait_minutes: u64,
    },
    /// Provision, run the workers, and serve the API, the web app and the dev mailbox.
    Serve {
        #[arg(long, env = "STORYHIVE_PORT", default_value_t = 3000)]
        port: u16,
        #[arg(long, default_value = "web/dist")]
        web_dir: PathBuf,
        /// A Python with the `pocketsphinx` package: the local transcription engine
        /// (the scripts install it into .venv from requirements-local.txt).
        #[arg(long, env = "STORYHIVE_ASR_PYTHON", default_value = ".venv-whisper/bin/python")]
        asr_python: PathBuf,
    },
    /// Print the OpenAPI document.
    Openapi,
    /// Print the permission table (spec section 6) as JSON; committed as
    /// web/src/config/permissions.json, which the web app's role table is tested against.
    Permissions,
    /// Serve a fake language model (OpenAI chat completions and Bedrock Converse) for trying
    /// the AI calls locally: point STORYHIVE_AI_BASE_URL at http://127.0.0.1:PORT/v1 with
    /// STORYHIVE_AI_PROVIDER=openai (or set STORYHIVE_AI_PROVIDER=fake to have `serve` run one).
    FakeLlm {
        #[arg(long, default_value_t = 3900)]
        port: u16,
    },
}

async fn provisioned(cli: &Cli, clients: &AwsClients) -> anyhow::Result<LocalResources> {
    provision::provision(clients, &cli.template, &cli.prefix, &cli.ses_sender)
        .await
        .context("provisioning the local emulators (are they running? infra/scripts/emulators.sh start)")
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    if let Command::Openapi = cli.command {
        print!("{}", storyhive_gateway::openapi_json());
        return Ok(());
    }
    if let Command::Permissions = cli.command {
        print!("{}", storyhive_shared::permissions::table_json());
        return Ok(());
    }
    telemetry::init();
    if let Command::FakeLlm { port } = cli.command {
        let fake = FakeLlm::start_on(SocketAddr::from(([127, 0, 0, 1], port)))
            .await
            .with_context(|| format!("port {port} is already in use"))?;
        println!("Fake language model at {} (OpenAI chat completions); Ctrl-C stops it", fake.openai_base_url());
        shutdown().await;
        return Ok(());
    }
    // The AI function's model comes from STORYHIVE_AI_* here (there is no Bedrock locally).
    let local_ai = match &cli.command {
        Command::Serve { .. } => local_ai_config().await?,
        _ => AiConfig::default(),
    };
    let webhooks_allow_loopback = std::env::var("STORYHIVE_WEBHOOKS_ALLOW_LOOPBACK").is_ok_and(|v| v.trim() == "1");
    let clients = AwsClients::from_env().await;
    let resources = provisioned(&cli, &clients).await?;
    let template = Template::load(&cli.template)?;
    // Each function gets the config ITS environment in template.yaml gives it, as in AWS.
    let context_of = |logical_id: &str| -> anyhow::Result<AppContext> {
        let mut config = resources.function_config(&template, logical_id, &cli.app_base_url)?;
        if logical_id == "AiFunction" {
            config.ai = local_ai.clone();
        }
        // The tests' explicit setting: webhooks to http://127.0.0.1 receivers (never in template.yaml).
        config.webhooks_allow_loopback = webhooks_allow_loopback;
        Ok(AppContext::new(config, &clients))
    };
    match &cli.command {
        Command::Provision { resources_file } => {
            if let Some(path) = resources_file {
                std::fs::write(path, serde_json::to_vec_pretty(&resources)?)
                    .with_context(|| format!("writing {}", path.display()))?;
            }
            println!("Provisioned from {}:", cli.template.display());
            for (id, name) in resources.tables.iter().chain(resources.buckets.iter()) {
                println!("  {id}: {name}");
            }
            for (id, queue) in &resources.queues {
                println!("  {id}: {}", queue.url);
            }
        }
        Command::Seed => {
            // The demo users are what the accounts function would create.
            seed::seed(&context_of("AccountsFunction")?).await?;
            println!(
                "Demo organisation \"{}\" is ready. Sign in at {}/login with:",
                seed::DEMO_COMPANY,
                cli.app_base_url
            );
            for user in &seed::DEMO_USERS {
                println!("  {:<12} {:<34} password: {}", user.role.label(), user.email, seed::DEMO_PASSWORD);
            }
        }
        Command::SeedContent { port, wait_minutes } => {
            let options = demo::Options {
                api_url: format!("http://127.0.0.1:{port}/api"),
                campaigns: context_of("CampaignsFunction")?,
                published_copies: (
                    clients.s3.clone(),
                    context_of("PublishingFunction")?.config.published_bucket()?.to_string(),
                ),
                wait: std::time::Duration::from_secs(wait_minutes * 60),
                progress: |line| eprintln!("  {line}"),
            };
            let report = demo::seed_content(&options).await?;
            let takes = report.answers.len();
            let waiting = report.answers.iter().filter(|a| !a.answer.approved && !a.sent_back).count();
            println!(
                "Demo content is ready: {} campaigns, {} collaborators, {takes} recorded answers ({waiting} waiting for review), {} generated video(s).",
                report.campaigns,
                report.collaborators,
                report.generated_videos.len()
            );
            println!(
                "Try the recording studio as {}, a collaborator of \"{}\" (a new link each time the demo is seeded):",
                report.contributor.name, report.contributor.campaign
            );
            println!("  {}", report.contributor.link);
            if let Some(story) = &report.story {
                println!(
                    "A story of many voices, \"{}\", drafted by the AI from \"{}\" and rendered in landscape.",
                    story.title,
                    demo::world::STORY.campaign
                );
            }
            if let Some(story) = report.published.share_urls.first() {
                println!(
                    "Published for anyone to watch: {} stories, e.g. {story}, and their wall, {}",
                    report.published.share_urls.len(),
                    report.published.wall_url
                );
            }
        }
        Command::Serve { port, web_dir, asr_python } => {
            let mail = context_of("MailWorkerFunction")?;
            let mailer = SesMailer::new(clients.ses.clone(), mail.config.ses_sender()?.to_string());
            tokio::spawn(sqs_worker(&template, &resources, "MailWorkerFunction", "mail-worker")?.run_with(
                clients.sqs.clone(),
                storyhive_local_stack::worker_handler!(mailer, storyhive_mail_worker::handle),
            ));
            let cascade = storyhive_cascade_worker::Cascade::new(&context_of("CascadeWorkerFunction")?)?;
            // The cloud's schedule (template.yaml) runs the sweep every 10 minutes.
            tokio::spawn({
                let cascade = cascade.clone();
                async move {
                    let mut every = tokio::time::interval(std::time::Duration::from_secs(600));
                    loop {
                        every.tick().await;
                        let due = storyhive_shared::model::now().unix_timestamp()
                            - storyhive_cascade_worker::SWEEP_AFTER_SECONDS;
                        if let Err(error) = cascade.sweep(due).await {
                            tracing::error!(error = ?error, "cascade sweep failed");
                        }
                    }
                }
            });
            // The cloud's schedule (template.yaml) sends the due reminders every 15 minutes.
            tokio::spawn({
                let reminders = context_of("ReminderWorkerFunction")?;
                async move {
                    let every = std::time::Duration::from_secs(storyhive_reminder_worker::EVERY_SECONDS);
                    let mut ticks = tokio::time::interval(every);
                    loop {
                        ticks.tick().await;
                        if let Err(error) =
                            storyhive_reminder_worker::handle_event(&reminders, serde_json::Value::Null).await
                        {
                            tracing::error!(error = ?error, "sending the due reminders failed");
                        }
                    }
                }
            });
            tokio::spawn(sqs_worker(&template, &resources, "CascadeWorkerFunction", "cascade-worker")?.run_with(
                clients.sqs.clone(),
                storyhive_local_stack::worker_handler!(cascade, storyhive_cascade_worker::handle),
            ));
            let context = context_of("UploadWorkerFunction")?;
            let uploads = storyhive_upload_worker::UploadWorker::new(&context)?;
            tokio::spawn(sqs_worker(&template, &resources, "UploadWorkerFunction", "upload-worker")?.run_with(
                clients.sqs.clone(),
                storyhive_local_stack::worker_handler!(uploads, storyhive_upload_worker::handle),
            ));

            // Locally the same worker transcribes offline with Whisper (.venv-whisper).
            let media = storyhive_media_worker::MediaWorker::new(
                &context_of("MediaWorkerFunction")?,
                std::sync::Arc::new(storyhive_media_worker::transcribe::Whisper::new(
                    asr_python.clone(),
                    storyhive_media_worker::TRANSCODE_LIMIT,
                )),
            )?;
            tokio::spawn(sqs_worker(&template, &resources, "MediaWorkerFunction", "media-worker")?.run_with(
                clients.sqs.clone(),
                storyhive_local_stack::worker_handler!(media, storyhive_media_worker::handle),
            ));

            // Webhooks: the deliveries as SQS hands them over, and the cloud's 5-minute sweep.
            let webhooks = storyhive_webhook_worker::WebhookWorker::new(&context_of("WebhookWorkerFunction")?);
            tokio::spawn({
                let webhooks = webhooks.clone();
                async move {
                    let every = std::time::Duration::from_secs(storyhive_webhook_worker::SWEEP_EVERY_SECONDS);
                    let mut ticks = tokio::time::interval(every);
                    loop {
                        ticks.tick().await;
                        if let Err(error) = webhooks.sweep().await {
                            tracing::error!(error = ?error, "webhook sweep failed");
                        }
                    }
                }
            });
            tokio::spawn(sqs_worker(&template, &resources, "WebhookWorkerFunction", "webhook-worker")?.run_with(
                clients.sqs.clone(),
                storyhive_local_stack::worker_handler!(webhooks, storyhive_webhook_worker::handle),
            ));

            if !web_dir.join("index.html").exists() {
                tracing::warn!("{} has no index.html: build the web app (npm run build in web/)", web_dir.display());
            }
            let moto = mailbox::ses_endpoint().context("AWS_ENDPOINT_URL must point at moto")?;
            let app = storyhive_gateway::app(context_of, web_dir, moto)?;
            let address = SocketAddr::from(([127, 0, 0, 1], *port));
            let listener = tokio::net::TcpListener::bind(address)
                .await
                .with_context(|| format!("port {port} is already in use: stop what uses it, or set STORYHIVE_PORT"))?;
            println!(
                "Storyhive is running at http://localhost:{port}  (dev mailbox: http://localhost:{port}/_dev/mailbox)"
            );
            axum::serve(listener, app).with_graceful_shutdown(shutdown()).await?;
        }
        Command::Openapi | Command::Permissions | Command::FakeLlm { .. } => unreachable!(),
    }
    Ok(())
}

/// `STORYHIVE_AI_PROVIDER` and friends (the AI function's `AI_*` settings, prefixed), with
/// one more provider: `fake` runs the fake model in this process and uses it, on
/// `STORYHIVE_FAKE_LLM_PORT` when set (so that e2e tests can reach its control route,
/// `POST /fake/answer-next`), else on a free port.
async fn local_ai_config() -> anyhow::Result<AiConfig> {
    let lookup = |name: &str| std::env::var(format!("STORYHIVE_{name}")).ok();
    let config = AiConfig::from_lookup(lookup);
    if let AiProviderKind::Unknown(value) = &config.provider {
        if value == "fake" {
            let port = match std::env::var("STORYHIVE_FAKE_LLM_PORT") {
                Ok(port) if !port.trim().is_empty() => port
                    .trim()
                    .parse::<u16>()
                    .with_context(|| format!("STORYHIVE_FAKE_LLM_PORT must be a port number, not {port:?}"))?,
                _ => 0,
            };
            let fake = FakeLlm::start_on(SocketAddr::from(([127, 0, 0, 1], port)))
                .await
                .with_context(|| format!("the fake model's port {port} is already in use (STORYHIVE_FAKE_LLM_PORT)"))?;
            println!("AI writing help uses the local fake model at {}", fake.openai_base_url());
            return Ok(AiConfig {
                provider: AiProviderKind::OpenAi,
                base_url: Some(fake.openai_base_url()),
                model: Some("fake".into()),
                ..config
            });
        }
    }
    match &config.provider {
        AiProviderKind::None => println!("AI writing help is off (set STORYHIVE_AI_PROVIDER, see docs/LOCAL_STACK.md)"),
        other => println!("AI writing help uses {other:?} {}", config.base_url.as_deref().unwrap_or("")),
    }
    Ok(config)
}

/// The queue a worker function consumes (its `SQS` event in template.yaml), to poll.
struct QueueOf {
    name: String,
    url: String,
    arn: String,
}

impl QueueOf {
    async fn run_with(self, sqs: aws_sdk_sqs::Client, handler: worker::Handler) {
        worker::Worker {
            name: self.name,
            queue_url: self.url,
            queue_arn: self.arn,
            handler,
            receive_visibility_seconds: None,
        }
        .run(sqs)
        .await
    }
}

fn sqs_worker(template: &Template, resources: &LocalResources, function: &str, name: &str) -> anyhow::Result<QueueOf> {
    let queues = template.sqs_event_queues(function)?;
    let [queue] = queues.as_slice() else {
        anyhow::bail!("{function} must have exactly one SQS event in template.yaml")
    };
    let queue = resources.queue(queue)?;
    Ok(QueueOf { name: name.into(), url: queue.url.clone(), arn: queue.arn.clone() })
}

async fn shutdown() {
    let ctrl_c = async { tokio::signal::ctrl_c().await.ok() };
    #[cfg(unix)]
    let terminate = async {
        if let Ok(mut signal) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            signal.recv().await;
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = terminate => {} }
}
