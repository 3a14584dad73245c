//! Probes a video without trusting the browser: container, duration and dimensions,
//! by parsing ISO BMFF (MP4, MOV, including the fragmented MP4 that MediaRecorder
//! writes) and Matroska/WebM (including the unknown-size segments and clusters of
//! Chrome's MediaRecorder, whose files carry no duration). Pure Rust over `Read + Seek`,
//! so it runs in Lambda without layers and reads only what it needs.

use std::io::{self, Read, Seek, SeekFrom};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Container {
    Mp4,
    QuickTime,
    WebM,
    Matroska,
}

impl Container {
    pub fn name(self) -> &'static str {
        match self {
            Container::Mp4 => "mp4",
            Container::QuickTime => "mov",
            Container::WebM => "webm",
            Container::Matroska => "mkv",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct VideoInfo {
    pub container: Container,
    pub duration_seconds: f64,
    pub width: Option<u32>,
    pub height: Option<u32>,
    pub has_audio: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum ProbeError {
    #[error("not a video file")]
    NotAVideo,
    #[error("the video has no picture track")]
    NoVideoTrack,
    #[error("the video file is damaged: {0}")]
    Damaged(&'static str),
    #[error(transparent)]
    Io(#[from] io::Error),
}

pub fn probe<R: Read + Seek>(reader: &mut R) -> Result<VideoInfo, ProbeError> {
    let len = reader.seek(SeekFrom::End(0))?;
    reader.seek(SeekFrom::Start(0))?;
    let mut head = [0u8; 12];
    let n = read_up_to(reader, &mut head)?;
    if n >= 4 && head[..4] == [0x1A, 0x45, 0xDF, 0xA3] {
        return ebml::probe(reader, len);
    }
    if n >= 8 && matches!(&head[4..8], b"ftyp" | b"moov" | b"mdat" | b"wide" | b"free" | b"skip") {
        return bmff::probe(reader, len);
    }
    Err(ProbeError::NotAVideo)
}

fn read_up_to<R: Read>(reader: &mut R, buf: &mut [u8]) -> io::Result<usize> {
    let mut total = 0;
    while total < buf.len() {
        match reader.read(&mut buf[total..])? {
            0 => break,
            n => total += n,
        }
    }
    Ok(total)
}

fn read_exact_at<R: Read + Seek>(reader: &mut R, offset: u64, len: usize) -> io::Result<Vec<u8>> {
    reader.seek(SeekFrom::Start(offset))?;
    let mut buf = vec![0u8; len];
    reader.read_exact(&mut buf)?;
    Ok(buf)
}

fn be_u32(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(b.get(at..at + 4)?.try_into().ok()?))
}
fn be_u64(b: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_be_bytes(b.get(at..at + 8)?.try_into().ok()?))
}

/// ISO base media file format (MP4, MOV).
mod bmff {
    use super::*;

    /// Boxes whose children we descend into.
    const CONTAINERS: [&[u8; 4]; 8] = [b"moov", b"trak", b"mdia", b"minf", b"stbl", b"mvex", b"moof", b"traf"];
    /// Whole boxes we read (all small).
    const LEAVES: [&[u8; 4]; 8] = [b"ftyp", b"mvhd", b"tkhd", b"mdhd", b"hdlr", b"mehd", b"tfhd", b"tfdt"];
    const MAX_LEAF: u64 = 1 << 20;
    /// A `trun` lists every sample; large ones are fine to read but bounded.
    const MAX_TRUN: u64 = 16 << 20;

    #[derive(Default, Debug)]
    struct Track {
        id: u32,
        handler: [u8; 4],
        timescale: u32,
        duration: u64,
        width: u32,
        height: u32,
        default_sample_duration: u32,
        /// End of the latest fragment seen, in the track's timescale.
        fragment_end: u64,
    }

    #[derive(Default, Debug)]
    struct State {
        brand: Option<[u8; 4]>,
        movie_timescale: u32,
        movie_duration: u64,
        fragment_duration: u64,
        tracks: Vec<Track>,
        /// Fragment parsing: current track and its decode time.
        current_track: Option<usize>,
        fragment_default_duration: Option<u32>,
        fragment_base: u64,
        saw_moov: bool,
    }

    pub fn probe<R: Read + Seek>(reader: &mut R, len: u64) -> Result<VideoInfo, ProbeError> {
        let mut state = State::default();
        walk(reader, 0, len, &mut state, 0)?;
        if !state.saw_moov {
            return Err(ProbeError::Damaged("no movie header (moov)"));
        }
        let video = state.tracks.iter().find(|t| &t.handler == b"vide").ok_or(ProbeError::NoVideoTrack)?;
        let has_audio = state.tracks.iter().any(|t| &t.handler == b"soun");
        let seconds = |value: u64, scale: u32| {
            if scale == 0 {
                0.0
            } else {
                value as f64 / scale as f64
            }
        };
        // Longest of: the movie header, the fragments' declared length, any track's
        // media or fragments (MediaRecorder leaves the headers at zero).
        let mut duration = seconds(state.movie_duration, state.movie_timescale)
            .max(seconds(state.fragment_duration, state.movie_timescale));
        for track in &state.tracks {
            duration = duration
                .max(seconds(track.duration, track.timescale))
                .max(seconds(track.fragment_end, track.timescale));
        }
        let container = match state.brand.as_ref() {
            Some(b"qt  ") => Container::QuickTime,
            _ => Container::Mp4,
        };
        Ok(VideoInfo {
            container,
            duration_seconds: duration,
            width: (video.width > 0).then_some(video.width),
            height: (video.height > 0).then_some(video.height),
            has_audio,
        })
    }

    fn walk<R: Read + Seek>(
        reader: &mut R,
        start: u64,
        end: u64,
        state: &mut State,
        depth: u32,
    ) -> Result<(), ProbeError> {
        if depth > 8 {
            return Err(ProbeError::Damaged("boxes nested too deeply"));
        }
        let mut offset = start;
        while offset + 8 <= end {
            let header = read_exact_at(reader, offset, 16.min((end - offset) as usize))?;
            let size32 = be_u32(&header, 0).ok_or(ProbeError::Damaged("short box"))? as u64;
            let kind: [u8; 4] = header[4..8].try_into().expect("4 bytes");
            let (size, header_len) = match size32 {
                0 => (end - offset, 8),
                1 => (be_u64(&header, 8).ok_or(ProbeError::Damaged("short large box"))?, 16),
                n => (n, 8),
            };
            if size < header_len || offset + size > end {
                // A recording cut short: its last box is incomplete. Keep what was read.
                if depth == 0 && state.saw_moov {
                    break;
                }
                return Err(ProbeError::Damaged("box runs past the end of its parent"));
            }
            let body_start = offset + header_len;
            let body_len = size - header_len;
            if CONTAINERS.contains(&&kind) {
                if &kind == b"moov" {
                    state.saw_moov = true;
                }
                if &kind == b"trak" {
                    state.tracks.push(Track::default());
                }
                if &kind == b"traf" {
                    state.current_track = None;
                    state.fragment_default_duration = None;
                    state.fragment_base = 0;
                }
                walk(reader, body_start, body_start + body_len, state, depth + 1)?;
            } else if LEAVES.contains(&&kind) && body_len <= MAX_LEAF {
                let body = read_exact_at(reader, body_start, body_len as usize)?;
                leaf(&kind, &body, state);
            } else if &kind == b"trun" && body_len <= MAX_TRUN {
                let body = read_exact_at(reader, body_start, body_len as usize)?;
                trun(&body, state);
            } else if depth == 0
                && offset == 0
                && !matches!(&kind, b"ftyp" | b"moov" | b"mdat" | b"wide" | b"free" | b"skip")
            {
                return Err(ProbeError::NotAVideo);
            }
            offset += size;
        }
        Ok(())
    }

    fn leaf(kind: &[u8; 4], body: &[u8], state: &mut State) {
        let version = body.first().copied().unwrap_or(0);
        match kind {
            b"ftyp" => state.brand = body.get(..4).and_then(|b| b.try_into().ok()),
            b"mvhd" => {
                let (scale, duration) = if version == 1 {
                    (be_u32(body, 20), be_u64(body, 24))
                } else {
                    (be_u32(body, 12), be_u32(body, 16).map(u64::from))
                };
                state.movie_timescale = scale.unwrap_or(0);
                state.movie_duration = duration.filter(|d| *d != u64::MAX && *d != u32::MAX as u64).unwrap_or(0);
            }
            b"mehd" => {
                state.fragment_duration =
                    if version == 1 { be_u64(body, 4) } else { be_u32(body, 4).map(u64::from) }.unwrap_or(0);
            }
            b"tkhd" => {
                let (id_at, matrix_at, wh_at) = if version == 1 { (20, 52, 88) } else { (12, 40, 76) };
                if let Some(track) = state.tracks.last_mut() {
                    track.id = be_u32(body, id_at).unwrap_or(0);
                    let width = be_u32(body, wh_at).unwrap_or(0) >> 16;
                    let height = be_u32(body, wh_at + 4).unwrap_or(0) >> 16;
                    // A phone filming upright stores its frames sideways with a quarter-turn
                    // matrix (a = 0, b = ±1): the picture people see is the other way round.
                    let a = be_u32(body, matrix_at).unwrap_or(0x0001_0000) as i32;
                    let b = be_u32(body, matrix_at + 4).unwrap_or(0) as i32;
                    let quarter_turn = a == 0 && b.unsigned_abs() == 0x0001_0000;
                    (track.width, track.height) = if quarter_turn { (height, width) } else { (width, height) };
                }
            }
            b"mdhd" => {
                let (scale, duration) = if version == 1 {
                    (be_u32(body, 20), be_u64(body, 24))
                } else {
                    (be_u32(body, 12), be_u32(body, 16).map(u64::from))
                };
                if let Some(track) = state.tracks.last_mut() {
                    track.timescale = scale.unwrap_or(0);
                    track.duration = duration.filter(|d| *d != u64::MAX && *d != u32::MAX as u64).unwrap_or(0);
                }
            }
            // QuickTime files (every iPhone `.mov`) carry a second `hdlr` in `minf`: the
            // data handler (component type `dhlr`, subtype `url ` or `alis`). It says where the
            // samples are, not what they are, so it must not replace the media handler.
            b"hdlr" if body.get(4..8) == Some(b"dhlr") => {}
            b"hdlr" => {
                if let (Some(track), Some(handler)) = (state.tracks.last_mut(), body.get(8..12)) {
                    track.handler = handler.try_into().expect("4 bytes");
                }
            }
            b"tfhd" => {
                let flags = be_u32(body, 0).unwrap_or(0) & 0x00FF_FFFF;
                let id = be_u32(body, 4).unwrap_or(0);
                state.current_track = state.tracks.iter().position(|t| t.id == id);
                let mut at = 8;
                if flags & 0x01 != 0 {
                    at += 8; // base data offset
                }
                if flags & 0x02 != 0 {
                    at += 4; // sample description index
                }
                state.fragment_default_duration = if flags & 0x08 != 0 { be_u32(body, at) } else { None };
            }
            b"tfdt" => {
                state.fragment_base =
                    if version == 1 { be_u64(body, 4) } else { be_u32(body, 4).map(u64::from) }.unwrap_or(0);
            }
            _ => {}
        }
    }

    fn trun(body: &[u8], state: &mut State) {
        let Some(index) = state.current_track else {
            return;
        };
        let flags = be_u32(body, 0).unwrap_or(0) & 0x00FF_FFFF;
        let count = be_u32(body, 4).unwrap_or(0) as usize;
        let mut at = 8;
        if flags & 0x01 != 0 {
            at += 4; // data offset
        }
        if flags & 0x04 != 0 {
            at += 4; // first sample flags
        }
        let per_sample = [0x100, 0x200, 0x400, 0x800].iter().filter(|f| flags & **f != 0).count() * 4;
        let track = &mut state.tracks[index];
        let default = state.fragment_default_duration.unwrap_or(track.default_sample_duration);
        let mut total: u64 = 0;
        for sample in 0..count {
            let duration = if flags & 0x100 != 0 { be_u32(body, at + sample * per_sample) } else { Some(default) };
            match duration {
                Some(d) => total += d as u64,
                None => break,
            }
        }
        let end = state.fragment_base + total;
        track.fragment_end = track.fragment_end.max(end);
        // Consecutive truns of one fragment follow each other.
        state.fragment_base = end;
    }
}

/// Matroska / WebM (EBML).
mod ebml {
    use super::*;

    const EBML_HEADER: u32 = 0x1A45_DFA3;
    const DOC_TYPE: u32 = 0x4282;
    const SEGMENT: u32 = 0x1853_8067;
    const INFO: u32 = 0x1549_A966;
    const TIMECODE_SCALE: u32 = 0x2A_D7B1;
    const DURATION: u32 = 0x4489;
    const TRACKS: u32 = 0x1654_AE6B;
    const TRACK_ENTRY: u32 = 0xAE;
    const TRACK_TYPE: u32 = 0x83;
    const VIDEO: u32 = 0xE0;
    const PIXEL_WIDTH: u32 = 0xB0;
    const PIXEL_HEIGHT: u32 = 0xBA;
    const CLUSTER: u32 = 0x1F43_B675;
    const CLUSTER_TIMECODE: u32 = 0xE7;
    const SIMPLE_BLOCK: u32 = 0xA3;
    const BLOCK_GROUP: u32 = 0xA0;
    const BLOCK: u32 = 0xA1;
    /// Elements that end an unknown-size cluster when met.
    const TOP_LEVEL: [u32; 7] = [CLUSTER, INFO, TRACKS, 0x1C53_BB6B, 0x1254_C367, 0x1941_A469, 0x1043_A770];

    struct Element {
        id: u32,
        /// `None`: unknown size (runs to the end of its parent, or to the next sibling of a higher level).
        size: Option<u64>,
        header_len: u64,
    }

    fn vint<R: Read + Seek>(reader: &mut R, offset: u64, keep_marker: bool) -> Result<(u64, u64, bool), ProbeError> {
        let first = read_exact_at(reader, offset, 1)?[0];
        let len = first.leading_zeros() as u64 + 1;
        if len > 8 {
            return Err(ProbeError::Damaged("bad variable-size integer"));
        }
        let rest = if len > 1 { read_exact_at(reader, offset + 1, (len - 1) as usize)? } else { Vec::new() };
        let mut value = if keep_marker { first as u64 } else { (first as u64) & ((1u64 << (8 - len)) - 1) };
        let mut all_ones = value == (1u64 << (8 - len)) - 1;
        for byte in rest {
            value = (value << 8) | byte as u64;
            all_ones &= byte == 0xFF;
        }
        Ok((value, len, all_ones && !keep_marker))
    }

    fn element<R: Read + Seek>(reader: &mut R, offset: u64) -> Result<Element, ProbeError> {
        let (id, id_len, _) = vint(reader, offset, true)?;
        let (size, size_len, unknown) = vint(reader, offset + id_len, false)?;
        Ok(Element { id: id as u32, size: (!unknown).then_some(size), header_len: id_len + size_len })
    }

    fn uint(bytes: &[u8]) -> u64 {
        bytes.iter().fold(0, |acc, b| (acc << 8) | *b as u64)
    }

    fn float(bytes: &[u8]) -> Option<f64> {
        match bytes.len() {
            4 => Some(f32::from_be_bytes(bytes.try_into().ok()?) as f64),
            8 => Some(f64::from_be_bytes(bytes.try_into().ok()?)),
            _ => None,
        }
    }

    #[derive(Default)]
    struct State {
        timecode_scale: u64,
        duration: Option<f64>,
        width: Option<u32>,
        height: Option<u32>,
        has_video: bool,
        has_audio: bool,
        /// Latest block time seen, in timecode units.
        last_block: i64,
        cluster_time: i64,
    }

    pub fn probe<R: Read + Seek>(reader: &mut R, len: u64) -> Result<VideoInfo, ProbeError> {
        let header = element(reader, 0)?;
        if header.id != EBML_HEADER {
            return Err(ProbeError::NotAVideo);
        }
        let header_end = header.header_len + header.size.ok_or(ProbeError::Damaged("unknown-size EBML header"))?;
        let mut doc_type = String::new();
        let mut offset = header.header_len;
        while offset < header_end {
            let child = element(reader, offset)?;
            let size = child.size.ok_or(ProbeError::Damaged("unknown-size header field"))?;
            if child.id == DOC_TYPE && size < 64 {
                doc_type = String::from_utf8_lossy(&read_exact_at(reader, offset + child.header_len, size as usize)?)
                    .into_owned();
            }
            offset += child.header_len + size;
        }
        let container = match doc_type.trim_end_matches('\0') {
            "webm" => Container::WebM,
            "matroska" => Container::Matroska,
            _ => return Err(ProbeError::NotAVideo),
        };
        let segment = element(reader, header_end)?;
        if segment.id != SEGMENT {
            return Err(ProbeError::Damaged("no segment"));
        }
        let segment_start = header_end + segment.header_len;
        let segment_end = segment.size.map(|s| (segment_start + s).min(len)).unwrap_or(len);
        let mut state = State { timecode_scale: 1_000_000, ..Default::default() };
        let mut offset = segment_start;
        while offset < segment_end {
            let Ok(child) = element(reader, offset) else {
                break;
            };
            // A recording without a declared duration (Chrome's) is measured from its last
            // clusters: read the tail instead of every block of a long file.
            if child.id == CLUSTER && state.duration.is_none() && segment_end - offset > TAIL_BYTES {
                if let Some(last) = last_block_in_tail(reader, segment_end, offset, &state)? {
                    state.last_block = state.last_block.max(last);
                    break;
                }
            }
            let body = offset + child.header_len;
            let end = match child.size {
                Some(size) => body + size,
                None if child.id == CLUSTER => cluster(reader, body, segment_end, &mut state)?,
                None => segment_end,
            };
            match child.id {
                INFO => info(reader, body, end.min(segment_end), &mut state)?,
                TRACKS => tracks(reader, body, end.min(segment_end), &mut state)?,
                CLUSTER if child.size.is_some() => {
                    cluster(reader, body, end.min(segment_end), &mut state)?;
                }
                _ => {}
            }
            if end <= offset {
                break;
            }
            offset = end;
        }
        if !state.has_video {
            return Err(ProbeError::NoVideoTrack);
        }
        let from_blocks = state.last_block.max(0) as f64 * state.timecode_scale as f64 / 1e9;
        let declared = state.duration.map(|d| d * state.timecode_scale as f64 / 1e9).unwrap_or(0.0);
        Ok(VideoInfo {
            container,
            duration_seconds: declared.max(from_blocks),
            width: state.width,
            height: state.height,
            has_audio: state.has_audio,
        })
    }

    fn info<R: Read + Seek>(reader: &mut R, start: u64, end: u64, state: &mut State) -> Result<(), ProbeError> {
        let mut offset = start;
        while offset < end {
            let child = element(reader, offset)?;
            let size = child.size.ok_or(ProbeError::Damaged("unknown-size info field"))?;
            let body = offset + child.header_len;
            if size <= 8 {
                let bytes = read_exact_at(reader, body, size as usize)?;
                match child.id {
                    TIMECODE_SCALE => state.timecode_scale = uint(&bytes).max(1),
                    DURATION => state.duration = float(&bytes),
                    _ => {}
                }
            }
            offset = body + size;
        }
        Ok(())
    }

    fn tracks<R: Read + Seek>(reader: &mut R, start: u64, end: u64, state: &mut State) -> Result<(), ProbeError> {
        let mut offset = start;
        while offset < end {
            let entry = element(reader, offset)?;
            let size = entry.size.ok_or(ProbeError::Damaged("unknown-size track"))?;
            let body = offset + entry.header_len;
            if entry.id == TRACK_ENTRY {
                let mut inner = body;
                let (mut kind, mut width, mut height) = (0, None, None);
                while inner < body + size {
                    let field = element(reader, inner)?;
                    let field_size = field.size.ok_or(ProbeError::Damaged("unknown-size track field"))?;
                    let field_body = inner + field.header_len;
                    match field.id {
                        TRACK_TYPE if field_size <= 8 => {
                            kind = uint(&read_exact_at(reader, field_body, field_size as usize)?)
                        }
                        VIDEO => {
                            let mut video = field_body;
                            while video < field_body + field_size {
                                let dim = element(reader, video)?;
                                let dim_size = dim.size.ok_or(ProbeError::Damaged("unknown-size video field"))?;
                                if dim_size <= 8 {
                                    let value =
                                        uint(&read_exact_at(reader, video + dim.header_len, dim_size as usize)?) as u32;
                                    match dim.id {
                                        PIXEL_WIDTH => width = Some(value),
                                        PIXEL_HEIGHT => height = Some(value),
                                        _ => {}
                                    }
                                }
                                video += dim.header_len + dim_size;
                            }
                        }
                        _ => {}
                    }
                    inner = field_body + field_size;
                }
                match kind {
                    1 => {
                        state.has_video = true;
                        state.width = state.width.or(width);
                        state.height = state.height.or(height);
                    }
                    2 => state.has_audio = true,
                    _ => {}
                }
            }
            offset = body + size;
        }
        Ok(())
    }

    /// How much of the end of a long WebM is read to find its last clusters.
    pub const TAIL_BYTES: u64 = 4 * 1024 * 1024;

    /// The latest block time of the clusters in the last [`TAIL_BYTES`] before `end`:
    /// found by the cluster id, trying candidates from the end, and accepted only when
    /// the element parses as a cluster with a timecode (an id-like pattern inside block
    /// data is not mistaken for one). `None` when no cluster is found there.
    fn last_block_in_tail<R: Read + Seek>(
        reader: &mut R,
        end: u64,
        first_cluster: u64,
        state: &State,
    ) -> Result<Option<i64>, ProbeError> {
        let start = end.saturating_sub(TAIL_BYTES).max(first_cluster);
        let tail = read_exact_at(reader, start, (end - start) as usize)?;
        let id = CLUSTER.to_be_bytes();
        let mut candidates: Vec<u64> =
            tail.windows(4).enumerate().filter(|(_, w)| *w == id).map(|(i, _)| start + i as u64).collect();
        candidates.reverse();
        for at in candidates {
            let Ok(cluster_element) = element(reader, at) else { continue };
            let body = at + cluster_element.header_len;
            let first = match element(reader, body) {
                Ok(first) => first,
                Err(_) => continue,
            };
            if first.id != CLUSTER_TIMECODE || first.size.is_none_or(|s| s > 8) {
                continue;
            }
            let mut trial =
                State { timecode_scale: state.timecode_scale, cluster_time: -1, last_block: -1, ..Default::default() };
            let cluster_end = cluster_element.size.map(|s| (body + s).min(end)).unwrap_or(end);
            if cluster(reader, body, cluster_end, &mut trial).is_err() || trial.cluster_time < 0 {
                continue;
            }
            return Ok(Some(trial.last_block.max(trial.cluster_time)));
        }
        Ok(None)
    }

    /// Reads a cluster's timecode and block times; returns where the cluster ends
    /// (for unknown-size clusters, where the next top-level element starts).
    fn cluster<R: Read + Seek>(reader: &mut R, start: u64, end: u64, state: &mut State) -> Result<u64, ProbeError> {
        let mut offset = start;
        while offset < end {
            let Ok(child) = element(reader, offset) else {
                return Ok(end);
            };
            if TOP_LEVEL.contains(&child.id) {
                return Ok(offset);
            }
            let Some(size) = child.size else {
                return Ok(end);
            };
            let body = offset + child.header_len;
            if body + size > end {
                // Cut short at the end of the file: keep the blocks read so far.
                return Ok(end);
            }
            match child.id {
                CLUSTER_TIMECODE if size <= 8 => {
                    state.cluster_time = uint(&read_exact_at(reader, body, size as usize)?) as i64
                }
                SIMPLE_BLOCK => block_time(reader, body, state)?,
                BLOCK_GROUP => {
                    let mut inner = body;
                    while inner < body + size {
                        let part = element(reader, inner)?;
                        let part_size = part.size.ok_or(ProbeError::Damaged("unknown-size block"))?;
                        if part.id == BLOCK {
                            block_time(reader, inner + part.header_len, state)?;
                        }
                        inner += part.header_len + part_size;
                    }
                }
                _ => {}
            }
            offset = body + size;
        }
        Ok(end)
    }

    fn block_time<R: Read + Seek>(reader: &mut R, body: u64, state: &mut State) -> Result<(), ProbeError> {
        let (_, track_len, _) = vint(reader, body, false)?;
        let relative = read_exact_at(reader, body + track_len, 2)?;
        let relative = i16::from_be_bytes([relative[0], relative[1]]) as i64;
        state.last_block = state.last_block.max(state.cluster_time + relative);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    fn bx(kind: &[u8; 4], body: &[u8]) -> Vec<u8> {
        let mut out = ((body.len() + 8) as u32).to_be_bytes().to_vec();
        out.extend_from_slice(kind);
        out.extend_from_slice(body);
        out
    }

    fn full(version_flags: u32, rest: &[u8]) -> Vec<u8> {
        let mut out = version_flags.to_be_bytes().to_vec();
        out.extend_from_slice(rest);
        out
    }

    /// A minimal fragmented MP4 like MediaRecorder's: zero durations in the headers,
    /// two fragments of 1 s each at timescale 1000 with 30 samples of 33/34 ms.
    fn fragmented_mp4() -> Vec<u8> {
        let mvhd = full(0, &[&[0u8; 8][..], &1000u32.to_be_bytes(), &0u32.to_be_bytes(), &[0u8; 80]].concat());
        let mut tkhd_body = vec![0u8; 80];
        tkhd_body[8..12].copy_from_slice(&1u32.to_be_bytes()); // track id at 12 incl. version/flags
        tkhd_body[72..76].copy_from_slice(&(1280u32 << 16).to_be_bytes());
        tkhd_body[76..80].copy_from_slice(&(720u32 << 16).to_be_bytes());
        let tkhd = full(0, &tkhd_body);
        let mdhd = full(0, &[&[0u8; 8][..], &1000u32.to_be_bytes(), &0u32.to_be_bytes(), &[0u8; 4]].concat());
        let hdlr = full(0, &[&[0u8; 4][..], b"vide", &[0u8; 13]].concat());
        let trak = bx(
            b"trak",
            &[bx(b"tkhd", &tkhd), bx(b"mdia", &[bx(b"mdhd", &mdhd), bx(b"hdlr", &hdlr)].concat())].concat(),
        );
        let moov = bx(b"moov", &[bx(b"mvhd", &mvhd), trak, bx(b"mvex", &[])].concat());
        let fragment = |base: u32| {
            let tfhd = full(0x08, &[&1u32.to_be_bytes()[..], &33u32.to_be_bytes()].concat());
            let tfdt = full(0, &base.to_be_bytes());
            let mut trun = full(0x100, &30u32.to_be_bytes());
            for i in 0..30u32 {
                trun.extend_from_slice(&(if i % 3 == 0 { 34u32 } else { 33 }).to_be_bytes());
            }
            [
                bx(b"moof", &bx(b"traf", &[bx(b"tfhd", &tfhd), bx(b"tfdt", &tfdt), bx(b"trun", &trun)].concat())),
                bx(b"mdat", &[0u8; 100]),
            ]
            .concat()
        };
        [bx(b"ftyp", b"isom\0\0\x02\0isomiso6"), moov, fragment(0), fragment(1000)].concat()
    }

    #[test]
    fn fragmented_mp4_duration_comes_from_its_fragments() {
        let info = probe(&mut Cursor::new(fragmented_mp4())).unwrap();
        assert_eq!(info.container, Container::Mp4);
        assert_eq!((info.width, info.height), (Some(1280), Some(720)));
        assert!((info.duration_seconds - 2.0).abs() < 0.001, "{}", info.duration_seconds);
        assert!(!info.has_audio);
    }

    #[test]
    fn a_recording_cut_short_still_probes() {
        let mut bytes = fragmented_mp4();
        bytes.truncate(bytes.len() - 50);
        let info = probe(&mut Cursor::new(bytes)).unwrap();
        assert!(info.duration_seconds > 0.9);
    }

    fn ebml_element(id: &[u8], body: &[u8]) -> Vec<u8> {
        let mut out = id.to_vec();
        out.push(0x01); // 8-byte size
        out.extend_from_slice(&(body.len() as u64).to_be_bytes()[1..]);
        out.extend_from_slice(body);
        out
    }

    /// A WebM like Chrome's MediaRecorder: unknown-size segment and clusters, no duration.
    fn chrome_webm() -> Vec<u8> {
        let header = ebml_element(&[0x1A, 0x45, 0xDF, 0xA3], &ebml_element(&[0x42, 0x82], b"webm"));
        let info = ebml_element(&[0x15, 0x49, 0xA9, 0x66], &ebml_element(&[0x2A, 0xD7, 0xB1], &[0x0F, 0x42, 0x40]));
        let video = ebml_element(
            &[0xE0],
            &[ebml_element(&[0xB0], &[0x02, 0x80]), ebml_element(&[0xBA], &[0x01, 0xE0])].concat(),
        );
        let track = ebml_element(&[0xAE], &[ebml_element(&[0x83], &[1]), video].concat());
        let audio = ebml_element(&[0xAE], &ebml_element(&[0x83], &[2]));
        let tracks = ebml_element(&[0x16, 0x54, 0xAE, 0x6B], &[track, audio].concat());
        let cluster = |timecode: u16, blocks: &[i16]| {
            let mut out = vec![0x1F, 0x43, 0xB6, 0x75, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF];
            out.extend(ebml_element(&[0xE7], &timecode.to_be_bytes()));
            for relative in blocks {
                let mut block = vec![0x81];
                block.extend_from_slice(&relative.to_be_bytes());
                block.extend_from_slice(&[0x80, 1, 2, 3]);
                out.extend(ebml_element(&[0xA3], &block));
            }
            out
        };
        let mut segment = vec![0x18, 0x53, 0x80, 0x67, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF];
        segment.extend([info, tracks, cluster(0, &[0, 33, 66]), cluster(2000, &[0, 500, 1466])].concat());
        [header, segment].concat()
    }

    #[test]
    fn chrome_webm_without_duration_is_measured_from_its_blocks() {
        let info = probe(&mut Cursor::new(chrome_webm())).unwrap();
        assert_eq!(info.container, Container::WebM);
        assert_eq!((info.width, info.height), (Some(640), Some(480)));
        assert!((info.duration_seconds - 3.466).abs() < 0.001, "{}", info.duration_seconds);
        assert!(info.has_audio);
    }

    /// A reader that counts the bytes read through it.
    struct Counting<R> {
        inner: R,
        read: u64,
    }

    impl<R: Read> Read for Counting<R> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.inner.read(buf)?;
            self.read += n as u64;
            Ok(n)
        }
    }

    impl<R: Seek> Seek for Counting<R> {
        fn seek(&mut self, position: SeekFrom) -> io::Result<u64> {
            self.inner.seek(position)
        }
    }

    /// Chrome's WebM, `clusters` seconds long, each cluster a second of 64 KiB blocks.
    fn long_chrome_webm(clusters: u16) -> Vec<u8> {
        let short = chrome_webm();
        let first_cluster = short.windows(4).position(|w| w == [0x1F, 0x43, 0xB6, 0x75]).unwrap();
        let mut out = short[..first_cluster].to_vec();
        for second in 0..clusters {
            out.extend([0x1F, 0x43, 0xB6, 0x75, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]);
            out.extend(ebml_element(&[0xE7], &(u32::from(second) * 1000).to_be_bytes()));
            for relative in [0i16, 250, 500, 750] {
                let mut block = vec![0x81];
                block.extend_from_slice(&relative.to_be_bytes());
                block.push(0x80);
                // Frame data, with the cluster id's bytes inside it now and then.
                block.extend((0..16 * 1024).flat_map(|i: u32| {
                    if i % 4096 == 7 {
                        [0x1F, 0x43, 0xB6, 0x75]
                    } else {
                        i.to_be_bytes()
                    }
                }));
                out.extend(ebml_element(&[0xA3], &block));
            }
        }
        out
    }

    #[test]
    fn a_long_webm_without_duration_is_measured_from_its_tail_not_read_whole() {
        let file = long_chrome_webm(160);
        assert!(file.len() > 40 * 1024 * 1024);
        let mut reader = Counting { inner: Cursor::new(file.clone()), read: 0 };
        let info = probe(&mut reader).unwrap();
        assert!((info.duration_seconds - 159.75).abs() < 0.001, "{}", info.duration_seconds);
        assert!(reader.read < ebml::TAIL_BYTES + 2 * 1024 * 1024, "read {} of {} bytes", reader.read, file.len());
        // A short one is still read block by block.
        let info = probe(&mut Cursor::new(long_chrome_webm(3))).unwrap();
        assert!((info.duration_seconds - 2.75).abs() < 0.001, "{}", info.duration_seconds);
    }

    #[test]
    fn a_file_that_ends_inside_its_structure_is_an_unexpected_end() {
        let file = chrome_webm();
        let tracks = file.windows(4).position(|w| w == [0x16, 0x54, 0xAE, 0x6B]).unwrap();
        match probe(&mut Cursor::new(file[..tracks + 16].to_vec())) {
            Err(ProbeError::Io(error)) => assert_eq!(error.kind(), io::ErrorKind::UnexpectedEof),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn other_files_are_not_videos() {
        for bytes in [
            b"hello, this is text, not a video".to_vec(),
            vec![0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, b'J', b'F', b'I', b'F'],
            Vec::new(),
        ] {
            assert!(matches!(probe(&mut Cursor::new(bytes)), Err(ProbeError::NotAVideo)));
        }
        // An MP4 without a picture track (audio only) is refused too.
        let audio_only = fragmented_mp4()
            .windows(4)
            .position(|w| w == b"vide")
            .map(|at| {
                let mut bytes = fragmented_mp4();
                bytes[at..at + 4].copy_from_slice(b"soun");
                bytes
            })
            .unwrap();
        assert!(matches!(probe(&mut Cursor::new(audio_only)), Err(ProbeError::NoVideoTrack)));
    }

    /// A real file made by Debian's ffmpeg (the test command installs it), as a phone saves it.
    fn ffmpeg_file(name: &str, args: &[&str]) -> Vec<u8> {
        let dir = std::env::temp_dir().join(format!("storyhive-probe-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let out = dir.join(name);
        let status = std::process::Command::new("ffmpeg")
            .args(["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=30"])
            .args(["-f", "lavfi", "-i", "sine=frequency=440", "-t", "2"])
            .args(args)
            .arg(&out)
            .status()
            .expect("ffmpeg runs (apt-get install ffmpeg)");
        assert!(status.success(), "ffmpeg made {name}");
        let bytes = std::fs::read(&out).unwrap();
        std::fs::remove_dir_all(&dir).ok();
        bytes
    }

    fn has_data_handler(bytes: &[u8]) -> bool {
        bytes.windows(8).any(|w| w == b"dhlrurl ")
    }

    #[test]
    fn quicktime_movies_as_phones_save_them_are_videos() {
        // H.264 in .mov, with the `dhlr`/`url ` data-handler boxes QuickTime writes.
        let h264 = ffmpeg_file("h264.mov", &["-c:v", "libx264", "-c:a", "aac", "-f", "mov"]);
        assert!(has_data_handler(&h264), "the file carries QuickTime's data handler");
        let info = probe(&mut Cursor::new(h264)).expect("an H.264 .mov is a video");
        assert_eq!(info.container, Container::QuickTime);
        assert_eq!((info.width, info.height), (Some(320), Some(240)));
        assert!(info.has_audio);
        assert!((info.duration_seconds - 2.0).abs() < 0.1, "{}", info.duration_seconds);

        // HEVC filmed upright: frames stored sideways with a quarter-turn display matrix, as an
        // iPhone does; people see it 240 wide and 320 high.
        let mut hevc = ffmpeg_file(
            "hevc-rotated.mov",
            &["-c:v", "libx265", "-tag:v", "hvc1", "-x265-params", "log-level=error", "-c:a", "aac", "-f", "mov"],
        );
        // Debian's ffmpeg 5.1 cannot write a display matrix, so the test sets the video track's
        // (the first `tkhd`, version 0) to the quarter turn an iPhone writes: a = 0, b = 1, c = -1, d = 0.
        let tkhd = hevc.windows(4).position(|w| w == b"tkhd").expect("a track header") + 4;
        assert_eq!(hevc[tkhd], 0, "a version 0 track header");
        let matrix = tkhd + 40;
        for (i, value) in [0i32, 0x0001_0000, 0, -0x0001_0000, 0, 0].into_iter().enumerate() {
            hevc[matrix + 4 * i..matrix + 4 * i + 4].copy_from_slice(&value.to_be_bytes());
        }
        let check = std::process::Command::new("ffprobe")
            .args(["-v", "error", "-show_entries", "stream_side_data=rotation", "-of", "csv=p=0", "-"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                use std::io::Write;
                child.stdin.take().unwrap().write_all(&hevc).ok();
                child.wait_with_output()
            })
            .expect("ffprobe runs");
        let rotation = String::from_utf8_lossy(&check.stdout);
        assert!(rotation.contains("90"), "ffprobe sees a quarter turn: {rotation:?}");
        let info = probe(&mut Cursor::new(hevc)).expect("a rotated HEVC .mov is a video");
        assert_eq!((info.width, info.height), (Some(240), Some(320)));

        // 10-bit HDR HEVC (HLG, BT.2020), what recent iPhones record by default.
        let hdr = ffmpeg_file(
            "hevc-hdr.mov",
            &[
                "-c:v",
                "libx265",
                "-tag:v",
                "hvc1",
                "-pix_fmt",
                "yuv420p10le",
                "-x265-params",
                "log-level=error",
                "-color_primaries",
                "bt2020",
                "-color_trc",
                "arib-std-b67",
                "-colorspace",
                "bt2020nc",
                "-c:a",
                "aac",
                "-f",
                "mov",
            ],
        );
        let info = probe(&mut Cursor::new(hdr)).expect("a 10-bit HDR HEVC .mov is a video");
        assert_eq!(info.container, Container::QuickTime);
        assert_eq!((info.width, info.height), (Some(320), Some(240)));
    }

    #[test]
    fn a_quicktime_movie_with_only_sound_is_still_refused() {
        let sound = ffmpeg_file("sound.mov", &["-map", "1:a", "-c:a", "aac", "-f", "mov"]);
        assert!(matches!(probe(&mut Cursor::new(sound)), Err(ProbeError::NoVideoTrack)));
    }
}
