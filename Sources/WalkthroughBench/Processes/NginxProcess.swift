import Foundation

/// nginx serving static files, the `serve` suite's baseline: started unprivileged by the
/// benchmark itself (`nginx -p DIR -c nginx.conf -g 'daemon off;'`) in a folder of its own,
/// 2 workers, on a free port of 127.0.0.1, and stopped however the run ends
/// (``BackgroundProcess``).
final class NginxProcess {
    /// The master process.
    let process: BackgroundProcess
    /// The port it listens on.
    let port: UInt16
    /// Its prefix folder (configuration, logs, `www` with the files served).
    let folder: String

    /// Starts nginx serving `files` (path under `/` → bytes) from `folder`.
    ///
    /// - Throws: ``BenchError`` when it does not start or does not answer within 30 s.
    init(executable: String, folder: String, files: [String: [UInt8]]) throws {
        self.folder = folder
        for name in ["www", "temp", "logs"] {
            try FileManager.default.createDirectory(
                atPath: folder + "/" + name, withIntermediateDirectories: true)
        }
        for (name, bytes) in files {
            try Data(bytes).write(to: URL(fileURLWithPath: folder + "/www/" + name))
        }
        port = try LoopbackHTTP.freePort()
        try Data(Self.configuration(folder: folder, port: port).utf8).write(
            to: URL(fileURLWithPath: folder + "/nginx.conf"))
        process = try BackgroundProcess(
            executable: executable,
            arguments: [
                "-p", folder + "/", "-c", folder + "/nginx.conf", "-e", folder + "/logs/error.log",
                "-g", "daemon off;",
            ],
            environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"], log: folder + "/logs/stderr.log"
        )
        let port = port
        let answering = process.wait(upTo: .seconds(30)) {
            (try? LoopbackHTTP(port: port, timeout: 2)) != nil
        }
        guard answering else {
            process.stop()
            let log =
                (try? String(contentsOfFile: folder + "/logs/error.log", encoding: .utf8)) ?? ""
            throw BenchError(
                "nginx did not start on 127.0.0.1:\(port): \(String(log.suffix(600)))")
        }
    }

    /// Stops nginx (SIGTERM to the master, which stops its workers).
    func stop() {
        process.stop()
    }

    /// The processor time the master and its workers have used so far, in seconds.
    func processorSeconds() -> Double {
        ([process.pid] + PeakMemory.children(of: process.pid))
            .compactMap { PeakMemory.processorSeconds(process: $0) }
            .reduce(0, +)
    }

    /// The resident set of the master and its workers, in KiB.
    func residentKiB() -> Int {
        ([process.pid] + PeakMemory.children(of: process.pid))
            .compactMap { PeakMemory.residentKiB(process: $0) }
            .reduce(0, +)
    }

    /// The configuration: 2 workers, keep-alive as long as the server's (60 s, no request
    /// limit), `sendfile`, an access log (the server logs every request too), every temporary
    /// path inside the folder, and the workers as the user running the benchmark (nginx
    /// ignores `user` when it is not started as root).
    static func configuration(folder: String, port: UInt16) -> String {
        let user = getpwuid(getuid()).map { String(cString: $0.pointee.pw_name) } ?? "nobody"
        let group = getgrgid(getgid()).map { String(cString: $0.pointee.gr_name) } ?? user
        return """
            # walkthrough-bench serve: nginx serving the same bodies as static files.
            user \(user) \(group);
            worker_processes 2;
            worker_rlimit_nofile 8192;
            pid \(folder)/logs/nginx.pid;
            error_log \(folder)/logs/error.log warn;

            events {
                worker_connections 4096;
            }

            http {
                default_type application/json;
                access_log \(folder)/logs/access.log;
                sendfile on;
                tcp_nopush on;
                keepalive_timeout 60s;
                keepalive_requests 100000000;
                client_body_temp_path \(folder)/temp/body;
                proxy_temp_path \(folder)/temp/proxy;
                fastcgi_temp_path \(folder)/temp/fastcgi;
                uwsgi_temp_path \(folder)/temp/uwsgi;
                scgi_temp_path \(folder)/temp/scgi;

                server {
                    listen 127.0.0.1:\(port);
                    root \(folder)/www;
                }
            }

            """
    }
}
