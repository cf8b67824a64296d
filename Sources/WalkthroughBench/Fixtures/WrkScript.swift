/// The Lua scripts wrk runs (`wrk -s`) for the `serve` suite: each makes every request itself
/// (wrk's `request()`), for a user drawn at random from the store, and ends with one line the
/// benchmark reads (``Wrk/Result/parse(_:)``).
///
/// Every thread seeds its own generator from its number and the round (the script's argument),
/// so the threads draw different users, and a step's id (a UUID made of the round, the thread
/// and a counter) is never sent twice to one server.
enum WrkScript {
    /// What each request is.
    enum Load: Equatable {
        /// `POST path` with `{"context":{"targetingKey":"user-NNNNNNN"}}`.
        case evaluation(path: String)
        /// `GET path` with the same headers and no body: nginx's static file.
        case staticFile(path: String)
        /// `POST /v1/users/user-NNNNNNN/walkthroughs/ID/steps` with
        /// `{"id":UUID,"step":"page","page":P,"version":1}`, P from 1 to `pages`.
        case steps(walkthrough: String, pages: Int)
    }

    /// The script for `load`, with `secret` as the bearer credentials and users drawn from
    /// `SeenDatabase.user(0 ..< users)`.
    static func text(_ load: Load, secret: String, users: Int) -> String {
        let request: String
        switch load {
        case .evaluation(let path):
            request = """
                function request()
                  local user = string.format("user-%07d", math.random(0, \(users - 1)))
                  return wrk.format("POST", "\(path)", headers,
                    '{"context":{"targetingKey":"' .. user .. '"}}')
                end
                """
        case .staticFile(let path):
            request = """
                function request()
                  -- A user drawn all the same, so that wrk does the same work per request.
                  local user = string.format("user-%07d", math.random(0, \(users - 1)))
                  return wrk.format("GET", "\(path)", headers)
                end
                """
        case .steps(let walkthrough, let pages):
            request = """
                local sent = 0
                function request()
                  sent = sent + 1
                  local user = string.format("user-%07d", math.random(0, \(users - 1)))
                  local id = string.format("%08x-%04x-4000-8000-%012x", round, thread_number, sent)
                  return wrk.format("POST",
                    "/v1/users/" .. user .. "/walkthroughs/\(walkthrough)/steps", headers,
                    '{"id":"' .. id .. '","step":"page","page":' .. math.random(1, \(pages))
                      .. ',"version":1}')
                end
                """
        }
        return """
            -- walkthrough-bench serve: one request per call, a random user of \(users).
            local threads = 0
            function setup(thread)
              threads = threads + 1
              thread:set("thread_number", threads)
            end

            function init(args)
              round = tonumber(args[1]) or 0
              math.randomseed(round * 7919 + thread_number * 104729)
            end

            headers = {
              ["Authorization"] = "Bearer \(secret)",
              ["Content-Type"] = "application/json",
            }

            \(request)

            function done(summary, latency, requests)
              local errors = summary.errors
              io.write(string.format(
                "wrk-result requests=%d duration_us=%d p50_us=%d p99_us=%d connect=%d read=%d "
                  .. "write=%d status=%d timeout=%d\\n",
                summary.requests, summary.duration, math.floor(latency:percentile(50)),
                math.floor(latency:percentile(99)), errors.connect, errors.read, errors.write,
                errors.status, errors.timeout))
            end

            """
    }
}
