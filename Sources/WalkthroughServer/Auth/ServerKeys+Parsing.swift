import WalkthroughKit

extension ServerKeys {
    /// The keys in `bytes`, the contents of the file at `path` (named in errors).
    ///
    /// - Throws: ``ServerKeysError/invalid(path:place:problem:)`` naming where the first
    ///   problem is.
    package static func parse(
        _ bytes: [UInt8], path: String
    ) throws(ServerKeysError) -> ServerKeys {
        func refuse(_ place: String, _ problem: ServerKeysError.Problem) -> ServerKeysError {
            .invalid(path: path, place: place, problem: problem)
        }
        let parsed = bytes.withUnsafeBytes { raw in
            Result { () throws(JSONReadError) in try JSONReader.parseObject(raw) }
        }
        let root: JSONValue
        switch parsed {
        case .success(let value):
            root = value
        case .failure(let error):
            let place = "line \(error.position.line), column \(error.position.column)"
            switch error.kind {
            case .emptyFile:
                throw refuse(place, .syntax("the file is empty; it should be a JSON object"))
            case .notAnObject:
                throw refuse(place, .syntax("the top level is not a JSON object"))
            case .nestingTooDeep:
                throw refuse(place, .syntax("nested too deeply"))
            default:
                throw refuse(place, .syntax(error.kind.message))
            }
        }
        let top = try Members(root, place: "the top level", path: path)
        try top.refuseOthers(than: ["keys", "userTokens"])

        guard let list = top["keys"] else { throw refuse("the top level", .missingMember("keys")) }
        guard case .array(let elements) = list.storage else {
            throw refuse("keys", .wrongType(expected: "an array"))
        }
        let keys = try readKeys(elements, path: path)
        let userTokens = try top["userTokens"].map { value throws(ServerKeysError) in
            try readUserTokens(value, path: path)
        }
        guard !keys.isEmpty || userTokens != nil else {
            throw refuse("the top level", .noCredentials)
        }
        return ServerKeys(keys: keys, userTokens: userTokens)
    }

    /// The keys of the `keys` array.
    private static func readKeys(
        _ elements: [JSONValue], path: String
    ) throws(ServerKeysError) -> [Key] {
        func refuse(_ place: String, _ problem: ServerKeysError.Problem) -> ServerKeysError {
            .invalid(path: path, place: place, problem: problem)
        }
        var keys: [Key] = []
        for (index, element) in elements.enumerated() {
            let place = "keys[\(index)]"
            let object = try Members(element, place: place, path: path)
            try object.refuseOthers(than: ["name", "role", "secret"])
            let name = try object.string("name")
            guard isValidName(name) else { throw refuse(place + ".name", .invalidName(name)) }
            if let first = keys.firstIndex(where: { $0.name.utf8.elementsEqual(name.utf8) }) {
                throw refuse(place + ".name", .duplicateName(name, first: "keys[\(first)]"))
            }
            let roleName = try object.string("role")
            guard let role = Role(rawValue: roleName) else {
                throw refuse(place + ".role", .unknownRole(roleName))
            }
            let secret = try object.string("secret")
            guard !secret.isEmpty else { throw refuse(place + ".secret", .emptySecret) }
            guard isSendable(secret) else { throw refuse(place + ".secret", .secretCharacters) }
            if let first = keys.firstIndex(where: { $0.secret.utf8.elementsEqual(secret.utf8) }) {
                throw refuse(place + ".secret", .duplicateSecret(first: "keys[\(first)]"))
            }
            keys.append(Key(name: name, role: role, secret: secret))
        }
        return keys
    }

    /// The `userTokens` object.
    private static func readUserTokens(
        _ value: JSONValue, path: String
    ) throws(ServerKeysError) -> UserTokens {
        func refuse(_ place: String, _ problem: ServerKeysError.Problem) -> ServerKeysError {
            .invalid(path: path, place: place, problem: problem)
        }
        let object = try Members(value, place: "userTokens", path: path)
        try object.refuseOthers(than: ["secret", "issuer"])
        let secret = try object.string("secret")
        guard !secret.isEmpty else { throw refuse("userTokens.secret", .emptySecret) }
        guard secret.utf8.count >= minimumTokenSecretLength else {
            throw refuse("userTokens.secret", .shortTokenSecret(byteCount: secret.utf8.count))
        }
        var issuer: String?
        if object["issuer"] != nil {
            issuer = try object.string("issuer")
            guard issuer?.isEmpty == false else {
                throw refuse("userTokens.issuer", .emptyIssuer)
            }
        }
        return UserTokens(secret: secret, issuer: issuer)
    }

    /// Whether `name` is 1 to 64 ASCII letters, digits, `.`, `_` or `-`: safe in a log line,
    /// and never taken for `user:NAME`.
    private static func isValidName(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count)
            && name.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"),
                    UInt8(ascii: "-"):
                    return true
                default:
                    return false
                }
            }
    }

    /// Whether `secret` is a `token68` (RFC 9110 §11.2), what `Authorization: Bearer` carries
    /// (letters, digits, `-_~+/`, then any number of `=`), without the `.` token68 also allows:
    /// a credential with dots is taken for a user token.
    private static func isSendable(_ secret: String) -> Bool {
        let bytes = Array(secret.utf8)
        let body = bytes.prefix(while: { $0 != UInt8(ascii: "=") })
        guard !body.isEmpty, bytes[body.count...].allSatisfy({ $0 == UInt8(ascii: "=") }) else {
            return false
        }
        return body.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "+"), UInt8(ascii: "/"):
                return true
            default:
                return false
            }
        }
    }
}

/// The members of one object of a keys file, read with the place it is at for errors.
private struct Members {
    let members: [JSONMember]
    let place: String
    let path: String

    init(_ value: JSONValue, place: String, path: String) throws(ServerKeysError) {
        guard case .object(let members) = value.storage else {
            throw .invalid(path: path, place: place, problem: .wrongType(expected: "an object"))
        }
        self.members = members
        self.place = place
        self.path = path
    }

    subscript(_ name: String) -> JSONValue? {
        members.first(where: { $0.key.utf8.elementsEqual(name.utf8) })?.value
    }

    /// The string member `name`.
    func string(_ name: String) throws(ServerKeysError) -> String {
        let location = place == "the top level" ? name : place + "." + name
        guard let value = self[name] else {
            throw .invalid(path: path, place: place, problem: .missingMember(name))
        }
        guard case .string(let text) = value.storage else {
            throw .invalid(path: path, place: location, problem: .wrongType(expected: "a string"))
        }
        return text
    }

    /// Refuses a member not in `known`.
    func refuseOthers(than known: [String]) throws(ServerKeysError) {
        for member in members
        where !known.contains(where: { $0.utf8.elementsEqual(member.key.utf8) }) {
            throw .invalid(
                path: path, place: place, problem: .unknownMember(member.key, known: known))
        }
    }
}
