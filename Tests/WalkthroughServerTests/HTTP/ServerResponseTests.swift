import Testing
import WalkthroughKit
import WalkthroughServer

@Suite struct ServerResponseTests {
    @Test func aProblemIsRFC9457JSONWithTheStatusPhraseAsItsTitle() throws {
        let response = ServerResponse.problem(
            404, detail: "No walkthrough \"x\".", instance: "/v1/x")
        #expect(response.status == 404)
        #expect(response.header("content-type") == "application/problem+json")
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(
            text
                == #"{"type":"about:blank","title":"Not Found","status":404,"detail":"No walkthrough \"x\".","instance":"/v1/x"}"#
        )
    }

    @Test func aRequestFindsItsHeadersInAnyCase() {
        let request = ServerRequest(
            method: "GET", path: "/healthz", headers: ["Authorization": "Bearer k"])
        #expect(request.header("AUTHORIZATION") == "Bearer k")
        #expect(request.header("authorization") == "Bearer k")
    }

    @Test func aHeaderNameFromTheDaemonIsLoweredAsLowercasedLowersIt() {
        for name in ["Host", "authorization", "X-Request-ID", "CONTENT-TYPE", "", "Ärger-Ñame"] {
            let lowered = name.withCString { ServerRequest.lowercasedName($0) }
            #expect(lowered == ServerRequest.lowercased(name), "\(name)")
            #expect(lowered == name.lowercased(), "\(name)")
        }
    }
}
