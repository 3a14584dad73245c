//! Generated videos and the video test page's jobs: both are cut lists rendered by
//! [`super::render`]. Each is claimed on its record with a lease before rendering (as a
//! take's conversion is), so a duplicate message renders nothing; the result is written
//! only while the record still holds this claim, so a video deleted during its render
//! stays deleted (and the render's objects are removed again).

use std::{collections::HashMap, path::Path};

use anyhow::Context;
use storyhive_shared::{
    media::{
        self,
        generated::{Captions, GeneratedVideoRecord, RenderProgress, RenderStage, VideoTestJobRecord},
        renders::Settled,
        TranscriptRecord,
    },
    storage::keys,
};

use super::{
    ffmpeg::{self, MediaError},
    render::{self, Part, Plan},
};
use crate::{Deadline, MediaWorker, Outcome, TRANSCODE_LIMIT};

pub const NOTHING_LEFT: &str = "The video is silent throughout: there is nothing to keep.";

/// What a generated video's render made.
struct RenderedVideo {
    probed: ffmpeg::Probed,
}

impl MediaWorker {
    pub(crate) async fn delete_objects(&self, object_keys: &[String]) -> anyhow::Result<()> {
        for key in object_keys {
            self.s3
                .delete_object()
                .bucket(&self.bucket)
                .key(key)
                .send()
                .await
                .with_context(|| format!("DeleteObject {key}"))?;
        }
        Ok(())
    }

    /// `video.rendered` for the organisation's webhooks, once per render (the claim that
    /// settled it): a video rendered by itself, or a generated video's story render.
    pub(crate) async fn announce_video_rendered(
        &self,
        tenant_id: &str,
        campaign_id: &str,
        video_id: &str,
        title: &str,
        claim_id: &str,
    ) -> anyhow::Result<()> {
        let data =
            storyhive_shared::webhooks::EventData::VideoRendered(storyhive_shared::webhooks::VideoRenderedData {
                campaign_id: campaign_id.into(),
                video_id: video_id.into(),
                title: title.into(),
            });
        let fact = format!("{video_id}#{claim_id}");
        storyhive_shared::webhooks::emit(&self.store, &self.webhooks, tenant_id, &fact, data).await?;
        Ok(())
    }

    /// Renders a generated video once.
    pub async fn render_generated(
        &self,
        tenant_id: &str,
        campaign_id: &str,
        video_id: &str,
        deadline: Deadline,
    ) -> anyhow::Result<Outcome> {
        let key = keys::generated_video(tenant_id, campaign_id, video_id);
        let Some(video) = self.store.get::<GeneratedVideoRecord>(&key).await? else {
            return Ok(Outcome::Gone);
        };
        let claimed = match self.claim_render(key, video.status, video.claimed_until, "storyhive-render").await? {
            Ok(claimed) => claimed,
            Err(outcome) => return Ok(outcome),
        };
        let result = self.render_video(&claimed.dir, &video, deadline, &claimed.progress).await.map(|rendered| {
            let probed = rendered.probed;
            (probed.duration_seconds, probed.width.unwrap_or(0), probed.height.unwrap_or(0))
        });
        let claim_id = claimed.claim_id.clone();
        let what = format!("generated video {video_id}");
        match self.settle_video_render(claimed, result, &video.object_keys(), &what).await? {
            Ok(()) => {
                self.announce_video_rendered(tenant_id, campaign_id, video_id, &video.title, &claim_id).await?;
                Ok(Outcome::Rendered)
            }
            Err(outcome) => Ok(outcome),
        }
    }

    async fn render_video(
        &self,
        dir: &Path,
        video: &GeneratedVideoRecord,
        deadline: Deadline,
        progress: &tokio::sync::watch::Sender<RenderProgress>,
    ) -> Result<RenderedVideo, MediaError> {
        // Each answer's MP4 once, however many clips come from it.
        let mut sources: HashMap<String, (std::path::PathBuf, bool)> = HashMap::new();
        let clips = video.sources.len().max(1) as f64;
        for (index, clip) in video.sources.iter().enumerate() {
            progress.send_replace(RenderProgress::at(RenderStage::Preparing, index as f64 / clips));
            if sources.contains_key(&clip.source_key) {
                continue;
            }
            let path = dir.join(format!("source{index}.mp4"));
            self.download(&clip.source_key, &path, deadline).await?;
            let probed = deadline.within(ffmpeg::probe(&path)).await?;
            if probed.video_codec.is_none() {
                return Err(MediaError::Unplayable {
                    reason: ffmpeg::NO_PICTURE.into(),
                    detail: clip.source_key.clone(),
                });
            }
            sources.insert(clip.source_key.clone(), (path, probed.audio_codec.is_some()));
        }
        let mut words: HashMap<String, Vec<(String, f64, f64)>> = HashMap::new();
        if video.edit.captions != Captions::None {
            for clip in &video.sources {
                if words.contains_key(&clip.journey_id) {
                    continue;
                }
                let key =
                    keys::transcript(&video.tenant_id, &video.campaign_id, &video.contributor_id, &clip.journey_id);
                let record = self.store.get::<TranscriptRecord>(&key).await.map_err(anyhow::Error::from)?;
                let heard = record
                    .filter(|r| r.take_key == clip.take_key)
                    .map(|r| r.words.into_iter().map(|w| (w.text, w.start, w.end)).collect())
                    .unwrap_or_default();
                words.insert(clip.journey_id.clone(), heard);
            }
        }
        let mut parts = Vec::new();
        if let Some(card) = &video.edit.title_card {
            parts.push(Part::Title { text: card.text.trim().to_string(), seconds: card.seconds });
        }
        for clip in &video.sources {
            let (path, has_audio) = sources[&clip.source_key].clone();
            let cues =
                words.get(&clip.journey_id).map(|w| render::cues_for(w, clip.start, clip.end)).unwrap_or_default();
            parts.push(Part::Clip { source: path, start: clip.start, end: clip.end, has_audio, cues });
        }
        let plan = Plan {
            parts,
            frame: media::frame_size(video.portrait),
            burn_captions: video.edit.captions == Captions::BurnedIn,
        };
        let output = dir.join("generated.mp4");
        progress.send_replace(RenderProgress::at(RenderStage::Rendering, 0.0));
        let report = |share: f64| {
            progress.send_replace(RenderProgress::at(RenderStage::Rendering, share));
        };
        let rendered = render::render_reporting(dir, &plan, &output, deadline.limit(TRANSCODE_LIMIT), &report).await?;
        progress.send_replace(RenderProgress::at(RenderStage::Saving, 0.0));
        let probed = deadline.within(ffmpeg::probe(&output)).await?;
        let poster = dir.join("poster.jpg");
        let title = video.edit.title_card.as_ref().map_or(0.0, |t| t.seconds);
        let first = video.sources.first().map_or(0.0, |c| c.end - c.start);
        deadline.within(ffmpeg::poster(&output, &poster, title + (first / 2.0).min(1.0))).await?;
        self.upload(&output, &video.mp4_key, "video/mp4", deadline).await?;
        progress.send_replace(RenderProgress::at(RenderStage::Saving, 0.8));
        self.upload(&poster, &video.poster_key, "image/jpeg", deadline).await?;
        if let Some(captions_key) = &video.captions_key {
            let vtt = dir.join("captions.vtt");
            tokio::fs::write(&vtt, render::webvtt(&rendered.cues))
                .await
                .map_err(|e| anyhow::anyhow!("captions: {e}"))?;
            self.upload(&vtt, captions_key, "text/vtt", deadline).await?;
        }
        Ok(RenderedVideo { probed })
    }

    /// Cuts the long pauses of a video test page's upload, once.
    pub async fn process_video_test(&self, job_id: &str, deadline: Deadline) -> anyhow::Result<Outcome> {
        let key = keys::video_test_job(job_id);
        let Some(job) = self.store.get::<VideoTestJobRecord>(&key).await? else {
            return Ok(Outcome::Gone);
        };
        let claimed = match self.claim_render(key, job.status, job.claimed_until, "storyhive-videotest").await? {
            Ok(claimed) => claimed,
            Err(outcome) => return Ok(outcome),
        };
        let result = self.cut_pauses(&claimed.dir, &job, deadline).await;
        let (key, claim_id, elapsed, result) = claimed.close(result).await;
        // To the millisecond.
        let time_taken = (elapsed.as_secs_f64() * 1000.0).round() / 1000.0;
        match result {
            Ok((original, processed)) => {
                let outcome =
                    Settled::TestReady { time_taken, original_seconds: original, processed_seconds: processed };
                let stored = self.settle_record(&key, &claim_id, outcome).await?;
                Ok(if stored { Outcome::Rendered } else { Outcome::Gone })
            }
            Err(MediaError::Unplayable { reason, detail }) => {
                tracing::warn!(%job_id, %detail, "test video cannot be processed");
                let outcome = Settled::TestFailed { reason: reason.clone(), time_taken };
                self.settle_record(&key, &claim_id, outcome).await?;
                Ok(Outcome::Failed(reason))
            }
            Err(MediaError::Other(error)) => {
                self.release_record(&key, &claim_id).await;
                Err(error)
            }
        }
    }

    /// (original seconds, processed seconds)
    async fn cut_pauses(
        &self,
        dir: &Path,
        job: &VideoTestJobRecord,
        deadline: Deadline,
    ) -> Result<(f64, f64), MediaError> {
        let original = dir.join("original");
        self.download(&job.source_key, &original, deadline).await?;
        let probed = deadline.within(ffmpeg::probe(&original)).await?;
        let (Some(width), Some(height)) = (probed.width, probed.height) else {
            return Err(MediaError::Unplayable { reason: ffmpeg::NO_PICTURE.into(), detail: "no video stream".into() });
        };
        let has_audio = probed.audio_codec.is_some();
        let seconds = probed.duration_seconds;
        let silences = if has_audio {
            ffmpeg::silences(&original, job.threshold, seconds, deadline.limit(TRANSCODE_LIMIT)).await?
        } else {
            Vec::new()
        };
        let keep = render::keep_ranges(&silences, seconds, job.threshold);
        if keep.is_empty() {
            return Err(MediaError::Unplayable { reason: NOTHING_LEFT.into(), detail: format!("{silences:?}") });
        }
        let plan = Plan {
            parts: keep
                .iter()
                .map(|&(start, end)| Part::Clip { source: original.clone(), start, end, has_audio, cues: Vec::new() })
                .collect(),
            frame: own_frame(width, height),
            burn_captions: false,
        };
        let output = dir.join("processed.mp4");
        render::render(dir, &plan, &output, deadline.limit(TRANSCODE_LIMIT)).await?;
        let processed = deadline.within(ffmpeg::probe(&output)).await?;
        self.upload(&output, &job.output_key, "video/mp4", deadline).await?;
        Ok((seconds, processed.duration_seconds))
    }
}

/// The source's own shape, at most 1280 pixels on its long side, in even numbers (H.264's 4:2:0).
fn own_frame(width: u32, height: u32) -> (u32, u32) {
    let scale = (1280.0 / width.max(height) as f64).min(1.0);
    let even = |n: u32| (((n as f64 * scale) / 2.0).round() as u32 * 2).max(2);
    (even(width), even(height))
}

#[cfg(test)]
mod tests {
    #[test]
    fn test_videos_keep_their_shape_within_720p() {
        assert_eq!(super::own_frame(1920, 1080), (1280, 720));
        assert_eq!(super::own_frame(321, 241), (322, 242));
        assert_eq!(super::own_frame(1080, 1920), (720, 1280));
    }
}
