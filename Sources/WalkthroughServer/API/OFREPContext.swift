package import WalkthroughKit

/// An OFREP request's evaluation context: `{"context": {"targetingKey": USER, "locale": TAG,
/// …}}`. The targeting key is the user; `locale` chooses the language of `title` and `detail`;
/// every other attribute stands for a variable of the definitions' `env` rule (a web page has
/// no environment).
package struct OFREPContext: Sendable {
    /// The user, if given.
    package var targetingKey: String?
    /// The requested locale, if given.
    package var locale: LanguageTag?
    /// The other attributes as variables: strings as they are, numbers as written, booleans
    /// as `true` and `false`; objects, arrays and nulls are left out.
    package var variables: [String: String] = [:]

    /// Why a body is not an evaluation request.
    package struct Malformed: Error, Sendable {
        /// What is wrong, for `errorDetails`.
        package var detail: String
    }

    /// The variables the quiet switch reads: only the server's own environment sets them.
    static let quietVariables: Set<String> = ["CI", "WALKTHROUGH_DISABLE"]

    /// Reads a request body; an empty body is an empty context.
    ///
    /// - Throws: ``Malformed`` for a body that is not a JSON object, or a `context` or
    ///   `targetingKey` of the wrong type.
    package init(body: [UInt8]) throws(Malformed) {
        guard !body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else {
            return
        }
        let members: [JSONMember]
        do {
            members = try RequestJSON.members(of: body)
        } catch {
            throw Malformed(detail: error.detail)
        }
        guard let context = members.first(where: { $0.key == "context" })?.value else {
            return
        }
        guard case .object(let attributes) = context.storage else {
            throw Malformed(detail: "\"context\" is not an object")
        }
        for attribute in attributes {
            switch (attribute.key, attribute.value.storage) {
            case ("targetingKey", .string(let user)):
                targetingKey = user
            case ("targetingKey", .null):
                break
            case ("targetingKey", _):
                throw Malformed(detail: "\"targetingKey\" is not a string")
            case ("locale", .string(let tag)):
                locale = LanguageTag(tag)
            case (let name, _) where Self.quietVariables.contains(name):
                break
            case (let name, .string(let text)):
                variables[name] = text
            case (let name, .number(let number)):
                variables[name] = number.text
            case (let name, .bool(let value)):
                variables[name] = value ? "true" : "false"
            default:
                break
            }
        }
    }
}
