import Foundation
import Testing
import WalkthroughTestSupport

@testable import WalkthroughKit

/// The distributions behind `stats --experiment`, against Python: `math.erfc` and
/// `statistics.NormalDist` for the normal, and for the chi-square the closed forms of integer
/// degrees of freedom (a finite sum, with `math.erfc` for odd ones), with no series or fraction
/// in common with the project's.
struct StatisticsTests {
    private func python(_ script: String) throws -> [Double] {
        let result = try ChildProcess.run(
            ["python3", "-c", script], environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput.split(separator: "\n").compactMap { Double($0) }
    }

    private func close(_ a: Double, _ b: Double, relative: Double = 1e-10) -> Bool {
        abs(a - b) <= relative * max(abs(a), abs(b), 1e-300)
    }

    @Test func theNormalAgreesWithPython() throws {
        let points = [-6.0, -3.2, -1.959964, -0.5, 0, 0.3, 1, 1.959964, 2.5, 4, 8]
        let reference = try python(
            """
            from statistics import NormalDist
            for z in \(points):
                print(repr(NormalDist().cdf(z)))
                print(repr(2 * (1 - NormalDist().cdf(abs(z)))))
            """)
        try #require(reference.count == points.count * 2)
        for (index, z) in points.enumerated() {
            #expect(close(Statistics.normalCDF(z), reference[2 * index], relative: 1e-9), "\(z)")
            // 1 − Φ loses digits in Python's own subtraction far out: compare absolutely there.
            #expect(abs(Statistics.twoSidedPValue(z) - reference[2 * index + 1]) < 1e-12, "\(z)")
        }
    }

    @Test func theChiSquareSurvivalAgreesWithTheClosedForms() throws {
        let cases: [(x: Double, degrees: Int)] = [
            (0.001, 1), (0.5, 1), (3.841459, 1), (10.83, 1), (30, 1), (0.2, 2), (5.99, 2),
            (13.8, 2), (1, 3), (7.81, 3), (25, 3), (50, 4), (0.1, 5), (4, 9), (9, 9), (40, 9),
            (150, 20), (2, 99), (99, 99), (150, 99),
        ]
        let reference = try python(
            """
            import math
            def survival(x, k):
                h = x / 2
                if k % 2 == 0:
                    return math.exp(-h) * sum(h ** j / math.factorial(j) for j in range(k // 2))
                tail = sum(h ** (j - 0.5) / math.gamma(j + 0.5) for j in range(1, (k + 1) // 2))
                return math.erfc(math.sqrt(h)) + math.exp(-h) * tail
            for x, k in \(cases.map { [$0.x, Double($0.degrees)] }):
                print(repr(survival(x, int(k))))
            """)
        try #require(reference.count == cases.count)
        for (item, expected) in zip(cases, reference) {
            let value = Statistics.chiSquareSurvival(item.x, degrees: item.degrees)
            #expect(close(value, expected, relative: 1e-9), "\(item): \(value) vs \(expected)")
        }
    }

    @Test func twoDegreesOfFreedomIsTheExponential() {
        // Q(1, x/2) = e^(-x/2), exactly.
        for x in [0.1, 1.0, 7.5, 20.0, 60.0] {
            #expect(close(Statistics.chiSquareSurvival(x, degrees: 2), exp(-x / 2)))
        }
    }
}
