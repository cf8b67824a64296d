import WalkthroughKit
import WalkthroughTerminal

// Fuzz target: the image decoder's entry (`ImageDecoder.decode`), on any bytes: PNG and JPEG
// through libpng and libjpeg, with the format sniffed from the bytes. The seed corpus holds a
// small PNG and a small JPEG, so mutations reach past the signatures. Properties:
// - it returns or throws `ImageDecodingError`, never crashes (AddressSanitizer watches libpng's
//   and libjpeg's memory too);
// - a decoded image has width × height × 4 bytes, within the limits (at most 256 pixels a side
//   here, so that a valid mutation stays quick);
// - symbol art of a decoded image has exactly the rows asked for;
// - the reduced decode the player uses (libpng's row API in Sources/CPNGReduced, libjpeg's scaling)
//   never crashes either, and gives no more pixels than the image and no fewer than asked.

/// libFuzzer calls this once per input: `size` bytes at `data`; returns 0 (the input is
/// kept or not by coverage), and aborts when a property above does not hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImage(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size)
    let limits = ImageLimits(
        maximumSide: 256, maximumDecodedBytes: 256 * 256 * 4, maximumFileSize: 1 << 20)
    let reduced = try? ImageDecoder.decode(bytes, limits: limits, atLeast: (14, 12))
    guard let image = try? ImageDecoder.decode(bytes, limits: limits) else { return 0 }
    if let reduced {
        precondition(
            reduced.pixels.count == reduced.width * reduced.height * 4, "wrong reduced pixel count")
        precondition(
            reduced.width <= image.width && reduced.height <= image.height,
            "a reduced decode larger than the image")
        precondition(
            reduced.width >= min(14, image.width) && reduced.height >= min(12, image.height),
            "a reduced decode smaller than asked")
    }
    precondition(image.width > 0 && image.height > 0, "an empty image decoded")
    precondition(image.width <= 256 && image.height <= 256, "the side limit was not kept")
    precondition(image.pixels.count == image.width * image.height * 4, "wrong pixel count")
    let art = SymbolArt.lines(image, size: CellSize(columns: 7, rows: 3), colours: .palette256)
    precondition(art.count == 3, "symbol art with \(art.count) rows")
    return 0
}
