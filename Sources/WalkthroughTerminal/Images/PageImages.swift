#if PICTURES
package import WalkthroughKit

/// The player's images: each file read and decoded once, and its art cached per size, so that
/// moving between pages and redrawing cost nothing and a resize draws at the new size.
///
/// A file that is missing, damaged or too large is remembered as such: its page shows the alt
/// text.
package final class PageImages {
    /// How images are drawn.
    package let mode: ResolvedImageMode
    private let limits: ImageLimits
    private var loaded: [String: LoadedImage?] = [:]
    /// Decodes started by ``prefetch(_:in:)`` and not yet taken.
    private var pending: [String: BackgroundDecode] = [:]
    private var art: [ArtKey: ImageArt] = [:]

    private struct ArtKey: Hashable {
        var path: String
        var size: CellSize
    }

    /// The most sizes of art kept; a resize that goes past it starts the cache afresh.
    private static let artCacheLimit = 32

    /// Creates an empty cache for `mode`.
    package init(mode: ResolvedImageMode, limits: ImageLimits = .standard) {
        self.mode = mode
        self.limits = limits
    }

    /// The size of `page`'s image when it can be drawn; `nil` (show the alt text) when the page
    /// has none, images are off, or the file cannot be drawn.
    package func pixelSize(of page: Page, in walkthrough: Walkthrough) -> PixelSize? {
        guard mode != .none, let path = walkthrough.imagePath(of: page),
            let image = image(at: path, for: nil)
        else { return nil }
        return image.size
    }

    /// The art for `page`'s image in `size` cells; `nil` when it cannot be drawn.
    package func art(of page: Page, in walkthrough: Walkthrough, size: CellSize) -> ImageArt? {
        guard mode != .none, let path = walkthrough.imagePath(of: page) else { return nil }
        let key = ArtKey(path: path, size: size)
        if let known = art[key] { return known }
        guard let image = image(at: path, for: size), let drawn = draw(image, size: size) else {
            return nil
        }
        if art.count >= Self.artCacheLimit { art.removeAll() }
        art[key] = drawn
        return drawn
    }

    deinit {
        finishPending()
    }

    /// Starts decoding `page`'s image on a thread of its own, as its first use would (for an
    /// 80 × 24 screen's worth), so that it is ready when the page is first drawn: the player
    /// calls it before its first durable write, which the decode then runs beside. The first
    /// use of the image waits for it.
    package func prefetch(_ page: Page, in walkthrough: Walkthrough) {
        guard mode != .none, let path = walkthrough.imagePath(of: page), loaded[path] == nil,
            pending[path] == nil
        else { return }
        pending[path] = BackgroundDecode(path: path, limits: limits, atLeast: firstDecodeSize)
    }

    /// Forgets every file and drawing (the definition was saved again: its images may have
    /// changed).
    package func reload() {
        finishPending()
        loaded.removeAll()
        art.removeAll()
    }

    /// The image at `path`, decoded for drawing in `size` (`nil`: for its size alone, which
    /// the first decode serves too). The first decode is for the size asked (an 80 × 24
    /// screen's worth when only its size is asked); a later, larger drawing decodes the file's
    /// bytes again, keeping the pixels it has if that fails.
    private func image(at path: String, for size: CellSize?) -> LoadedImage? {
        let wanted = size.map(pixelsWanted) ?? firstDecodeSize
        if let decode = pending.removeValue(forKey: path) {
            loaded[path] = decode.finish()
        }
        if let known = loaded[path] {
            guard let known, let size else { return known }
            let image = known.decoded(atLeast: pixelsWanted(size), limits: limits) ?? known
            loaded[path] = image
            return image
        }
        let image = try? LoadedImage(contentsOf: path, limits: limits, atLeast: wanted)
        loaded[path] = image
        return image
    }

    /// Waits for every prefetch not yet taken, and forgets them.
    private func finishPending() {
        for decode in pending.values { _ = decode.finish() }
        pending.removeAll()
    }

    /// What an image is decoded for when only its size is asked (or prefetched): an 80 × 24
    /// screen's worth.
    private var firstDecodeSize: PixelSize { pixelsWanted(CellSize(columns: 80, rows: 24)) }

    /// The fewest decoded pixels that draw as well as the whole image in `size` cells.
    private func pixelsWanted(_ size: CellSize) -> PixelSize {
        let perCell: (width: Int, height: Int)
        switch mode {
        case .kitty, .iterm, .none:
            // The file's bytes go to the terminal; a JPEG for kitty is sent as pixels, at most
            // 10 × 20 a cell.
            perCell = (10, 20)
        case .sixel, .symbols:
            #if CHAFA
            // Chafa's canvas, 10 × 20 pixels a cell.
            perCell = (Int(ChafaArt.cellWidth), Int(ChafaArt.cellHeight))
            #else
            // The project's symbol art samples one pixel across and two down a cell (`▀`):
            // twice that in each direction leaves its box filter pixels to average.
            perCell = (2, 4)
            #endif
        }
        return PixelSize(width: size.columns * perCell.width, height: size.rows * perCell.height)
    }

    private func draw(_ image: LoadedImage, size: CellSize) -> ImageArt? {
        switch mode {
        case .none: return nil
        case .kitty: return .sequence(GraphicsProtocols.kitty(image, size: size))
        case .iterm: return .sequence(GraphicsProtocols.iterm(image, size: size))
        case .sixel:
            #if CHAFA
            return ChafaArt.sixel(image.decoded, size: size).map(ImageArt.sequence)
            #else
            return .lines(SymbolArt.lines(image.decoded, size: size, colours: .palette256))
            #endif
        case .symbols(let colours):
            #if CHAFA
            if let lines = ChafaArt.lines(image.decoded, size: size, colours: colours) {
                return .lines(lines)
            }
            #endif
            return .lines(SymbolArt.lines(image.decoded, size: size, colours: colours))
        }
    }
}

/// One image decoded on a thread of its own; ``finish()`` waits for it and gives the image
/// (`nil`: the file could not be decoded, so its page shows the alt text).
private final class BackgroundDecode: @unchecked Sendable {
    // Written by the decoding thread before it ends and read only after `join`, which orders
    // the two.
    private var image: LoadedImage?
    private var thread: BackgroundThread?

    init(path: String, limits: ImageLimits, atLeast: PixelSize) {
        thread = BackgroundThread { [self] in
            image = try? LoadedImage(contentsOf: path, limits: limits, atLeast: atLeast)
        }
    }

    /// Waits for the decode to end; the image. Call it once.
    func finish() -> LoadedImage? {
        thread?.join()
        thread = nil
        return image
    }
}
#endif
