//! The edge cache in front of the public pages: CloudFront keeps a page, its JSON and its
//! media a minute at most (`PublicCachePolicy`), and a takedown invalidates them at once so
//! that no cache keeps serving a story that is down. In AWS the distribution is the stack's
//! own (`EDGE_DISTRIBUTION_ID`, `cloudfront:CreateInvalidation` on it); locally it is
//! moto's, which records the invalidations as CloudFront would (the gateway itself caches
//! nothing).

use aws_sdk_cloudfront::types::{InvalidationBatch, Paths};

use crate::{aws::LazyClient, ids, storage::objects::PUBLISHED_PREFIX};

/// Invalidates the public paths of taken-down stories. `none()` where there is no edge
/// cache to clear (a function given no distribution).
#[derive(Clone, Debug, Default)]
pub struct EdgeCache {
    distribution: Option<(LazyClient<aws_sdk_cloudfront::Client>, String)>,
}

impl EdgeCache {
    pub fn new(client: LazyClient<aws_sdk_cloudfront::Client>, distribution_id: String) -> Self {
        Self { distribution: Some((client, distribution_id)) }
    }

    /// No edge cache: invalidating does nothing.
    pub fn none() -> Self {
        Self::default()
    }

    /// Clears every cached path that showed the story `slug`: its page, embed, JSON and
    /// media, the oEmbed answers, and the walls (any of them may list it; a wildcard costs
    /// one path, a wall's next visitor one origin read).
    pub async fn story_taken_down(&self, slug: &str) -> anyhow::Result<()> {
        self.invalidate(story_paths(slug)).await
    }

    async fn invalidate(&self, paths: Vec<String>) -> anyhow::Result<()> {
        let Some((client, distribution_id)) = &self.distribution else { return Ok(()) };
        let quantity = i32::try_from(paths.len())?;
        let batch = InvalidationBatch::builder()
            .paths(Paths::builder().quantity(quantity).set_items(Some(paths)).build()?)
            // Unique per request: CloudFront treats a repeated reference as the same request.
            .caller_reference(ids::new_id())
            .build()?;
        client
            .create_invalidation()
            .distribution_id(distribution_id)
            .invalidation_batch(batch)
            .send()
            .await
            .map_err(|e| anyhow::anyhow!("invalidating the edge cache of distribution {distribution_id}: {e:?}"))?;
        Ok(())
    }
}

/// The paths a viewer asks for and, for the API, the path after the edge function removed
/// `/api` (CloudFront's advice: invalidate both URIs when a viewer-request function
/// rewrites them).
pub fn story_paths(slug: &str) -> Vec<String> {
    vec![
        format!("/v/{slug}"),
        format!("/embed/{slug}"),
        format!("/{PUBLISHED_PREFIX}{slug}/*"),
        format!("/api/public/stories/{slug}"),
        format!("/public/stories/{slug}"),
        "/api/public/oembed*".to_string(),
        "/public/oembed*".to_string(),
        "/wall/*".to_string(),
        "/api/public/walls/*".to_string(),
        "/public/walls/*".to_string(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_story_clears_its_page_embed_json_media_and_every_wall_by_both_uris() {
        let paths = story_paths("AbC123");
        for path in [
            "/v/AbC123",
            "/embed/AbC123",
            "/published/AbC123/*",
            "/api/public/stories/AbC123",
            "/public/stories/AbC123",
            "/wall/*",
        ] {
            assert!(paths.iter().any(|p| p == path), "{path} in {paths:?}");
        }
        // CloudFront's limits: at most 15 wildcard paths in progress, 3,000 in all.
        assert!(paths.iter().filter(|p| p.ends_with('*')).count() <= 15);
    }
}
