//! Hello world: answers every event with `{"hello":"world"}`. Built with the workspace's
//! release profile, it is what a function's cold start is compared with (bench.sh).

use lambda_runtime::{service_fn, LambdaEvent};
use serde_json::{json, Value};

#[tokio::main]
async fn main() -> Result<(), lambda_runtime::Error> {
    lambda_runtime::run(service_fn(|_: LambdaEvent<Value>| async {
        Ok::<_, lambda_runtime::Error>(json!({"hello": "world"}))
    }))
    .await
}
