import WalkthroughKit

/// One flag's OFREP evaluation, or why there is none.
enum FlagEvaluation {
    /// The flag's evaluation.
    case answer(FlagAnswer)
    /// An OFREP error: the status, `errorCode` and `errorDetails`.
    case failed(status: Int, code: String, detail: String)

    /// The HTTP status of a single evaluation's answer.
    var status: Int {
        switch self {
        case .answer: 200
        case .failed(let status, _, _): status
        }
    }

    /// Writes the evaluation object, or the error object, for `key`.
    func write(key: String, to writer: inout JSONWriter) {
        switch self {
        case .answer(let answer):
            answer.write(to: &writer)
        case .failed(_, let code, let detail):
            Self.error(key: key, code: code, detail: detail).write(to: &writer)
        }
    }

    /// The error of a decision that could not be taken: a user name the store refuses (400),
    /// or a store that did not answer (500).
    static func failure(_ error: FirstRunGateError) -> FlagEvaluation {
        if case .invalidUser = error {
            return .failed(status: 400, code: "INVALID_CONTEXT", detail: "\(error)")
        }
        return .failed(status: 500, code: "GENERAL", detail: "The store did not answer: \(error)")
    }

    /// `{"key","errorCode","errorDetails"}`.
    static func error(key: String?, code: String, detail: String) -> JSONText {
        var members: [(String, JSONText)] = []
        if let key { members.append(("key", .string(key))) }
        members.append(("errorCode", .string(code)))
        members.append(("errorDetails", .string(detail)))
        return .object(members)
    }
}

/// An OFREP evaluation object: `{"key", "value", "reason", "variant", "metadata": {"version",
/// "pages", "title", "detail", "dueAt"}}`, written straight into the answer's bytes.
struct FlagAnswer {
    /// The walkthrough's id.
    var key: String
    /// Whether it is due.
    var value: Bool
    /// OFREP's reason: `TARGETING_MATCH`, `SPLIT` or `DISABLED`.
    var reason: String
    /// `due`, an experiment's group, `holdout`, `disabled`, or the rules' reason.
    var variant: String
    /// The definition's version.
    var version: Int
    /// The pages the user would be shown (all of them when not due).
    var pages: Int
    /// The title, in the context's locale.
    var title: String
    /// The rules' sentence.
    var detail: String
    /// When time alone makes it due, if it will.
    var dueAt: Timestamp?

    /// Writes the object.
    func write(to writer: inout JSONWriter) {
        // The same keys in every answer, a bulk one ten times over: spelt out once here, the
        // values escaped as every string is.
        writer.value { bytes in
            JSONWriter.appendLiteral(#"{"key":"#, to: &bytes)
            JSONWriter.escape(key, into: &bytes)
            JSONWriter.appendLiteral(
                value ? #","value":true,"reason":"# : #","value":false,"reason":"#, to: &bytes)
            JSONWriter.escape(reason, into: &bytes)
            JSONWriter.appendLiteral(#","variant":"#, to: &bytes)
            JSONWriter.escape(variant, into: &bytes)
            JSONWriter.appendLiteral(#","metadata":{"version":"#, to: &bytes)
            JSONWriter.appendDecimal(version, to: &bytes)
            JSONWriter.appendLiteral(#","pages":"#, to: &bytes)
            JSONWriter.appendDecimal(pages, to: &bytes)
            JSONWriter.appendLiteral(#","title":"#, to: &bytes)
            JSONWriter.escape(title, into: &bytes)
            JSONWriter.appendLiteral(#","detail":"#, to: &bytes)
            JSONWriter.escape(detail, into: &bytes)
            if let dueAt {
                JSONWriter.appendLiteral(#","dueAt":"#, to: &bytes)
                JSONWriter.escape(Timestamp.json(dueAt), into: &bytes)
            }
            JSONWriter.appendLiteral("}}", to: &bytes)
        }
    }
}
