extension AdministratorPolicy {
    /// The policy in force for a process whose environment is `environment`: the system file,
    /// the file `WALKTHROUGH_POLICY` names on top of it, and `WALKTHROUGH_MAX_PER_DAY`.
    ///
    /// A missing system file is no policy; any other file that cannot be read or used (the
    /// `WALKTHROUGH_POLICY` file missing included) disables every walkthrough.
    ///
    /// - Parameter systemFile: The system file; only the package's own tests pass another.
    package static func inForce(
        environment: some EnvironmentVariables, systemFile: String = systemFile
    ) -> AdministratorPolicy {
        var policy = AdministratorPolicy()
        policy.add(file: systemFile, role: .system)
        if let named = environment[fileVariable], !named.isEmpty {
            policy.add(file: named, role: .environment)
        }
        if let text = environment[maxPerDayVariable], !text.isEmpty {
            if let limit = Int(text), (0...maximumPerDay).contains(limit) {
                policy.lower(maxPerDay: Setting(limit, from: maxPerDayVariable))
            } else {
                policy.ignored.append(
                    "\(maxPerDayVariable) is \(CharacterSafety.quoted(text)), not a whole number "
                        + "from 0 to \(maximumPerDay): ignored")
            }
        }
        return policy
    }

    // MARK: - Merging

    /// Reads the file at `path` and adds what it sets, the stricter value winning.
    private mutating func add(file path: String, role: File.Role) {
        let contents: Contents
        switch Self.read(path) {
        case .success(let read):
            contents = read
        case .failure(.missing) where role == .system:
            files.append(File(path: path, role: role, state: .missing))
            return
        case .failure(let problem):
            files.append(File(path: path, role: role, state: .unusable(problem.description)))
            disable.append(Setting(.unusable(problem: problem.description), from: path))
            return
        }
        files.append(File(path: path, role: role, state: .read))
        if let value = contents.disable { disable.append(Setting(value, from: path)) }
        if let value = contents.maxPerDay { lower(maxPerDay: Setting(value, from: path)) }
        if let value = contents.minInterval, value > (minInterval?.value ?? .zero) {
            minInterval = Setting(value, from: path)
        }
        if let value = contents.quietHours { quietHours.append(Setting(value, from: path)) }
        // The first file's store stands: the environment's cannot move the system's.
        if db == nil, let value = contents.db { db = Setting(value, from: path) }
        for name in contents.ciVariables where !ciVariables.contains(where: { $0.value == name }) {
            ciVariables.append(Setting(name, from: path))
        }
    }

    /// Keeps `setting` when it is lower than the `maxPerDay` in force.
    private mutating func lower(maxPerDay setting: Setting<Int>) {
        if setting.value < (maxPerDay?.value ?? .max) { maxPerDay = setting }
    }

    // MARK: - One file

    /// What one policy file sets.
    struct Contents {
        var disable: Disable?
        var maxPerDay: Int?
        var minInterval: Duration?
        var quietHours: QuietHours?
        var db: String?
        var ciVariables: [String] = []
    }

    /// Why a policy file cannot be used.
    enum Problem: Error, CustomStringConvertible {
        /// Nothing is there.
        case missing
        /// It cannot be read (a folder, permission denied, too large).
        case unreadable(String)
        /// It is not a policy: invalid JSON, an unknown key, a wrong value.
        case invalid(String)

        var description: String {
            switch self {
            case .missing: return "no such file"
            case .unreadable(let reason): return reason
            case .invalid(let reason): return reason
            }
        }
    }

    /// The keys a policy file may have.
    static let keys = ["disable", "maxPerDay", "minInterval", "quietHours", "db", "ciVariables"]

    /// The policy in the file at `path`.
    static func read(_ path: String) -> Result<Contents, Problem> {
        let result = FileReader.withContents(of: path, limit: maximumFileSize) { bytes in
            Result { () throws(JSONReadError) in try JSONReader.parseObject(bytes) }
        }
        switch result {
        case .failure(let problem):
            switch problem.kind {
            case .fileNotFound: return .failure(.missing)
            case .isDirectory: return .failure(.unreadable("a folder, not a file"))
            case .unreadable(let reason): return .failure(.unreadable(reason))
            case .fileTooLarge(let limit):
                return .failure(.unreadable("larger than \(limit) bytes"))
            }
        case .success(.failure(let error)):
            return .failure(.invalid("not valid JSON: \(error)"))
        case .success(.success(let root)):
            return parse(root)
        }
    }

    /// The policy in a parsed file's top-level object.
    static func parse(_ root: JSONValue) -> Result<Contents, Problem> {
        guard case .object(let members) = root.storage else {
            return .failure(.invalid("the top level is not a JSON object"))
        }
        var contents = Contents()
        for member in members {
            let value = member.value
            func wrong(_ expected: String) -> Result<Contents, Problem> {
                let found =
                    switch value.storage {
                    case .number(let number): number.text
                    case .string(let text): CharacterSafety.quoted(text)
                    default: value.type.withArticle
                    }
                return .failure(
                    .invalid(
                        "\(member.key) must be \(expected), not \(found) (line "
                            + "\(value.position.line), column \(value.position.column))"))
            }
            switch (member.key, value.storage) {
            case ("disable", .bool(let flag)):
                contents.disable = flag ? .all : nil
            case ("disable", .array(let elements)):
                var ids: [String] = []
                for element in elements {
                    guard case .string(let id) = element.storage, DefinitionFormat.isValidID(id)
                    else { return wrong("true, false or a list of walkthrough ids") }
                    ids.append(id)
                }
                contents.disable = ids.isEmpty ? nil : .ids(ids)
            case ("disable", _):
                return wrong("true, false or a list of walkthrough ids")
            case ("maxPerDay", .number(let number)):
                guard let limit = number.integerValue, (0...maximumPerDay).contains(limit) else {
                    return wrong("a whole number from 0 to \(maximumPerDay)")
                }
                contents.maxPerDay = limit
            case ("minInterval", .string(let text)):
                guard let duration = RuleDuration.parse(text) else {
                    return wrong("a duration such as \(RuleDuration.forms)")
                }
                contents.minInterval = duration
            case ("quietHours", .string(let text)):
                guard let window = QuietHours(text) else {
                    return wrong("local times as \"HH:MM-HH:MM\", such as \"18:00-09:00\"")
                }
                contents.quietHours = window
            case ("db", .string(let text)) where !text.isEmpty:
                contents.db = text
            case ("ciVariables", .array(let elements)):
                for element in elements {
                    guard case .string(let name) = element.storage,
                        DefinitionValidator.isVariableName(name)
                    else { return wrong("a list of environment variable names") }
                    contents.ciVariables.append(name)
                }
            case ("maxPerDay", _): return wrong("a whole number from 0 to \(maximumPerDay)")
            case ("minInterval", _): return wrong("a duration such as \(RuleDuration.forms)")
            case ("quietHours", _): return wrong("a string such as \"18:00-09:00\"")
            case ("db", _): return wrong("a store: a SQLite file or a postgresql:// URL")
            case ("ciVariables", _): return wrong("a list of environment variable names")
            default:
                let known = keys.map { "\"\($0)\"" }.joined(separator: ", ")
                return .failure(
                    .invalid(
                        "unknown key \(CharacterSafety.quoted(member.key)) (line "
                            + "\(member.keyPosition.line), column \(member.keyPosition.column)); "
                            + "a policy has \(known)"))
            }
        }
        return .success(contents)
    }
}
