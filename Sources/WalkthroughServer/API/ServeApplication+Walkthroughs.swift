import WalkthroughKit

/// `/v1/walkthroughs`: what is served, a walkthrough as a user would be shown it, its images
/// and its funnel.
extension ServeApplication {
    /// `GET /v1/walkthroughs`: `[{"id","version","title","pages"}]`, by id.
    func walkthroughs() -> ServerResponse {
        let snapshot = catalog.snapshot
        let items: [JSONText] = snapshot.ids.compactMap { id in
            guard let walkthrough = snapshot.entries[id]?.walkthrough else { return nil }
            return .object([
                ("id", .string(walkthrough.id)),
                ("version", .integer(walkthrough.version)),
                ("title", walkthrough.title.map(JSONText.string) ?? .null),
                ("pages", .integer(walkthrough.pages.count)),
            ])
        }
        return .json(200, .array(items))
    }

    /// `GET /v1/walkthroughs/{id}?user=U&locale=TAG`: the walkthrough in the requested
    /// locale; for a user, the pages the rules would show them now and the page to resume on.
    /// What a player needs besides the contract's keys: `navigation`, `skippable`, the
    /// definition's `finishLabel` (`null` for the player's own) and each page's `page`, its
    /// position in the definition from 1, which steps, events and `lastPage` count by.
    func walkthrough(
        _ id: String, query: [String: String], principal: Principal
    ) -> ServerResponse {
        guard let entry = catalog.snapshot.entries[id] else {
            return Self.notServed(id)
        }
        let walkthrough = entry.walkthrough
        let locale = query["locale"].flatMap { LanguageTag($0) }
        var positions = Array(walkthrough.pages.indices)
        var start = 0
        var variant: String?
        var asked = query["user"]
        if asked == nil, case .user(let subject) = principal { asked = subject }
        if let user = asked {
            guard principal.mayActFor(user) else { return Self.notYours(user) }
            let decision: DueDecision
            do {
                decision = try due(walkthrough, for: user, variables: [:], at: clock())
            } catch {
                if case .invalidUser = error { return .problem(400, detail: "\(error)") }
                return .problem(500, detail: "The store did not answer: \(error)")
            }
            variant = decision.groupName(in: walkthrough)
            let plan = Session.plan(
                of: walkthrough, priorRecord: decision.record, restart: false,
                pages: decision.isDue ? decision.pages : nil)
            positions = plan.positions
            start = plan.start
        }
        let shown = walkthrough.localized(for: locale)
        let pages: [JSONText] = positions.map { index in
            let page = shown.pages[index]
            return .object([
                ("id", .string(page.id)),
                ("page", .integer(index + 1)),
                ("heading", .string(page.heading)),
                ("content", .string(page.content)),
                ("image", page.image.map { .string(Self.imageURL(id: id, path: $0)) } ?? .null),
                ("alt", page.imageAlt.map(JSONText.string) ?? .null),
            ])
        }
        let layout = shown.layout
        return .json(
            200,
            .object([
                ("id", .string(shown.id)),
                ("version", .integer(shown.version)),
                ("title", shown.title.map(JSONText.string) ?? .null),
                ("locale", .string(shown.locale)),
                (
                    "layout",
                    .object([
                        ("spread", .string(layout.spread.rawValue)),
                        ("orientation", .string(layout.orientation.rawValue)),
                        ("transition", .string(layout.transition.rawValue)),
                    ])
                ),
                ("navigation", .string(shown.navigation.rawValue)),
                ("skippable", .bool(shown.skippable)),
                (
                    "finishLabel",
                    shown.hasDefaultFinishLabel ? .null : .string(shown.finishLabel)
                ),
                ("variant", variant.map(JSONText.string) ?? .null),
                ("startPage", .integer(start + 1)),
                ("pages", .array(pages)),
            ]))
    }

    /// `GET /v1/walkthroughs/{id}/images/{file}`: a file the definition names as a page's
    /// image (by its file name), and no other.
    func image(walkthrough id: String, file name: String) -> ServerResponse {
        guard let entry = catalog.snapshot.entries[id],
            let path = entry.walkthrough.pages.lazy.compactMap(\.image)
                .first(where: { Self.fileName(of: $0) == name })
        else {
            return .problem(404, detail: "No image \"\(name)\" in walkthrough \"\(id)\".")
        }
        let folder = entry.walkthrough.baseDirectory ?? FileSystem.folder(of: entry.file)
        let file = path.hasPrefix("/") ? path : FileSystem.joined(folder, path)
        guard
            case .success(let bytes) = FileReader.withContents(
                of: file, limit: 16 * 1024 * 1024, { Array($0) })
        else {
            return .problem(404, detail: "The image \"\(path)\" cannot be read.")
        }
        return ServerResponse(
            status: 200,
            headers: [
                ("Content-Type", Self.mediaType(of: path)),
                ("Cache-Control", "public, max-age=300"),
                ("X-Content-Type-Options", "nosniff"),
                // An SVG opened on its own runs nothing.
                (
                    "Content-Security-Policy",
                    "default-src 'none'; style-src 'unsafe-inline'; sandbox"
                ),
            ],
            body: bytes)
    }

    /// `GET /v1/walkthroughs/{id}/stats` (admin): `walkthrough stats --json`'s object, for the
    /// current version or `?version=N`.
    func stats(_ id: String, query: [String: String]) -> ServerResponse {
        guard let entry = catalog.snapshot.entries[id] else {
            return Self.notServed(id)
        }
        var version: Int?
        if let text = query["version"] {
            guard let number = Int(text), number >= 1 else {
                return .problem(400, detail: "version must be a whole number from 1.")
            }
            version = number
        }
        do {
            let stats = try store.funnel(of: entry.walkthrough, version: version, since: nil)
            return .json(200, stats.jsonObject)
        } catch {
            return .problem(500, detail: "The store did not answer: \(error)")
        }
    }

    /// The URL of a page's image: its file name under the walkthrough's `images/`.
    static func imageURL(id: String, path: String) -> String {
        "/v1/walkthroughs/" + PercentEncoding.encoded(id) + "/images/"
            + PercentEncoding.encoded(fileName(of: path))
    }

    /// The last component of an image's path.
    static func fileName(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The media type of an image by its extension.
    static func mediaType(of path: String) -> String {
        let lowered = path.lowercased()
        if lowered.hasSuffix(".png") { return "image/png" }
        if lowered.hasSuffix(".jpg") || lowered.hasSuffix(".jpeg") { return "image/jpeg" }
        if lowered.hasSuffix(".gif") { return "image/gif" }
        if lowered.hasSuffix(".webp") { return "image/webp" }
        if lowered.hasSuffix(".svg") { return "image/svg+xml" }
        return "application/octet-stream"
    }
}
