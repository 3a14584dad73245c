//! The shape every function keeps (docs/DECISIONS.md, "The shape of a function"), so a
//! newcomer can find a route's handler, its bodies and its logic before opening the crate:
//! at the root of `src/` only `main.rs` (wiring), `lib.rs` (the router or the worker's
//! handler), `dto.rs`, `routes.rs` and `service.rs`, with `routes/` and `service/` for
//! several files; and a route function's `lib.rs` declares no handler.

use std::path::Path;

use storyhive_local_stack::testkit::workspace_root;

const ROOT_FILES: &[&str] = &["main.rs", "lib.rs", "dto.rs", "routes.rs", "service.rs"];
const ROOT_DIRS: &[&str] = &["routes", "service"];

/// What is out of shape in one function's `src/`, each line naming the file.
fn problems(src: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    for entry in std::fs::read_dir(src).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name().to_string_lossy().into_owned();
        let allowed = if entry.file_type().unwrap().is_dir() {
            ROOT_DIRS.contains(&name.as_str())
        } else {
            !name.ends_with(".rs") || ROOT_FILES.contains(&name.as_str())
        };
        if !allowed {
            problems
                .push(format!("{}: not part of the shape (move it under routes/ or service/)", entry.path().display()));
        }
    }
    let lib = src.join("lib.rs");
    match std::fs::read_to_string(&lib) {
        Err(_) => problems.push(format!("{}: missing (the router or the worker's handler lives there)", lib.display())),
        Ok(text) if text.contains("function_routes!") && text.contains("#[utoipa::path") => {
            problems.push(format!("{}: declares a handler (handlers live in routes.rs or routes/)", lib.display()))
        }
        Ok(_) => {}
    }
    problems.sort();
    problems
}

#[test]
fn every_function_keeps_the_shape() {
    let functions = workspace_root().join("functions");
    let mut checked = 0;
    let mut all = Vec::new();
    for entry in std::fs::read_dir(&functions).unwrap() {
        let src = entry.unwrap().path().join("src");
        if src.is_dir() {
            checked += 1;
            all.extend(problems(&src));
        }
    }
    // Every function crate is read, not none because the folder moved.
    assert!(checked >= 18, "only {checked} functions found under {}", functions.display());
    assert!(all.is_empty(), "functions out of shape:\n  {}", all.join("\n  "));
}

#[test]
fn the_check_names_a_stray_file_and_a_handler_in_lib() {
    let src = std::env::temp_dir().join(format!("storyhive-layout-{}", std::process::id())).join("src");
    std::fs::create_dir_all(src.join("routes")).unwrap();
    std::fs::create_dir_all(src.join("helpers")).unwrap();
    for file in ["main.rs", "dto.rs", "routes.rs", "checks.rs", "README.md"] {
        std::fs::write(src.join(file), "").unwrap();
    }
    std::fs::write(
        src.join("lib.rs"),
        "storyhive_shared::function_routes!(all);\n#[utoipa::path(get, path = \"/x\")]\npub async fn all() {}\n",
    )
    .unwrap();
    let found = problems(&src);
    std::fs::remove_dir_all(src.parent().unwrap()).unwrap();
    let named: Vec<&str> =
        found.iter().map(|p| Path::new(p.split(':').next().unwrap()).file_name().unwrap().to_str().unwrap()).collect();
    assert_eq!(named, ["checks.rs", "helpers", "lib.rs"], "{found:?}");
}
