//! Which module is writing. Each record with several writers (an answer, a collaborator's
//! membership, a generated video, a campaign) has one owner module with one function per
//! change; the owner runs its writes inside `writing_as`, so the test kit's recorder
//! (`infra/local-stack/src/recorder.rs`) can refuse a write to such a record from anyone else.
//! The storage layer only carries the name: it knows no records.

use std::future::Future;

tokio::task_local! {
    static WRITER: &'static str;
}

/// The owner module writing in the running task, if any.
pub fn current() -> Option<&'static str> {
    WRITER.try_with(|owner| *owner).ok()
}

/// Runs `write` as the owner module `owner` (the innermost owner counts).
pub async fn writing_as<T>(owner: &'static str, write: impl Future<Output = T>) -> T {
    WRITER.scope(owner, write).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_innermost_owner_is_the_writer_and_none_outside() {
        assert_eq!(current(), None);
        let seen = writing_as("outer", async {
            let inner = writing_as("inner", async { current() }).await;
            (current(), inner)
        })
        .await;
        assert_eq!(seen, (Some("outer"), Some("inner")));
        assert_eq!(current(), None);
    }
}
