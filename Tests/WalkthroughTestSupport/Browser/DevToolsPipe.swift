import Foundation
@preconcurrency import Glibc

/// The Chrome DevTools Protocol over the pipe `--remote-debugging-pipe` opens: the browser reads
/// commands from its descriptor 3 and writes answers and events to its descriptor 4, each a
/// JSON object ended by a NUL byte.
///
/// One thread drives it: ``call(_:_:session:timeout:)`` writes a command and reads until its
/// answer arrives, keeping every event that comes meanwhile in ``events``, for
/// ``waitForEvent(_:session:timeout:where:)`` and for tests that look back at what happened
/// (every network request a page made). Every wait is bounded.
package final class DevToolsPipe {
    /// Thrown when the browser answers with an error, stops answering, or closes the pipe.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Every event received so far, oldest first: `method`, `params`, and `sessionId` for an
    /// event of an attached page.
    package private(set) var events: [[String: Any]] = []

    private let commands: Int32
    private let answers: Int32
    private var pending: [UInt8] = []
    private var nextID = 1
    private var answered: [Int: [String: Any]] = [:]

    /// Talks over `commands` (written to) and `answers` (read from), which it closes when
    /// released.
    package init(commands: Int32, answers: Int32) {
        self.commands = commands
        self.answers = answers
    }

    deinit {
        close(commands)
        close(answers)
    }

    /// Sends `method` with `params` (to the page of `session`, if given) and returns the
    /// answer's `result`.
    ///
    /// - Throws: ``Failure`` with the browser's error, or when no answer comes within `timeout`
    ///   seconds.
    @discardableResult
    package func call(
        _ method: String, _ params: [String: Any] = [:], session: String? = nil,
        timeout: Double = 30
    ) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        try send(JSONSerialization.data(withJSONObject: message))
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while answered[id] == nil {
            try receive(until: deadline, waitingFor: method)
        }
        let answer = answered.removeValue(forKey: id)!
        if let error = answer["error"] as? [String: Any] {
            throw Failure(description: "\(method) failed: \(error)")
        }
        return answer["result"] as? [String: Any] ?? [:]
    }

    /// The first event `method` (of `session`, if given) that `condition` accepts, among the
    /// events from index `after` of ``events`` on, received before or within `timeout`
    /// seconds.
    ///
    /// - Throws: ``Failure`` when none comes in time.
    @discardableResult
    package func waitForEvent(
        _ method: String, session: String? = nil, after: Int = 0, timeout: Double = 30,
        where condition: ([String: Any]) -> Bool = { _ in true }
    ) throws -> [String: Any] {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        var checked = after
        while true {
            while checked < events.count {
                let event = events[checked]
                checked += 1
                if event["method"] as? String == method,
                    session == nil || event["sessionId"] as? String == session,
                    condition(event["params"] as? [String: Any] ?? [:])
                {
                    return event
                }
            }
            try receive(until: deadline, waitingFor: method)
        }
    }

    /// Reads whatever has arrived within `seconds`, so that ``events`` is up to date.
    package func drain(for seconds: Double = 0.1) {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while (try? receive(until: deadline, waitingFor: "")) != nil {}
    }

    // MARK: - Private

    private func send(_ data: Data) throws {
        var bytes = Array(data) + [0]
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes {
                write(commands, $0.baseAddress! + offset, $0.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "the browser's pipe is closed (errno \(errno))")
            }
            offset += written
        }
        bytes.removeAll()
    }

    /// Reads one batch of bytes (waiting until `deadline` at most) and files every complete
    /// message in it.
    private func receive(until deadline: ContinuousClock.Instant, waitingFor what: String) throws {
        let left = (deadline - ContinuousClock.now) / .milliseconds(1)
        let milliseconds = max(0, Int(min(left.rounded(.up), Double(Int32.max))))
        var entry = pollfd(fd: answers, events: Int16(POLLIN), revents: 0)
        let ready = poll(&entry, 1, Int32(milliseconds))
        if ready < 0, errno == EINTR { return }
        guard ready > 0 else {
            throw Failure(description: "no answer from the browser in time (waiting for \(what))")
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let count = buffer.withUnsafeMutableBytes { read(answers, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { return }
        guard count > 0 else {
            throw Failure(description: "the browser closed its pipe (waiting for \(what))")
        }
        pending += buffer[0..<count]
        while let end = pending.firstIndex(of: 0) {
            let message = Data(pending[..<end])
            pending.removeSubrange(...end)
            guard let object = try? JSONSerialization.jsonObject(with: message) as? [String: Any]
            else { continue }
            if let id = object["id"] as? Int {
                answered[id] = object
            } else {
                events.append(object)
            }
        }
    }
}
