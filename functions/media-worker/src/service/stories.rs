//! Story renders: one format of a story of many voices, rendered by the story engine
//! ([`super::story_render`]) with the claim, lease and settle of a generated video
//! (`media::renders`), so a duplicate message renders nothing and a render replaced or
//! deleted meanwhile removes what it wrote. The MP4, its poster, its captions as SRT and
//! WebVTT and its provenance sidecar (a JSON object: every clip's speaker, answer and
//! seconds) are stored side by side.

use std::{collections::HashMap, path::Path, time::Duration};

use storyhive_shared::{
    media::{
        generated::{RenderProgress, RenderStage},
        MediaStatus, TranscriptRecord,
    },
    model::TenantRecord,
    storage::keys,
    stories::{theme, Framing, StoryFormat, StoryRenderRecord},
};

use super::{
    ffmpeg::MediaError,
    story_render::{self, PlanCard, PlanClip, PlanEndCard, StoryPlan, TimedWord},
};
use crate::{Deadline, MediaWorker, Outcome, TRANSCODE_LIMIT};

/// A clip whose answer was recorded again after the story was saved.
pub const RE_RECORDED: &str =
    "An answer in this story was recorded again since its words were chosen: open the story, choose its words again and render it.";
/// A clip whose answer is gone.
pub const ANSWER_GONE: &str = "An answer in this story no longer exists: remove its clip and render again.";
/// A clip whose answer's video is not converted.
pub const ANSWER_NOT_READY: &str = "An answer in this story has no playable video yet: try again once it is ready.";

impl MediaWorker {
    /// Renders one format of a story once.
    pub async fn render_story(
        &self,
        tenant_id: &str,
        campaign_id: &str,
        story_id: &str,
        format: &str,
        deadline: Deadline,
    ) -> anyhow::Result<Outcome> {
        let key = keys::story_render(tenant_id, campaign_id, story_id, format);
        let Some(render) = self.store.get::<StoryRenderRecord>(&key).await? else {
            return Ok(Outcome::Gone);
        };
        let claimed = match self.claim_render(key, render.status, render.claimed_until, "storyhive-story").await? {
            Ok(claimed) => claimed,
            Err(outcome) => return Ok(outcome),
        };
        let result = self.render_story_files(&claimed.dir, &render, deadline, &claimed.progress).await;
        let claim_id = claimed.claim_id.clone();
        let what = format!("story {story_id} ({format})");
        match self.settle_video_render(claimed, result, &render.objects.all(), &what).await? {
            Ok(()) => {
                if let Some(video_id) = &render.generated_video_id {
                    self.announce_video_rendered(tenant_id, campaign_id, video_id, &render.title, &claim_id).await?;
                }
                Ok(Outcome::Rendered)
            }
            Err(outcome) => Ok(outcome),
        }
    }

    /// The render's files, stored; its length and frame.
    async fn render_story_files(
        &self,
        dir: &Path,
        render: &StoryRenderRecord,
        deadline: Deadline,
        progress: &tokio::sync::watch::Sender<RenderProgress>,
    ) -> Result<(f64, u32, u32), MediaError> {
        let unplayable = |reason: &str, detail: String| MediaError::Unplayable { reason: reason.into(), detail };
        // Each answer's web-playable copy once, however many clips come from it; only the
        // take whose words were chosen.
        let mut sources: HashMap<(String, String), std::path::PathBuf> = HashMap::new();
        let mut words: HashMap<(String, String), Vec<TimedWord>> = HashMap::new();
        let count = render.clips.len().max(1) as f64;
        for (index, clip) in render.clips.iter().enumerate() {
            progress.send_replace(RenderProgress::at(RenderStage::Preparing, index as f64 / count));
            let answer = (clip.contributor_id.clone(), clip.question_id.clone());
            if sources.contains_key(&answer) {
                continue;
            }
            let journey = storyhive_shared::answers::get(
                &self.store,
                &storyhive_shared::search::AnswerRef::new(
                    &render.tenant_id,
                    &render.campaign_id,
                    &clip.contributor_id,
                    &clip.question_id,
                ),
            )
            .await
            .map_err(anyhow::Error::from)?
            .ok_or_else(|| unplayable(ANSWER_GONE, clip.question_id.clone()))?;
            if journey.s3_video_key.as_deref() != Some(clip.take_key.as_str()) {
                return Err(unplayable(RE_RECORDED, clip.take_key.clone()));
            }
            let mp4 = journey
                .media
                .as_ref()
                .filter(|m| m.take_key == clip.take_key && m.status == MediaStatus::Ready)
                .and_then(|m| m.mp4_key.clone())
                .ok_or_else(|| unplayable(ANSWER_NOT_READY, clip.take_key.clone()))?;
            let path = dir.join(format!("source{index}.mp4"));
            self.download(&mp4, &path, deadline).await?;
            sources.insert(answer.clone(), path);
            let transcript = self
                .store
                .get::<TranscriptRecord>(&keys::transcript(
                    &render.tenant_id,
                    &render.campaign_id,
                    &clip.contributor_id,
                    &clip.question_id,
                ))
                .await
                .map_err(anyhow::Error::from)?
                .filter(|t| t.take_key == clip.take_key)
                .map(|t| t.words.into_iter().map(|w| TimedWord { text: w.text, start: w.start, end: w.end }).collect())
                .unwrap_or_default();
            words.insert(answer, transcript);
        }
        let clips = render
            .clips
            .iter()
            .map(|clip| {
                let answer = (clip.contributor_id.clone(), clip.question_id.clone());
                PlanClip {
                    source: sources[&answer].clone(),
                    start: clip.start,
                    end: clip.end,
                    lower_third: render.lower_thirds.then(|| clip.speaker.clone()).filter(|s| !s.is_empty()),
                    words: words[&answer]
                        .iter()
                        .filter(|w| w.end > clip.start && w.start < clip.end)
                        .cloned()
                        .collect(),
                }
            })
            .collect();
        let logo = match render.end_card.as_ref().filter(|c| c.logo) {
            Some(_) => self.organisation_logo(dir, &render.tenant_id, deadline).await?,
            None => None,
        };
        let theme = theme::of_organisation(&self.store, &render.tenant_id).await.map_err(anyhow::Error::from)?;
        let plan = StoryPlan {
            clips,
            title_card: render.title_card.as_ref().map(|c| PlanCard { text: c.text.clone(), seconds: c.seconds }),
            end_card: render.end_card.as_ref().map(|c| PlanEndCard {
                text: c.text.clone(),
                logo: logo.clone(),
                seconds: c.seconds,
            }),
            // The organisation's theme as it is now (the default until one is saved): a
            // render asked for before a change of theme is drawn in the new one.
            theme,
            corner_logo: logo.clone(),
            format: match render.format {
                StoryFormat::Landscape => story_render::StoryFormat::Landscape,
                StoryFormat::Portrait => story_render::StoryFormat::Portrait,
                StoryFormat::Square => story_render::StoryFormat::Square,
            },
            framing: match render.framing {
                Framing::Crop => story_render::Framing::Crop,
                Framing::BlurredFit => story_render::Framing::BlurredFit,
            },
            burn_captions: render.burn_captions,
        };
        progress.send_replace(RenderProgress::at(RenderStage::Rendering, 0.0));
        let report = |share: f64| {
            progress.send_replace(RenderProgress::at(RenderStage::Rendering, share));
        };
        let limit: Duration = deadline.limit(TRANSCODE_LIMIT);
        let rendered = story_render::render_story(dir, &plan, limit, report).await?;
        progress.send_replace(RenderProgress::at(RenderStage::Saving, 0.0));
        let objects = &render.objects;
        self.upload(&rendered.mp4, &objects.mp4, "video/mp4", deadline).await?;
        progress.send_replace(RenderProgress::at(RenderStage::Saving, 0.6));
        self.upload(&rendered.poster, &objects.poster, "image/jpeg", deadline).await?;
        let text = |name: &str, body: String| {
            let path = dir.join(name);
            async move {
                tokio::fs::write(&path, body).await.map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
                Ok::<_, anyhow::Error>(path)
            }
        };
        let srt = text("captions.srt", rendered.srt.clone()).await?;
        self.upload(&srt, &objects.srt, "application/x-subrip; charset=utf-8", deadline).await?;
        let vtt = text("captions.vtt", rendered.vtt.clone()).await?;
        self.upload(&vtt, &objects.vtt, "text/vtt; charset=utf-8", deadline).await?;
        let questions: HashMap<String, String> =
            storyhive_shared::campaigns::repo::questions(&self.store, &render.tenant_id, &render.campaign_id)
                .await
                .map_err(anyhow::Error::from)?
                .into_iter()
                .map(|q| (q.question_id, q.question))
                .collect();
        let provenance = render.provenance(|q| questions.get(q).cloned().unwrap_or_default());
        let sidecar = text(
            "provenance.json",
            serde_json::to_string_pretty(&provenance).map_err(|e| anyhow::anyhow!("provenance: {e}"))?,
        )
        .await?;
        self.upload(&sidecar, &objects.provenance, "application/json", deadline).await?;
        Ok((rendered.duration_seconds, rendered.width, rendered.height))
    }

    /// The organisation's logo (from its settings, in the media bucket), in `dir`; none when
    /// it has none.
    async fn organisation_logo(
        &self,
        dir: &Path,
        tenant_id: &str,
        deadline: Deadline,
    ) -> Result<Option<std::path::PathBuf>, MediaError> {
        let tenant = self.store.get::<TenantRecord>(&keys::tenant(tenant_id)).await.map_err(anyhow::Error::from)?;
        let (Some(key), Some(bucket)) =
            (tenant.and_then(|t| t.company_logo).filter(|k| !k.is_empty()), self.media_bucket.as_deref())
        else {
            return Ok(None);
        };
        let extension = key.rsplit_once('.').map(|(_, e)| e).filter(|e| e.len() <= 5).unwrap_or("png");
        let path = dir.join(format!("logo.{extension}"));
        let object = deadline
            .bound("GetObject logo", async {
                self.s3
                    .get_object()
                    .bucket(bucket)
                    .key(&key)
                    .send()
                    .await
                    .map_err(|e| anyhow::anyhow!("GetObject {key}: {e:?}"))
            })
            .await?;
        let bytes = object.body.collect().await.map_err(|e| anyhow::anyhow!("reading the logo: {e}"))?.into_bytes();
        tokio::fs::write(&path, &bytes).await.map_err(|e| anyhow::anyhow!("writing the logo: {e}"))?;
        Ok(Some(path))
    }
}
