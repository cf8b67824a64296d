import WalkthroughKit

extension ExportCommand {
    /// `walkthrough export FILE|ID --html DIR [--locale TAG]`: writes `DIR/index.html` and the
    /// images, and says what it wrote.
    ///
    /// The folder is created if missing; `index.html` and each image are replaced whole (a new
    /// file renamed over the old one), other files in the folder are left alone. An image that
    /// cannot be copied is a warning on standard error and the page shows its alt text; the
    /// export still succeeds.
    ///
    /// - Throws: ``DefinitionError`` (exit 66 not found, 65 invalid), a usage error for a bad
    ///   `--locale` (64), ``HTMLExportError`` when the folder cannot be written (74).
    func exportHTML(
        _ walkthrough: String, to folder: String, locale: LocaleOption, context: CommandContext
    ) throws -> ExitCode {
        let environment = context.environment
        let requested = try locale.tag(environment: environment, command: Self.configuration.name)
        let path = try DefinitionResolver(environment: environment).resolve(walkthrough)
        let definition = try DefinitionLoader.load(contentsOf: path)
        let output = try ExportFolder(creating: folder)
        let images = try ExportImages.copy(
            HTMLExport.imageUses(of: definition), from: definition.baseDirectory,
            definition: path, into: output)
        for warning in images.warnings { context.printError(warning) }
        let export = HTMLExport(
            walkthrough: definition, requested: requested, images: images.copied)
        try output.write(HTMLDocument.render(export), to: "index.html")
        let locales =
            definition.locales.count == 1
            ? ""
            : " in \(definition.locales.count) languages (\(definition.locales.joined(separator: ", ")))"
        context.print(
            "Wrote \(output.file("index.html")): \(Wording.name(of: definition)), "
                + "\(Wording.counted(definition.pages.count, "page"))\(locales), "
                + "\(Wording.counted(Set(images.copied.values).count, "image")); open it in a "
                + "browser.")
        return .success
    }
}
