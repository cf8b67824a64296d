extension JSONText {
    /// The value as JSON on one line, with no space between tokens: one JSON Lines record
    /// (`export`). Escaped exactly as ``rendered()`` escapes.
    package func renderedOnOneLine() -> String {
        String(decoding: bytesOnOneLine(), as: UTF8.self)
    }

    /// ``renderedOnOneLine()`` as its UTF-8 bytes: what a response's body holds.
    package func bytesOnOneLine() -> [UInt8] {
        var writer = JSONWriter(pretty: false)
        write(to: &writer)
        return writer.bytes
    }
}
