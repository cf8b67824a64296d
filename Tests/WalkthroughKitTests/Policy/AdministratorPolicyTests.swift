import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// The administrator's policy as files give it: the system file, the `WALKTHROUGH_POLICY` file
/// on top (the stricter wins, so it never loosens the system file), `WALKTHROUGH_MAX_PER_DAY`,
/// and files that cannot be used (which disable everything).
struct AdministratorPolicyTests {
    /// A folder with a system file and an environment file holding `system` and `environment`
    /// (`nil`: the file is not written).
    struct Files {
        let folder: TemporaryFolder
        let system: String
        let user: String

        init(system: String?, environment: String?) throws {
            folder = try TemporaryFolder()
            self.system = folder.file("etc-policy.json")
            self.user = folder.file("my-policy.json")
            if let system { try folder.write(system, to: "etc-policy.json") }
            if let environment { try folder.write(environment, to: "my-policy.json") }
        }

        func policy(_ extra: [String: String] = [:]) -> AdministratorPolicy {
            AdministratorPolicy.inForce(
                environment: ["WALKTHROUGH_POLICY": user].merging(extra) { $1 },
                systemFile: system)
        }
    }

    @Test func noFileIsNoPolicy() throws {
        let files = try Files(system: nil, environment: nil)
        let policy = AdministratorPolicy.inForce(environment: [:], systemFile: files.system)
        #expect(policy.isEmpty)
        #expect(policy.files.map(\.state) == [.missing])
    }

    @Test func theSystemFileSetsEveryKey() throws {
        let files = try Files(
            system: """
                {"disable": ["tips"], "maxPerDay": 2, "minInterval": "24h",
                 "quietHours": "18:00-09:00", "db": "postgresql://onboarding@db.example/fleet",
                 "ciVariables": ["MY_CI"]}
                """, environment: nil)
        let policy = AdministratorPolicy.inForce(environment: [:], systemFile: files.system)
        #expect(policy.disable == [.init(.ids(["tips"]), from: files.system)])
        #expect(policy.maxPerDay == .init(2, from: files.system))
        #expect(policy.minInterval == .init(.seconds(86_400), from: files.system))
        #expect(policy.quietHours.map(\.value.description) == ["18:00-09:00"])
        #expect(policy.db?.value == "postgresql://onboarding@db.example/fleet")
        #expect(policy.ciVariables == [.init("MY_CI", from: files.system)])
        #expect(policy.disabling("tips")?.source == files.system)
        #expect(policy.disabling("welcome") == nil)
        #expect(!policy.disablesAll)
    }

    /// Where both files set a key, the stricter wins: the environment's file adds
    /// restrictions but lifts none of the system file's.
    @Test func theEnvironmentsFileCannotLoosenTheSystemFile() throws {
        let files = try Files(
            system: """
                {"disable": ["tips"], "maxPerDay": 1, "minInterval": "24h",
                 "quietHours": "18:00-09:00", "db": "/var/lib/walkthrough/seen.sqlite3",
                 "ciVariables": ["SYSTEM_CI"]}
                """,
            environment: """
                {"disable": false, "maxPerDay": 100, "minInterval": "1m",
                 "quietHours": "12:00-13:00", "db": "/tmp/mine.sqlite3", "ciVariables": []}
                """)
        let policy = files.policy()
        #expect(policy.files.map(\.state) == [.read, .read])
        #expect(policy.disabling("tips")?.source == files.system)
        #expect(policy.maxPerDay == .init(1, from: files.system))
        #expect(policy.minInterval == .init(.seconds(86_400), from: files.system))
        #expect(policy.quietHours.map(\.value.description) == ["18:00-09:00", "12:00-13:00"])
        #expect(policy.db == .init("/var/lib/walkthrough/seen.sqlite3", from: files.system))
        #expect(policy.ciVariables.map(\.value) == ["SYSTEM_CI"])
    }

    @Test func theEnvironmentsFileCanTighten() throws {
        let files = try Files(
            system: #"{"disable": ["tips"], "maxPerDay": 3, "minInterval": "1h"}"#,
            environment: #"{"disable": ["news"], "maxPerDay": 1, "minInterval": "2d", "db": "x"}"#)
        let policy = files.policy()
        #expect(policy.disabling("tips")?.source == files.system)
        #expect(policy.disabling("news")?.source == files.user)
        #expect(policy.maxPerDay == .init(1, from: files.user))
        #expect(policy.minInterval == .init(.seconds(2 * 86_400), from: files.user))
        // The system file names no store: the environment's may.
        #expect(policy.db == .init("x", from: files.user))

        let all = try Files(system: #"{"disable": ["tips"]}"#, environment: #"{"disable": true}"#)
        #expect(all.policy().disabling("anything")?.source == all.user)
        #expect(all.policy().disablesAll)
    }

    @Test func theVariableCanOnlyLowerMaxPerDay() throws {
        let files = try Files(system: #"{"maxPerDay": 2}"#, environment: nil)
        let lower = AdministratorPolicy.inForce(
            environment: ["WALKTHROUGH_MAX_PER_DAY": "1"], systemFile: files.system)
        #expect(lower.maxPerDay == .init(1, from: "WALKTHROUGH_MAX_PER_DAY"))
        let higher = AdministratorPolicy.inForce(
            environment: ["WALKTHROUGH_MAX_PER_DAY": "5"], systemFile: files.system)
        #expect(higher.maxPerDay == .init(2, from: files.system))
        let alone = AdministratorPolicy.inForce(
            environment: ["WALKTHROUGH_MAX_PER_DAY": "0"], systemFile: files.folder.file("none"))
        #expect(alone.maxPerDay == .init(0, from: "WALKTHROUGH_MAX_PER_DAY"))
        let wrong = AdministratorPolicy.inForce(
            environment: ["WALKTHROUGH_MAX_PER_DAY": "many"], systemFile: files.system)
        #expect(wrong.maxPerDay == .init(2, from: files.system))
        #expect(wrong.ignored.count == 1)
        #expect(wrong.ignored.first?.hasPrefix("WALKTHROUGH_MAX_PER_DAY is \"many\"") == true)
    }

    /// A file that cannot be read or used disables every walkthrough, naming the file and the
    /// problem; the environment's file too, missing included.
    @Test(arguments: [
        ("{\"maxPerDay\": 1,}", "not valid JSON"),
        ("", "not valid JSON"),
        ("[1]", "not valid JSON"),
        ("{\"disabel\": true}", "unknown key \"disabel\""),
        (
            "{\"maxPerDay\": \"1\"}",
            "maxPerDay must be a whole number from 0 to 10000, not \"1\" (line 1, column 15)"
        ),
        ("{\"maxPerDay\": -1}", "maxPerDay must be a whole number from 0 to 10000, not -1"),
        ("{\"minInterval\": \"soon\"}", "minInterval must be a duration"),
        ("{\"quietHours\": \"18:00-18:00\"}", "quietHours must be local times"),
        ("{\"quietHours\": \"6pm-9am\"}", "quietHours must be local times"),
        ("{\"disable\": [\"not an id!\"]}", "disable must be true, false or a list"),
        ("{\"ciVariables\": [\"MY-CI\"]}", "ciVariables must be a list of environment variable"),
        ("{\"db\": \"\"}", "db must be a store"),
    ])
    func aFileThatCannotBeUsedDisablesEverything(text: String, problem: String) throws {
        for broken in ["system", "environment"] {
            let files = try Files(
                system: broken == "system" ? text : "{}",
                environment: broken == "environment" ? text : "{}")
            let policy = files.policy()
            let path = broken == "system" ? files.system : files.user
            let disable = try #require(policy.disabling("tour"))
            #expect(disable.source == path)
            guard case .unusable(let said) = disable.value else {
                Issue.record("\(disable.value)")
                continue
            }
            #expect(said.contains(problem), "\(said)")
            #expect(policy.disablesAll)
            #expect(policy.files.contains { $0.path == path && $0.state == .unusable(said) })
        }
    }

    @Test func aMissingEnvironmentFileDisablesEverythingButAMissingSystemFileDoesNot() throws {
        let files = try Files(system: nil, environment: nil)
        let policy = files.policy()
        #expect(policy.files.map(\.state) == [.missing, .unusable("no such file")])
        #expect(policy.disabling("tour")?.source == files.user)
        // A folder where the file should be cannot be read either.
        let folder = try Files(system: nil, environment: nil)
        try FileManager.default.createDirectory(
            atPath: folder.system, withIntermediateDirectories: true)
        let fromFolder = AdministratorPolicy.inForce(environment: [:], systemFile: folder.system)
        #expect(fromFolder.files.map(\.state) == [.unusable("a folder, not a file")])
    }

    @Test func anEmptyVariableNamesNoFile() throws {
        let files = try Files(system: nil, environment: nil)
        let policy = AdministratorPolicy.inForce(
            environment: ["WALKTHROUGH_POLICY": "", "WALKTHROUGH_MAX_PER_DAY": ""],
            systemFile: files.system)
        #expect(policy.isEmpty)
        #expect(policy.files.count == 1)
    }
}

/// `quietHours` windows and the local time they are read in.
struct QuietHoursTests {
    @Test func aWindowOverMidnight() throws {
        let window = try #require(QuietHours("18:00-09:00"))
        #expect(window.contains(minuteOfDay: 18 * 60))
        #expect(window.contains(minuteOfDay: 23 * 60 + 59))
        #expect(window.contains(minuteOfDay: 0))
        #expect(window.contains(minuteOfDay: 8 * 60 + 59))
        #expect(!window.contains(minuteOfDay: 9 * 60))
        #expect(!window.contains(minuteOfDay: 17 * 60 + 59))
    }

    @Test func aWindowWithinADay() throws {
        let window = try #require(QuietHours("12:30-13:00"))
        #expect(!window.contains(minuteOfDay: 12 * 60 + 29))
        #expect(window.contains(minuteOfDay: 12 * 60 + 30))
        #expect(!window.contains(minuteOfDay: 13 * 60))
        #expect(window.description == "12:30-13:00")
    }

    @Test(arguments: [
        "", "18-09", "18:00", "18:00-", "24:00-01:00", "00:60-01:00", "1:00-2:00",
        "18:00-09:00-10:00", "09:00-09:00", "ab:cd-ef:gh", " 18:00-09:00",
    ])
    func whatIsNoWindow(text: String) {
        #expect(QuietHours(text) == nil)
    }

    /// 2026-12-01T00:00:00Z.
    static let midnightUTC = Timestamp(millisecondsSince1970: 1_796_083_200_000)

    @Test func aFixedZoneReadsLocalMidnight() {
        let plusTwo = LocalTimeZone.fixed(secondsEastOfUTC: 7200)
        // 23:30 UTC is 01:30 the next day at UTC+2: the day began at 22:00 UTC.
        let late = Timestamp(
            millisecondsSince1970: Self.midnightUTC.millisecondsSince1970 - 1_800_000)
        #expect(plusTwo.minuteOfDay(at: late) == 90)
        #expect(
            plusTwo.startOfDay(containing: late).millisecondsSince1970
                == Self.midnightUTC.millisecondsSince1970 - 7_200_000)
        #expect(
            plusTwo.endOfDay(containing: late).millisecondsSince1970
                == Self.midnightUTC.millisecondsSince1970 + 79_200_000)
        let minusFive = LocalTimeZone.fixed(secondsEastOfUTC: -18_000)
        #expect(minusFive.minuteOfDay(at: Self.midnightUTC) == 19 * 60)
        // The next 09:00 at UTC-5 after 19:00 the day before is 14 hours later.
        #expect(
            minusFive.next(minuteOfDay: 9 * 60, atOrAfter: Self.midnightUTC).millisecondsSince1970
                == Self.midnightUTC.millisecondsSince1970 + 14 * 3_600_000)
        #expect(
            minusFive.next(minuteOfDay: 19 * 60, atOrAfter: Self.midnightUTC) == Self.midnightUTC)
    }
}
