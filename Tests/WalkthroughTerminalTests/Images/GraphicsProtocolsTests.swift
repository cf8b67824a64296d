import FoundationEssentials
import Testing
import WalkthroughKit
import WalkthroughTerminal
import WalkthroughTestSupport

/// The kitty and iTerm2 sequences: the file's bytes, base64, kitty's in chunks of at most 4096,
/// sized in cells, answering nothing.
struct GraphicsProtocolsTests {
    static let path = repositoryRoot() + "/walkthroughs/images/foodpin-intro-2.png"

    @Test func kittyCarriesThePNGInChunks() throws {
        let image = try LoadedImage(contentsOf: Self.path)
        let sequence = GraphicsProtocols.kitty(image, size: CellSize(columns: 40, rows: 12))
        let parts = sequence.split(separator: "\u{1B}\\", omittingEmptySubsequences: true)
        #expect(parts.count > 1)
        var payload = ""
        for (index, part) in parts.enumerated() {
            #expect(part.hasPrefix("\u{1B}_G"))
            let body = part.dropFirst(3)
            let separator = try #require(body.firstIndex(of: ";"))
            let keys = body[..<separator]
            let data = body[body.index(after: separator)...]
            #expect(data.utf8.count <= GraphicsProtocols.kittyChunkSize)
            if index == 0 {
                #expect(keys == "a=T,f=100,c=40,r=12,C=1,q=2,m=1")
            } else {
                #expect(keys == (index == parts.count - 1 ? "m=0" : "m=1"))
            }
            payload += data
        }
        let decoded = try #require(Data(base64Encoded: payload))
        #expect(Array(decoded) == image.fileBytes)
    }

    @Test func kittyCarriesAJPEGAsPixels() throws {
        let png = try ImageDecoder.decode(contentsOf: Self.path)
        let jpeg = try #require(JPEGEncoding.encode(png))
        let folder = try TemporaryFolder()
        let path = try folder.write(Data(jpeg), to: "map.jpg")
        let image = try LoadedImage(contentsOf: path)
        #expect(image.format == .jpeg)
        let sequence = GraphicsProtocols.kitty(image, size: CellSize(columns: 20, rows: 6))
        #expect(sequence.hasPrefix("\u{1B}_Ga=T,f=32,s=200,v=125,c=20,r=6,C=1,q=2,m=1;"))
    }

    @Test func itermCarriesTheFileInOneSequence() throws {
        let image = try LoadedImage(contentsOf: Self.path)
        let sequence = GraphicsProtocols.iterm(image, size: CellSize(columns: 32, rows: 10))
        let prefix =
            "\u{1B}]1337;File=inline=1;size=\(image.fileBytes.count);width=32;height=10;"
            + "preserveAspectRatio=1:"
        #expect(sequence.hasPrefix(prefix))
        #expect(sequence.hasSuffix("\u{07}"))
        let payload = sequence.dropFirst(prefix.count).dropLast()
        #expect(Array(try #require(Data(base64Encoded: String(payload)))) == image.fileBytes)
    }
}
