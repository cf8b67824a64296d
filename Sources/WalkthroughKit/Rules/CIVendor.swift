/// A CI service and the variables that say a process runs on it, as the `ci-info` project's
/// vendor list names them (``all``, in `CIVendor+Table.swift`).
package struct CIVendor: Sendable, Hashable {
    /// What the environment must hold.
    package enum Condition: Sendable, Hashable {
        /// Every one of these variables is set and not empty.
        case set([String])
        /// At least one of these variables is set and not empty.
        case anySet([String])
        /// The variable is exactly this value.
        case equals(String, String)
        /// The variable's value contains this text.
        case contains(String, String)
    }

    /// The service's name: `GitHub Actions`.
    package var name: String
    /// What says a process runs on it.
    package var condition: Condition

    /// A vendor.
    package init(_ name: String, _ condition: Condition) {
        self.name = name
        self.condition = condition
    }

    /// The variable its condition names first (for ``Condition/anySet(_:)``, the first that
    /// is set), and the condition as a sentence part (`GITHUB_ACTIONS is set`), when
    /// `environment` meets it; else `nil`.
    package func match(in environment: some EnvironmentVariables) -> (String, String)? {
        func isSet(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
        switch condition {
        case .set(let names):
            guard let first = names.first, names.allSatisfy(isSet) else { return nil }
            let list = names.joined(separator: " and ")
            return (first, list + (names.count == 1 ? " is set" : " are set"))
        case .anySet(let names):
            guard let found = names.first(where: isSet) else { return nil }
            return (found, found + " is set")
        case .equals(let name, let value):
            guard let actual = environment[name], actual.utf8.elementsEqual(value.utf8) else {
                return nil
            }
            return (name, "\(name) is \(CharacterSafety.quoted(value))")
        case .contains(let name, let text):
            guard let actual = environment[name], actual.contains(text) else { return nil }
            return (name, "\(name) contains \(CharacterSafety.quoted(text))")
        }
    }

    /// Every variable the condition reads.
    package var variables: [String] {
        switch condition {
        case .set(let names), .anySet(let names): return names
        case .equals(let name, _), .contains(let name, _): return [name]
        }
    }
}
