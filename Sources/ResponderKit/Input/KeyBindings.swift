/// The table that turns keys nobody handled into actions: Cocoa's standard key bindings
/// (arrows move, Return inserts a newline, Escape cancels, Emacs-style Control keys) plus
/// whatever a user file overrides.
///
/// The file format is one binding per line, `key spec = action[, action…]`, with `#`
/// comments; several actions are sent in order. An empty right-hand side (`Control+t =`)
/// removes a standard binding:
///
///     # ~/.config/myapp/keys
///     Control+Shift+z = redo
///     Control+o = insertNewlineIgnoringFieldEditor, moveBackward
public struct KeyBindings: Sendable {
  /// The bindings.
  public private(set) var table: [KeySpec: [Action]]

  /// One bit per hash of the specs ever bound: a key whose bit is clear has no binding, found
  /// without hashing it into the table (most typed keys, every key that reaches the bindings
  /// pays the lookup). Bits are never cleared; a stale one costs only a lookup.
  private var boundBits = SIMD4<UInt64>()

  /// An empty table.
  public init() {
    table = [:]
  }

  /// The actions bound to a key, in order; empty when none. A key with no binding of its own
  /// falls back to its physical key (``KeyEvent/baseLayoutKeysym``), so Control+F still moves
  /// forward on a Cyrillic layout.
  public func actions(for event: KeyEvent) -> [Action] {
    let spec = KeySpec(event)
    if mayBeBound(spec), let actions = table[spec] { return actions }
    guard let base = event.baseLayoutKeysym else { return [] }
    let baseSpec = KeySpec(keysym: base, modifiers: event.modifierFlags)
    return mayBeBound(baseSpec) ? table[baseSpec] ?? [] : []
  }

  /// The actions bound to a key spec.
  public subscript(spec: KeySpec) -> [Action] {
    get { table[spec] ?? [] }
    set {
      table[spec] = newValue.isEmpty ? nil : newValue
      if !newValue.isEmpty { boundBits[KeyBindings.word(of: spec)] |= KeyBindings.bit(of: spec) }
    }
  }

  private func mayBeBound(_ spec: KeySpec) -> Bool {
    boundBits[KeyBindings.word(of: spec)] & KeyBindings.bit(of: spec) != 0
  }

  /// Which of the 256 bits stands for `spec`: the top 8 bits of a multiplicative hash of
  /// its key and modifiers.
  private static func index(of spec: KeySpec) -> UInt32 {
    ((spec.keysym.rawValue ^ (UInt32(spec.modifiers.rawValue) << 24)) &* 0x9E37_79B1) >> 24
  }

  private static func word(of spec: KeySpec) -> Int { Int(index(of: spec) >> 6) }

  private static func bit(of spec: KeySpec) -> UInt64 { 1 << UInt64(index(of: spec) & 63) }

  /// Binds (or with an empty list, unbinds) a key.
  public mutating func bind(_ spec: KeySpec, to actions: [Action]) {
    self[spec] = actions
  }

  /// Reads a bindings file's text and applies it over this table. Errors name the file, the
  /// line and what was wrong; lines before a bad one are not applied (a bad file changes
  /// nothing), so a user never runs with half a keymap.
  ///
  /// Action names must be declared somewhere (`Action("name")`, usually a `static let`) before
  /// the file is read, or be listed in `additionalActions`; unknown names are errors, which
  /// catches typos.
  public mutating func apply(
    contentsOf text: String, file: String = "<string>", additionalActions: [Action] = []
  ) throws(KeyBindingError) {
    let known = Set(additionalActions)
    var changes: [(KeySpec, [Action])] = []
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let lineNumber = index + 1
      var line = Substring(rawLine)
      if let hash = line.firstIndex(of: "#"), !line[..<hash].hasSuffix("+"), !line[..<hash].hasSuffix("= ") {
        line = line[..<hash]
      }
      let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
      if trimmed.isEmpty { continue }
      guard let equals = trimmed.firstIndex(of: "=") else {
        throw KeyBindingError(file: file, line: lineNumber, problem: .missingEquals(trimmed))
      }
      let keyText = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
      let spec: KeySpec
      do {
        spec = try KeySpec(parsing: keyText)
      } catch {
        throw KeyBindingError(file: file, line: lineNumber, problem: .badKey(error))
      }
      let names = trimmed[trimmed.index(after: equals)...].split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }.filter { !$0.isEmpty }
      var actions: [Action] = []
      for name in names {
        if let action = Action.existing(named: name) ?? known.first(where: { $0.name == name }) {
          actions.append(action)
        } else {
          throw KeyBindingError(file: file, line: lineNumber, problem: .unknownAction(name))
        }
      }
      changes.append((spec, actions))
    }
    for (spec, actions) in changes { self[spec] = actions }
  }

  /// Cocoa's standard bindings, adapted to what terminals send.
  public static let standard: KeyBindings = {
    var b = KeyBindings()
    func bind(_ keysym: Keysym, _ mods: KeyEvent.ModifierFlags = [], _ actions: Action...) {
      b.bind(KeySpec(keysym: keysym, modifiers: mods), to: actions)
    }
    func ctrl(_ letter: Character, _ actions: Action...) {
      b.bind(KeySpec(character: String(letter), modifiers: .control), to: actions)
    }
    bind(.up, [], .moveUp)
    bind(.down, [], .moveDown)
    bind(.left, [], .moveLeft)
    bind(.right, [], .moveRight)
    bind(.up, .shift, .moveUpAndModifySelection)
    bind(.down, .shift, .moveDownAndModifySelection)
    bind(.left, .shift, .moveLeftAndModifySelection)
    bind(.right, .shift, .moveRightAndModifySelection)
    bind(.left, .alt, .moveWordBackward)
    bind(.right, .alt, .moveWordForward)
    bind(.left, .control, .moveWordBackward)
    bind(.right, .control, .moveWordForward)
    bind(.left, [.alt, .shift], .moveWordBackwardAndModifySelection)
    bind(.right, [.alt, .shift], .moveWordForwardAndModifySelection)
    bind(.home, [], .moveToBeginningOfLine)
    bind(.end, [], .moveToEndOfLine)
    bind(.home, .shift, .moveToBeginningOfLineAndModifySelection)
    bind(.end, .shift, .moveToEndOfLineAndModifySelection)
    bind(.home, .control, .moveToBeginningOfDocument)
    bind(.end, .control, .moveToEndOfDocument)
    bind(.home, [.control, .shift], .moveToBeginningOfDocumentAndModifySelection)
    bind(.end, [.control, .shift], .moveToEndOfDocumentAndModifySelection)
    bind(.pageUp, [], .scrollPageUp)
    bind(.pageDown, [], .scrollPageDown)
    bind(.pageUp, .shift, .pageUpAndModifySelection)
    bind(.pageDown, .shift, .pageDownAndModifySelection)
    bind(.delete, [], .deleteForward)
    bind(.backSpace, [], .deleteBackward)
    bind(.backSpace, .alt, .deleteWordBackward)
    bind(.delete, .alt, .deleteWordForward)
    bind(.returnKey, [], .insertNewline)
    bind(.returnKey, .alt, .insertNewlineIgnoringFieldEditor)
    bind(.tab, [], .insertTab)
    bind(.tab, .shift, .insertBacktab)
    bind(.escape, [], .cancelOperation)
    // Emacs-style Control keys, as in Cocoa's StandardKeyBinding.dict.
    ctrl("a", .moveToBeginningOfLine)
    ctrl("b", .moveBackward)
    ctrl("d", .deleteForward)
    ctrl("e", .moveToEndOfLine)
    ctrl("f", .moveForward)
    ctrl("h", .deleteBackward)
    ctrl("k", .deleteToEndOfLine)
    ctrl("l", .centerSelectionInVisibleArea)
    ctrl("n", .moveDown)
    ctrl("o", .insertNewlineIgnoringFieldEditor, .moveBackward)
    ctrl("p", .moveUp)
    ctrl("t", .transpose)
    ctrl("v", .pageDown)
    ctrl("y", .yank)
    return b
  }()
}

/// A key bindings file that could not be read: which file, which line, and why.
public struct KeyBindingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What was wrong with the line.
  public enum Problem: Equatable, Sendable {
    /// The line has no `=`.
    case missingEquals(String)
    /// The key spec left of `=` is bad.
    case badKey(KeySpecError)
    /// An action name nobody declared.
    case unknownAction(String)
  }

  /// The file name given to ``KeyBindings/apply(contentsOf:file:additionalActions:)``.
  public var file: String
  /// The 1-based line number.
  public var line: Int
  /// What was wrong.
  public var problem: Problem

  /// `file:line: message`, the form editors jump to.
  public var description: String {
    let message: String
    switch problem {
    case .missingEquals(let text): message = "expected \"key = action\", found \"\(text)\""
    case .badKey(let error): message = error.description
    case .unknownAction(let name): message = "unknown action \"\(name)\""
    }
    return "\(file):\(line): \(message)"
  }
}
