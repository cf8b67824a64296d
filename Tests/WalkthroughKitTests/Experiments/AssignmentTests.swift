import Foundation
import Testing
import WalkthroughKit
import WalkthroughTestSupport

/// The assignment, exactly as documented: buckets from SHA-256 of `experimentId/user`, checked
/// against Python's `hashlib` for 10,000 users, and groups the sizes their shares promise.
struct AssignmentTests {
    static let experiment = Experiment(
        id: "onboarding-2026-12",
        variants: [
            .init(id: "control", weight: 50), .init(id: "short", weight: 30),
            .init(id: "long", weight: 20),
        ],
        holdout: 10, goals: ["first-pin"])

    /// 10,000 user names, some of them not ASCII.
    static let users = (0..<10_000).map { $0 % 7 == 0 ? "ユーザー\($0)" : "user-\($0)" }

    /// Each user's bucket and group, computed by Python from the documented formula alone.
    private func pythonAssignments() throws -> [(bucket: Int, group: String)] {
        let script = """
            import hashlib, json, sys
            spec = json.loads(sys.stdin.readline())
            held = spec["holdout"] * 100
            weights = [w for _, w in spec["variants"]]
            total = sum(weights)
            for line in sys.stdin.read().split("\\n")[:-1]:
                digest = hashlib.sha256((spec["id"] + "/" + line).encode("utf-8")).digest()
                b = int.from_bytes(digest[:8], "big") % 10000
                group = "holdout"
                if b >= held:
                    before = 0
                    for name, w in spec["variants"]:
                        low = held + (10000 - held) * before // total
                        high = held + (10000 - held) * (before + w) // total
                        before += w
                        if low <= b < high:
                            group = name
                print(b, group)
            """
        let experiment = Self.experiment
        let spec = try JSONSerialization.data(withJSONObject: [
            "id": experiment.id, "holdout": experiment.holdout,
            "variants": experiment.variants.map { [$0.id, $0.weight] as [Any] },
        ])
        let input =
            String(decoding: spec, as: UTF8.self) + "\n"
            + Self.users.map { $0 + "\n" }
            .joined()
        let result = try ChildProcess.run(
            ["python3", "-c", script], input: input,
            environment: ["PATH": "/usr/bin:/bin", "PYTHONIOENCODING": "utf-8"])
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput.split(separator: "\n").map { line in
            let parts = line.split(separator: " ")
            return (Int(parts[0]) ?? -1, String(parts[1]))
        }
    }

    @Test func tenThousandUsersAgreeWithPythonsHashlib() throws {
        let expected = try pythonAssignments()
        try #require(expected.count == Self.users.count)
        let experiment = Self.experiment
        for (user, reference) in zip(Self.users, expected) {
            #expect(experiment.bucket(of: user) == reference.bucket, "\(user)")
            #expect(experiment.name(of: experiment.assignment(of: user)) == reference.group)
        }
    }

    @Test func theDocumentedExampleAgreesWithSha256sum() throws {
        // printf '%s' 'onboarding-2026-12/alice' | sha256sum: the first 16 hex digits are h.
        let digest = try #require(
            Data(base64Encoded: try sha256sum("onboarding-2026-12/alice")))
        let h = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        #expect(Self.experiment.bucket(of: "alice") == Int(h % 10_000))
    }

    @Test func groupsAreWithinTheirBinomialBounds() {
        let experiment = Self.experiment
        var counts: [String: Int] = [:]
        for user in Self.users {
            counts[experiment.name(of: experiment.assignment(of: user)), default: 0] += 1
        }
        let n = Double(Self.users.count)
        // holdout 10 %, then 90 % shared 50 : 30 : 20.
        for (name, share) in [
            ("holdout", 0.10), ("control", 0.45), ("short", 0.27), ("long", 0.18),
        ] {
            let mean = n * share
            let deviation = (n * share * (1 - share)).squareRoot()
            let count = Double(counts[name] ?? 0)
            // Four standard deviations: a false alarm about once in 16,000 runs of fresh names;
            // these names are fixed, so the test is deterministic.
            #expect(abs(count - mean) < 4 * deviation, "\(name): \(count) of \(n)")
        }
    }

    @Test func rangesAreConsecutiveAndCoverEveryBucket() {
        let experiment = Self.experiment
        #expect(experiment.buckets(ofVariant: 0) == 1000..<5500)
        #expect(experiment.buckets(ofVariant: 1) == 5500..<8200)
        #expect(experiment.buckets(ofVariant: 2) == 8200..<10_000)
        #expect(experiment.group(ofBucket: 999) == .holdout)
        #expect(experiment.group(ofBucket: 1000) == .variant(0))
        #expect(experiment.group(ofBucket: 9999) == .variant(2))
    }
}
