/// A JSON value to print, written by hand so the command needs no Foundation encoder: a tree
/// written through a ``JSONWriter`` (which escapes every string completely).
package indirect enum JSONText: Sendable {
    case object([(String, JSONText)])
    case array([JSONText])
    case string(String)
    case integer(Int)
    /// A number with a fraction (a rate, seconds); written in Swift's shortest form that reads
    /// back as the same value, `null` when it is not finite.
    case number(Double)
    case bool(Bool)
    case null

    /// The value as pretty-printed JSON (two-space indent), without a final newline.
    package func rendered() -> String {
        var writer = JSONWriter(pretty: true)
        write(to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// Writes the value, and what it holds, through `writer`.
    package func write(to writer: inout JSONWriter) {
        switch self {
        case .object(let members):
            writer.beginObject()
            for (key, value) in members {
                writer.key(key)
                value.write(to: &writer)
            }
            writer.endObject()
        case .array(let elements):
            writer.beginArray()
            for element in elements { element.write(to: &writer) }
            writer.endArray()
        case .string(let string): writer.string(string)
        case .integer(let value): writer.integer(value)
        case .number(let value): writer.number(value)
        case .bool(let value): writer.bool(value)
        case .null: writer.null()
        }
    }
}
