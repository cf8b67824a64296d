import Foundation
import Testing
import WalkthroughKit

/// Where the database goes when nobody says.
struct DefaultPathTests {
    @Test func walkthroughDBWinsOverEverything() throws {
        let path = try SQLiteSeenStore.defaultPath(environment: [
            "WALKTHROUGH_DB": "relative/my.db", "XDG_STATE_HOME": "/xdg", "HOME": "/home/alice",
        ])
        #expect(path == "relative/my.db")
    }

    @Test func xdgStateHomeComesNext() throws {
        #expect(
            try SQLiteSeenStore.defaultPath(environment: [
                "XDG_STATE_HOME": "/xdg/state", "HOME": "/home/alice",
            ]) == "/xdg/state/walkthrough/seen.sqlite3")
        #expect(
            try SQLiteSeenStore.defaultPath(environment: ["XDG_STATE_HOME": "/xdg/"])
                == "/xdg/walkthrough/seen.sqlite3")
    }

    @Test func homeIsTheFallback() throws {
        #expect(
            try SQLiteSeenStore.defaultPath(environment: ["HOME": "/home/alice"])
                == "/home/alice/.local/state/walkthrough/seen.sqlite3")
    }

    @Test func emptyAndRelativeVariablesAreIgnored() throws {
        #expect(
            try SQLiteSeenStore.defaultPath(environment: [
                "WALKTHROUGH_DB": "", "XDG_STATE_HOME": "relative/state", "HOME": "/home/alice",
            ]) == "/home/alice/.local/state/walkthrough/seen.sqlite3")
    }

    @Test func withoutHomeThePasswordDatabaseGivesTheHomeFolder() throws {
        let entry = try #require(getpwuid(geteuid())?.pointee.pw_dir)
        let home = String(cString: entry)
        let expected =
            (home.hasSuffix("/") ? home : home + "/")
            + ".local/state/walkthrough/seen.sqlite3"
        #expect(try SQLiteSeenStore.defaultPath(environment: [:]) == expected)
        #expect(try SQLiteSeenStore.defaultPath(environment: ["HOME": ""]) == expected)
    }

    @Test func theProcessEnvironmentIsTheDefault() throws {
        #expect(
            try SQLiteSeenStore.defaultPath()
                == SQLiteSeenStore.defaultPath(environment: ProcessInfo.processInfo.environment))
    }
}
