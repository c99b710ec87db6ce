/// The two texts of a ``KeyEvent``, packed so that copying a key costs no reference counting.
///
/// Texts of up to 7 UTF-8 bytes (any single character of one or two scalars) are stored
/// inline: bytes 0–6 of a word hold the UTF-8, byte 7 the length. Longer texts (kitty's
/// associated text, compose results) share an immutable box. Equality and hashing are the
/// `String`s', so canonically equivalent texts stay equal however they are stored.
@usableFromInline
struct KeyText: Hashable, Sendable {
  // Two words and an optional reference rather than an enum with a class payload: copying a
  // key is then a few moves and one retain of nil, inline, where the enum's copy went through
  // value-witness calls (~100 instructions per copy, several copies per key event).
  /// The packed ``characters``, when ``box`` is nil.
  @usableFromInline
  var characterWord: UInt64
  /// The packed ``charactersIgnoringModifiers``, when ``box`` is nil.
  @usableFromInline
  var plainWord: UInt64
  /// Both texts, when at least one is too long to pack.
  @usableFromInline
  var box: Box?

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

  /// Packs two strings.
  init(characters: String, charactersIgnoringModifiers: String) {
    if let packed = KeyText.pack(characters), let plain = KeyText.pack(charactersIgnoringModifiers) {
      (characterWord, plainWord, box) = (packed, plain, nil)
    } else {
      (characterWord, plainWord) = (0, 0)
      box = Box(characters: characters, charactersIgnoringModifiers: charactersIgnoringModifiers)
    }
  }

  /// Packs two scalars (nil: empty text).
  @inlinable
  init(scalar: Unicode.Scalar?, scalarIgnoringModifiers: Unicode.Scalar?) {
    characterWord = scalar.map(KeyText.pack) ?? 0
    plainWord = scalarIgnoringModifiers.map(KeyText.pack) ?? 0
    box = nil
  }

  var characters: String {
    if let box { return box.characters }
    return KeyText.unpack(characterWord)
  }

  var charactersIgnoringModifiers: String {
    if let box { return box.charactersIgnoringModifiers }
    return KeyText.unpack(plainWord)
  }

  /// Whether ``characters`` types text: not empty, and no C0 control character or DEL. Read
  /// from the packed bytes when inline (a control character is one byte below 0x20, or 0x7F,
  /// and no other scalar's UTF-8 has such a byte), without making a `String`.
  var charactersArePrintable: Bool {
    if let box {
      let characters = box.characters
      return !characters.isEmpty
        && characters.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7f }
    }
    let word = characterWord
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
    if let box {
      let scalars = box.charactersIgnoringModifiers.unicodeScalars
      return scalars.count == 1 ? scalars.first : nil
    }
    let word = plainWord
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
    if box == nil, let packed = KeyText.pack(newValue) {
      characterWord = packed
    } else {
      self = KeyText(characters: newValue, charactersIgnoringModifiers: charactersIgnoringModifiers)
    }
  }

  mutating func setCharactersIgnoringModifiers(_ newValue: String) {
    if box == nil, let packed = KeyText.pack(newValue) {
      plainWord = packed
    } else {
      self = KeyText(characters: characters, charactersIgnoringModifiers: newValue)
    }
  }

  @usableFromInline
  static func == (lhs: KeyText, rhs: KeyText) -> Bool {
    if lhs.box == nil, rhs.box == nil, lhs.characterWord == rhs.characterWord, lhs.plainWord == rhs.plainWord
    {
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
