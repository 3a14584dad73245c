//! What the server checks of an uploaded file before keeping it. Nothing from the
//! browser is trusted: the object's real size is read from S3, pictures are decoded
//! and re-encoded as JPEG (which also drops whatever else the file carried), PDFs must
//! look like PDFs at both ends, and videos go through the same probe as contributors'
//! takes.

use std::io::Cursor;

use image::{codecs::jpeg::JpegEncoder, DynamicImage, ImageDecoder, ImageReader, Limits, Rgba, RgbaImage};

/// Pictures larger than this on a side are refused (a 10MB file can declare huge
/// dimensions and make the decoder allocate gigabytes).
pub const IMAGE_MAX_SIDE: u32 = 8000;
/// Pictures of more pixels than this (4096 × 4096) are refused before decoding: a
/// 16-bit RGBA picture this large decodes to 128 MiB, and flattening and re-encoding it
/// needs about as much again, well inside the function's 1,024 MB. An 8000 × 8000
/// 16-bit PNG of 2.5 MB used to peak at 1,164 MiB.
pub const IMAGE_MAX_PIXELS: u64 = 4096 * 4096;
/// Memory the decoder may use for one picture.
pub const IMAGE_MAX_ALLOC: u64 = 160 * 1024 * 1024;
pub const JPEG_QUALITY: u8 = 85;

#[derive(Debug, PartialEq, Eq)]
pub struct NotValid;

/// Decodes a picture (PNG, JPEG, GIF, WebP, BMP, whatever its name or declared type
/// says) and re-encodes it as JPEG. Transparent areas become white, as JPEG has no
/// transparency.
pub fn to_jpeg(bytes: &[u8]) -> Result<Vec<u8>, NotValid> {
    let mut reader = ImageReader::new(Cursor::new(bytes)).with_guessed_format().map_err(|_| NotValid)?;
    if reader.format().is_none() {
        return Err(NotValid);
    }
    let mut limits = Limits::default();
    limits.max_image_width = Some(IMAGE_MAX_SIDE);
    limits.max_image_height = Some(IMAGE_MAX_SIDE);
    limits.max_alloc = Some(IMAGE_MAX_ALLOC);
    reader.limits(limits);
    let decoder = reader.into_decoder().map_err(|_| NotValid)?;
    let (width, height) = decoder.dimensions();
    if u64::from(width) * u64::from(height) > IMAGE_MAX_PIXELS {
        return Err(NotValid);
    }
    let decoded = DynamicImage::from_decoder(decoder).map_err(|_| NotValid)?;
    // Each conversion consumes the picture before it, so at most two copies are alive.
    let rgb = if decoded.color().has_alpha() {
        let rgba = decoded.into_rgba8();
        let mut flat = RgbaImage::from_pixel(rgba.width(), rgba.height(), Rgba([255, 255, 255, 255]));
        image::imageops::overlay(&mut flat, &rgba, 0, 0);
        DynamicImage::ImageRgba8(flat).to_rgb8()
    } else {
        decoded.into_rgb8()
    };
    let mut out = Vec::new();
    JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY).encode_image(&rgb).map_err(|_| NotValid)?;
    Ok(out)
}

/// A PDF starts with `%PDF-1.x` or `%PDF-2.x` (within its first 1024 bytes, as readers
/// allow) and ends with `%%EOF` (within its last 1024 bytes), with a cross-reference
/// (`startxref`) before it.
pub fn looks_like_pdf(head: &[u8], tail: &[u8]) -> bool {
    let header = find(head, b"%PDF-").is_some_and(|at| {
        head.get(at + 5).is_some_and(|major| matches!(major, b'1' | b'2')) && head.get(at + 6) == Some(&b'.')
    });
    let end = find(tail, b"%%EOF");
    let xref = find(tail, b"startxref");
    header && matches!((xref, end), (Some(x), Some(e)) if x < e)
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32, alpha: u8) -> Vec<u8> {
        let picture = RgbaImage::from_pixel(width, height, Rgba([200, 10, 10, alpha]));
        let mut out = Vec::new();
        DynamicImage::ImageRgba8(picture).write_to(&mut Cursor::new(&mut out), image::ImageFormat::Png).unwrap();
        out
    }

    #[test]
    fn a_png_becomes_a_jpeg_of_the_same_size() {
        let jpeg = to_jpeg(&png(40, 30, 255)).unwrap();
        assert_eq!(&jpeg[..3], &[0xFF, 0xD8, 0xFF]);
        let back = image::load_from_memory_with_format(&jpeg, image::ImageFormat::Jpeg).unwrap();
        assert_eq!((back.width(), back.height()), (40, 30));
        let pixel = back.to_rgb8().get_pixel(20, 15).0;
        assert!(pixel[0] > 150 && pixel[1] < 60, "{pixel:?}");
    }

    #[test]
    fn transparency_turns_white() {
        let back = image::load_from_memory(&to_jpeg(&png(8, 8, 0)).unwrap()).unwrap().to_rgb8();
        assert!(back.get_pixel(4, 4).0.iter().all(|c| *c > 240));
    }

    /// Issue 20, item 11: a small file that declares a huge 16-bit picture is refused
    /// before the decoder allocates it.
    #[test]
    fn a_small_png_of_a_huge_16_bit_picture_is_refused_before_decoding() {
        let side = 8000;
        let picture = image::ImageBuffer::<image::Luma<u16>, Vec<u16>>::new(side, side);
        let mut file = Vec::new();
        DynamicImage::ImageLuma16(picture).write_to(&mut Cursor::new(&mut file), image::ImageFormat::Png).unwrap();
        assert!(file.len() < 3 * 1024 * 1024, "a small file: {} bytes", file.len());
        assert_eq!(to_jpeg(&file), Err(NotValid));
        // Just over the pixel budget is refused too; a large but reasonable logo is kept.
        assert_eq!(to_jpeg(&png(4097, 4096, 255)), Err(NotValid));
        assert!(to_jpeg(&png(2000, 1000, 128)).is_ok());
    }

    #[test]
    fn what_is_not_a_picture_is_refused() {
        assert_eq!(to_jpeg(b"%PDF-1.7 not a picture"), Err(NotValid));
        assert_eq!(to_jpeg(&[]), Err(NotValid));
        let mut cut = png(40, 30, 255);
        cut.truncate(cut.len() / 2);
        assert_eq!(to_jpeg(&cut), Err(NotValid));
    }

    #[test]
    fn pdfs_are_recognised_at_both_ends() {
        assert!(looks_like_pdf(b"%PDF-1.4\n%\xE2\xE3", b"trailer\nstartxref\n123\n%%EOF\n"));
        assert!(!looks_like_pdf(b"%PDF-1.4", b"no end"));
        assert!(!looks_like_pdf(b"PK\x03\x04 a zip", b"startxref\n1\n%%EOF"));
        assert!(!looks_like_pdf(b"%PDF-x", b"startxref\n1\n%%EOF"));
    }
}
