import Foundation
import WalkthroughKit
import WalkthroughTerminal

/// `image`: the first frame of a page with a 1000 × 700 PNG at 80 × 24, whole processes on a
/// pseudo-terminal: `walkthrough play FILE --images symbols` (with `q` already typed, so it
/// draws its first frame and quits) against the `chafa` command drawing the same file in the
/// same cells with the same symbols (`--symbols vhalf`, 24-bit colour), interleaved. Then the
/// memory the image adds: the player's peak resident set with the image against the same page
/// without it.
enum ImageSuite {
    /// The cells the player's layout gives a 1000 × 700 image at 80 × 24: at most half the
    /// height (12 rows), aspect kept with cells twice as tall as wide.
    static let cells = (columns: 34, rows: 12)

    static func run(_ context: BenchContext) throws -> [Measurement] {
        let rounds = context.quick ? 3 : 21
        let binary =
            context.options.walkthroughPath
            ?? (FileSystem.folder(of: context.executable) + "/walkthrough")
        let folder = try context.folder.folder("image")
        let picture = folder + "/picture.png"
        guard let png = PNGEncoding.encode(photo(width: 1000, height: 700)) else {
            throw BenchError("libpng could not write the benchmark's picture")
        }
        try Data(png).write(to: URL(fileURLWithPath: picture))
        try definition(image: "picture.png").write(
            to: URL(fileURLWithPath: folder + "/with.json"))
        try definition(image: nil).write(to: URL(fileURLWithPath: folder + "/without.json"))

        var environment = context.environment
        environment["TERM"] = "xterm-256color"
        environment["COLORTERM"] = "truecolor"
        environment["HOME"] = folder
        environment["WALKTHROUGH_EVENTS"] = "off"
        environment["LANG"] = "C.UTF-8"
        for name in ["NO_COLOR", "TMUX", "KITTY_WINDOW_ID", "TERM_PROGRAM", "CI"] {
            environment.removeValue(forKey: name)
        }
        func player(_ file: String) -> TerminalSpawn {
            var player = environment
            player["WALKTHROUGH_DB"] = folder + "/\(UUID().uuidString).sqlite3"
            return TerminalSpawn(
                executable: binary,
                arguments: ["play", folder + "/" + file, "--images", "symbols", "--force"],
                environment: player, typed: "q")
        }
        let build = linksChafa(binary) ? "Chafa trait" : "default build"
        var measurements: [Measurement] = []

        // The player draws the picture (not its alt text).
        let check = try player("with.json").run()
        let drawn = String(decoding: check.output, as: UTF8.self)
        guard check.status == 0, drawn.contains("▀") || drawn.contains("\u{1B}[38;2;"),
            !drawn.contains("Image:")
        else {
            throw BenchError("walkthrough play did not draw the picture: \(drawn.prefix(300))")
        }

        if let chafa = Spawn.find("chafa", path: context.environment["PATH"]) {
            let baseline = TerminalSpawn(
                executable: chafa,
                arguments: [
                    "--size", "\(cells.columns)x\(cells.rows)", "--symbols", "vhalf", "--colors",
                    "full", "--format", "symbols", "--animate", "off", picture,
                ], environment: environment)
            // The first frame of `file` against chafa's, interleaved; milliseconds.
            func firstFrames(of file: String) throws -> Interleaved.Result {
                try Interleaved.run(rounds: rounds) { _ in
                    let outcome = try player(file).run()
                    guard outcome.status == 0 else {
                        throw BenchError("play exited \(outcome.status)")
                    }
                    return Double(outcome.wallNanoseconds) / 1e6
                } baseline: { _ in
                    let outcome = try baseline.run()
                    guard outcome.status == 0 else {
                        throw BenchError("chafa exited \(outcome.status)")
                    }
                    return Double(outcome.wallNanoseconds) / 1e6
                }
            }
            let wall = try firstFrames(of: "with.json")
            measurements.append(
                Measurement(
                    .image,
                    "first frame, 1000×700 PNG at 80×24 (\(cells.columns)×\(cells.rows) cells): "
                        + "walkthrough play (\(build)) vs chafa --symbols vhalf",
                    metric: .milliseconds, n: rounds, ours: Summary(wall.ours),
                    baseline: Summary(wall.baseline)))
            // The same page without its picture, against the same chafa: what play's own start
            // and first frame cost, apart from the picture's.
            let bare = try firstFrames(of: "without.json")
            measurements.append(
                Measurement(
                    .image,
                    "first frame of the same page without its picture: walkthrough play "
                        + "(\(build)) vs the same chafa",
                    metric: .milliseconds, n: rounds, ours: Summary(bare.ours),
                    baseline: Summary(bare.baseline)))
        } else {
            measurements.append(
                Measurement(
                    .image, "first frame vs chafa", metric: .milliseconds, n: rounds,
                    unavailable: "the chafa command is not installed (apt-get install chafa)"))
        }

        // What the image adds to the player's peak memory, as GNU time reports the child's own
        // (a child spawned from this process would carry this process's peak across exec).
        let time = "/usr/bin/time"
        guard access(time, X_OK) == 0 else {
            measurements.append(
                Measurement(
                    .image, "peak memory with vs without the image", metric: .mebibytes, n: 0,
                    unavailable: "GNU time is not installed (apt-get install time)"))
            return measurements
        }
        func peak(_ file: String) throws -> Double {
            var spawn = player(file)
            let report = folder + "/peak.txt"
            spawn.arguments = ["-f", "%M", "-o", report, spawn.executable] + spawn.arguments
            spawn.executable = time
            let outcome = try spawn.run()
            guard outcome.status == 0,
                let text = FileManager.default.contents(atPath: report),
                let kib = Int(String(decoding: text, as: UTF8.self).filter(\.isNumber))
            else { throw BenchError("GNU time gave no peak for play \(file)") }
            return Double(kib) / 1024
        }
        var with: [Double] = []
        var without: [Double] = []
        for _ in 0..<max(rounds / 2, 3) {
            with.append(try peak("with.json"))
            without.append(try peak("without.json"))
        }
        measurements.append(
            Measurement(
                .image,
                "peak resident memory of play (\(build)), the page with the 1000×700 PNG vs "
                    + "without it",
                metric: .mebibytes, n: with.count, ours: Summary(with),
                baseline: Summary(without)))
        return measurements
    }

    /// A page with `image` (or none) and a line of text.
    private static func definition(image: String?) -> Data {
        let field = image.map { ", \"image\": \"\($0)\", \"imageAlt\": \"A picture\"" } ?? ""
        return Data(
            ("{\"id\": \"bench-image\", \"title\": \"Bench\", \"pages\": [{\"heading\": "
                + "\"A picture\", \"content\": \"Drawn in the terminal.\"\(field)}]}").utf8)
    }

    /// A photograph-like picture: a sky gradient, a sun, hills, and fine texture, so that
    /// neither encoder gets flat colour for free.
    static func photo(width: Int, height: Int) -> DecodedImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        var random = SplitMix64(seed: 7)
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 4
                let hill = Double(height) * (0.6 + 0.08 * sin(Double(x) / 90))
                let dx = Double(x - 760)
                let dy = Double(y - 180)
                var colour: (Double, Double, Double)
                if dx * dx + dy * dy < 80 * 80 {
                    colour = (250, 210, 90)
                } else if Double(y) > hill {
                    let depth = (Double(y) - hill) / Double(height)
                    colour = (60 + 80 * depth, 140 - 60 * depth, 70)
                } else {
                    let t = Double(y) / Double(height)
                    colour = (110 + 100 * t, 160 + 60 * t, 240 - 20 * t)
                }
                let noise = Double(Int(random.next() % 17) - 8)
                pixels[offset] = UInt8(clamping: Int(colour.0 + noise))
                pixels[offset + 1] = UInt8(clamping: Int(colour.1 + noise))
                pixels[offset + 2] = UInt8(clamping: Int(colour.2 + noise))
            }
        }
        return DecodedImage(width: width, height: height, pixels: pixels)
    }

    /// Whether `binary` was built with the `Chafa` trait (it names libchafa to the loader).
    private static func linksChafa(_ binary: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: binary) else { return false }
        return data.range(of: Data("libchafa.so".utf8)) != nil
    }
}
