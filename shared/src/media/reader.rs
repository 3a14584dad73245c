//! `Read + Seek` over an S3 object by ranged GETs of 1 MiB, cached, so the probe reads
//! only the parts of the file it needs (box headers of an MP4, the blocks of a WebM).
//! Used from a blocking thread; each fetch waits on the async client.

use std::io::{self, Read, Seek, SeekFrom};

const CHUNK: u64 = 1024 * 1024;

pub struct S3Reader {
    runtime: tokio::runtime::Handle,
    s3: aws_sdk_s3::Client,
    bucket: String,
    key: String,
    len: u64,
    position: u64,
    cached: Option<(u64, Vec<u8>)>,
}

impl S3Reader {
    pub fn new(runtime: tokio::runtime::Handle, s3: aws_sdk_s3::Client, bucket: String, key: String, len: u64) -> Self {
        Self { runtime, s3, bucket, key, len, position: 0, cached: None }
    }

    fn chunk(&mut self, start: u64) -> io::Result<&[u8]> {
        if self.cached.as_ref().map(|(s, _)| *s) != Some(start) {
            let end = (start + CHUNK).min(self.len) - 1;
            let request =
                self.s3.get_object().bucket(&self.bucket).key(&self.key).range(format!("bytes={start}-{end}"));
            let bytes = self.runtime.block_on(async move {
                let output = request.send().await.map_err(io::Error::other)?;
                output.body.collect().await.map(|b| b.into_bytes().to_vec()).map_err(io::Error::other)
            })?;
            self.cached = Some((start, bytes));
        }
        Ok(&self.cached.as_ref().expect("cached above").1)
    }
}

impl Read for S3Reader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.position >= self.len || buf.is_empty() {
            return Ok(0);
        }
        let start = self.position - self.position % CHUNK;
        let offset = (self.position - start) as usize;
        let chunk = self.chunk(start)?;
        if offset >= chunk.len() {
            return Ok(0);
        }
        let n = buf.len().min(chunk.len() - offset);
        buf[..n].copy_from_slice(&chunk[offset..offset + n]);
        self.position += n as u64;
        Ok(n)
    }
}

impl Seek for S3Reader {
    fn seek(&mut self, position: SeekFrom) -> io::Result<u64> {
        let next = match position {
            SeekFrom::Start(at) => at as i128,
            SeekFrom::End(delta) => self.len as i128 + delta as i128,
            SeekFrom::Current(delta) => self.position as i128 + delta as i128,
        };
        if next < 0 {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "seek before the start"));
        }
        self.position = next as u64;
        Ok(self.position)
    }
}
