import Foundation
import Testing
import WalkthroughTestSupport

/// One HTTP request made with curl (a real client, over a real socket), and its answer.
struct HTTPExchange {
    /// The status code; 0 when curl got no answer.
    var status: Int
    /// The headers, by lower-case name (the last of a repeated one).
    var headers: [String: String]
    /// The body.
    var body: String
    /// curl's own complaint, when it got no answer.
    var failure: String

    /// Sends `method url` with `headers` and `body` (given on curl's standard input). Unless
    /// `checked` is false, the answer is checked against the OpenAPI document (an issue is
    /// recorded at the caller when it does not conform). `curlOptions` go to curl as they are
    /// (`--cacert FILE`).
    static func send(
        _ method: String, _ url: String, headers: [String: String] = [:], body: String? = nil,
        timeout: Int = 30, checked: Bool = true, curlOptions: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> HTTPExchange {
        var arguments =
            [
                "curl", "--silent", "--show-error", "--include", "--http1.1", "--path-as-is",
                "--max-time",
                String(timeout), "--request", method,
            ] + curlOptions
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            arguments += ["--header", "\(name): \(value)"]
        }
        if body != nil { arguments += ["--data-binary", "@-"] }
        arguments.append(url)
        let result = try ChildProcess.run(
            arguments, input: body ?? "", timeout: Double(timeout + 10))
        let exchange = parse(result.standardOutput, failure: result.standardError)
        if checked, exchange.status != 0, let schemeEnd = url.range(of: "://"),
            let pathStart = url[schemeEnd.upperBound...].firstIndex(of: "/")
        {
            try OpenAPIResponseCheck.check(
                method: method, path: String(url[pathStart...]), status: exchange.status,
                contentType: exchange.headers["content-type"], body: Array(exchange.body.utf8),
                sourceLocation: sourceLocation)
        }
        return exchange
    }

    /// Reads curl's `--include` output: the status line, headers, a blank line, the body.
    static func parse(_ output: String, failure: String) -> HTTPExchange {
        var exchange = HTTPExchange(status: 0, headers: [:], body: "", failure: failure)
        guard let split = output.range(of: "\r\n\r\n") else { return exchange }
        let head = output[..<split.lowerBound].split(separator: "\r\n")
        exchange.body = String(output[split.upperBound...])
        guard let statusLine = head.first else { return exchange }
        exchange.status = Int(statusLine.split(separator: " ").dropFirst().first ?? "") ?? 0
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].drop(while: { $0 == " " })
            exchange.headers[name] = String(value)
        }
        return exchange
    }
}
