import WalkthroughKit
import WalkthroughTranslation

// Fuzz target (translations): the translators' files `walkthrough translate import` reads.
//
// The input's first byte chooses the reader (even: PO, odd: XLIFF); the rest is the file.
// Properties:
// - no crash, whatever the bytes;
// - nothing is ever expanded: no text read is longer than the input (entities and escapes only
//   shrink), so a small file cannot become a large definition;
// - a refusal names a line the input has (1 up to one more than its line breaks);
// - what is read writes back and reads again the same: a PO file's units through the PO
//   writer, an XLIFF file's through the XLIFF writer (paths, sources and targets).

/// libFuzzer calls this once per input: `size` bytes at `data`; returns 0 (the input is
/// kept or not by coverage), and aborts when a property above does not hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTranslations(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let isXLIFF = input.byte() % 2 == 1
    let bytes = input.rest()
    let result = Result { () throws(TranslationError) -> TranslationFile in
        isXLIFF
            ? try XLIFFReader.read(bytes, file: "f") : try POReader.read(bytes, file: "f")
    }
    switch result {
    case .failure(let error):
        let lines = bytes.filter { $0 == 0x0A || $0 == 0x0D }.count + 1
        switch error {
        case .malformed(_, let line, _), .refused(_, let line, _):
            require((1...lines).contains(line), "line \(line) of \(lines) refused: \(error)")
        default: break
        }
        require(!error.description.isEmpty, "a refusal without a message")
    case .success(let file):
        for unit in file.units {
            require(
                unit.target.utf8.count <= bytes.count
                    && (unit.source?.utf8.count ?? 0) <= bytes.count
                    && unit.path.utf8.count <= bytes.count,
                "a unit longer than its input: \(visible(unit.path))")
        }
        checkRoundTrip(file, isXLIFF: isXLIFF)
    }
    return 0
}

/// Writes the units read with our writer and reads them back.
private func checkRoundTrip(_ file: TranslationFile, isXLIFF: Bool) {
    // The writers write a unit per text of a definition: a path, a source, a target. Paths a
    // definition cannot have (empty, or with control characters, which XML attributes cannot
    // hold) are left out.
    let units = file.units.filter { unit in
        !unit.path.isEmpty && !unit.path.unicodeScalars.contains { $0.value < 0x20 }
    }
    let texts = units.map {
        TranslationText(path: $0.path, source: $0.source ?? "", target: $0.target)
    }
    let written =
        isXLIFF
        ? XLIFFWriter.document(
            of: texts, walkthrough: "w", original: "w.json", sourceLocale: "en", locale: "ja")
        : POWriter.catalog(
            of: texts, walkthrough: "w", version: 1, sourceLocale: "en", locale: "ja")
    let again = Result { () throws(TranslationError) -> TranslationFile in
        isXLIFF
            ? try XLIFFReader.read(Array(written.utf8), file: "w")
            : try POReader.read(Array(written.utf8), file: "w")
    }
    guard case .success(let read) = again else {
        require(false, "our own file does not read back: \(again)\n\(visible(written))")
        return
    }
    require(read.locale == "ja", "the locale does not read back")
    require(
        read.units.count == texts.count, "\(texts.count) units written, \(read.units.count) read")
    for (text, unit) in zip(texts, read.units) {
        require(
            sameScalars(unit.path, text.path) && sameScalars(unit.source ?? "", text.source)
                && sameScalars(unit.target, text.target ?? ""),
            "\(visible(text.path)) does not read back the same")
        require(
            unit.fingerprint == text.fingerprint, "\(visible(text.path)) lost its fingerprint")
    }
}
