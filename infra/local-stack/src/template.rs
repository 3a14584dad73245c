//! Reads `template.yaml` so the local stack creates exactly the resources the cloud
//! stack has. CloudFormation intrinsics (`!Ref`, `!GetAtt`, `!Sub`, `!If`, `!Equals`,
//! `!Not`, `!And`, `!Or`, `!Join`, `!Select`) are resolved against local values.

use std::{collections::BTreeMap, path::Path};

use anyhow::{bail, Context};
use serde_json::{json, Value as Json};
use serde_yaml::Value as Yaml;

/// One resource of the template.
#[derive(Debug, Clone)]
pub struct Resource {
    pub logical_id: String,
    pub kind: String,
    pub properties: Yaml,
    /// The resource's `Metadata` (SAM build settings, notes for the template checks).
    pub metadata: Yaml,
}

#[derive(Debug, Clone)]
pub struct Template {
    pub resources: Vec<Resource>,
    parameters: BTreeMap<String, Yaml>,
    conditions: BTreeMap<String, Yaml>,
    globals: Yaml,
}

/// What `!Ref AWS::NoValue` resolves to until the list or map holding it drops it.
const NO_VALUE: &str = "\u{0}AWS::NoValue";

/// The local values intrinsics resolve to.
pub trait Locals {
    /// `!Ref` of a resource: its physical name (table, bucket) or URL (queue).
    fn reference(&self, logical_id: &str) -> Option<String>;
    /// `!GetAtt Resource.Attribute`.
    fn attribute(&self, logical_id: &str, attribute: &str) -> Option<String>;
    /// Local value of a template parameter (falls back to the parameter's default).
    fn parameter(&self, name: &str) -> Option<String>;
}

impl Template {
    pub fn load(path: &Path) -> anyhow::Result<Self> {
        let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        Self::parse(&text)
    }

    pub fn parse(text: &str) -> anyhow::Result<Self> {
        let doc: Yaml = serde_yaml::from_str(text).context("template.yaml is not valid YAML")?;
        let map_of = |name: &str| -> BTreeMap<String, Yaml> {
            doc.get(name)
                .and_then(Yaml::as_mapping)
                .map(|m| m.iter().filter_map(|(k, v)| Some((k.as_str()?.to_string(), v.clone()))).collect())
                .unwrap_or_default()
        };
        let resources = map_of("Resources")
            .into_iter()
            .map(|(logical_id, body)| Resource {
                kind: body.get("Type").and_then(Yaml::as_str).unwrap_or_default().to_string(),
                properties: body.get("Properties").cloned().unwrap_or(Yaml::Null),
                metadata: body.get("Metadata").cloned().unwrap_or(Yaml::Null),
                logical_id,
            })
            .collect();
        Ok(Self {
            resources,
            parameters: map_of("Parameters"),
            conditions: map_of("Conditions"),
            globals: doc.get("Globals").cloned().unwrap_or(Yaml::Null),
        })
    }

    pub fn of_kind<'a>(&'a self, kind: &'a str) -> impl Iterator<Item = &'a Resource> + 'a {
        self.resources.iter().filter(move |r| r.kind == kind)
    }

    pub fn resource(&self, logical_id: &str) -> Option<&Resource> {
        self.resources.iter().find(|r| r.logical_id == logical_id)
    }

    /// The `AWS::Serverless::Function` `logical_id`, or an error naming the functions there are.
    pub fn function(&self, logical_id: &str) -> anyhow::Result<&Resource> {
        self.of_kind("AWS::Serverless::Function").find(|r| r.logical_id == logical_id).with_context(|| {
            let known: Vec<&str> = self.of_kind("AWS::Serverless::Function").map(|r| r.logical_id.as_str()).collect();
            format!("template.yaml has no function {logical_id} (functions: {})", known.join(", "))
        })
    }

    /// A function's environment variables as SAM deploys them: `Globals.Function.Environment`
    /// overlaid with the function's own `Environment` (unresolved).
    pub fn function_environment(&self, logical_id: &str) -> anyhow::Result<BTreeMap<String, Yaml>> {
        let function = self.function(logical_id)?;
        let variables = |root: &Yaml| -> Vec<(String, Yaml)> {
            root.get("Environment")
                .and_then(|e| e.get("Variables"))
                .and_then(Yaml::as_mapping)
                .map(|m| m.iter().filter_map(|(k, v)| Some((k.as_str()?.to_string(), v.clone()))).collect())
                .unwrap_or_default()
        };
        let globals = self.globals.get("Function").cloned().unwrap_or(Yaml::Null);
        let mut environment: BTreeMap<String, Yaml> = variables(&globals).into_iter().collect();
        environment.extend(variables(&function.properties));
        Ok(environment)
    }

    /// The queues (logical ids) whose messages a function receives through `SQS` events.
    pub fn sqs_event_queues(&self, logical_id: &str) -> anyhow::Result<Vec<String>> {
        let function = self.function(logical_id)?;
        let mut queues = Vec::new();
        for (_, event) in function.properties.get("Events").and_then(Yaml::as_mapping).into_iter().flatten() {
            if event.get("Type").and_then(Yaml::as_str) == Some("SQS") {
                let queue = event.get("Properties").and_then(|p| p.get("Queue")).unwrap_or(&Yaml::Null);
                queues.extend(references(queue));
            }
        }
        Ok(queues)
    }

    /// A parameter's `Default`, as text.
    pub fn parameter_default(&self, name: &str) -> Option<String> {
        self.parameters.get(name)?.get("Default").map(|d| match d {
            Yaml::String(s) => s.clone(),
            other => serde_yaml::to_string(other).unwrap_or_default().trim().to_string(),
        })
    }

    fn parameter(&self, name: &str, locals: &dyn Locals) -> Option<String> {
        locals.parameter(name).or_else(|| {
            self.parameters.get(name)?.get("Default").map(|d| match d {
                Yaml::String(s) => s.clone(),
                other => serde_yaml::to_string(other).unwrap_or_default().trim().to_string(),
            })
        })
    }

    fn reference(&self, name: &str, locals: &dyn Locals) -> anyhow::Result<String> {
        match name {
            "AWS::Region" => Ok(locals.parameter("AWS::Region").unwrap_or_else(|| "eu-west-1".into())),
            "AWS::AccountId" => Ok(locals.parameter("AWS::AccountId").unwrap_or_else(|| "000000000000".into())),
            "AWS::Partition" => Ok("aws".into()),
            "AWS::NoValue" => Ok(NO_VALUE.into()),
            "AWS::StackName" => Ok(locals.parameter("AWS::StackName").unwrap_or_else(|| "storyhive".into())),
            "AWS::URLSuffix" => Ok("amazonaws.com".into()),
            "AWS::StackId" => {
                let region = self.reference("AWS::Region", locals)?;
                let account = self.reference("AWS::AccountId", locals)?;
                let name = self.reference("AWS::StackName", locals)?;
                Ok(format!(
                    "arn:aws:cloudformation:{region}:{account}:stack/{name}/00000000-0000-4000-8000-000000000000"
                ))
            }
            _ => self
                .parameter(name, locals)
                .or_else(|| locals.reference(name))
                .with_context(|| format!("template: no local value for !Ref {name}")),
        }
    }

    fn condition(&self, name: &str, locals: &dyn Locals) -> anyhow::Result<bool> {
        let body = self.conditions.get(name).with_context(|| format!("template: unknown condition {name}"))?;
        truthy(&self.resolve(body, locals)?)
    }

    /// The value with every intrinsic resolved, as JSON.
    pub fn resolve(&self, value: &Yaml, locals: &dyn Locals) -> anyhow::Result<Json> {
        Ok(match value {
            Yaml::Null => Json::Null,
            Yaml::Bool(b) => json!(b),
            Yaml::Number(n) => serde_json::to_value(n)?,
            Yaml::String(s) => json!(s),
            // `!Ref AWS::NoValue` removes the item or property it stands for.
            Yaml::Sequence(items) => Json::Array(
                items
                    .iter()
                    .map(|i| self.resolve(i, locals))
                    .filter(|v| !matches!(v, Ok(Json::String(s)) if s == NO_VALUE))
                    .collect::<anyhow::Result<_>>()?,
            ),
            Yaml::Mapping(map) => {
                // Long-form intrinsics (`Fn::If: [...]`, `Ref: X`) are single-key maps.
                if map.len() == 1 {
                    let (key, inner) = map.iter().next().expect("one entry");
                    if let Some(function) = key.as_str().and_then(long_form) {
                        return self.intrinsic(function, inner, locals);
                    }
                }
                let mut out = serde_json::Map::new();
                for (key, inner) in map {
                    let key = key.as_str().context("template: non-string key")?.to_string();
                    let value = self.resolve(inner, locals)?;
                    if value != Json::String(NO_VALUE.into()) {
                        out.insert(key, value);
                    }
                }
                Json::Object(out)
            }
            Yaml::Tagged(tagged) => {
                let tag = tagged.tag.to_string();
                self.intrinsic(tag.trim_start_matches('!'), &tagged.value, locals)?
            }
        })
    }

    fn intrinsic(&self, function: &str, argument: &Yaml, locals: &dyn Locals) -> anyhow::Result<Json> {
        let list = |n: usize| -> anyhow::Result<Vec<Yaml>> {
            match argument {
                Yaml::Sequence(items) if items.len() == n => Ok(items.clone()),
                _ => bail!("template: !{function} takes {n} arguments"),
            }
        };
        Ok(match function {
            "Ref" => {
                json!(self.reference(argument.as_str().context("!Ref takes a name")?, locals)?)
            }
            "GetAtt" => {
                let (resource, attribute) = match argument {
                    Yaml::String(s) => s.split_once('.').context("!GetAtt takes Resource.Attribute")?,
                    Yaml::Sequence(items) if items.len() == 2 => {
                        (items[0].as_str().context("!GetAtt")?, items[1].as_str().context("!GetAtt")?)
                    }
                    _ => bail!("template: bad !GetAtt"),
                };
                json!(locals
                    .attribute(resource, attribute)
                    .with_context(|| format!("template: no local value for !GetAtt {resource}.{attribute}"))?)
            }
            "Sub" => {
                let (text, extra) = match argument {
                    Yaml::String(s) => (s.clone(), serde_json::Map::new()),
                    Yaml::Sequence(items) if items.len() == 2 => {
                        let extra = self.resolve(&items[1], locals)?.as_object().cloned().unwrap_or_default();
                        (items[0].as_str().context("!Sub")?.to_string(), extra)
                    }
                    _ => bail!("template: bad !Sub"),
                };
                json!(self.substitute(&text, &extra, locals)?)
            }
            "If" => {
                let items = list(3)?;
                let name = items[0].as_str().context("!If takes a condition name")?;
                let chosen = if self.condition(name, locals)? { &items[1] } else { &items[2] };
                self.resolve(chosen, locals)?
            }
            "Equals" => {
                let items = list(2)?;
                json!(self.resolve(&items[0], locals)? == self.resolve(&items[1], locals)?)
            }
            "Not" => {
                let items = list(1)?;
                json!(!truthy(&self.resolve(&items[0], locals)?)?)
            }
            "And" | "Or" => {
                let Yaml::Sequence(items) = argument else { bail!("template: !{function} takes a list") };
                let values =
                    items.iter().map(|i| truthy(&self.resolve(i, locals)?)).collect::<anyhow::Result<Vec<_>>>()?;
                json!(if function == "And" { values.iter().all(|v| *v) } else { values.iter().any(|v| *v) })
            }
            "Condition" => {
                json!(self.condition(argument.as_str().context("Condition takes a name")?, locals)?)
            }
            "Join" => {
                let items = list(2)?;
                let separator = items[0].as_str().unwrap_or_default().to_string();
                let parts = self.resolve(&items[1], locals)?;
                let parts = parts.as_array().context("!Join takes a list")?;
                json!(parts
                    .iter()
                    .map(|p| p.as_str().map(str::to_string).unwrap_or_else(|| p.to_string()))
                    .collect::<Vec<_>>()
                    .join(&separator))
            }
            "Split" => {
                let items = list(2)?;
                let separator = items[0].as_str().context("!Split takes a separator")?.to_string();
                let text = self.resolve(&items[1], locals)?;
                let text = text.as_str().context("!Split takes a string")?;
                json!(text.split(separator.as_str()).collect::<Vec<_>>())
            }
            "Select" => {
                let items = list(2)?;
                let index = self.resolve(&items[0], locals)?;
                let index = index.as_u64().or_else(|| index.as_str()?.parse().ok()).context("!Select index")? as usize;
                self.resolve(&items[1], locals)?.get(index).cloned().unwrap_or(Json::Null)
            }
            other => bail!("template: intrinsic !{other} is not supported locally"),
        })
    }

    fn substitute(
        &self,
        text: &str,
        extra: &serde_json::Map<String, Json>,
        locals: &dyn Locals,
    ) -> anyhow::Result<String> {
        let mut out = String::new();
        let mut rest = text;
        while let Some(start) = rest.find("${") {
            out.push_str(&rest[..start]);
            let end = rest[start..].find('}').context("!Sub: unclosed ${")? + start;
            let name = &rest[start + 2..end];
            let value = if let Some(v) = extra.get(name) {
                v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string())
            } else if let Some((resource, attribute)) = name.split_once('.').filter(|_| !name.starts_with("AWS::")) {
                locals.attribute(resource, attribute).with_context(|| format!("!Sub: no local value for {name}"))?
            } else {
                self.reference(name, locals)?
            };
            out.push_str(&value);
            rest = &rest[end + 1..];
        }
        out.push_str(rest);
        Ok(out)
    }
}

/// The logical ids (and parameter names) a value mentions through `!Ref`, `!GetAtt` or
/// `${...}` in `!Sub`, in order of appearance, without the `AWS::` pseudo parameters.
pub fn references(value: &Yaml) -> Vec<String> {
    fn walk(value: &Yaml, out: &mut Vec<String>) {
        let mut push = |name: &str| {
            let name = name.split('.').next().unwrap_or_default().to_string();
            if !name.is_empty() && !name.starts_with("AWS::") && !out.contains(&name) {
                out.push(name);
            }
        };
        match value {
            Yaml::Tagged(tagged) => {
                let tag = tagged.tag.to_string();
                match (tag.trim_start_matches('!'), &tagged.value) {
                    ("Ref" | "GetAtt", Yaml::String(name)) => push(name),
                    ("GetAtt", Yaml::Sequence(items)) => push(items.first().and_then(Yaml::as_str).unwrap_or_default()),
                    ("Sub", Yaml::String(text)) => sub_names(text).into_iter().for_each(|n| push(&n)),
                    ("Sub", Yaml::Sequence(items)) => {
                        sub_names(items.first().and_then(Yaml::as_str).unwrap_or_default())
                            .into_iter()
                            .for_each(|n| push(&n));
                        items.iter().skip(1).for_each(|i| walk(i, out));
                    }
                    (_, inner) => walk(inner, out),
                }
            }
            Yaml::Mapping(map) => {
                if map.len() == 1 {
                    let (key, inner) = map.iter().next().expect("one entry");
                    match (key.as_str(), inner) {
                        (Some("Ref" | "Fn::GetAtt"), Yaml::String(name)) => return push(name),
                        (Some("Fn::Sub"), Yaml::String(text)) => {
                            return sub_names(text).into_iter().for_each(|n| push(&n));
                        }
                        _ => {}
                    }
                }
                map.values().for_each(|v| walk(v, out));
            }
            Yaml::Sequence(items) => items.iter().for_each(|i| walk(i, out)),
            _ => {}
        }
    }
    fn sub_names(text: &str) -> Vec<String> {
        let mut names = Vec::new();
        let mut rest = text;
        while let Some(start) = rest.find("${") {
            let Some(end) = rest[start..].find('}') else { break };
            let name = &rest[start + 2..start + end];
            if !name.starts_with('!') {
                names.push(name.to_string());
            }
            rest = &rest[start + end + 1..];
        }
        names
    }
    let mut out = Vec::new();
    walk(value, &mut out);
    out
}

fn long_form(key: &str) -> Option<&str> {
    if key == "Ref" || key == "Condition" {
        Some(key)
    } else {
        key.strip_prefix("Fn::")
    }
}

fn truthy(value: &Json) -> anyhow::Result<bool> {
    match value {
        Json::Bool(b) => Ok(*b),
        Json::String(s) if s == "true" || s == "false" => Ok(s == "true"),
        other => bail!("template: condition is not a boolean: {other}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Fixed;
    impl Locals for Fixed {
        fn reference(&self, id: &str) -> Option<String> {
            Some(format!("local-{id}"))
        }
        fn attribute(&self, id: &str, attribute: &str) -> Option<String> {
            Some(format!("arn:{id}:{attribute}"))
        }
        fn parameter(&self, name: &str) -> Option<String> {
            (name == "Stage").then(|| "dev".into())
        }
    }

    const TEMPLATE: &str = r#"
Parameters:
  Stage: {Type: String, Default: prod}
  Url: {Type: String, Default: ''}
Conditions:
  IsDev: !Equals [!Ref Stage, dev]
  HasUrl: !Not [!Equals [!Ref Url, '']]
Resources:
  Queue:
    Type: AWS::SQS::Queue
    Properties:
      RedrivePolicy: {deadLetterTargetArn: !GetAtt Dlq.Arn, maxReceiveCount: 5}
      Origins: !If [IsDev, ['*'], [!If [HasUrl, !Ref Url, !Sub 'https://${Cdn.DomainName}']]]
      Name: !Sub '${AWS::StackName}-videos-${AWS::AccountId}'
      Long: {'Fn::If': [HasUrl, a, b]}
"#;

    #[test]
    fn intrinsics_resolve_against_local_values() {
        let template = Template::parse(TEMPLATE).unwrap();
        let queue = template.of_kind("AWS::SQS::Queue").next().unwrap();
        let props = template.resolve(&queue.properties, &Fixed).unwrap();
        assert_eq!(props["RedrivePolicy"]["deadLetterTargetArn"], "arn:Dlq:Arn");
        assert_eq!(props["RedrivePolicy"]["maxReceiveCount"], 5);
        assert_eq!(props["Origins"], json!(["*"]));
        assert_eq!(props["Name"], "storyhive-videos-000000000000");
        assert_eq!(props["Long"], "b");
    }
}
