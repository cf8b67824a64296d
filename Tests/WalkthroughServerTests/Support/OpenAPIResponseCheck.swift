import FoundationEssentials
import Testing
import WalkthroughServer
import WalkthroughTestSupport

/// Checks an answer of `walkthrough serve` against the OpenAPI document it serves
/// (``OpenAPIDocument/json``), with `Reference/check_response.py`: the operation found by method
/// and path template, the response by status, the content type among those declared, and a JSON
/// body validated against the declared schema by Python's `jsonschema` (4.26.0, an independent
/// JSON Schema validator, installed into `.build/test-python` when the machine has none).
///
/// An end-to-end test calls it on every answer it reads:
///
/// ```swift
/// try OpenAPIResponseCheck.check(
///     method: "GET", path: "/v1/users/bob/walkthroughs/foodpin", status: 200,
///     contentType: "application/json", body: body)
/// ```
enum OpenAPIResponseCheck {
    /// The checker beside the tests.
    static let checker =
        repositoryRoot() + "/Tests/WalkthroughServerTests/Reference/check_response.py"

    /// `jsonschema` 4.26.0 (and `referencing`, which it brings), found or installed once.
    static let jsonschema = Result {
        try PythonReference.find(
            requirement: "jsonschema==4.26.0",
            check: "import importlib.metadata as m, sys, referencing; "
                + "sys.exit(0 if m.version('jsonschema') == '4.26.0' else 1)",
            purpose: "the OpenAPI response checks")
    }

    /// Records an issue at the caller when the answer does not conform to the document.
    ///
    /// - Parameters:
    ///   - method: The request's method (`POST`).
    ///   - path: The request's path, as sent (a query is left out when matching).
    ///   - status: The answer's status.
    ///   - contentType: The answer's `Content-Type`, if it had one.
    ///   - body: The answer's body.
    /// - Throws: ``TestSupportError`` when the check cannot run (no `python3`, no `jsonschema`).
    static func check(
        method: String, path: String, status: Int, contentType: String?, body: [UInt8],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        if let problem = try problem(
            method: method, path: path, status: status, contentType: contentType, body: body)
        {
            Issue.record(
                "\(method) \(path) answered \(status) against the OpenAPI document: \(problem)",
                sourceLocation: sourceLocation)
        }
    }

    /// Records an issue at the caller when `response`, the answer to `method path`, does not
    /// conform to the document.
    ///
    /// - Throws: ``TestSupportError`` when the check cannot run.
    static func check(
        method: String, path: String, response: ServerResponse,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try check(
            method: method, path: path, status: response.status,
            contentType: response.header("Content-Type"), body: response.body,
            sourceLocation: sourceLocation)
    }

    /// The first way the answer departs from the document, in a sentence, or `nil` when it
    /// conforms.
    ///
    /// - Throws: ``TestSupportError`` when the check cannot run.
    static func problem(
        method: String, path: String, status: Int, contentType: String?, body: [UInt8]
    ) throws -> String? {
        let reference = try jsonschema.get()
        let folder = try TemporaryFolder()
        let document = try folder.write(OpenAPIDocument.json, to: "openapi.json")
        let bodyFile = try folder.write(Data(body), to: "body")
        let result = try ChildProcess.run(
            [
                reference.python, checker, document, method, path, String(status),
                contentType ?? "", bodyFile,
            ], environment: reference.environment, timeout: 120)
        switch result.status {
        case 0: return nil
        case 1:
            var sentence = result.standardOutput
            while sentence.hasSuffix("\n") { sentence.removeLast() }
            return sentence
        default:
            throw TestSupportError(
                "check_response.py exited with \(result.status): \(result.standardError)")
        }
    }
}
