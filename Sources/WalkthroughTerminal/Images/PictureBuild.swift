package import WalkthroughKit

/// What this build of the player does with a page's image: decode and draw it (the `Pictures`
/// trait, with libpng and libjpeg), or show its alt text (without the trait).
package enum PictureBuild {
    /// Whether pages' images are drawn.
    #if PICTURES
    package static let drawsImages = true
    #else
    package static let drawsImages = false
    #endif

    /// How `walkthrough validate` checks a page's image file: decoded in full within the
    /// limits where the player decodes images, else its header read.
    package static var validation: ImageChecking {
        #if PICTURES
        .decoded { path throws(ImageDecodingError) in
            _ = try ImageDecoder.decode(contentsOf: path)
        }
        #else
        .headers
        #endif
    }
}
