import CZlib

/// zlib's deflate at its best compression, through CZlib (opened with dlopen at first use).
///
/// In gzip's format for the page's files a browser takes gzipped, in zlib's own for a PNG's pixels.
enum Deflate {
    enum Format: Int32 {
        /// The window bits that ask for each: 15, plus 16 for gzip's header and trailer.
        case zlib = 15, gzip = 31
    }

    /// `bytes` compressed, or nil when zlib is not on this machine or refused.
    static func compress(_ bytes: [UInt8], format: Format) -> [UInt8]? {
        let bound = charflow_gzip_bound(bytes.count)
        guard bound > 0 else { return nil }
        var output = [UInt8](repeating: 0, count: bound)
        let capacity = output.count
        let written = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                charflow_deflate(input.baseAddress, input.count, out.baseAddress, capacity, format.rawValue)
            }
        }
        return written > 0 ? Array(output.prefix(written)) : nil
    }
}
