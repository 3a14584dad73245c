//! The order of `shared`'s modules, held by a test: each module uses only modules before it,
//! so there is no cycle. First the core, which knows no domain (configuration, errors, HTTP,
//! ids, time, storage and objects, queues and the messages they carry, the function's
//! context); then the domain, from the organisation's records up to removals. A new module
//! must be placed here; a use that goes up the list fails with the module and the line.

/// Lowest first.
const ORDER: &[&str] = &[
    // Core: no domain.
    "config",
    "ids",
    "clock",
    "digest",
    "request_id",
    "permissions",
    // What an organisation API key may call (scopes, the route table).
    "scopes",
    "countries",
    "language",
    "tls",
    "telemetry",
    "presigned_post",
    "aws",
    "storage",
    "error",
    "http",
    "validation",
    "openapi",
    "mail",
    "queue",
    "edge",
    "context",
    // `function_routes!`, whose routers carry the context.
    "routes",
    // Domain.
    "model",
    "api_keys",
    "webhooks",
    "auth",
    "ratelimit",
    "staff",
    "support",
    "words",
    "guidelines",
    "organisation",
    "campaigns",
    "media",
    "contributors",
    "search",
    "answers",
    // Stories of many voices: clips of answers' transcripts.
    "stories",
    "invitations",
    "publishing",
    "cascade",
];

/// The crate root's re-exports, and the modules they come from.
const ROOT_ITEMS: &[(&str, &str)] =
    &[("AppContext", "context"), ("ApiError", "error"), ("ApiResult", "error"), ("Config", "config")];

/// The source without comments and without the test module at its end (tests may use anything).
fn code_of(source: &str) -> String {
    let source = match source.find("#[cfg(test)]\nmod ") {
        Some(at) => &source[..at],
        None => source,
    };
    source.lines().map(|line| line.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// The top-level modules (and root items) a piece of code names through `crate::`.
fn uses(code: &str) -> Vec<(String, usize)> {
    let mut found = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let line = code[..at].matches('\n').count() + 1;
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // `crate::{a::b, c, d::{e, f}}`: the names at the group's first level.
            let mut depth = 0;
            let mut name = String::new();
            let mut at_start = true;
            for ch in group.chars() {
                match ch {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => at_start = true,
                    c if depth == 0 && at_start && (c.is_alphanumeric() || c == '_') => name.push(c),
                    _ if depth == 0 && at_start && !name.is_empty() => {
                        found.push((std::mem::take(&mut name), line));
                        at_start = false;
                    }
                    _ => {}
                }
            }
            if !name.is_empty() {
                found.push((name, line));
            }
        } else {
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            found.push((name, line));
        }
    }
    found
}

fn module_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(module_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}

#[test]
fn each_module_uses_only_modules_before_it() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let rank = |name: &str| ORDER.iter().position(|m| *m == name);
    let mut unplaced = Vec::new();
    let mut upward = Vec::new();
    for path in module_files(&src) {
        let relative = path.strip_prefix(&src).unwrap();
        let first = relative.components().next().unwrap().as_os_str().to_string_lossy().into_owned();
        let module = first.trim_end_matches(".rs").to_string();
        if module == "lib" || module == "layers" {
            continue;
        }
        let Some(own) = rank(&module) else {
            unplaced.push(module);
            continue;
        };
        let code = code_of(&std::fs::read_to_string(&path).unwrap());
        for (name, line) in uses(&code) {
            let target = ROOT_ITEMS.iter().find(|(item, _)| *item == name).map(|(_, m)| *m).unwrap_or(&name);
            if let Some(other) = rank(target) {
                if other > own {
                    upward.push(format!("{}:{line}: {module} uses {target}, which comes after it", relative.display()));
                }
            }
        }
    }
    unplaced.sort();
    unplaced.dedup();
    assert!(unplaced.is_empty(), "modules missing from layers::ORDER: {unplaced:?}");
    assert!(upward.is_empty(), "uses that go up the module order:\n{}", upward.join("\n"));
}

#[test]
fn a_use_up_the_order_is_found_in_a_group_too() {
    let code = code_of("use crate::{\n    error::ApiError,\n    search::{self, AnswerRef},\n    AppContext,\n};\n#[cfg(test)]\nmod tests { use crate::cascade; }");
    let names: Vec<String> = uses(&code).into_iter().map(|(name, _)| name).collect();
    assert_eq!(names, ["error", "search", "AppContext"]);
}
