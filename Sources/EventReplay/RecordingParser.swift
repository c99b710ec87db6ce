import Foundation
import ResponderKit
import TerminalHost

extension Recording {
  /// The longest line accepted (a paste can be long, but not unbounded).
  public static let maximumLineLength = 16 << 20
  /// The largest screen a recording may give in `size` or `resize` (a replay allocates a cell
  /// buffer of this size, so an absurd size must not reach it); larger is an error.
  public static let maximumScreenSize = Size(width: 2000, height: 1000)
  /// The latest time a recording may give, in seconds (about 31 years).
  public static let maximumTime: TimeInterval = 1e9
  /// The largest magnitude of a touch or scroll coordinate or a scroll delta, in cells.
  public static let maximumCoordinate: Double = 1e6

  /// Reads a recording from its text form. A bad line throws a ``RecordingError`` that names
  /// the line and field and carries the entries before it. Lines may end in LF or CRLF.
  public init(parsing text: String) throws(RecordingError) {
    var parser = RecordingParser()
    self = try parser.parse(text)
  }

  /// The largest recording file read: 64 MiB, hours of typing and pastes.
  public static let maximumFileSize = 64 * 1024 * 1024

  /// Reads a recording file: a regular file of at most ``maximumFileSize`` bytes.
  ///
  /// - Throws: `FileError` when the file cannot be read, ``RecordingError`` for a bad line.
  public init(contentsOf url: URL) throws {
    let data = try RegularFile.read(atPath: url.path, limit: Recording.maximumFileSize)
    try self.init(parsing: String(decoding: data, as: UTF8.self))
  }
}

/// The reader behind ``Recording/init(parsing:)``.
struct RecordingParser {
  private var recording = Recording()
  private var lineNumber = 0

  mutating func parse(_ text: String) throws(RecordingError) -> Recording {
    var sawHeader = false
    var version = 0
    // Split on the byte, not the Character: "\r\n" and "\n" followed by a combining mark are
    // single Characters, so a Character split would not see those line ends.
    for rawLine in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      lineNumber += 1
      guard rawLine.count <= Recording.maximumLineLength else {
        throw fail("line", "longer than \(Recording.maximumLineLength) bytes")
      }
      let line = Self.trimmed(Substring(rawLine).unicodeScalars)
      if line.isEmpty || line.first == "#" { continue }
      var tokens = try tokenize(line)
      if !sawHeader {
        guard tokens.first == Recording.magic else {
          throw fail("header", "expected \"\(Recording.magic) \(Recording.currentVersion)\"")
        }
        guard tokens.count == 2 else { throw fail("version", "missing version number") }
        guard !tokens[1].isEmpty,
          tokens[1].unicodeScalars.allSatisfy({ Self.digitValue($0, radix: 10) != nil })
        else { throw fail("version", "expected a version number, found \"\(tokens[1])\"") }
        version = Int(tokens[1]) ?? 0
        guard (1...Recording.currentVersion).contains(version) else {
          throw fail(
            "version",
            "version \(tokens[1]) is not supported (this library reads 1 to \(Recording.currentVersion))")
        }
        sawHeader = true
        continue
      }
      if tokens.first == "size" {
        guard tokens.count == 3 else { throw fail("size", "expected \"size WIDTH HEIGHT\"") }
        recording.screenSize = try size(tokens[1], tokens[2])
        continue
      }
      if tokens.first == "launch", version >= 2 {
        guard tokens.count == 2, recording.entries.isEmpty else {
          throw fail("launch", "expected \"launch SECONDS\" before the first entry")
        }
        recording.launchDelay = try number(tokens[1], "launch", in: 0...Recording.maximumTime)
        continue
      }
      let time = try number(tokens.removeFirst(), "time", in: 0...Recording.maximumTime)
      if let last = recording.entries.last?.time, time < last {
        throw fail("time", "time \(time) is before the previous entry's \(last)")
      }
      guard !tokens.isEmpty else { throw fail("kind", "missing event kind after the time") }
      let kind = tokens.removeFirst()
      let input: InputEvent
      switch kind {
      case "key": input = .key(try key(tokens, time))
      case "touch": input = .touches(try touches(tokens, time))
      case "scroll": input = .scroll(try scroll(tokens, time))
      case "mouse" where version >= 2: input = .mouse(try mouse(tokens, time))
      case "paste":
        guard tokens.count == 1 else { throw fail("text", "expected one quoted string") }
        input = .paste(try unquote(tokens[0], "text"), timestamp: time)
      case "text":
        guard tokens.count == 1 else { throw fail("text", "expected one quoted string") }
        input = .text(try unquote(tokens[0], "text"), timestamp: time)
      case "focus":
        guard tokens.count == 1, tokens[0] == "in" || tokens[0] == "out" else {
          throw fail("focus", "expected \"in\" or \"out\"")
        }
        input = .focus(tokens[0] == "in", timestamp: time)
      case "resize":
        guard tokens.count == 2 else { throw fail("size", "expected \"resize WIDTH HEIGHT\"") }
        input = .resize(try size(tokens[0], tokens[1]), timestamp: time)
      default:
        throw fail(
          "kind",
          "unknown event kind \"\(kind)\" (expected key, touch, scroll, mouse, paste, text, focus, resize)")
      }
      recording.append(input, at: time)
    }
    guard sawHeader else { throw fail("header", "empty recording: no \"\(Recording.magic)\" line") }
    return recording
  }

  private func fail(_ field: String, _ message: String) -> RecordingError {
    RecordingError(line: lineNumber, field: field, message: message, partial: recording)
  }

  // MARK: Fields

  private func key(_ tokens: [String], _ time: TimeInterval) throws(RecordingError) -> KeyEvent {
    guard tokens.count >= 2 else {
      throw fail("key", "expected \"key PHASE KEY [text=…] [plain=…] [code=…] [base=…] [unshifted=…]\"")
    }
    guard let phase = KeyEvent.Phase(rawValue: tokens[0]) else {
      throw fail("phase", "expected down, repeat or up, found \"\(tokens[0])\"")
    }
    var (keysym, modifiers) = try keyToken(tokens[1])
    var event = KeyEvent(keysym: keysym, modifierFlags: modifiers, phase: phase, timestamp: time)
    event.characters = RecordingFormat.impliedText(event)
    var plain: String?
    for token in tokens.dropFirst(2) {
      // Scalars, not Characters: "=" followed by a combining mark is still the separator.
      let scalars = token.unicodeScalars
      guard let equals = scalars.firstIndex(of: "=") else { throw fail("key", "unexpected \"\(token)\"") }
      let name = String(scalars[..<equals])
      let value = String(scalars[scalars.index(after: equals)...])
      guard !name.isEmpty else { throw fail("key", "no field name before \"=\" in \"\(token)\"") }
      switch name {
      case "text": event.characters = try unquote(value, "text")
      case "plain": plain = try unquote(value, "plain")
      case "code": event.keyCode = UInt32(try integer(value, "code", in: 0...Int(UInt32.max)))
      case "base":
        let (base, extra) = try keyToken(value)
        guard extra.isEmpty else { throw fail("base", "the physical key takes no modifiers") }
        event.baseLayoutKeysym = base
      case "unshifted":
        let (unshifted, extra) = try keyToken(value)
        guard extra.isEmpty else { throw fail("unshifted", "the unshifted key takes no modifiers") }
        event.unshiftedKeysym = unshifted
      case "locks":
        let locks = try modifierList(value, "locks")
        guard locks.isSubset(of: [.capsLock, .numLock]) else {
          throw fail("locks", "only CapsLock and NumLock")
        }
        modifiers.formUnion(locks)
        event.modifierFlags = modifiers
      default:
        throw fail(name, "unknown key field \"\(name)\" (expected text, plain, code, base, unshifted, locks)")
      }
    }
    event.charactersIgnoringModifiers = plain ?? event.characters
    keysym = event.keysym
    return event
  }

  private func keyToken(_ token: String) throws(RecordingError) -> (Keysym, KeyEvent.ModifierFlags) {
    var parts = token.unicodeScalars.split(separator: "+", omittingEmptySubsequences: false).map {
      String(String.UnicodeScalarView($0))
    }
    let keyName = parts.removeLast()
    guard !keyName.isEmpty else { throw fail("key", "no key after the last \"+\" in \"\(token)\"") }
    let modifiers = try modifierList(parts.joined(separator: "+"), "modifiers")
    if let named = KeySpec.keysym(named: keyName) { return (named, modifiers) }
    if keyName.hasPrefix("0x"), let value = UInt32(keyName.dropFirst(2), radix: 16) {
      return (Keysym(value), modifiers)
    }
    let scalars = keyName.unicodeScalars
    guard scalars.count == 1, let scalar = scalars.first else {
      throw fail("key", "unknown key \"\(keyName)\" (a key name, one character, or 0x keysym)")
    }
    return (Keysym(unicodeScalar: scalar), modifiers)
  }

  private func modifierList(_ text: String, _ field: String) throws(RecordingError) -> KeyEvent.ModifierFlags
  {
    var flags: KeyEvent.ModifierFlags = []
    guard !text.isEmpty else { return flags }
    for name in text.split(separator: "+") {
      guard
        let flag = KeyEvent.ModifierFlags.names.first(where: { $0.1.lowercased() == name.lowercased() })?.0
      else { throw fail(field, "unknown modifier \"\(name)\"") }
      flags.insert(flag)
    }
    return flags
  }

  private func touches(_ tokens: [String], _ time: TimeInterval) throws(RecordingError) -> [TouchSample] {
    var samples: [TouchSample] = []
    var group: [String] = []
    func flush() throws(RecordingError) {
      guard group.count == 4 || group.count == 5 else {
        throw fail("touch", "expected \"ID PHASE X Y [mods=…]\" for each touch, separated by \";\"")
      }
      let id = try integer(group[0], "id", in: 0...Int.max)
      guard let phase = TouchPhase.allNames[group[1]] else {
        throw fail("phase", "expected began, moved, stationary, ended or cancelled, found \"\(group[1])\"")
      }
      var sample = TouchSample(
        id: id, phase: phase,
        location: Point(x: try coordinate(group[2], "x"), y: try coordinate(group[3], "y")),
        timestamp: time)
      if group.count == 5 {
        guard group[4].hasPrefix("mods=") else { throw fail("touch", "unexpected \"\(group[4])\"") }
        sample.modifierFlags = try modifierList(String(group[4].dropFirst(5)), "mods")
      }
      if samples.contains(where: { $0.id == id }) {
        throw fail("id", "touch \(id) appears twice in one event")
      }
      samples.append(sample)
      group = []
    }
    for token in tokens {
      if token.hasSuffix(";") {
        group.append(String(token.dropLast()))
        try flush()
      } else {
        group.append(token)
      }
    }
    try flush()
    return samples
  }

  private func scroll(_ tokens: [String], _ time: TimeInterval) throws(RecordingError) -> ScrollSample {
    guard tokens.count == 4 || tokens.count == 5 else {
      throw fail("scroll", "expected \"scroll X Y DX DY [mods=…]\"")
    }
    var sample = ScrollSample(
      location: Point(x: try coordinate(tokens[0], "x"), y: try coordinate(tokens[1], "y")),
      dx: try coordinate(tokens[2], "dx"), dy: try coordinate(tokens[3], "dy"), timestamp: time)
    if tokens.count == 5 {
      guard tokens[4].hasPrefix("mods=") else { throw fail("scroll", "unexpected \"\(tokens[4])\"") }
      sample.modifierFlags = try modifierList(String(tokens[4].dropFirst(5)), "mods")
    }
    return sample
  }

  /// `mouse BUTTON PHASE X Y [mods=…]`: BUTTON is `right`, `middle`, a number from 3, or
  /// `none` for a hover move (PHASE `moved`).
  private func mouse(_ tokens: [String], _ time: TimeInterval) throws(RecordingError) -> MouseSample {
    guard tokens.count == 4 || tokens.count == 5 else {
      throw fail("mouse", "expected \"mouse BUTTON PHASE X Y [mods=…]\"")
    }
    let button =
      switch tokens[0] {
      case "right": MouseSample.rightButton
      case "middle": MouseSample.middleButton
      case "none": 0
      default: try integer(tokens[0], "button", in: 3...31)
      }
    guard let phase = MousePhase(rawValue: tokens[1]) else {
      throw fail("phase", "expected down, dragged, up or moved, found \"\(tokens[1])\"")
    }
    guard (button == 0) == (phase == .moved) else {
      throw fail("phase", "a move with no button is \"none moved\"; a button goes down, is dragged or up")
    }
    var sample = MouseSample(
      buttonNumber: button, phase: phase,
      location: Point(x: try coordinate(tokens[2], "x"), y: try coordinate(tokens[3], "y")), timestamp: time)
    if tokens.count == 5 {
      guard tokens[4].hasPrefix("mods=") else { throw fail("mouse", "unexpected \"\(tokens[4])\"") }
      sample.modifierFlags = try modifierList(String(tokens[4].dropFirst(5)), "mods")
    }
    return sample
  }

  // MARK: Tokens

  /// A finite number in `range`.
  private func number(_ token: String, _ field: String, in range: ClosedRange<Double>) throws(RecordingError)
    -> Double
  {
    guard let value = Double(token), value.isFinite else {
      throw fail(field, "expected a number, found \"\(token)\"")
    }
    guard range.contains(value) else {
      throw fail(
        field,
        "\(token) is outside \(RecordingFormat.number(range.lowerBound))…\(RecordingFormat.number(range.upperBound))"
      )
    }
    return value
  }

  private func coordinate(_ token: String, _ field: String) throws(RecordingError) -> Double {
    try number(token, field, in: -Recording.maximumCoordinate...Recording.maximumCoordinate)
  }

  /// A whole number in `range`; one too large for `Int` is out of range, not missing.
  private func integer(_ token: String, _ field: String, in range: ClosedRange<Int>) throws(RecordingError)
    -> Int
  {
    let digits = token.unicodeScalars.drop { $0 == "+" || $0 == "-" }
    guard token.unicodeScalars.count - digits.count <= 1, !digits.isEmpty,
      digits.allSatisfy({ Self.digitValue($0, radix: 10) != nil })
    else { throw fail(field, "expected a whole number, found \"\(token)\"") }
    guard let value = Int(token), range.contains(value) else {
      throw fail(field, "\(token) is outside \(range.lowerBound)…\(range.upperBound)")
    }
    return value
  }

  /// `size` and `resize` dimensions, at most ``Recording/maximumScreenSize``.
  private func size(_ width: String, _ height: String) throws(RecordingError) -> Size {
    Size(
      width: Double(try integer(width, "width", in: 1...Int(Recording.maximumScreenSize.width))),
      height: Double(try integer(height, "height", in: 1...Int(Recording.maximumScreenSize.height))))
  }

  /// The line without the spaces and tabs around it (and a CR before the LF). Only those: a
  /// key written as itself may be any other whitespace character.
  private static func trimmed(_ line: Substring.UnicodeScalarView) -> Substring.UnicodeScalarView {
    let isBlank: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
    var line = line
    while let last = line.last, isBlank(last) { line.removeLast() }
    while let first = line.first, isBlank(first) { line.removeFirst() }
    return line
  }

  /// Splits on spaces, keeping JSON string literals (which may hold spaces) whole. Works on
  /// scalars: a quote followed by a combining mark is still a quote.
  private func tokenize(_ line: Substring.UnicodeScalarView) throws(RecordingError) -> [String] {
    var tokens: [String] = []
    var current = String.UnicodeScalarView()
    var inString = false
    var escaped = false
    for scalar in line {
      if inString {
        current.append(scalar)
        if escaped {
          escaped = false
        } else if scalar == "\\" {
          escaped = true
        } else if scalar == "\"" {
          inString = false
        }
      } else if scalar == " " || scalar == "\t" {
        if !current.isEmpty { tokens.append(String(current)) }
        current = String.UnicodeScalarView()
      } else {
        if scalar == "\"" { inString = true }
        current.append(scalar)
      }
    }
    if inString { throw fail("text", "unterminated string") }
    if !current.isEmpty { tokens.append(String(current)) }
    return tokens
  }

  /// Reads a JSON string literal. A `\u` escape of half a surrogate pair that is not part of a
  /// pair is an error, as it names no character.
  private func unquote(_ token: String, _ field: String) throws(RecordingError) -> String {
    let all = token.unicodeScalars
    guard all.count >= 2, all.first == "\"", all.last == "\"" else {
      throw fail(field, "expected a quoted string, found \(token)")
    }
    var out = String.UnicodeScalarView()
    var scalars = all.dropFirst().dropLast()[...]
    func hexEscape() throws(RecordingError) -> UInt32 {
      let digits = scalars.prefix(4)
      scalars = scalars.dropFirst(4)
      var value: UInt32 = 0
      for digit in digits {
        guard let nibble = Self.digitValue(digit, radix: 16) else { throw fail(field, "bad \\u escape") }
        value = value << 4 | nibble
      }
      guard digits.count == 4 else { throw fail(field, "bad \\u escape") }
      return value
    }
    while let scalar = scalars.popFirst() {
      guard scalar == "\\" else {
        out.append(scalar)
        continue
      }
      guard let escape = scalars.popFirst() else { throw fail(field, "string ends in a backslash") }
      switch escape {
      case "n": out.append("\n")
      case "r": out.append("\r")
      case "t": out.append("\t")
      case "b": out.append("\u{8}")
      case "f": out.append("\u{c}")
      case "\"", "\\", "/": out.append(escape)
      case "u":
        var value = try hexEscape()
        if (0xd800...0xdbff).contains(value) {
          let high = value
          guard scalars.starts(with: ["\\", "u"]) else {
            throw fail(field, "lone surrogate \\u\(String(high, radix: 16)) (no low half follows)")
          }
          scalars = scalars.dropFirst(2)
          let low = try hexEscape()
          guard (0xdc00...0xdfff).contains(low) else {
            throw fail(
              field, "lone surrogate \\u\(String(high, radix: 16)) (followed by \\u\(String(low, radix: 16)))"
            )
          }
          value = 0x10000 + ((high - 0xd800) << 10) + (low - 0xdc00)
        }
        guard let decoded = Unicode.Scalar(value) else {
          throw fail(field, "lone surrogate \\u\(String(value, radix: 16)) (a low half with no high half)")
        }
        out.append(decoded)
      default:
        throw fail(field, "unknown escape \\\(escape)")
      }
    }
    return String(out)
  }

  /// The value of an ASCII digit in `radix` (10 or 16); nil for anything else, including
  /// the other scripts' digits that `Character.isHexDigit` accepts.
  private static func digitValue(_ scalar: Unicode.Scalar, radix: UInt32) -> UInt32? {
    switch scalar {
    case "0"..."9": return scalar.value - 0x30
    case "a"..."f" where radix == 16: return scalar.value - 0x61 + 10
    case "A"..."F" where radix == 16: return scalar.value - 0x41 + 10
    default: return nil
    }
  }
}

extension TouchPhase {
  static let allNames: [String: TouchPhase] = [
    "began": .began, "moved": .moved, "stationary": .stationary, "ended": .ended, "cancelled": .cancelled,
  ]
}
