//! The IAM side of `template.yaml`, checked without an AWS account.
//!
//! - [`FunctionPolicy`]: a function's `Policies` (inline statements, and the SAM policy
//!   templates the checker knows, expanded as SAM expands them), resolved against local
//!   resources and evaluated as IAM evaluates identity policies: an explicit `Deny` wins,
//!   otherwise an `Allow` whose action, resource and conditions match.
//! - [`check_grants`]: the static rule that grants follow usage: every table, queue and
//!   bucket a function's environment names is granted (queues: `sqs:SendMessage`), and no
//!   function is granted a table, queue or bucket its environment and event sources do
//!   not name.
//!
//! A function may list, in `Metadata.UnusedResources`, resources its environment names
//! but its code never uses (e.g. `TABLE_NAME` reaches every function through `Globals`):
//! those must then have no grant at all.

use std::collections::{BTreeMap, BTreeSet};

use anyhow::{bail, Context};
use serde_json::{json, Value as Json};
use serde_yaml::Value as Yaml;

use crate::{
    provision::LocalResources,
    template::{references, Locals, Template},
};

/// One request as IAM sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// e.g. `sqs:SendMessage`
    pub action: String,
    /// The resource's ARN.
    pub resource: String,
    /// Condition keys of the request, e.g. `ses:FromAddress`.
    pub context: BTreeMap<String, String>,
}

#[derive(Clone, Debug)]
pub struct Statement {
    pub sid: Option<String>,
    pub allow: bool,
    pub actions: Vec<String>,
    pub resources: Vec<String>,
    pub conditions: serde_json::Map<String, Json>,
}

/// A function's identity policies, resolved.
#[derive(Clone, Debug)]
pub struct FunctionPolicy {
    pub function: String,
    pub statements: Vec<Statement>,
}

impl FunctionPolicy {
    /// The `Policies` of function `logical_id`, resolved against `locals`.
    pub fn of(template: &Template, logical_id: &str, locals: &dyn Locals) -> anyhow::Result<Self> {
        let function = template.function(logical_id)?;
        let policies = match function.properties.get("Policies") {
            None => Vec::new(),
            Some(Yaml::Sequence(items)) => items.clone(),
            Some(single) => vec![single.clone()],
        };
        let mut statements = Vec::new();
        for policy in &policies {
            let resolved = template.resolve(policy, locals).with_context(|| format!("{logical_id}: Policies"))?;
            statements.extend(
                policy_statements(&resolved, locals).with_context(|| format!("{logical_id}: Policies: {resolved}"))?,
            );
        }
        Ok(Self { function: logical_id.to_string(), statements })
    }

    /// Whether IAM would allow the request.
    pub fn allows(&self, request: &Request) -> bool {
        let matches = |s: &&Statement| {
            s.actions.iter().any(|a| glob(&a.to_ascii_lowercase(), &request.action.to_ascii_lowercase()))
                && s.resources.iter().any(|r| glob(r, &request.resource))
                && conditions_hold(&s.conditions, &request.context)
        };
        let statements = || self.statements.iter().filter(matches);
        !statements().any(|s| !s.allow) && statements().any(|s| s.allow)
    }

    /// The actions of `service` (e.g. `dynamodb`) that some Allow statement grants on a
    /// resource matching one of `arns` (conditions ignored: a conditional grant counts).
    /// What the policy allows on any key under `prefix` (a bucket's ARN and `/`).
    pub fn actions_under(&self, service: &str, prefix: &str) -> BTreeSet<String> {
        let service_prefix = format!("{service}:");
        self.statements
            .iter()
            .filter(|s| s.allow && s.resources.iter().any(|r| r.starts_with(prefix)))
            .flat_map(|s| s.actions.iter())
            .filter(|a| a.as_str() == "*" || a.to_ascii_lowercase().starts_with(&service_prefix))
            .cloned()
            .collect()
    }

    pub fn actions_on(&self, service: &str, arns: &[String]) -> BTreeSet<String> {
        let prefix = format!("{service}:");
        self.statements
            .iter()
            .filter(|s| s.allow && s.resources.iter().any(|r| arns.iter().any(|arn| glob(r, arn))))
            .flat_map(|s| s.actions.iter())
            .filter(|a| a.as_str() == "*" || a.to_ascii_lowercase().starts_with(&prefix))
            .cloned()
            .collect()
    }
}

fn strings(value: Option<&Json>) -> Vec<String> {
    match value {
        Some(Json::String(s)) => vec![s.clone()],
        Some(Json::Array(items)) => items.iter().filter_map(|i| i.as_str().map(str::to_string)).collect(),
        _ => Vec::new(),
    }
}

/// The statements of one entry of `Policies`: a policy document or a SAM policy template.
fn policy_statements(policy: &Json, locals: &dyn Locals) -> anyhow::Result<Vec<Statement>> {
    let Json::Object(map) = policy else {
        bail!("managed policies (by name or ARN) are not supported by the template checks; write the statements")
    };
    if map.contains_key("Statement") {
        let statements = match &map["Statement"] {
            Json::Array(items) => items.clone(),
            single => vec![single.clone()],
        };
        return statements.iter().map(statement).collect();
    }
    if map.len() != 1 {
        bail!("neither a policy document nor a SAM policy template");
    }
    let (name, parameters) = map.iter().next().expect("one entry");
    sam_policy_template(name, parameters, locals)?.iter().map(statement).collect()
}

fn statement(value: &Json) -> anyhow::Result<Statement> {
    for unsupported in ["NotAction", "NotResource", "NotPrincipal"] {
        if value.get(unsupported).is_some() {
            bail!("{unsupported} is not supported by the template checks");
        }
    }
    Ok(Statement {
        sid: value.get("Sid").and_then(Json::as_str).map(str::to_string),
        allow: match value.get("Effect").and_then(Json::as_str) {
            Some("Allow") => true,
            Some("Deny") => false,
            other => bail!("statement Effect must be Allow or Deny, not {other:?}"),
        },
        actions: strings(value.get("Action")),
        resources: strings(value.get("Resource")),
        conditions: value.get("Condition").and_then(Json::as_object).cloned().unwrap_or_default(),
    })
}

/// The statements SAM generates for a policy template (from SAM's `policy_templates.json`,
/// for the templates this project may use).
fn sam_policy_template(name: &str, parameters: &Json, locals: &dyn Locals) -> anyhow::Result<Vec<Json>> {
    let region = locals.parameter("AWS::Region").unwrap_or_else(|| "eu-west-1".into());
    let account = locals.parameter("AWS::AccountId").unwrap_or_else(|| "000000000000".into());
    let parameter = |key: &str| -> anyhow::Result<String> {
        parameters.get(key).and_then(Json::as_str).map(str::to_string).with_context(|| format!("{name} needs {key}"))
    };
    let allow =
        |actions: &[&str], resources: Vec<String>| json!({"Effect": "Allow", "Action": actions, "Resource": resources});
    let table = |t: &str| {
        vec![
            format!("arn:aws:dynamodb:{region}:{account}:table/{t}"),
            format!("arn:aws:dynamodb:{region}:{account}:table/{t}/index/*"),
        ]
    };
    let bucket = |b: &str| vec![format!("arn:aws:s3:::{b}"), format!("arn:aws:s3:::{b}/*")];
    let queue = |q: &str| vec![format!("arn:aws:sqs:{region}:{account}:{q}")];
    Ok(match name {
        "SQSSendMessagePolicy" => vec![allow(&["sqs:SendMessage*"], queue(&parameter("QueueName")?))],
        "SQSPollerPolicy" => vec![allow(
            &[
                "sqs:ChangeMessageVisibility",
                "sqs:ChangeMessageVisibilityBatch",
                "sqs:DeleteMessage",
                "sqs:DeleteMessageBatch",
                "sqs:GetQueueAttributes",
                "sqs:ReceiveMessage",
            ],
            queue(&parameter("QueueName")?),
        )],
        "DynamoDBCrudPolicy" => vec![allow(
            &[
                "dynamodb:GetItem",
                "dynamodb:DeleteItem",
                "dynamodb:PutItem",
                "dynamodb:Scan",
                "dynamodb:Query",
                "dynamodb:UpdateItem",
                "dynamodb:BatchWriteItem",
                "dynamodb:BatchGetItem",
                "dynamodb:DescribeTable",
                "dynamodb:ConditionCheckItem",
            ],
            table(&parameter("TableName")?),
        )],
        "DynamoDBReadPolicy" => vec![allow(
            &["dynamodb:GetItem", "dynamodb:Scan", "dynamodb:Query", "dynamodb:BatchGetItem", "dynamodb:DescribeTable"],
            table(&parameter("TableName")?),
        )],
        "DynamoDBWritePolicy" => vec![allow(
            &["dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:BatchWriteItem"],
            table(&parameter("TableName")?),
        )],
        "S3ReadPolicy" => vec![allow(
            &[
                "s3:GetObject",
                "s3:ListBucket",
                "s3:GetBucketLocation",
                "s3:GetObjectVersion",
                "s3:GetLifecycleConfiguration",
            ],
            bucket(&parameter("BucketName")?),
        )],
        "S3CrudPolicy" => vec![allow(
            &[
                "s3:GetObject",
                "s3:ListBucket",
                "s3:GetBucketLocation",
                "s3:GetObjectVersion",
                "s3:PutObject",
                "s3:PutObjectAcl",
                "s3:GetLifecycleConfiguration",
                "s3:PutLifecycleConfiguration",
                "s3:DeleteObject",
            ],
            bucket(&parameter("BucketName")?),
        )],
        other => {
            bail!("SAM policy template {other} is not known to the template checks (infra/local-stack/src/iam.rs)")
        }
    })
}

/// IAM's wildcard match: `*` any run of characters, `?` one character.
pub fn glob(pattern: &str, text: &str) -> bool {
    let (p, t): (Vec<char>, Vec<char>) = (pattern.chars().collect(), text.chars().collect());
    let (mut pi, mut ti, mut star, mut mark) = (0, 0, None, 0);
    while ti < t.len() {
        if pi < p.len() && (p[pi] == '?' || p[pi] == t[ti]) {
            pi += 1;
            ti += 1;
        } else if pi < p.len() && p[pi] == '*' {
            star = Some(pi);
            mark = ti;
            pi += 1;
        } else if let Some(s) = star {
            pi = s + 1;
            mark += 1;
            ti = mark;
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|c| *c == '*')
}

/// The string operators of IAM conditions; anything else does not hold (so a statement
/// the checks cannot evaluate never allows).
fn conditions_hold(conditions: &serde_json::Map<String, Json>, context: &BTreeMap<String, String>) -> bool {
    conditions.iter().all(|(operator, keys)| {
        let Some(keys) = keys.as_object() else { return false };
        keys.iter().all(|(key, expected)| {
            let Some(actual) = context.iter().find(|(k, _)| k.eq_ignore_ascii_case(key)).map(|(_, v)| v) else {
                return false;
            };
            let expected = strings(Some(expected));
            match operator.as_str() {
                "StringEquals" => expected.iter().any(|e| e == actual),
                "StringEqualsIgnoreCase" => expected.iter().any(|e| e.eq_ignore_ascii_case(actual)),
                "StringLike" => expected.iter().any(|e| glob(e, actual)),
                _ => false,
            }
        })
    })
}

/// Kinds of resource the functions reach through their environment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Table,
    Bucket,
    Queue,
    Distribution,
}

/// Each table, bucket and queue of the template: logical id, kind, ARNs that stand for it.
fn inventory(resources: &LocalResources) -> Vec<(String, Kind, Vec<String>)> {
    let mut out = Vec::new();
    for (id, name) in &resources.tables {
        let arn = resources.table_arn(name);
        out.push((id.clone(), Kind::Table, vec![arn.clone(), format!("{arn}/index/any-index")]));
    }
    for (id, name) in &resources.buckets {
        out.push((
            id.clone(),
            Kind::Bucket,
            vec![format!("arn:aws:s3:::{name}"), format!("arn:aws:s3:::{name}/any/key")],
        ));
    }
    for (id, queue) in &resources.queues {
        out.push((id.clone(), Kind::Queue, vec![queue.arn.clone()]));
    }
    for (id, distribution) in &resources.distributions {
        let arn = format!("arn:aws:cloudfront::{}:distribution/{distribution}", resources.account_id);
        out.push((id.clone(), Kind::Distribution, vec![arn]));
    }
    out
}

/// The static rule "grants follow usage", for every function of the template. Returns
/// one line per problem (empty = all good).
pub fn check_grants(template: &Template, resources: &LocalResources) -> anyhow::Result<Vec<String>> {
    let inventory = inventory(resources);
    let mut problems = Vec::new();
    for function in template.of_kind("AWS::Serverless::Function") {
        let id = &function.logical_id;
        let policy = FunctionPolicy::of(template, id, resources)?;
        // Resource logical id -> the environment variables naming it.
        let mut environment: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (variable, value) in template.function_environment(id)? {
            for name in references(&value) {
                // A distribution's address (the app's URL) is no use of it; its id is.
                if resources.distributions.contains_key(&name) && !is_ref_of(&value, &name) {
                    continue;
                }
                environment.entry(name).or_default().push(variable.clone());
            }
        }
        let event_queues = template.sqs_event_queues(id)?;
        let unused: Vec<String> = function
            .metadata
            .get("UnusedResources")
            .and_then(Yaml::as_sequence)
            .map(|s| s.iter().filter_map(|v| v.as_str().map(str::to_string)).collect())
            .unwrap_or_default();
        for name in &unused {
            if !environment.contains_key(name) {
                problems
                    .push(format!("{id}: Metadata.UnusedResources lists {name}, which its environment does not name"));
            }
        }
        for (resource, kind, arns) in &inventory {
            let service = match kind {
                Kind::Table => "dynamodb",
                Kind::Bucket => "s3",
                Kind::Queue => "sqs",
                Kind::Distribution => "cloudfront",
            };
            let mut granted = policy.actions_on(service, arns);
            if *kind == Kind::Bucket {
                // A grant on some of its keys only (`<bucket>/published/*`) counts too.
                granted.extend(policy.actions_under(service, &format!("{}/", arns[0])));
            }
            match environment.get(resource) {
                Some(_) if unused.contains(resource) && !granted.is_empty() => problems.push(format!(
                    "{id}: {resource} is listed in Metadata.UnusedResources but granted {}",
                    join(&granted)
                )),
                Some(_) if unused.contains(resource) => {}
                Some(variables) => {
                    let via = variables.join(", ");
                    if *kind == Kind::Queue {
                        let send = Request {
                            action: "sqs:SendMessage".into(),
                            resource: arns[0].clone(),
                            context: BTreeMap::new(),
                        };
                        if !policy.allows(&send) {
                            problems.push(format!(
                                "{id}: its environment names {resource} ({via}) but no policy allows sqs:SendMessage on it"
                            ));
                        }
                    } else if granted.is_empty() {
                        problems.push(format!(
                            "{id}: its environment names {resource} ({via}) but no policy grants any {service} action on it"
                        ));
                    }
                }
                None if event_queues.contains(resource) => {}
                None if !granted.is_empty() => problems.push(format!(
                    "{id}: granted {} on {resource}, which neither its environment nor its event sources name",
                    join(&granted)
                )),
                None => {}
            }
        }
    }
    Ok(problems)
}

/// Whether `value` is `!Ref name` (or `Ref: name`).
fn is_ref_of(value: &Yaml, name: &str) -> bool {
    match value {
        Yaml::Tagged(tagged) => {
            tagged.tag.to_string().trim_start_matches('!') == "Ref" && tagged.value.as_str() == Some(name)
        }
        Yaml::Mapping(map) => map.len() == 1 && map.get("Ref").and_then(Yaml::as_str) == Some(name),
        _ => false,
    }
}

fn join(actions: &BTreeSet<String>) -> String {
    actions.iter().cloned().collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// AccountsFunction as it was before the hardening: its environment names the cascade
    /// queue (closing an organisation queues initiative deletions) but only the mail queue
    /// is granted, which is what broke closing an organisation in AWS.
    const OLD_SHAPE: &str = r#"
Globals:
  Function:
    Environment:
      Variables:
        TABLE_NAME: !Ref AppTable
        MAIL_QUEUE_URL: !Ref MailQueue
        CASCADE_QUEUE_URL: !Ref CascadeQueue
Resources:
  AppTable: {Type: AWS::DynamoDB::Table}
  MailQueue: {Type: AWS::SQS::Queue}
  CascadeQueue: {Type: AWS::SQS::Queue}
  AccountsFunction:
    Type: AWS::Serverless::Function
    Properties:
      Policies:
        - Version: '2012-10-17'
          Statement:
            - Effect: Allow
              Action: [dynamodb:GetItem, dynamodb:PutItem]
              Resource: [!GetAtt AppTable.Arn, !Sub '${AppTable.Arn}/index/*']
        - SQSSendMessagePolicy:
            QueueName: !GetAtt MailQueue.QueueName
"#;

    fn problems(text: &str) -> Vec<String> {
        let template = Template::parse(text).unwrap();
        check_grants(&template, &LocalResources::offline(&template, "t", "no-reply@example.com")).unwrap()
    }

    #[test]
    fn the_old_accounts_function_fails_the_check() {
        assert_eq!(
            problems(OLD_SHAPE),
            ["AccountsFunction: its environment names CascadeQueue (CASCADE_QUEUE_URL) but no policy allows sqs:SendMessage on it"]
        );
    }

    #[test]
    fn granting_the_cascade_queue_fixes_it() {
        let fixed = OLD_SHAPE.to_string()
            + "        - SQSSendMessagePolicy:\n            QueueName: !GetAtt CascadeQueue.QueueName\n";
        assert_eq!(problems(&fixed), Vec::<String>::new());
    }

    #[test]
    fn a_grant_the_environment_does_not_name_is_drift() {
        let drifted = OLD_SHAPE.replace("        CASCADE_QUEUE_URL: !Ref CascadeQueue\n", "")
            + "        - SQSSendMessagePolicy:\n            QueueName: !GetAtt CascadeQueue.QueueName\n";
        assert_eq!(
            problems(&drifted),
            ["AccountsFunction: granted sqs:SendMessage* on CascadeQueue, which neither its environment nor its event sources name"]
        );
    }

    #[test]
    fn a_distributions_id_needs_an_invalidation_grant_and_its_address_needs_none() {
        let text = r#"
Resources:
  AppTable: {Type: AWS::DynamoDB::Table}
  WebDistribution: {Type: AWS::CloudFront::Distribution}
  PublishingFunction:
    Type: AWS::Serverless::Function
    Properties:
      Environment:
        Variables:
          TABLE_NAME: !Ref AppTable
          APP_BASE_URL: !Sub 'https://${WebDistribution.DomainName}'
          EDGE_DISTRIBUTION_ID: !Ref WebDistribution
      Policies:
        - DynamoDBReadPolicy:
            TableName: !Ref AppTable
"#;
        assert_eq!(
            problems(text),
            ["PublishingFunction: its environment names WebDistribution (EDGE_DISTRIBUTION_ID) but no policy grants any cloudfront action on it"]
        );
        let granted = text.to_string()
            + "        - Statement:\n            - Effect: Allow\n              Action: cloudfront:CreateInvalidation\n"
            + "              Resource: !Sub 'arn:${AWS::Partition}:cloudfront::${AWS::AccountId}:distribution/${WebDistribution}'\n";
        assert_eq!(problems(&granted), Vec::<String>::new());
        let address_only = text.replace("          EDGE_DISTRIBUTION_ID: !Ref WebDistribution\n", "");
        assert_eq!(problems(&address_only), Vec::<String>::new());
    }

    #[test]
    fn a_read_only_grant_does_not_allow_sending_and_unused_resources_must_stay_ungranted() {
        let text = r#"
Resources:
  AppTable: {Type: AWS::DynamoDB::Table}
  MailQueue: {Type: AWS::SQS::Queue}
  MailWorkerFunction:
    Type: AWS::Serverless::Function
    Metadata:
      UnusedResources: [AppTable]
    Properties:
      Environment:
        Variables:
          TABLE_NAME: !Ref AppTable
          MAIL_QUEUE_URL: !Ref MailQueue
      Policies:
        - DynamoDBReadPolicy:
            TableName: !Ref AppTable
        - SQSPollerPolicy:
            QueueName: !GetAtt MailQueue.QueueName
"#;
        assert_eq!(
            problems(text),
            [
                "MailWorkerFunction: AppTable is listed in Metadata.UnusedResources but granted dynamodb:BatchGetItem, dynamodb:DescribeTable, dynamodb:GetItem, dynamodb:Query, dynamodb:Scan",
                "MailWorkerFunction: its environment names MailQueue (MAIL_QUEUE_URL) but no policy allows sqs:SendMessage on it",
            ]
        );
    }

    #[test]
    fn evaluation_follows_iam() {
        let template = Template::parse(OLD_SHAPE).unwrap();
        let local = LocalResources::offline(&template, "t", "x@example.com");
        let policy = FunctionPolicy::of(&template, "AccountsFunction", &local).unwrap();
        let request =
            |action: &str, resource: String| Request { action: action.into(), resource, context: BTreeMap::new() };
        let table = local.table_arn("t-apptable");
        assert!(policy.allows(&request("dynamodb:GetItem", table.clone())));
        assert!(
            policy.allows(&request("dynamodb:getitem", format!("{table}/index/GSI1"))),
            "actions are case-insensitive"
        );
        assert!(!policy.allows(&request("dynamodb:Query", table)));
        assert!(policy.allows(&request("sqs:SendMessage", local.queues["MailQueue"].arn.clone())));
        assert!(!policy.allows(&request("sqs:SendMessage", local.queues["CascadeQueue"].arn.clone())));
        assert!(glob("arn:aws:s3:::b/*", "arn:aws:s3:::b/a/b.mp4"));
        assert!(!glob("arn:aws:s3:::b/*", "arn:aws:s3:::b"));
        assert!(glob("a?c", "abc"));
    }

    #[test]
    fn conditions_must_hold() {
        let statement = Statement {
            sid: None,
            allow: true,
            actions: vec!["ses:SendEmail".into()],
            resources: vec!["*".into()],
            conditions: json!({"StringEquals": {"ses:FromAddress": "a@example.com"}}).as_object().unwrap().clone(),
        };
        let policy = FunctionPolicy { function: "F".into(), statements: vec![statement] };
        let from = |address: &str| Request {
            action: "ses:SendEmail".into(),
            resource: "arn:aws:ses:eu-west-1:1:identity/x".into(),
            context: BTreeMap::from([("ses:FromAddress".to_string(), address.to_string())]),
        };
        assert!(policy.allows(&from("a@example.com")));
        assert!(!policy.allows(&from("b@example.com")));
    }
}
