import ResponderKit

extension Renderer {
  /// Opens `link` (`ESC ] 8 ; id=N ; URI ESC \`) or, for nil, closes the open one
  /// (`ESC ] 8 ; ; ESC \`), as the "Hyperlinks in terminal emulators" specification writes
  /// them. The id is the link's number, so the cells of one link drawn apart (a changed part
  /// redrawn, wrapped text) are one link to the terminal. A URI holds bytes 32 to 126 only; any
  /// other byte is percent-encoded.
  static func appendLink(_ link: Hyperlink?, to output: inout [UInt8]) {
    output.append(contentsOf: [0x1b, 0x5d, 0x38, 0x3b])  // ESC ] 8 ;
    if let link {
      output.append(contentsOf: Array("id=\(link.number);".utf8))
      for byte in link.url.utf8 {
        if byte >= 0x20 && byte <= 0x7e {
          output.append(byte)
        } else {
          let hex = Array("0123456789ABCDEF".utf8)
          output.append(contentsOf: [0x25, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
        }
      }
    } else {
      output.append(0x3b)
    }
    output.append(contentsOf: [0x1b, 0x5c])  // ST
  }
}
