#if CHAFA
import CChafa
import WalkthroughKit

/// Symbol art and sixel drawn by libchafa (the `Chafa` trait): finer symbols than
/// ``SymbolArt`` (quadrants, sextants' neighbours, borders), and sixel graphics.
package enum ChafaArt {
    /// The pixel size chafa assumes a cell has, for sixel.
    static let cellWidth: Int32 = 10
    static let cellHeight: Int32 = 20

    /// `image` as symbol art in `size` cells, one string a row.
    package static func lines(
        _ image: DecodedImage, size: CellSize, colours: SymbolColours
    ) -> [String]? {
        let canvasMode: ChafaCanvasMode
        switch colours {
        case .trueColour: canvasMode = CHAFA_CANVAS_MODE_TRUECOLOR
        case .palette256: canvasMode = CHAFA_CANVAS_MODE_INDEXED_240
        case .monochrome: canvasMode = CHAFA_CANVAS_MODE_FGBG
        }
        guard
            let text = draw(
                image, size: size, pixelMode: CHAFA_PIXEL_MODE_SYMBOLS,
                canvasMode: canvasMode)
        else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0) + "\u{1B}[0m"
        }
        return lines.count >= size.rows ? Array(lines.prefix(size.rows)) : nil
    }

    /// `image` as one sixel sequence covering `size` cells.
    package static func sixel(_ image: DecodedImage, size: CellSize) -> String? {
        draw(
            image, size: size, pixelMode: CHAFA_PIXEL_MODE_SIXELS,
            canvasMode: CHAFA_CANVAS_MODE_TRUECOLOR)
    }

    private static func draw(
        _ image: DecodedImage, size: CellSize, pixelMode: ChafaPixelMode,
        canvasMode: ChafaCanvasMode
    ) -> String? {
        guard let config = chafa_canvas_config_new() else { return nil }
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_geometry(config, Int32(size.columns), Int32(size.rows))
        chafa_canvas_config_set_cell_geometry(config, cellWidth, cellHeight)
        chafa_canvas_config_set_pixel_mode(config, pixelMode)
        chafa_canvas_config_set_canvas_mode(config, canvasMode)
        if pixelMode == CHAFA_PIXEL_MODE_SYMBOLS, let map = chafa_symbol_map_new() {
            defer { chafa_symbol_map_unref(map) }
            let tags =
                CHAFA_SYMBOL_TAG_BLOCK.rawValue | CHAFA_SYMBOL_TAG_BORDER.rawValue
                | CHAFA_SYMBOL_TAG_SPACE.rawValue
            chafa_symbol_map_add_by_tags(map, ChafaSymbolTags(rawValue: tags))
            chafa_canvas_config_set_symbol_map(config, map)
        }
        guard let canvas = chafa_canvas_new(config) else { return nil }
        defer { chafa_canvas_unref(canvas) }
        image.pixels.withUnsafeBufferPointer { pixels in
            chafa_canvas_draw_all_pixels(
                canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels.baseAddress,
                Int32(image.width), Int32(image.height), Int32(image.width * 4))
        }
        guard let printed = chafa_canvas_print(canvas, nil) else { return nil }
        defer { g_string_free(printed, 1) }
        return String(cString: printed.pointee.str)
    }
}
#endif
