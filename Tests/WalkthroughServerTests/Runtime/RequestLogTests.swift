#if SERVER
import Foundation
import Testing
import WalkthroughServer
import WalkthroughTestSupport

@Suite struct RequestLogTests {
    @Test func aDurationIsWrittenInMillisecondsAsADoublePrintsThem() {
        var values = Array(Int64(0)...2_500)
        values += [9_999, 10_000, 10_001, 123_456, 1_000_000, 86_400_000_000]
        for microseconds in values {
            var line: [UInt8] = []
            RequestLog.appendMilliseconds(microseconds, to: &line)
            #expect(
                String(decoding: line, as: UTF8.self) == "\(Double(microseconds) / 1000)",
                "\(microseconds) µs")
        }
    }

    @Test func aDurationIsRoundedToTheMicrosecond() {
        #expect(RequestLog.microseconds(.nanoseconds(1_499)) == 1)
        #expect(RequestLog.microseconds(.nanoseconds(1_500)) == 2)
        #expect(RequestLog.microseconds(.seconds(2) + .nanoseconds(250)) == 2_000_000)
        #expect(RequestLog.microseconds(.zero) == 0)
    }

    @Test func aServedRequestIsOneLineWithItsTimeMethodPathStatusDurationAndWho() throws {
        let server = try ServeProcess()
        defer { _ = server.stop() }
        let answer = try HTTPExchange.send(
            "GET", server.base + "/v1/walkthroughs?x=1",
            headers: ["Authorization": "Bearer \(ServeProcess.serviceSecret)"])
        #expect(answer.status == 200)
        let pattern =
            #/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z GET /v1/walkthroughs 200 \d+\.\d{1,3} ms backend\n/#
        let logged = waitUntil(timeout: 20) {
            server.child.standardError.contains(pattern)
        }
        #expect(logged, "\(server.child.standardError)")
    }
}
#endif
