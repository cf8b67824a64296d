import FoundationEssentials
import Testing
import WalkthroughKit
import WalkthroughServer
import WalkthroughTestSupport

/// The OpenAPI document `walkthrough serve` answers `GET /v1/openapi.json` with: valid OpenAPI
/// 3.1 by an outside validator, the same bytes as `docs/openapi.json`, every route of the
/// contract in it, and strict enough that the response checker refuses wrong answers.
@Suite struct OpenAPIDocumentTests {
    /// The routes of the contract (docs: "`walkthrough serve`: the engine over HTTP"), OFREP's
    /// two and the web client's module included.
    static let routes: Set<String> = [
        "POST /ofrep/v1/evaluate/flags/{key}",
        "POST /ofrep/v1/evaluate/flags",
        "GET /v1/walkthroughs",
        "GET /v1/walkthroughs/{id}",
        "GET /v1/walkthroughs/{id}/images/{file}",
        "POST /v1/users/{user}/walkthroughs/{id}/steps",
        "GET /v1/users/{user}/walkthroughs/{id}",
        "POST /v1/users/{user}/goals/{name}",
        "POST /v1/users/{user}/events/{name}",
        "DELETE /v1/users/{user}/walkthroughs",
        "DELETE /v1/users/{user}/walkthroughs/{id}",
        "GET /v1/walkthroughs/{id}/stats",
        "GET /v1/openapi.json",
        "GET /v1/client.js",
        "GET /healthz",
        "GET /readyz",
    ]

    /// The document, read by the Kit's own JSON reader (which refuses duplicate keys).
    static func document() throws -> JSONValue {
        let bytes = Array(OpenAPIDocument.json.utf8)
        return try bytes.withUnsafeBytes { try JSONReader.parseObject($0) }
    }

    @Test func docsOpenAPIJSONIsTheServedDocumentByteForByte() throws {
        let docs = GoldenFolder(path: repositoryRoot() + "/docs")
        try docs.check(OpenAPIDocument.json, against: "openapi.json")
        guard !GoldenFolder.updating else { return }
        // String equality is canonical equivalence; the file must hold the very bytes served.
        let file = try #require(FileManager.default.contents(atPath: docs.path + "/openapi.json"))
        let sameBytes = Array(file) == Array(OpenAPIDocument.json.utf8)
        #expect(sameBytes, "docs/openapi.json differs; UPDATE_GOLDEN=1 rewrites it")
    }

    @Test func everyRouteOfTheContractIsDocumentedAndNoOther() throws {
        let paths = try #require(Self.document()["paths"]?.members)
        var documented: Set<String> = []
        for (path, item) in paths {
            for (method, _) in item.members ?? [] {
                documented.insert(method.uppercased() + " " + path)
            }
        }
        #expect(Self.routes.subtracting(documented).sorted() == [], "missing from the document")
        #expect(documented.subtracting(Self.routes).sorted() == [], "not in the contract")
    }

    @Test func everyOperationSaysWhatTheLimitsAnswerAndWhoMayAsk() throws {
        let document = try Self.document()
        let paths = try #require(document["paths"]?.members)
        for (path, item) in paths {
            for (method, operation) in item.members ?? [] {
                let name = method.uppercased() + " " + path
                #expect(operation["operationId"]?.string != nil, "\(name) has no operationId")
                let statuses = Set((operation["responses"]?.members ?? []).map(\.key))
                // Any request may meet a full header section or a full server.
                #expect(statuses.isSuperset(of: ["431", "503"]), "\(name): \(statuses.sorted())")
                let isPublic = operation["security"]?.elements?.isEmpty == true
                if !isPublic {
                    #expect(
                        statuses.isSuperset(of: ["401", "403", "429"]),
                        "\(name) needs credentials but documents \(statuses.sorted())")
                }
                if method == "post" {
                    #expect(statuses.contains("413"), "\(name) takes a body but has no 413")
                }
            }
        }
    }

    @Test func theDocumentIsValidOpenAPI31ByOpenAPISpecValidator() throws {
        let reference = try PythonReference.find(
            requirement: "openapi-spec-validator==0.9.0",
            check: "import importlib.metadata as m, sys, openapi_spec_validator; "
                + "sys.exit(0 if m.version('openapi-spec-validator') == '0.9.0' else 1)",
            purpose: "the OpenAPI document's tests")
        let folder = try TemporaryFolder()
        let file = try folder.write(OpenAPIDocument.json, to: "openapi.json")
        // The document, then a copy with a dangling reference: the validator must pass the
        // first and refuse the second, or it checked nothing.
        let script = """
            import json, sys
            from openapi_spec_validator import OpenAPIV31SpecValidator, validate
            document = json.load(open(sys.argv[1], encoding="utf-8"))
            validate(document, cls=OpenAPIV31SpecValidator)
            print("valid")
            broken = json.loads(json.dumps(document))
            broken["paths"]["/healthz"]["get"]["responses"]["200"]["content"]["application/json"]["schema"] = {"$ref": "#/components/schemas/Missing"}
            try:
                validate(broken, cls=OpenAPIV31SpecValidator)
                print("broken copy valid")
            except Exception as error:
                print("broken copy refused")
            """
        let result = try reference.run(["-c", script, file])
        #expect(result.standardOutput == "valid\nbroken copy refused\n")
    }

    // MARK: - The response checker

    /// An answer, with whether the checker must pass it (`nil`) or the words its refusal
    /// must hold.
    struct Sample: Sendable, CustomTestStringConvertible {
        var name: String
        var method: String
        var path: String
        var status: Int
        var contentType: String?
        var body: [UInt8]
        var refusal: String?

        /// A JSON answer (`application/json`), its text given in parts joined as they are.
        init(
            _ name: String, _ method: String, _ path: String, _ status: Int,
            json parts: String..., refusal: String? = nil
        ) {
            self.init(
                name, method, path, status, type: "application/json",
                bytes: Array(parts.joined().utf8), refusal: refusal)
        }

        /// An answer of any type, or none (`nil`), with its bytes.
        init(
            _ name: String, _ method: String, _ path: String, _ status: Int,
            type contentType: String?, bytes: [UInt8], refusal: String? = nil
        ) {
            self.name = name
            self.method = method
            self.path = path
            self.status = status
            self.contentType = contentType
            self.body = bytes
            self.refusal = refusal
        }

        var testDescription: String { name }
    }

    static let evaluate = "/ofrep/v1/evaluate/flags/foodpin"
    static let record = "/v1/users/bob/walkthroughs/foodpin"
    static let recordBody = [
        #"{"user":"bob","walkthrough":"foodpin","version":1,"outcome":"inProgress","lastPage":2,"#,
        #""updatedAt":"2026-11-30T22:47:03.123Z"}"#,
    ].joined()

    static let conforming: [Sample] = [
        Sample(
            "a due evaluation", "POST", evaluate, 200,
            json: #"{"key":"foodpin","value":true,"reason":"TARGETING_MATCH","variant":"due","#,
            #""metadata":{"version":1,"pages":3,"title":"FoodPin","detail":"Due."}}"#),
        Sample(
            "a snoozed evaluation, due again at a time", "POST", evaluate, 200,
            json: #"{"key":"foodpin","value":false,"reason":"TARGETING_MATCH","#,
            #""variant":"snoozed","metadata":{"version":1,"pages":3,"title":"FoodPin","#,
            #""detail":"Snoozed until 2026-12-01 09:00 UTC.","#,
            #""dueAt":"2026-12-01T09:00:00.000Z"}}"#),
        Sample(
            "an experiment's variant", "POST", evaluate, 200,
            json: #"{"key":"foodpin","value":true,"reason":"SPLIT","variant":"short"}"#),
        Sample(
            "an unknown flag", "POST", "/ofrep/v1/evaluate/flags/nope", 404,
            json: #"{"key":"nope","errorCode":"FLAG_NOT_FOUND","#,
            #""errorDetails":"No walkthrough \"nope\"."}"#),
        Sample(
            "no targeting key", "POST", evaluate, 400,
            json: #"{"key":"foodpin","errorCode":"TARGETING_KEY_MISSING","#,
            #""errorDetails":"The context has no targetingKey."}"#),
        Sample(
            "the store not answering", "POST", evaluate, 500,
            json: #"{"errorDetails":"The store did not answer."}"#),
        Sample(
            "a bulk evaluation", "POST", "/ofrep/v1/evaluate/flags", 200,
            json: #"{"flags":[{"key":"foodpin","value":false,"reason":"DISABLED","#,
            #""variant":"disabled"},"#,
            #"{"key":"tour","errorCode":"GENERAL","errorDetails":"Not evaluated."}]}"#),
        Sample(
            "a bulk evaluation not modified", "POST", "/ofrep/v1/evaluate/flags", 304,
            type: nil, bytes: []),
        Sample("a record", "GET", record + "?locale=de", 200, json: recordBody),
        Sample("a step's record", "POST", record + "/steps", 200, json: recordBody),
        Sample(
            "a walkthrough as a user sees it", "GET", "/v1/walkthroughs/foodpin", 200,
            json: #"{"id":"foodpin","version":2,"title":"FoodPin","locale":"zh-Hant","#,
            #""layout":{"spread":"auto","orientation":"horizontal","transition":"none"},"#,
            #""navigation":"linear","skippable":true,"finishLabel":null,"#,
            #""variant":null,"startPage":2,"pages":[{"id":"welcome","page":1,"heading":"歡迎","#,
            #""content":"","image":"/v1/walkthroughs/foodpin/images/a.png","alt":"A map"},"#,
            #"{"id":"page-2","page":3,"heading":"Go","content":"On.","image":null,"#,
            #""alt":null}]}"#),
        Sample("the web client", "GET", "/v1/client.js", 200, type: "text/javascript", bytes: []),
        Sample(
            "the funnel", "GET", "/v1/walkthroughs/foodpin/stats", 200,
            json: #"{"walkthrough":"foodpin","version":1,"users":2,"completed":1,"skipped":0,"#,
            #""inProgress":1,"completionRate":0.5,"medianSecondsToComplete":41.2,"#,
            #""pages":[{"page":1,"id":"welcome","reached":2,"dropped":1}]}"#),
        Sample("a goal", "POST", "/v1/users/bob/goals/deployed", 204, type: nil, bytes: []),
        Sample("a donation", "POST", "/v1/users/bob/events/deployed", 204, type: nil, bytes: []),
        Sample(
            "a snoozed record", "GET", record, 200,
            json: #"{"user":"bob","walkthrough":"foodpin","version":1,"outcome":"snoozed","#,
            #""lastPage":2,"updatedAt":"2026-11-30T22:47:03.123Z","#,
            #""snoozedUntil":"2026-12-01T22:47:03.123Z"}"#),
        Sample(
            "an image", "GET", "/v1/walkthroughs/foodpin/images/a.png", 200, type: "image/png",
            bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0xFF]),
        Sample(
            "a reset", "DELETE", "/v1/users/bob/walkthroughs", 200,
            json: #"{"removed":["#, recordBody, "]}"),
    ]

    static let refused: [Sample] = [
        Sample(
            "an evaluation without its key", "POST", evaluate, 200,
            json: #"{"value":true,"reason":"TARGETING_MATCH","variant":"due"}"#,
            refusal: "'key' is a required property"),
        Sample(
            "an evaluation whose value is a string", "POST", evaluate, 200,
            json: #"{"key":"foodpin","value":"true","reason":"TARGETING_MATCH","variant":"due"}"#,
            refusal: #"body["value"]: 'true' is not of type 'boolean'"#),
        Sample(
            "a reason OFREP does not name", "POST", evaluate, 200,
            json: #"{"key":"foodpin","value":true,"reason":"DUE","variant":"due"}"#,
            refusal: #"body["reason"]: 'DUE' is not one of"#),
        Sample(
            "metadata holding an object", "POST", evaluate, 200,
            json: #"{"key":"foodpin","value":true,"reason":"TARGETING_MATCH","variant":"due","#,
            #""metadata":{"title":{"en":"FoodPin"}}}"#,
            refusal: #"body["metadata"]["title"]"#),
        Sample(
            "an unknown flag without its error code", "POST", "/ofrep/v1/evaluate/flags/nope",
            404, json: #"{"key":"nope"}"#, refusal: "'errorCode' is a required property"),
        Sample(
            "a record with an outcome of its own", "GET", record, 200,
            json: #"{"user":"bob","walkthrough":"foodpin","version":1,"outcome":"done","#,
            #""lastPage":2,"updatedAt":"2026-11-30T22:47:03.123Z"}"#,
            refusal: #"body["outcome"]: 'done' is not one of"#),
        Sample(
            "a record's time that is not RFC 3339", "GET", record, 200,
            json: #"{"user":"bob","walkthrough":"foodpin","version":1,"outcome":"completed","#,
            #""lastPage":2,"updatedAt":"2026-11-30 22:47:03 UTC"}"#,
            refusal: #"body["updatedAt"]"#),
        Sample(
            "a record with a member more", "GET", record, 200,
            json: String(recordBody.dropLast()), #","seen":true}"#,
            refusal: "('seen' was unexpected)"),
        Sample(
            "a problem sent as plain JSON", "GET", record, 404,
            json: #"{"type":"about:blank","title":"Not Found","status":404,"detail":"None."}"#,
            refusal: "not the Content-Type 'application/json'"),
        Sample(
            "a status the route does not answer", "GET", "/healthz", 418,
            json: #"{"status":"ok"}"#, refusal: "does not document the status 418"),
        Sample(
            "a body on a 304", "POST", "/ofrep/v1/evaluate/flags", 304,
            type: nil, bytes: Array(#"{"flags":[]}"#.utf8), refusal: "declares no body"),
        Sample(
            "a route that does not exist", "GET", "/v1/walkthrough", 200, json: "[]",
            refusal: "no path of the document matches /v1/walkthrough"),
        Sample(
            "a body that is not JSON", "GET", "/v1/walkthroughs", 200, json: "[{",
            refusal: "the body is not JSON"),
    ]

    @Test(arguments: conforming)
    func theCheckerPassesAConformingAnswer(_ sample: Sample) throws {
        let problem = try OpenAPIResponseCheck.problem(
            method: sample.method, path: sample.path, status: sample.status,
            contentType: sample.contentType, body: sample.body)
        #expect(problem == nil)
    }

    @Test(arguments: refused)
    func theCheckerRefusesAWrongAnswer(_ sample: Sample) throws {
        let problem = try OpenAPIResponseCheck.problem(
            method: sample.method, path: sample.path, status: sample.status,
            contentType: sample.contentType, body: sample.body)
        let refusal = try #require(sample.refusal)
        #expect(problem?.contains(refusal) == true, "\(problem ?? "passed")")
    }

    @Test func theServersOwnProblemsConform() throws {
        try OpenAPIResponseCheck.check(
            method: "GET", path: Self.record,
            response: .problem(404, detail: "bob has no record of foodpin.", instance: Self.record))
        try OpenAPIResponseCheck.check(
            method: "POST", path: "/v1/users/bob/events/deployed",
            response: .problem(401, detail: "Send Authorization: Bearer KEY."))
    }
}

extension JSONValue {
    /// The member `key` of an object.
    fileprivate subscript(key: String) -> JSONValue? {
        guard case .object(let members) = storage else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// An object's members, in order.
    fileprivate var members: [(key: String, value: JSONValue)]? {
        guard case .object(let members) = storage else { return nil }
        return members.map { ($0.key, $0.value) }
    }

    /// An array's elements.
    fileprivate var elements: [JSONValue]? {
        guard case .array(let elements) = storage else { return nil }
        return elements
    }

    /// A string's value.
    fileprivate var string: String? {
        guard case .string(let text) = storage else { return nil }
        return text
    }
}
