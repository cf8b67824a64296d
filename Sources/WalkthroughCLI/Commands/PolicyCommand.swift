import WalkthroughKit

/// `walkthrough policy [--json]`: the administrator's policy in force, and where each key came
/// from.
///
/// The policy is `/etc/walkthrough/policy.json`, with the file `WALKTHROUGH_POLICY` names on
/// top of it (the stricter value of each key wins) and `WALKTHROUGH_MAX_PER_DAY`. A file that
/// cannot be read or used disables every walkthrough; this command says which and why. A `db`
/// URL is shown without its password.
struct PolicyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "policy",
        abstract: "Show the administrator's policy in force and where each key came from.",
        discussion: """
            The policy is /etc/walkthrough/policy.json and, on top of it, the file \
            WALKTHROUGH_POLICY names; where both set a key the stricter wins, so the \
            environment never loosens the system file. Keys: disable (true or a list of ids: \
            reason policy), maxPerDay (automatic shows per user per local day across every \
            walkthrough of the store: reason budget; WALKTHROUGH_MAX_PER_DAY may lower it), \
            minInterval (a floor under the definitions'), quietHours ("18:00-09:00", local \
            time: reason quietHours), db (the store when neither --db nor WALKTHROUGH_DB names \
            one) and ciVariables (more names that mean CI). A file that cannot be read or \
            parsed disables every walkthrough (reason policy). --json prints files, disable, \
            maxPerDay, minInterval, quietHours, db, ciVariables and ignored.
            """,
        options: [.flag("json", help: "Print the policy as a JSON object.")])

    /// `--json`: the policy as JSON.
    var json: Bool

    init(parsed: ParsedArguments) {
        json = parsed.flag("json")
    }

    func run(in context: CommandContext) throws -> ExitCode {
        let policy = AdministratorPolicy.inForce(environment: context.environment)
        if json {
            context.print(Self.json(policy).rendered())
        } else {
            for line in Self.lines(policy) { context.print(line) }
        }
        return .success
    }

    // MARK: - Text

    /// The files looked for, then a table of the keys: value and where it came from.
    static func lines(_ policy: AdministratorPolicy) -> [String] {
        var lines: [String] = []
        for file in policy.files {
            let role = file.role == .system ? "system file" : "WALKTHROUGH_POLICY"
            let state: String
            switch file.state {
            case .read: state = "read"
            case .missing: state = "not there (no policy)"
            case .unusable(let problem):
                state = "cannot be used (\(problem)): every walkthrough is disabled"
            }
            lines.append("\(file.path) (\(role)): \(state)")
        }
        var table = Table(header: ["KEY", "VALUE", "FROM"])
        for (key, value, from) in rows(policy) { table.rows.append([key, value, from]) }
        lines += table.lines()
        lines += policy.ignored
        return lines
    }

    /// One row per key: its value in force (`-` when unset) and where it came from.
    static func rows(_ policy: AdministratorPolicy) -> [(String, String, String)] {
        func sources(_ settings: [String]) -> String {
            var unique: [String] = []
            for source in settings where !unique.contains(source) { unique.append(source) }
            return unique.isEmpty ? "-" : unique.joined(separator: ", ")
        }
        let disable = policy.disable.map { setting -> String in
            switch setting.value {
            case .all, .unusable: return "true"
            case .ids(let ids): return ids.joined(separator: ", ")
            }
        }
        return [
            (
                "disable", disable.isEmpty ? "-" : disable.joined(separator: "; "),
                sources(policy.disable.map(\.source))
            ),
            (
                "maxPerDay", policy.maxPerDay.map { String($0.value) } ?? "-",
                policy.maxPerDay?.source ?? "-"
            ),
            (
                "minInterval", policy.minInterval.map { RuleDuration.format($0.value) } ?? "-",
                policy.minInterval?.source ?? "-"
            ),
            (
                "quietHours",
                policy.quietHours.isEmpty
                    ? "-" : policy.quietHours.map(\.value.description).joined(separator: ", "),
                sources(policy.quietHours.map(\.source))
            ),
            (
                "db", policy.db.map { SeenStoreBackend.displayed($0.value) } ?? "-",
                policy.db?.source ?? "-"
            ),
            (
                "ciVariables",
                policy.ciVariables.isEmpty
                    ? "-" : policy.ciVariables.map(\.value).joined(separator: ", "),
                sources(policy.ciVariables.map(\.source))
            ),
        ]
    }

    // MARK: - JSON

    /// `{"files": [{"path", "role", "state", "problem"?}], "disable": [{"value", "from"}],
    /// "maxPerDay": {"value", "from"} | null, "minInterval", "quietHours": [...], "db",
    /// "ciVariables": [...], "ignored": [...]}`.
    static func json(_ policy: AdministratorPolicy) -> JSONText {
        func setting(_ value: JSONText, _ source: String) -> JSONText {
            .object([("value", value), ("from", .string(source))])
        }
        let files = policy.files.map { file -> JSONText in
            var members: [(String, JSONText)] = [
                ("path", .string(file.path)), ("role", .string(file.role.rawValue)),
            ]
            switch file.state {
            case .read: members.append(("state", .string("read")))
            case .missing: members.append(("state", .string("missing")))
            case .unusable(let problem):
                members.append(("state", .string("unusable")))
                members.append(("problem", .string(problem)))
            }
            return .object(members)
        }
        let disable = policy.disable.map { entry -> JSONText in
            switch entry.value {
            case .all, .unusable: return setting(.bool(true), entry.source)
            case .ids(let ids): return setting(.array(ids.map { .string($0) }), entry.source)
            }
        }
        return .object([
            ("files", .array(files)),
            ("disable", .array(disable)),
            ("maxPerDay", policy.maxPerDay.map { setting(.integer($0.value), $0.source) } ?? .null),
            (
                "minInterval",
                policy.minInterval.map {
                    setting(.string(RuleDuration.format($0.value)), $0.source)
                } ?? .null
            ),
            (
                "quietHours",
                .array(policy.quietHours.map { setting(.string($0.value.description), $0.source) })
            ),
            (
                "db",
                policy.db.map { setting(.string(SeenStoreBackend.displayed($0.value)), $0.source) }
                    ?? .null
            ),
            (
                "ciVariables",
                .array(policy.ciVariables.map { setting(.string($0.value), $0.source) })
            ),
            ("ignored", .array(policy.ignored.map { .string($0) })),
        ])
    }
}
