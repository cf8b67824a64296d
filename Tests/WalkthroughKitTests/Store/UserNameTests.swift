import Foundation
import Testing
import WalkthroughKit

/// Who the current user is, and which user names the store accepts.
struct UserNameTests {
    /// The effective user's name in the password database, read here independently.
    private static var passwordDatabaseName: String? {
        guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else { return nil }
        return String(cString: name)
    }

    @Test func theLoginNameComesFromLOGNAMEFirst() {
        #expect(UserName.current(environment: ["LOGNAME": "alice", "USER": "bob"]) == "alice")
    }

    @Test func thenFromUSER() {
        #expect(UserName.current(environment: ["USER": "bob"]) == "bob")
        #expect(UserName.current(environment: ["LOGNAME": "", "USER": "bob"]) == "bob")
    }

    @Test func thenFromThePasswordDatabase() throws {
        let expected = try #require(Self.passwordDatabaseName)
        #expect(UserName.current(environment: [:]) == expected)
        #expect(UserName.current(environment: ["LOGNAME": "", "USER": ""]) == expected)
    }

    @Test(arguments: [
        "a", "alice", "Zoë", "José Müller", "山田太郎", "👩‍💻", "o'brien", "\"quoted\"",
        "'; DROP TABLE seen; --", "zero\u{200B}width", " ", String(repeating: "x", count: 256),
        String(repeating: "é", count: 128),
    ])
    func acceptsNamesOfOneTo256BytesWithoutControls(name: String) throws {
        try UserName.validate(name)
    }

    @Test func refusesAnEmptyName() {
        #expect(throws: UserName.Problem.empty) { try UserName.validate("") }
        #expect(UserName.Problem.empty.description == "the user name is empty; give 1 to 256 bytes")
    }

    @Test(arguments: [
        (String(repeating: "x", count: 257), 257), (String(repeating: "é", count: 129), 258),
        (String(repeating: "美", count: 86), 258), (String(repeating: "x", count: 10_000), 10_000),
    ])
    func refusesMoreThan256Bytes(name: String, bytes: Int) {
        #expect(throws: UserName.Problem.tooLong(byteCount: bytes)) { try UserName.validate(name) }
        #expect(
            UserName.Problem.tooLong(byteCount: bytes).description
                == "the user name is \(bytes) bytes long; use at most 256 bytes of UTF-8")
    }

    @Test(arguments: [
        ("\u{0}", "U+0000"), ("a\tb", "U+0009"), ("line\n", "U+000A"), ("\r", "U+000D"),
        ("esc\u{1B}[2J", "U+001B"), ("\u{1F}", "U+001F"), ("del\u{7F}", "U+007F"),
        ("\u{80}", "U+0080"), ("csi\u{9B}", "U+009B"), ("\u{9F}", "U+009F"),
    ])
    func refusesControlCharacters(name: String, shown: String) {
        #expect(throws: UserName.Problem.controlCharacter(shown)) { try UserName.validate(name) }
        #expect(
            UserName.Problem.controlCharacter(shown).description
                == "the user name contains the control character \(shown); remove it")
    }

    @Test(arguments: [
        ("rlo\u{202E}txt.exe", "U+202E"), ("\u{202A}", "U+202A"), ("\u{202D}x", "U+202D"),
        ("iso\u{2066}late", "U+2066"), ("\u{2069}", "U+2069"),
    ])
    func refusesBidirectionalControls(name: String, shown: String) {
        // Such a name would print as another one ("alice\u{202E}nib" reads "alicebin").
        #expect(throws: UserName.Problem.bidiControl(shown)) { try UserName.validate(name) }
        #expect(
            UserName.Problem.bidiControl(shown).description
                == "the user name contains the bidirectional control \(shown), which would make "
                + "it print as another name; remove it")
    }

    @Test func theFirstProblemIsReported() {
        // Too long and holding a control character: the length is what the user fixes first.
        let name = String(repeating: "x", count: 300) + "\u{1B}"
        #expect(throws: UserName.Problem.tooLong(byteCount: 301)) { try UserName.validate(name) }
    }
}
