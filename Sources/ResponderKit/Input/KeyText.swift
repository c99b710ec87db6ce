/// The two texts of a ``KeyEvent``, packed so that copying a key costs no reference counting.
///
/// Texts of up to 7 UTF-8 bytes (any single character of one or two scalars) are stored
/// inline: bytes 0–6 of a word hold the UTF-8, byte 7 the length. Longer texts (kitty's
/// associated text, compose results) share an immutable box. Equality and hashing are the
/// `String`s', so canonically equivalent texts stay equal however they are stored.
@usableFromInline
struct KeyText: Hashable, Sendable {
  /// Where the texts live.
  @usableFromInline
  enum Storage: Sendable {
    /// Both texts packed into words.
    case inline(characters: UInt64, ignoringModifiers: UInt64)
    /// At least one text too long to pack.
    case boxed(Box)
  }

  /// Texts too long to pack.
  @usableFromInline
  final class Box: Sendable {
    let characters: String
    let charactersIgnoringModifiers: String

    init(characters: String, charactersIgnoringModifiers: String) {
      self.characters = characters
      self.charactersIgnoringModifiers = charactersIgnoringModifiers
    }
  }

  @usableFromInline
  var storage: Storage

  /// Packs two strings.
  init(characters: String, charactersIgnoringModifiers: String) {
    if let packed = KeyText.pack(characters), let plain = KeyText.pack(charactersIgnoringModifiers) {
      storage = .inline(characters: packed, ignoringModifiers: plain)
    } else {
      storage = .boxed(
        Box(characters: characters, charactersIgnoringModifiers: charactersIgnoringModifiers))
    }
  }

  /// Packs two scalars (nil: empty text).
  @inlinable
  init(scalar: Unicode.Scalar?, scalarIgnoringModifiers: Unicode.Scalar?) {
    storage = .inline(
      characters: scalar.map(KeyText.pack) ?? 0,
      ignoringModifiers: scalarIgnoringModifiers.map(KeyText.pack) ?? 0)
  }

  var characters: String {
    switch storage {
    case .inline(let characters, _): KeyText.unpack(characters)
    case .boxed(let box): box.characters
    }
  }

  var charactersIgnoringModifiers: String {
    switch storage {
    case .inline(_, let plain): KeyText.unpack(plain)
    case .boxed(let box): box.charactersIgnoringModifiers
    }
  }

  /// Whether ``characters`` types text: not empty, and no C0 control character or DEL. Read
  /// from the packed bytes when inline (a control character is one byte below 0x20, or 0x7F,
  /// and no other scalar's UTF-8 has such a byte), without making a `String`.
  var charactersArePrintable: Bool {
    guard case .inline(let word, _) = storage else {
      let characters = characters
      return !characters.isEmpty
        && characters.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7f }
    }
    let count = Int(word >> 56)
    guard count > 0 else { return false }
    for index in 0..<count {
      let byte = UInt8(truncatingIfNeeded: word >> UInt64(index * 8))
      if byte < 0x20 || byte == 0x7f { return false }
    }
    return true
  }

  /// ``charactersIgnoringModifiers`` when it is one scalar, else nil; decoded from the packed
  /// bytes when inline, without making a `String`.
  var scalarIgnoringModifiers: Unicode.Scalar? {
    guard case .inline(_, let word) = storage else {
      let scalars = charactersIgnoringModifiers.unicodeScalars
      return scalars.count == 1 ? scalars.first : nil
    }
    let count = Int(word >> 56)
    guard count > 0 else { return nil }
    let lead = UInt32(word & 0xff)
    let size = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    guard size == count else { return nil }
    var value = size == 1 ? lead : lead & (0xFF >> UInt32(size + 1))
    for index in 1..<size { value = value << 6 | UInt32(word >> UInt64(index * 8) & 0x3F) }
    return Unicode.Scalar(value)
  }

  mutating func setCharacters(_ newValue: String) {
    if case .inline(_, let plain) = storage, let packed = KeyText.pack(newValue) {
      storage = .inline(characters: packed, ignoringModifiers: plain)
    } else {
      self = KeyText(characters: newValue, charactersIgnoringModifiers: charactersIgnoringModifiers)
    }
  }

  mutating func setCharactersIgnoringModifiers(_ newValue: String) {
    if case .inline(let characters, _) = storage, let packed = KeyText.pack(newValue) {
      storage = .inline(characters: characters, ignoringModifiers: packed)
    } else {
      self = KeyText(characters: characters, charactersIgnoringModifiers: newValue)
    }
  }

  @usableFromInline
  static func == (lhs: KeyText, rhs: KeyText) -> Bool {
    if case .inline(let a, let b) = lhs.storage, case .inline(let c, let d) = rhs.storage, a == c, b == d {
      return true
    }
    return lhs.characters == rhs.characters
      && lhs.charactersIgnoringModifiers == rhs.charactersIgnoringModifiers
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(characters)
    hasher.combine(charactersIgnoringModifiers)
  }

  // MARK: - Packing

  /// The most UTF-8 bytes stored inline.
  static let inlineCapacity = 7

  /// A word holding `string`, or nil when it is too long.
  static func pack(_ string: String) -> UInt64? {
    let utf8 = string.utf8
    guard utf8.count <= inlineCapacity else { return nil }
    var word = UInt64(utf8.count) << 56
    var shift: UInt64 = 0
    for byte in utf8 {
      word |= UInt64(byte) << shift
      shift += 8
    }
    return word
  }

  /// A word holding one scalar's UTF-8.
  @inlinable
  static func pack(_ scalar: Unicode.Scalar) -> UInt64 {
    let v = UInt64(scalar.value)
    switch v {
    case 0..<0x80:
      return 1 << 56 | v
    case 0..<0x800:
      return 2 << 56 | (0xc0 | v >> 6) | (0x80 | v & 0x3f) << 8
    case 0..<0x10000:
      return 3 << 56 | (0xe0 | v >> 12) | (0x80 | v >> 6 & 0x3f) << 8 | (0x80 | v & 0x3f) << 16
    default:
      return 4 << 56 | (0xf0 | v >> 18) | (0x80 | v >> 12 & 0x3f) << 8 | (0x80 | v >> 6 & 0x3f) << 16
        | (0x80 | v & 0x3f) << 24
    }
  }

  /// The string a word holds. Single ASCII characters come from a table, built once.
  static func unpack(_ word: UInt64) -> String {
    let count = Int(word >> 56)
    if count == 0 { return "" }
    if count == 1 && word & 0xff < 0x80 { return asciiStrings[Int(word & 0xff)] }
    return withUnsafeBytes(of: word.littleEndian) { bytes in
      String(decoding: UnsafeRawBufferPointer(rebasing: bytes[0..<count]), as: UTF8.self)
    }
  }

  /// One-character strings for the ASCII range.
  static let asciiStrings: [String] = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
}
