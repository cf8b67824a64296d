import Testing
import WalkthroughKit

/// How a fleet URL is shown, with the fleet's product or without it: never with its password.
struct FleetURLTests {
    @Test(arguments: [
        (
            "postgresql://alice:hunter2@db.example.com:5432/fleet",
            "postgresql://alice@db.example.com:5432/fleet"
        ),
        (
            "postgres://alice@db/fleet?password=hunter2&sslmode=require",
            "postgres://alice@db/fleet?sslmode=require"
        ),
        ("postgresql://db/fleet?PASS%77ORD=hunter2", "postgresql://db/fleet"),
        ("postgresql://a:b@db?password=c", "postgresql://a@db"),
        ("postgresql://alice@db/fleet", "postgresql://alice@db/fleet"),
    ])
    func aPasswordIsNeverShown(url: String, shown: String) {
        #expect(FleetURL.displayed(url) == shown)
        #expect(!FleetURL.displayed(url).contains("hunter2"))
    }

    @Test func withoutTheFleetTheStoreSaysWhichProductIsMissingWithoutThePassword() {
        let url = "postgresql://alice:hunter2@db/fleet"
        #expect(throws: SeenStoreError.self) {
            try FleetURL.Missing.open(url, options: StoreOpenOptions(), environment: [:])
        }
        do {
            _ = try FleetURL.Missing.open(url, options: StoreOpenOptions(), environment: [:])
        } catch {
            #expect(error.description.contains("WalkthroughFleet"))
            #expect(!error.description.contains("hunter2"))
        }
    }
}
