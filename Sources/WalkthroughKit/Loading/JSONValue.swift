extension ValidationReport {
    /// The type of a JSON value, as diagnostics name it ("expected a string, found a number").
    public enum JSONType: String, Sendable, Hashable, CaseIterable {
        /// `{ … }`
        case object
        /// `[ … ]`
        case array
        /// `"…"`
        case string
        /// A number written as an integer (`3`, `-1`), no fraction or exponent.
        case integer
        /// Any other number (`1.5`, `1e3`).
        case number
        /// `true` or `false`.
        case boolean
        /// `null`
        case null

        /// The type with its article, for messages: "an object", "a string".
        var withArticle: String {
            switch self {
            case .object, .array, .integer: return "an \(rawValue)"
            case .string, .number, .boolean: return "a \(rawValue)"
            case .null: return "null"
            }
        }
    }
}

/// One value of a parsed JSON document as a tree, with the position it was read from.
///
/// ``JSONReader/parseObject(_:)`` builds it from a ``JSONDocument``, for tests and tools that
/// want a tree; the loader itself walks the document's flat nodes. The tree is deliberately
/// small: objects keep their members in file order (duplicates are rejected while reading),
/// numbers keep their text so that integers stay exact.
package struct JSONValue: Sendable {
    /// The value itself.
    package enum Storage: Sendable {
        case object([JSONMember])
        case array([JSONValue])
        case string(String)
        case number(JSONNumber)
        case bool(Bool)
        case null
    }

    /// The value itself.
    package var storage: Storage
    /// Where the value starts (its first byte: `{`, `[`, `"`, a digit…).
    var position: SourcePosition

    /// The value's JSON type; a number is `.integer` when it is written as an exact integer.
    var type: ValidationReport.JSONType {
        switch storage {
        case .object: return .object
        case .array: return .array
        case .string: return .string
        case .number(let number): return number.isInteger ? .integer : .number
        case .bool: return .boolean
        case .null: return .null
        }
    }
}

/// A key and its value inside a JSON object.
package struct JSONMember: Sendable {
    /// The key, decoded.
    package var key: String
    /// Where the key's opening quote is.
    var keyPosition: SourcePosition
    /// The value.
    package var value: JSONValue
}

/// A JSON number as written, with its exact integer value when it has one.
package struct JSONNumber: Sendable, Hashable {
    /// The number exactly as the file wrote it (`1`, `-0`, `1.5`, `1e400`).
    package var text: String
    /// Whether the number is written without fraction or exponent.
    package var isInteger: Bool
    /// The value when it is written as an integer that fits in `Int`, else `nil`.
    package var integerValue: Int?
}
