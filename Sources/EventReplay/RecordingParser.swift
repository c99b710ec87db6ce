import Foundation
import ResponderKit

extension Recording {
  /// The longest line accepted (a paste can be long, but not unbounded).
  public static let maximumLineLength = 16 << 20

  /// Reads a recording from its text form. A bad line throws a ``RecordingError`` that names
  /// the line and field and carries the entries before it.
  public init(parsing text: String) throws(RecordingError) {
    var parser = RecordingParser()
    self = try parser.parse(text)
  }

  /// Reads a recording file.
  public init(contentsOf url: URL) throws {
    let data = try Data(contentsOf: url)
    try self.init(parsing: String(decoding: data, as: UTF8.self))
  }
}

/// The reader behind ``Recording/init(parsing:)``.
struct RecordingParser {
  private var recording = Recording()
  private var lineNumber = 0

  mutating func parse(_ text: String) throws(RecordingError) -> Recording {
    var sawHeader = false
    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lineNumber += 1
      guard rawLine.utf8.count <= Recording.maximumLineLength else {
        throw fail("line", "longer than \(Recording.maximumLineLength) bytes")
      }
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") { continue }
      var tokens = try tokenize(line)
      if !sawHeader {
        guard tokens.first == Recording.magic else {
          throw fail("header", "expected \"\(Recording.magic) \(Recording.currentVersion)\"")
        }
        guard tokens.count == 2, let version = Int(tokens[1]) else {
          throw fail("version", "missing version number")
        }
        guard version == Recording.currentVersion else {
          throw fail(
            "version", "version \(version) is not supported (this library reads \(Recording.currentVersion))")
        }
        sawHeader = true
        continue
      }
      if tokens.first == "size" {
        guard tokens.count == 3 else { throw fail("size", "expected \"size WIDTH HEIGHT\"") }
        recording.screenSize = Size(
          width: try integer(tokens[1], "width", min: 1), height: try integer(tokens[2], "height", min: 1))
        continue
      }
      let time = try number(tokens.removeFirst(), "time")
      guard time >= 0 else { throw fail("time", "negative time \(time)") }
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
        input = .resize(
          Size(
            width: try integer(tokens[0], "width", min: 1), height: try integer(tokens[1], "height", min: 1)),
          timestamp: time)
      default:
        throw fail(
          "kind", "unknown event kind \"\(kind)\" (expected key, touch, scroll, paste, text, focus, resize)")
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
      guard let equals = token.firstIndex(of: "=") else { throw fail("key", "unexpected \"\(token)\"") }
      let name = String(token[..<equals])
      let value = String(token[token.index(after: equals)...])
      switch name {
      case "text": event.characters = try unquote(value, "text")
      case "plain": plain = try unquote(value, "plain")
      case "code": event.keyCode = UInt32(try integer(value, "code", min: 0))
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
    var parts = token.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
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
      let id = try integer(group[0], "id", min: 0)
      guard let phase = TouchPhase.allNames[group[1]] else {
        throw fail("phase", "expected began, moved, stationary, ended or cancelled, found \"\(group[1])\"")
      }
      var sample = TouchSample(
        id: id, phase: phase, location: Point(x: try number(group[2], "x"), y: try number(group[3], "y")),
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
      location: Point(x: try number(tokens[0], "x"), y: try number(tokens[1], "y")),
      dx: try number(tokens[2], "dx"), dy: try number(tokens[3], "dy"), timestamp: time)
    if tokens.count == 5 {
      guard tokens[4].hasPrefix("mods=") else { throw fail("scroll", "unexpected \"\(tokens[4])\"") }
      sample.modifierFlags = try modifierList(String(tokens[4].dropFirst(5)), "mods")
    }
    return sample
  }

  // MARK: Tokens

  private func number(_ token: String, _ field: String) throws(RecordingError) -> Double {
    guard let value = Double(token), value.isFinite else {
      throw fail(field, "expected a number, found \"\(token)\"")
    }
    return value
  }

  private func integer(_ token: String, _ field: String, min: Int) throws(RecordingError) -> Int {
    guard let value = Int(token), value >= min else {
      throw fail(field, "expected a whole number ≥ \(min), found \"\(token)\"")
    }
    return value
  }

  /// Splits on spaces, keeping JSON string literals (which may hold spaces) whole.
  private func tokenize(_ line: String) throws(RecordingError) -> [String] {
    var tokens: [String] = []
    var current = ""
    var inString = false
    var escaped = false
    for character in line {
      if inString {
        current.append(character)
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
        }
      } else if character == " " || character == "\t" {
        if !current.isEmpty { tokens.append(current) }
        current = ""
      } else {
        if character == "\"" { inString = true }
        current.append(character)
      }
    }
    if inString { throw fail("text", "unterminated string") }
    if !current.isEmpty { tokens.append(current) }
    return tokens
  }

  /// Reads a JSON string literal.
  private func unquote(_ token: String, _ field: String) throws(RecordingError) -> String {
    guard token.count >= 2, token.first == "\"", token.last == "\"" else {
      throw fail(field, "expected a quoted string, found \(token)")
    }
    var out = String.UnicodeScalarView()
    var scalars = token.unicodeScalars.dropFirst().dropLast()[...]
    var pendingHigh: UInt32?
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
      case "\"", "\\", "/": out.append(escape)
      case "u":
        let hex = String(String.UnicodeScalarView(scalars.prefix(4)))
        scalars = scalars.dropFirst(4)
        guard hex.count == 4, let value = UInt32(hex, radix: 16) else { throw fail(field, "bad \\u escape") }
        if (0xd800...0xdbff).contains(value) {
          pendingHigh = value
          continue
        }
        if (0xdc00...0xdfff).contains(value), let high = pendingHigh {
          let combined = 0x10000 + ((high - 0xd800) << 10) + (value - 0xdc00)
          out.append(Unicode.Scalar(combined) ?? "\u{fffd}")
          pendingHigh = nil
          continue
        }
        out.append(Unicode.Scalar(value) ?? "\u{fffd}")
      default:
        throw fail(field, "unknown escape \\\(escape)")
      }
      pendingHigh = nil
    }
    return String(out)
  }
}

extension TouchPhase {
  static let allNames: [String: TouchPhase] = [
    "began": .began, "moved": .moved, "stationary": .stationary, "ended": .ended, "cancelled": .cancelled,
  ]
}
