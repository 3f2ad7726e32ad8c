//! Reading a response body under the size cap: decoded as served (gzip, deflate, brotli), at
//! most [`KEPT_BYTES`] kept (or more, up to [`COUNTED_BYTES`], when the caller asks), the rest
//! counted up to [`COUNTED_BYTES`] and dropped.
//!
//! Googlebot reads the first 500 KiB of a robots.txt and RFC 9309 §2.5 lets crawlers stop
//! there, so nothing past one byte more than that is ever kept (the byte says the file was cut).
//! Decoding is a stream: a gzip bomb that inflates to a gigabyte costs 64 KiB of buffer and the
//! time to count up to [`COUNTED_BYTES`], never the gigabyte.

use std::cell::Cell;
use std::io::{self, Read};

use robots_lens::SIZE_LIMIT;

/// How many decoded bytes are kept by default: the 500 KiB crawlers read and one more, which
/// marks a file that was cut.
pub const KEPT_BYTES: usize = SIZE_LIMIT + 1;

/// How many decoded bytes are counted before the rest is not even read: enough to size any
/// real robots.txt exactly, and little enough that a never-ending or bomb body ends quickly.
pub const COUNTED_BYTES: u64 = 32 * 1024 * 1024;

/// A content coding from `Content-Encoding`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coding {
    /// `gzip` or `x-gzip`.
    Gzip,
    /// `deflate`: zlib data, or raw deflate from servers that send that instead.
    Deflate,
    /// `br`.
    Brotli,
}

/// The codings of a `Content-Encoding` value, in the order they were applied; an unknown
/// coding (`zstd`, `compress`) is returned as the error.
pub fn codings(header: &str) -> Result<Vec<Coding>, String> {
    let mut codings = Vec::new();
    for name in header
        .split(',')
        .map(str::trim)
        .filter(|name| !name.is_empty())
    {
        match name.to_ascii_lowercase().as_str() {
            "gzip" | "x-gzip" => codings.push(Coding::Gzip),
            "deflate" => codings.push(Coding::Deflate),
            "br" => codings.push(Coding::Brotli),
            "identity" => {}
            _ => return Err(name.to_owned()),
        }
    }
    Ok(codings)
}

/// The decoded body, cut.
#[derive(Debug, Default)]
pub struct ReadBody {
    /// At most the `keep` decoded bytes [`read`] was given.
    pub kept: Vec<u8>,
    /// Decoded bytes seen, kept or not ([`COUNTED_BYTES`] when counting stopped there).
    pub decoded: u64,
    /// The body was read to its end.
    pub complete: bool,
    /// The compressed data was corrupt: what the decoder said.
    pub decoding_error: Option<String>,
    /// The connection failed or timed out while the body was read.
    pub network_error: Option<io::Error>,
}

/// Reads `raw` (the body as it came off the connection), undoing `codings`, and keeps its first
/// `keep` decoded bytes (at least [`KEPT_BYTES`], at most [`COUNTED_BYTES`]).
pub fn read(raw: impl Read, codings: &[Coding], keep: usize) -> ReadBody {
    let keep = keep.clamp(KEPT_BYTES, COUNTED_BYTES as usize);
    let network_error = Cell::new(None);
    let tapped = Tap {
        inner: raw,
        error: &network_error,
    };
    let mut decoded: Box<dyn Read + '_> = Box::new(tapped);
    // Undo the codings last applied first.
    for coding in codings.iter().rev() {
        decoded = match coding {
            Coding::Gzip => Box::new(flate2::read::MultiGzDecoder::new(decoded)),
            Coding::Deflate => deflate_decoder(decoded),
            Coding::Brotli => Box::new(brotli_decompressor::Decompressor::new(decoded, 4096)),
        };
    }
    let mut body = ReadBody::default();
    let mut buffer = vec![0; 64 * 1024];
    loop {
        match decoded.read(&mut buffer) {
            Ok(0) => {
                body.complete = true;
                break;
            }
            Ok(read) => {
                let room = keep.saturating_sub(body.kept.len()).min(read);
                body.kept.extend_from_slice(&buffer[..room]);
                body.decoded += read as u64;
                if body.decoded >= COUNTED_BYTES {
                    // Counted this far and no further: the size is "at least" the bound.
                    body.decoded = COUNTED_BYTES;
                    break;
                }
            }
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => {
                match network_error.take() {
                    Some(network) => body.network_error = Some(network),
                    None => body.decoding_error = Some(error.to_string()),
                }
                break;
            }
        }
    }
    drop(decoded);
    if body.network_error.is_none() {
        body.network_error = network_error.take();
    }
    body
}

/// HTTP's `deflate` is zlib-wrapped (RFC 9110 §8.4.1.2), but some servers send raw deflate:
/// the first two bytes tell which (a zlib header is a multiple of 31 with method 8).
fn deflate_decoder<'a>(mut source: Box<dyn Read + 'a>) -> Box<dyn Read + 'a> {
    let mut head = [0u8; 2];
    let mut got = 0;
    while got < 2 {
        match source.read(&mut head[got..]) {
            Ok(0) => break,
            Ok(read) => got += read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            // The error surfaces again on the next read of the source.
            Err(_) => break,
        }
    }
    let is_zlib =
        got == 2 && head[0] & 0x0f == 8 && (u16::from(head[0]) << 8 | u16::from(head[1])) % 31 == 0;
    let whole = io::Cursor::new(head[..got].to_vec()).chain(source);
    if is_zlib {
        Box::new(flate2::read::ZlibDecoder::new(whole))
    } else {
        Box::new(flate2::read::DeflateDecoder::new(whole))
    }
}

/// Passes reads through and remembers a failure of the connection itself, so that it is told
/// apart from a decoder's complaint about the data.
struct Tap<'e, R> {
    inner: R,
    error: &'e Cell<Option<io::Error>>,
}

impl<R: Read> Read for Tap<'_, R> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        self.inner.read(buffer).map_err(|error| {
            let message = io::Error::new(error.kind(), error.to_string());
            self.error.set(Some(error));
            message
        })
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    fn gzip(data: &[u8]) -> Vec<u8> {
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        encoder.write_all(data).unwrap();
        encoder.finish().unwrap()
    }

    #[test]
    fn codings_are_read_from_the_header() {
        assert_eq!(codings("gzip"), Ok(vec![Coding::Gzip]));
        assert_eq!(
            codings("deflate, BR"),
            Ok(vec![Coding::Deflate, Coding::Brotli])
        );
        assert_eq!(codings("identity"), Ok(vec![]));
        assert_eq!(codings("zstd"), Err("zstd".to_owned()));
    }

    #[test]
    fn each_coding_is_undone() {
        let text = b"User-agent: *\nDisallow: /private/\n".repeat(100);
        let body = read(&gzip(&text)[..], &[Coding::Gzip], KEPT_BYTES);
        assert_eq!(body.kept, text);
        assert!(body.complete);

        for zlib in [true, false] {
            let mut encoded = Vec::new();
            if zlib {
                let mut encoder = flate2::write::ZlibEncoder::new(&mut encoded, Default::default());
                encoder.write_all(&text).unwrap();
                encoder.finish().unwrap();
            } else {
                let mut encoder =
                    flate2::write::DeflateEncoder::new(&mut encoded, Default::default());
                encoder.write_all(&text).unwrap();
                encoder.finish().unwrap();
            }
            let body = read(&encoded[..], &[Coding::Deflate], KEPT_BYTES);
            assert_eq!(body.kept, text, "zlib wrapper: {zlib}");
        }
    }

    #[test]
    fn a_body_past_the_limit_is_cut_and_counted() {
        let text = vec![b'#'; 2 * 1024 * 1024];
        let body = read(&text[..], &[], KEPT_BYTES);
        assert_eq!(body.kept.len(), KEPT_BYTES);
        assert_eq!(body.decoded, text.len() as u64);
        assert!(body.complete);
    }

    #[test]
    fn a_reader_that_asks_keeps_the_whole_body_up_to_the_count() {
        let text = vec![b'#'; 2 * 1024 * 1024];
        let body = read(&text[..], &[], usize::MAX);
        assert_eq!(body.kept, text);
        assert!(body.complete);
        let body = read(io::repeat(b'x'), &[], usize::MAX);
        assert_eq!(body.kept.len() as u64, COUNTED_BYTES);
        assert!(!body.complete);
    }

    #[test]
    fn an_endless_body_is_counted_up_to_the_bound() {
        let body = read(io::repeat(b'x'), &[], KEPT_BYTES);
        assert_eq!(body.kept.len(), KEPT_BYTES);
        assert!(!body.complete);
        assert_eq!(body.decoded, COUNTED_BYTES);
    }

    #[test]
    fn corrupt_data_is_a_decoding_error_not_a_network_one() {
        let mut data = gzip(b"User-agent: *\n");
        data[12] ^= 0xff;
        let body = read(&data[..], &[Coding::Gzip], KEPT_BYTES);
        assert!(body.decoding_error.is_some());
        assert!(body.network_error.is_none());
    }
}
