import WalkthroughKit

/// A request body read as one JSON object, for the routes that take one (an OFREP
/// evaluation, a step).
enum RequestJSON {
    /// The members of the JSON object `body` holds.
    ///
    /// - Throws: A one-line sentence saying what is wrong and where, when `body` is not a
    ///   JSON object (the caller's error carries it).
    static func members(of body: [UInt8]) throws(Failure) -> [JSONMember] {
        let root: JSONValue
        do {
            root = try body.withUnsafeBytes { bytes throws(JSONReadError) in
                try JSONReader.parseObject(bytes)
            }
        } catch {
            throw Failure(detail: "the body is not a JSON object: \(error)")
        }
        guard case .object(let members) = root.storage else {
            throw Failure(detail: "the body is not a JSON object")
        }
        return members
    }

    /// Why a body is not a JSON object.
    struct Failure: Error {
        /// What is wrong, in a sentence without its final stop.
        var detail: String
    }
}
