import Foundation

/// The bytes of OSC 52, xterm's "Manipulate Selection Data" (ctlseqs): `ESC ] 52 ; c ; Pd BEL`
/// sets the clipboard to `Pd` (base64), `Pd` = `?` asks the terminal for it, and any other
/// `Pd` clears it.
///
/// The text is base64, so nothing of it reaches the terminal as a control, whatever it holds
/// (NUL, ESC, invalid UTF-8 replaced by U+FFFD before). GNU screen passes OSC only inside its
/// DCS passthrough (`ESC P … ESC \`) and limits the length of each string, so there the
/// sequence is cut into DCS chunks of ``screenChunkLength`` bytes (the chunking of hterm's
/// `osc52.sh`); tmux reads OSC 52 itself (its `set-clipboard` option) and needs no wrapping.
public enum ClipboardSequence {
  /// How the sequence must be wrapped to reach the terminal.
  public enum Passthrough: Sendable, Hashable {
    /// Written as it is: the terminal itself, or tmux, which handles OSC 52 as tmux(1)'s
    /// `set-clipboard` says.
    case none
    /// Inside GNU screen: in DCS passthrough chunks.
    case screen

    /// Screen's passthrough when the environment says the app runs in screen (`STY`, and not
    /// in a tmux inside it).
    public static func detect(environment: [String: String]) -> Passthrough {
      environment["STY"] != nil && environment["TMUX"] == nil ? .screen : .none
    }
  }

  /// Bytes of base64 per DCS string inside screen.
  public static let screenChunkLength = 76

  /// The sequence that sets the clipboard to `text`, or clears it for nil; nil when the
  /// sequence would be longer than `maximumLength` bytes (the text is then not sent at all:
  /// a cut-off text on the clipboard would be worse than the old contents).
  public static func write(_ text: String?, passthrough: Passthrough = .none, maximumLength: Int = .max)
    -> [UInt8]?
  {
    guard var text else { return wrap(Array("!".utf8), passthrough) }
    let encodedLength = (text.utf8.count + 2) / 3 * 4
    let screenOverhead = passthrough == .screen ? encodedLength / screenChunkLength * 4 + 12 : 0
    guard encodedLength + 8 + screenOverhead <= maximumLength else { return nil }
    text.makeContiguousUTF8()
    if passthrough == .none {
      // The common case in one buffer: introducer, base64 written in place, BEL.
      return [UInt8](unsafeUninitializedCapacity: encodedLength + 8) { buffer, count in
        for (index, byte) in head.enumerated() { buffer[index] = byte }
        text.utf8.withContiguousStorageIfAvailable { encodeBase64($0, into: buffer, at: head.count) }
        buffer[head.count + encodedLength] = 0x07
        count = encodedLength + 8
      }
    }
    let payload = [UInt8](unsafeUninitializedCapacity: encodedLength) { buffer, count in
      text.utf8.withContiguousStorageIfAvailable { encodeBase64($0, into: buffer, at: 0) }
      count = encodedLength
    }
    return wrap(payload, passthrough)
  }

  /// The query: the terminal answers with `OSC 52 ; c ; base64 BEL` (or ST) where it allows it.
  public static func query(passthrough: Passthrough = .none) -> [UInt8] {
    wrap(Array("?".utf8), passthrough)
  }

  /// ESC ] 5 2 ; c ;
  private static let head: [UInt8] = [0x1b, 0x5d, 0x35, 0x32, 0x3b, 0x63, 0x3b]

  /// `OSC 52 ; c ; payload BEL`, wrapped for screen in DCS strings of ``screenChunkLength``.
  private static func wrap(_ payload: [UInt8], _ passthrough: Passthrough) -> [UInt8] {
    switch passthrough {
    case .none:
      return head + payload + [0x07]
    case .screen:
      var result: [UInt8] = [0x1b, 0x50] + head
      result.reserveCapacity(payload.count + payload.count / screenChunkLength * 4 + 16)
      var start = 0
      while start < payload.count {
        let end = min(payload.count, start + screenChunkLength)
        if start > 0 { result += [0x1b, 0x5c, 0x1b, 0x50] }  // ESC \ ESC P: the next string
        result += payload[start..<end]
        start = end
      }
      return result + [0x07, 0x1b, 0x5c]
    }
  }

  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// Base64 (RFC 4648, padded) of `bytes`, written into `output` from `offset` in one pass.
  private static func encodeBase64(
    _ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>, at offset: Int
  ) {
    alphabet.withUnsafeBufferPointer { table in
      var index = 0
      var out = offset
      let whole = bytes.count - bytes.count % 3
      while index < whole {
        let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
        output[out] = table[Int(value >> 18)]
        output[out + 1] = table[Int(value >> 12 & 63)]
        output[out + 2] = table[Int(value >> 6 & 63)]
        output[out + 3] = table[Int(value & 63)]
        index += 3
        out += 4
      }
      let rest = bytes.count - whole
      guard rest > 0 else { return }
      let value = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
      output[out] = table[Int(value >> 18)]
      output[out + 1] = table[Int(value >> 12 & 63)]
      output[out + 2] = rest == 2 ? table[Int(value >> 6 & 63)] : 0x3d
      output[out + 3] = 0x3d
    }
  }

  /// The text of an OSC 52 answer's payload (`c;base64`, what follows `52;`); nil when it is
  /// empty, not base64 or longer than `maximumLength` bytes of base64. Invalid UTF-8 becomes
  /// U+FFFD.
  public static func decodeReply(_ payload: some Collection<UInt8>, maximumLength: Int = .max) -> String? {
    guard let separator = payload.firstIndex(of: 0x3b) else { return nil }
    let encoded = payload[payload.index(after: separator)...]
    guard !encoded.isEmpty, encoded.count <= maximumLength,
      let data = Data(base64Encoded: Data(encoded), options: .ignoreUnknownCharacters), !data.isEmpty
    else { return nil }
    return String(decoding: data, as: UTF8.self)
  }
}
